"""The leagues part of the service, server leagues over the store: create, join, leave,
start; each round's matches started at once (ordinary rated matches, seats in the
pairing's order); results recorded as matches end; the next round paired when the last
match of a round ends or at the round's deadline, when the matches still going are
adjudicated (`league_tick`; the steps are in `bot.service.league_rounds`, built on the
challenges part).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import replace
from datetime import timedelta
from typing import Any

import games
from bot.league import deadlines
from bot.league.leagues import OVER, RUNNING, SIGNUP, Board, League
from bot.league.plan import KINDS, SWISS, LeagueFormat
from bot.match import actions
from bot.match.errors import BadOption, MatchOver, NotAllowed, PositionChanged
from bot.match.phrases import Message
from bot.match.records import MatchUpdate
from bot.match.shown import clean_name
from bot.service.base import Core, background_request
from bot.service.challenges import ChallengesPart
from bot.service.checks import check_clock, checked_setup
from bot.service.league_rounds import LeagueNews, LeagueRounds, LeagueTable
from bot.store import leagues as league_rows
from bot.store.sql import Connection

log = logging.getLogger("shiftcord.service")

#: The longest a league's name, sign-up and rounds may be.
MAX_NAME = 40
MAX_DAYS = 60
#: How many times a league's action on a match reads it again when it moved meanwhile.
FRESH_TRIES = 3


class LeaguesPart:
    """Server leagues, over the service's core and the challenges part (a round's matches
    start as challenges with every seat taken)."""

    def __init__(self, core: Core, challenges: ChallengesPart) -> None:
        self._core = core
        self._rounds = LeagueRounds(core, challenges)

    async def create_league(
        self,
        guild_id: int,
        channel_id: int,
        member_id: int,
        name: str,
        game: str,
        *,
        kind: str,
        rounds: int = 0,
        seats: int = 2,
        options: Mapping[str, Any] | None = None,
        clock_hours: int | None = None,
        signup_days: int = 7,
        round_days: int = 7,
        adjudication: str = deadlines.DRAW,
        vacation_cap_days: int | None = None,
    ) -> League:
        """Open a league for sign-up in `channel_id` (who may is the caller's to check);
        with `vacation_cap_days`, a member's vacation pauses their clock for at most that
        many days of each round. Raises BadOption saying what does not fit."""
        name = clean_name(name)
        if not 1 <= len(name) <= MAX_NAME:
            raise BadOption(Message("league.name_length", most=MAX_NAME))
        try:
            game_rules = games.get(game)
        except KeyError as error:
            raise BadOption(Message("game.refused", reason=error.args[0])) from None
        if kind not in KINDS:
            raise BadOption(Message("league.kind", kinds=", ".join(KINDS)))
        try:
            league_format = LeagueFormat(
                kind, seats, rounds if kind == SWISS else 0, seed=self._core.rng.getrandbits(31)
            )
        except ValueError as error:
            raise BadOption(Message("league.format", reason=str(error))) from None
        resolved = checked_setup(game_rules, seats, 0, options)
        if adjudication not in deadlines.RULES:
            raise BadOption(Message("league.adjudication", rules=", ".join(deadlines.RULES)))
        for days in (signup_days, round_days):
            if not 1 <= days <= MAX_DAYS:
                raise BadOption(Message("league.days", most=MAX_DAYS))
        if vacation_cap_days is not None and not 0 <= vacation_cap_days <= MAX_DAYS:
            raise BadOption(Message("league.vacation_cap", most=MAX_DAYS))
        now = self._core.now()

        async def create(conn: Connection) -> League:
            default_clock, _, _ = await self._core.guild_defaults(conn, guild_id)
            hours = check_clock(default_clock if clock_hours is None else clock_hours)
            existing = await league_rows.by_name(conn, guild_id, name)
            if existing is not None:
                raise BadOption(Message("league.exists", league=existing.name))
            league = League(
                0, guild_id, channel_id, name, game_rules.name, resolved, hours, league_format,
                now + timedelta(days=signup_days), SIGNUP, adjudication, round_days,
                member_id, None, vacation_cap_days,
            )  # fmt: skip
            league_id = await league_rows.insert_league(conn, league, now)
            await league_rows.join(conn, league_id, member_id, now)
            return await league_rows.by_id(conn, league_id)

        return await self._core.store.transact(create)

    async def join_league(self, guild_id: int, name: str, member_id: int) -> League:
        """Sign up for a league still in sign-up. Raises NotFound, NotAllowed."""

        async def join(conn: Connection) -> League:
            league = await self._rounds.league(conn, guild_id, name)
            if league.status != SIGNUP:
                raise NotAllowed(Message("league.signup_closed", league=league.name))
            if any(e.member_id == member_id for e in await league_rows.entrants(conn, league.id)):
                raise NotAllowed(Message("league.already_in", league=league.name))
            await league_rows.join(conn, league.id, member_id, self._core.now())
            return league

        return await self._core.store.transact(join)

    async def leave_league(
        self, guild_id: int, name: str, member_id: int
    ) -> tuple[League, list[MatchUpdate]]:
        """Leave a league: before the start the sign-up is dropped; after it the member
        resigns their matches under way and forfeits their later games (their games played
        stand). The updates of the matches resigned, to post. Raises NotFound, NotAllowed."""
        now = self._core.now()

        async def leave(conn: Connection) -> tuple[League, list[Board]]:
            league = await self._rounds.league(conn, guild_id, name)
            entrant = next(
                (
                    e
                    for e in await league_rows.entrants(conn, league.id)
                    if e.member_id == member_id
                ),
                None,
            )
            if entrant is None or entrant.left_at is not None or league.status == OVER:
                raise NotAllowed(Message("league.not_in", league=league.name))
            if league.status == SIGNUP:
                await league_rows.withdraw(conn, league.id, member_id)
                return league, []
            await league_rows.mark_left(conn, league.id, member_id, now)
            return league, await league_rows.boards_of(conn, league.id)

        league, boards = await self._core.store.transact(leave)
        updates = []
        for board in boards:
            if board.match_id is not None and board.result is None:
                update = await self._act_on_fresh(board.match_id, actions.RESIGN, member_id)
                if update is not None:
                    updates.append(update)
        return league, updates

    async def _act_on_fresh(
        self, match_id: int, action: actions.MatchAction, member_id: int | None = None
    ) -> MatchUpdate | None:
        """The bot does `action` in the match (a leaver's resignation, a league deadline's
        stop), whose league part is committed already: a match that moved between its
        reading and the action (someone played meanwhile) is read again, `FRESH_TRIES`
        times at most. None when the match is over, or no longer `member_id`'s."""
        for _ in range(FRESH_TRIES):
            match = await self._core.load(match_id)
            if not match.active or (member_id is not None and member_id not in match.members):
                return None
            request = background_request(match, action, member_id)
            try:
                return await self._core.apply(match, member_id, request)
            except PositionChanged:
                continue
            except MatchOver:
                return None
        log.warning(
            "match %s moved on %s times while the league's %s was made; it goes on",
            match_id,
            FRESH_TRIES,
            action.key,
        )
        return None

    async def start_league(
        self, guild_id: int, name: str, member_id: int, *, may_manage: bool
    ) -> LeagueNews:
        """Start a league in sign-up (its creator, or a member who may manage leagues):
        round 1 is paired and all its matches start. Raises NotFound, NotAllowed,
        BadOption (too few players)."""

        async def start(conn: Connection) -> LeagueNews:
            league = await self._rounds.league(conn, guild_id, name)
            if league.created_by != member_id and not may_manage:
                raise NotAllowed(Message("league.start_not_yours", league=league.name))
            return await self._start_league(conn, league)

        return await self._core.store.transact(start)

    async def _start_league(self, conn: Connection, league: League) -> LeagueNews:
        if league.status != SIGNUP:
            raise NotAllowed(Message("league.started", league=league.name))
        players = await league_rows.entrants(conn, league.id)
        try:
            league.format.check_players(len(players))
        except ValueError as error:
            raise BadOption(
                Message("league.cannot_start", league=league.name, reason=str(error))
            ) from None
        now = self._core.now()
        await league_rows.set_status(conn, league.id, RUNNING, now)
        return await self._rounds.advance(conn, replace(league, status=RUNNING, started_at=now))

    async def league_after(self, match_id: int) -> LeagueNews | None:
        """After a match ended: record its result if it plays a league pairing, and pair
        the next round if this was the round's last; None for a match of no league. The
        league is claimed as `league_tick` claims it; while another process holds it, only
        the result is recorded here, and that process pairs the next round."""

        async def record(conn: Connection) -> LeagueNews | None:
            league_id = await league_rows.of_match(conn, match_id)
            if league_id is None:
                return None
            league = await league_rows.by_id(conn, league_id)
            if await self._core.claim(conn, *league_claim(league)):
                news = await self._rounds.advance(conn, league)
            else:
                await self._rounds.settle(conn, league)
                news = LeagueNews(league)
            boards = await league_rows.boards_of(conn, league_id)
            played = next(b for b in boards if b.match_id == match_id)
            return replace(news, result=played)

        return await self._core.store.transact(record)

    async def league_tick(self) -> tuple[list[MatchUpdate], list[LeagueNews]]:
        """Everything due in leagues: a league whose sign-up has ended starts (or, too
        few signed up, is called off), matches still going at their round's deadline are
        adjudicated by the league's rule and stopped, and every running league that is due
        (its round's deadline came, or one of its matches ended) moves on if it can. Only
        the leagues due are read (`leagues.due_at`, through its index). The updates of the
        stopped matches and each league's news.

        Only the leagues of servers this process runs, each claimed for it (kind
        "league", see `bot.store.claims`) so that no other process moves it on or posts
        its news: the claim is renewed each time this process works on the league and
        passes to another process only once its lease has run out (this one stopped)."""
        now = self._core.now()
        stopping: list[int] = []
        news: list[LeagueNews] = []

        async def start_and_adjudicate(conn: Connection) -> list[League]:
            due = await self._claim_leagues(conn, await league_rows.due(conn, now))
            running = [league for league in due if league.status == RUNNING]
            for league in running:
                stopping.extend(await self._rounds.adjudicate(conn, league, now))
            for league in (league for league in due if league.status == SIGNUP):
                try:
                    news.append(await self._start_league(conn, league))
                except BadOption:
                    await league_rows.set_status(conn, league.id, OVER)
                    await league_rows.set_due(conn, league.id, None)
                    news.append(LeagueNews(replace(league, status=OVER), ended=True))
            return running

        running = await self._core.store.transact(start_and_adjudicate)
        updates = []
        for match_id in stopping:
            stopped = await self._act_on_fresh(match_id, actions.ADJUDICATE)
            # (None: it ended meanwhile, its result recorded first; repeated: another
            # process stopped it and told it)
            if stopped is not None and not stopped.repeated:
                updates.append(stopped)
        started = {item.league.id for item in news}
        claimed = {league.id for league in running}

        async def advance(conn: Connection) -> None:
            for league in await league_rows.due(conn, now):
                if league.status == RUNNING and league.id in claimed and league.id not in started:
                    news.append(await self._rounds.advance(conn, league))

        await self._core.store.transact(advance)
        return updates, news

    async def _claim_leagues(self, conn: Connection, leagues: list[League]) -> list[League]:
        """Those of `leagues` this process runs and could claim."""
        return [
            league
            for league in leagues
            if self._core.runs_guild(league.guild_id)
            and await self._core.claim(conn, *league_claim(league))
        ]

    async def league_table(self, guild_id: int, name: str) -> LeagueTable:
        """A league's entrants, rounds, boards and standings. Raises NotFound."""

        async def table(conn: Connection) -> LeagueTable:
            return await self._rounds.table(conn, await self._rounds.league(conn, guild_id, name))

        return await self._core.store.read(table)

    async def league_table_of(self, league_id: int) -> LeagueTable:
        """`league_table` by the league's id."""

        async def table(conn: Connection) -> LeagueTable:
            return await self._rounds.table(conn, await league_rows.by_id(conn, league_id))

        return await self._core.store.read(table)

    async def leagues(self, guild_id: int) -> list[League]:
        """A server's leagues, newest first."""
        return await self._core.store.read(lambda conn: league_rows.of_guild(conn, guild_id))

    async def league_role(self, guild_id: int) -> int | None:
        """The role whose members may create leagues besides admins (None: admins only)."""
        return await self._core.store.read(lambda conn: league_rows.league_role(conn, guild_id))

    async def set_league_role(self, guild_id: int, role_id: int | None) -> None:
        """Name the role whose members may create leagues (None: admins only)."""
        await self._core.store.transact(
            lambda conn: league_rows.set_league_role(conn, guild_id, role_id)
        )


def league_claim(league: League) -> tuple[str, str]:
    """The background work of moving `league` on (`bot.store.claims`)."""
    return "league", str(league.id)
