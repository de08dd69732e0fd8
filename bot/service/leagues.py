"""Server leagues over the store: create, join, leave, start; each round's matches started
at once (ordinary rated matches, seats in the pairing's order); results recorded as
matches end; the next round paired when the last match of a round ends or at the round's
deadline, when the matches still going are adjudicated (`league_tick`).

Every step that moves a league on is idempotent (`_advance` looks at what is stored), so
a restart between a match's end and the next round loses nothing: the next `league_tick`
or the next result does it.

Clock use for the "clock" adjudication is approximated from the match log: each logged
action counts the time since the action before it (the first since the match started)
for the seat that acted, and the turn still running counts for the seat to act. Vacations
and a server's pauses are not taken off.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

import games
from bot.league import deadlines, forfeits
from bot.league.plan import KINDS, SWISS, LeagueFormat, next_round
from bot.league.records import Pairing, Result, Round
from bot.league.standings import Standing, standings
from bot.match import actions
from bot.match.actions import Request
from bot.match.errors import BadOption, MatchOver, NotAllowed, NotFound, PositionChanged
from bot.match.records import Match, MatchRules, MatchUpdate
from bot.service.challenges import ChallengeMixin, _checked_setup, check_clock
from bot.store import challenges as challenge_rows
from bot.store import leagues as league_rows
from bot.store import matches as match_rows
from bot.store.leagues import OVER, RUNNING, SIGNUP, Board, Entrant, League
from bot.store.sql import Connection

#: The longest a league's name, sign-up and rounds may be.
MAX_NAME = 40
MAX_DAYS = 60


@dataclass(frozen=True)
class LeagueNews:
    """What a league has to post: a result just recorded (`result`), the round just paired
    (`paired`, None when none), the league's active matches that still need a thread
    (`unthreaded`), and whether the league is over now (`ended`)."""

    league: League
    result: Board | None = None
    paired: Round | None = None
    unthreaded: tuple[Match, ...] = ()
    ended: bool = False


@dataclass(frozen=True)
class LeagueTable:
    """A league as players look at it: entrants, rounds (with deadlines), every board,
    and the standings with the format's tie-breaks."""

    league: League
    entrants: tuple[Entrant, ...]
    rounds: tuple[tuple[Round, datetime], ...]
    boards: tuple[Board, ...]
    lines: tuple[Standing, ...]

    @property
    def tie_breaks(self) -> tuple[str, ...]:
        """The tie-breaks' names, in order."""
        return self.league.format.tie_breaks


class LeagueMixin(ChallengeMixin):
    """League methods of the match service (built on the challenge part, which starts
    matches)."""

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
    ) -> League:
        """Open a league for sign-up in `channel_id` (who may is the caller's to check).
        Raises BadOption saying what does not fit."""
        name = " ".join(name.split())
        if not 1 <= len(name) <= MAX_NAME:
            raise BadOption(f"A league's name has 1 to {MAX_NAME} characters.")
        try:
            game_rules = games.get(game)
        except KeyError as error:
            raise BadOption(error.args[0]) from None
        if kind not in KINDS:
            raise BadOption(f"A league is one of: {', '.join(KINDS)}.")
        try:
            league_format = LeagueFormat(
                kind, seats, rounds if kind == SWISS else 0, seed=self._rng.getrandbits(31)
            )
        except ValueError as error:
            raise BadOption(str(error)) from None
        resolved = _checked_setup(game_rules, seats, 0, options)
        if adjudication not in deadlines.RULES:
            raise BadOption(f"The adjudication rule is one of: {', '.join(deadlines.RULES)}.")
        for days in (signup_days, round_days):
            if not 1 <= days <= MAX_DAYS:
                raise BadOption(f"Sign-up and rounds last from 1 to {MAX_DAYS} days.")
        now = self.now()
        async with self.store.transaction() as conn:
            default_clock, _, _ = await self._guild_defaults(conn, guild_id)
            hours = check_clock(default_clock if clock_hours is None else clock_hours)
            existing = await league_rows.by_name(conn, guild_id, name)
            if existing is not None:
                raise BadOption(f"This server already has a league called {existing.name}.")
            league = League(
                0, guild_id, channel_id, name, game_rules.name, resolved, hours, league_format,
                now + timedelta(days=signup_days), SIGNUP, adjudication, round_days,
                member_id, None,
            )  # fmt: skip
            league_id = await league_rows.insert_league(conn, league, now)
            await league_rows.join(conn, league_id, member_id, now)
            return await league_rows.by_id(conn, league_id)

    async def join_league(self, guild_id: int, name: str, member_id: int) -> League:
        """Sign up for a league still in sign-up. Raises NotFound, NotAllowed."""
        async with self.store.transaction() as conn:
            league = await self._league(conn, guild_id, name)
            if league.status != SIGNUP:
                raise NotAllowed(f"League {league.name} has started: sign-up is closed.")
            if any(e.member_id == member_id for e in await league_rows.entrants(conn, league.id)):
                raise NotAllowed(f"You are already signed up for league {league.name}.")
            await league_rows.join(conn, league.id, member_id, self.now())
            return league

    async def leave_league(
        self, guild_id: int, name: str, member_id: int
    ) -> tuple[League, list[MatchUpdate]]:
        """Leave a league: before the start the sign-up is dropped; after it the member
        resigns their matches under way and forfeits their later games (their games played
        stand). The updates of the matches resigned, to post. Raises NotFound, NotAllowed."""
        now = self.now()
        async with self.store.transaction() as conn:
            league = await self._league(conn, guild_id, name)
            entrant = next(
                (
                    e
                    for e in await league_rows.entrants(conn, league.id)
                    if e.member_id == member_id
                ),
                None,
            )
            if entrant is None or entrant.left_at is not None or league.status == OVER:
                raise NotAllowed(f"You are not playing in league {league.name}.")
            if league.status == SIGNUP:
                await league_rows.withdraw(conn, league.id, member_id)
                return league, []
            await league_rows.mark_left(conn, league.id, member_id, now)
            boards = await league_rows.boards_of(conn, league.id)
        updates = []
        for board in boards:
            if board.match_id is None or board.result is not None:
                continue
            match = await self._load(board.match_id)
            if match.active and member_id in match.members:
                updates.append(await self._apply(match, member_id, Request(actions.RESIGN)))
        return league, updates

    async def start_league(
        self, guild_id: int, name: str, member_id: int, *, may_manage: bool
    ) -> LeagueNews:
        """Start a league in sign-up (its creator, or a member who may manage leagues):
        round 1 is paired and all its matches start. Raises NotFound, NotAllowed,
        BadOption (too few players)."""
        async with self.store.transaction() as conn:
            league = await self._league(conn, guild_id, name)
            if league.created_by != member_id and not may_manage:
                raise NotAllowed(f"Only whoever created league {league.name} can start it.")
            return await self._start_league(conn, league)

    async def _start_league(self, conn: Connection, league: League) -> LeagueNews:
        if league.status != SIGNUP:
            raise NotAllowed(f"League {league.name} has already started.")
        players = await league_rows.entrants(conn, league.id)
        try:
            league.format.check_players(len(players))
        except ValueError as error:
            raise BadOption(f"League {league.name} cannot start yet: {error}") from None
        now = self.now()
        await league_rows.set_status(conn, league.id, RUNNING, now)
        return await self._advance(conn, replace(league, status=RUNNING, started_at=now))

    async def league_after(self, match_id: int) -> LeagueNews | None:
        """After a match ended: record its result if it plays a league pairing, and pair
        the next round if this was the round's last; None for a match of no league."""
        async with self.store.transaction() as conn:
            league_id = await league_rows.of_match(conn, match_id)
            if league_id is None:
                return None
            news = await self._advance(conn, await league_rows.by_id(conn, league_id))
            boards = await league_rows.boards_of(conn, league_id)
            played = next(b for b in boards if b.match_id == match_id)
            return replace(news, result=played)

    async def league_tick(self) -> tuple[list[MatchUpdate], list[LeagueNews]]:
        """Everything due in leagues: a league whose sign-up has ended starts (or, too
        few signed up, is called off), matches still going at their round's deadline are
        adjudicated by the league's rule and stopped, and every running league moves on
        if it can. The updates of the stopped matches and each league's news."""
        now = self.now()
        stopping: list[int] = []
        news: list[LeagueNews] = []
        async with self.store.transaction() as conn:
            for league in await league_rows.running(conn):
                stopping += await self._adjudicate(conn, league, now)
            for league in await league_rows.signup_over(conn, now):
                try:
                    news.append(await self._start_league(conn, league))
                except BadOption:
                    await league_rows.set_status(conn, league.id, OVER)
                    news.append(LeagueNews(replace(league, status=OVER), ended=True))
        updates = []
        for match_id in stopping:
            try:
                updates.append(await self._apply(match_id, None, Request(actions.ADJUDICATE)))
            except (MatchOver, PositionChanged):
                continue  # it ended meanwhile: its result was recorded first
        started = {item.league.id for item in news}
        async with self.store.transaction() as conn:
            for league in await league_rows.running(conn):
                if league.id not in started:
                    news.append(await self._advance(conn, league))
        return updates, news

    async def league_table(self, guild_id: int, name: str) -> LeagueTable:
        """A league's entrants, rounds, boards and standings. Raises NotFound."""
        async with self.store.reading() as conn:
            league = await self._league(conn, guild_id, name)
            return await self._table(conn, league)

    async def league_table_of(self, league_id: int) -> LeagueTable:
        """`league_table` by the league's id."""
        async with self.store.reading() as conn:
            return await self._table(conn, await league_rows.by_id(conn, league_id))

    async def leagues(self, guild_id: int) -> list[League]:
        """A server's leagues, newest first."""
        async with self.store.reading() as conn:
            return await league_rows.of_guild(conn, guild_id)

    async def league_role(self, guild_id: int) -> int | None:
        """The role whose members may create leagues besides admins (None: admins only)."""
        async with self.store.reading() as conn:
            return await league_rows.league_role(conn, guild_id)

    async def set_league_role(self, guild_id: int, role_id: int | None) -> None:
        """Name the role whose members may create leagues (None: admins only)."""
        async with self.store.transaction() as conn:
            await league_rows.set_league_role(conn, guild_id, role_id)

    # --- shared steps ----------------------------------------------------------------------

    @staticmethod
    async def _league(conn: Connection, guild_id: int, name: str) -> League:
        league = await league_rows.by_name(conn, guild_id, name)
        if league is None:
            raise NotFound(f"There is no league called {name} in this server.")
        return league

    @staticmethod
    async def _table(conn: Connection, league: League) -> LeagueTable:
        entrants = await league_rows.entrants(conn, league.id)
        rounds = await league_rows.rounds_of(conn, league.id)
        boards = await league_rows.boards_of(conn, league.id)
        results = [b.result for b in boards if b.result is not None]
        lines = standings(
            [e.member_id for e in entrants],
            [r for r, _ in rounds],
            results,
            league.format.tie_breaks,
        )
        return LeagueTable(league, tuple(entrants), tuple(rounds), tuple(boards), tuple(lines))

    async def _settle(self, conn: Connection, league: League) -> list[Board]:
        """Record the results of the league's matches that have ended (a match ended with
        no places, cancelled by an admin, counts as a draw); the boards as stored."""
        boards = await league_rows.boards_of(conn, league.id)
        settled = []
        for board in boards:
            if board.result is None and board.match_id is not None:
                match = await match_rows.fetch_match(conn, board.match_id)
                assert match is not None
                if not match.active:
                    result = _match_result(board, match)
                    await league_rows.set_result(conn, league.id, board, result)
                    board = replace(board, result=result)
            settled.append(board)
        return settled

    async def _advance(self, conn: Connection, league: League) -> LeagueNews:
        """Record finished matches, and while the current round is over pair the next one
        and start its matches (a round decided wholly by forfeits is followed at once by
        the next); the league ends when there is no next round."""
        paired = None
        while league.status == RUNNING:
            boards = await self._settle(conn, league)
            if any(b.result is None for b in boards):
                break
            everyone = await league_rows.entrants(conn, league.id)
            leavers = {e.member_id for e in everyone if e.left_at is not None}
            playing = [e.member_id for e in everyone if e.left_at is None]
            rounds = [r for r, _ in await league_rows.rounds_of(conn, league.id)]
            results = [b.result for b in boards if b.result is not None]
            entrants = [e.member_id for e in everyone]
            upcoming = next_round(league.format, entrants, playing, rounds, results)
            if upcoming is None:
                await league_rows.set_status(conn, league.id, OVER)
                return LeagueNews(replace(league, status=OVER), paired=paired, ended=True)
            await self._pair(conn, league, upcoming, leavers)
            paired = upcoming
        return LeagueNews(league, paired=paired, unthreaded=await self._unthreaded(conn, league))

    async def _pair(
        self, conn: Connection, league: League, round_: Round, leavers: set[int]
    ) -> None:
        """Store a round and start its matches; pairings with a leaver are forfeited (a
        table keeps playing while two or more stay)."""
        now = self.now()
        deadline = deadlines.round_deadline(now, league.round_days)
        await league_rows.add_round(conn, league.id, round_, now, deadline)
        for board, pairing in enumerate(round_.pairings, 1):
            staying = forfeits.playing_on(pairing, leavers)
            match_id = None
            if staying is not None:
                match_id = (await self._start_seated(conn, league, staying.seats, now)).id
            await league_rows.add_board(conn, league.id, round_.number, board, pairing, match_id)
            if staying is None:
                result = forfeits.forfeit_result(round_.number, pairing, leavers)
                stored = Board(round_.number, board, pairing, None, None)
                await league_rows.set_result(conn, league.id, stored, result)

    async def _start_seated(
        self, conn: Connection, league: League, seats: tuple[int, ...], now: datetime
    ) -> Match:
        """Start a league match at once, in this seat order: a challenge with every player
        already seated (no challenge limits: a league's matches are agreed by joining)."""
        challenge_id = await challenge_rows.insert_challenge(
            conn,
            guild_id=league.guild_id,
            channel_id=league.channel_id,
            challenger_id=seats[0],
            game=league.game,
            players=len(seats),
            options=league.options,
            rules=MatchRules(
                league.clock_hours, auto_timeout=bool(league.clock_hours), takebacks=True
            ),
            invited=[],
            now=now,
            expires=now,
            seat_order=seats,
        )
        for join_index, member in enumerate(seats[1:], 1):
            await challenge_rows.take_seat(conn, challenge_id, member, join_index)
        return await self._start(conn, await self._challenge(conn, challenge_id), now)

    @staticmethod
    async def _unthreaded(conn: Connection, league: League) -> tuple[Match, ...]:
        """The league's active matches that have no thread yet."""
        found = []
        for board in await league_rows.boards_of(conn, league.id):
            if board.match_id is not None and board.result is None:
                match = await match_rows.fetch_match(conn, board.match_id)
                if match is not None and match.active and match.channel_id is None:
                    found.append(match)
        return tuple(found)

    async def _adjudicate(self, conn: Connection, league: League, now: datetime) -> list[int]:
        """Score by the league's rule every match still going at the deadline of its
        round; the ids of those matches (to stop them)."""
        rounds = await league_rows.rounds_of(conn, league.id)
        if not rounds or now < rounds[-1][1]:
            return []
        current = rounds[-1][0].number
        stopping = []
        for board in await self._settle(conn, league):
            if board.round != current or board.result is not None or board.match_id is None:
                continue
            match = await match_rows.fetch_match(conn, board.match_id)
            assert match is not None
            used = await _clock_used(conn, match, now)
            staying = forfeits.playing_on(
                board.pairing, set(board.pairing.seats) - set(match.members)
            )
            assert staying is not None  # a match is played by two players or more
            adjudged = deadlines.adjudicate(board.round, staying, used, league.adjudication)
            await league_rows.set_result(conn, league.id, board, _with_leavers(board, adjudged))
            stopping.append(match.id)
        return stopping


def _with_leavers(board: Board, result: Result) -> Result:
    """A result of the players who played a table, extended to the whole pairing (the
    players not at the table forfeited it)."""
    if result.pairing == board.pairing:
        return Result(board.round, board.pairing, result.places)
    places = dict(zip(result.pairing.seats, result.places, strict=True))
    gone = set(board.pairing.seats) - set(places)
    return forfeits.forfeit_result(board.round, board.pairing, gone, places)


def _match_result(board: Board, match: Match) -> Result:
    """A pairing's result from its ended match: the match's places by seat (everyone
    first when it ended without places: a cancelled match is a draw)."""
    ranks = match.result.ranks if match.result is not None else None
    places = ranks if ranks is not None else (1,) * len(match.members)
    played = Result(board.round, Pairing(tuple(match.members)), tuple(places))
    return _with_leavers(board, played)


async def _clock_used(conn: Connection, match: Match, now: datetime) -> dict[int, timedelta]:
    """Each player's thinking time in the match so far, from the log (see the module's
    docstring for the approximation)."""
    used = dict.fromkeys(match.members, timedelta(0))
    since = match.created_at
    for entry in await match_rows.fetch_log(conn, match):
        used[entry.member_id] += entry.at - since
        since = entry.at
    if match.to_act is not None:
        used[match.to_act] += now - since
    return used
