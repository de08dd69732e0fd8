"""The steps that move a league on, over the store: results recorded from ended matches,
rounds paired and their matches started, deadlines adjudicated.

Every step is idempotent (`LeagueRounds.advance` looks at what is stored), so a restart between a
match's end and the next round loses nothing: the next result or `league_tick` does it.

Clock use for the "clock" adjudication is approximated from the match log: each logged
action counts the time since the action before it (the first since the match started)
for the seat that acted, and the turn still running counts for the seat to act. Vacations
and a server's pauses are not taken off.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from bot.league import deadlines, forfeits
from bot.league.leagues import OVER, RUNNING, Board, Entrant, League
from bot.league.plan import next_round
from bot.league.records import Pairing, Result, Round
from bot.league.standings import Standing, standings
from bot.match.errors import NotFound
from bot.match.phrases import Message
from bot.match.records import Match, MatchRules
from bot.service.base import Core
from bot.service.challenges import ChallengesPart
from bot.store import leagues as league_rows
from bot.store import matches as match_rows
from bot.store.sql import Connection


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


class LeagueRounds:
    """The steps of the leagues part of the service, each in the caller's transaction,
    over the service's core and the challenges part (which starts matches)."""

    def __init__(self, core: Core, challenges: ChallengesPart) -> None:
        self._core = core
        self._challenges = challenges

    @staticmethod
    async def league(conn: Connection, guild_id: int, name: str) -> League:
        """The server's league of that name, or NotFound."""
        league = await league_rows.by_name(conn, guild_id, name)
        if league is None:
            raise NotFound(Message("league.none", league=name))
        return league

    @staticmethod
    async def table(conn: Connection, league: League) -> LeagueTable:
        """The league's table as stored."""
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

    async def settle(self, conn: Connection, league: League) -> list[Board]:
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

    async def advance(self, conn: Connection, league: League) -> LeagueNews:
        """Record finished matches, and while the current round is over pair the next one
        and start its matches (a round decided wholly by forfeits is followed at once by
        the next); the league ends when there is no next round. The league is due next at
        its round's deadline (or when one of its matches ends: `Core.store_decision`)."""
        paired = None
        while league.status == RUNNING:
            boards = await self.settle(conn, league)
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
                await league_rows.set_due(conn, league.id, None)
                return LeagueNews(replace(league, status=OVER), paired=paired, ended=True)
            await self._pair(conn, league, upcoming, leavers)
            paired = upcoming
        ends = [deadline for _, deadline in await league_rows.rounds_of(conn, league.id)]
        due = ends[-1] if league.status == RUNNING and ends else None
        await league_rows.set_due(conn, league.id, due)  # (its round's deadline)
        return LeagueNews(league, paired=paired, unthreaded=await self._unthreaded(conn, league))

    async def _pair(
        self, conn: Connection, league: League, round_: Round, leavers: set[int]
    ) -> None:
        """Store a round and start its matches; pairings with a leaver are forfeited (a
        table keeps playing while two or more stay)."""
        now = self._core.now()
        deadline = deadlines.round_deadline(now, league.round_days)
        await league_rows.add_round(conn, league.id, round_, now, deadline)
        for board, pairing in enumerate(round_.pairings, 1):
            staying = forfeits.playing_on(pairing, leavers)
            match_id = None
            if staying is not None:
                match_id = (
                    await self._challenges.start_seated(
                        conn,
                        guild_id=league.guild_id,
                        channel_id=league.channel_id,
                        game=league.game,
                        options=league.options,
                        rules=_rules_of(league),
                        seats=staying.seats,
                        now=now,
                    )
                ).id
            await league_rows.add_board(conn, league.id, round_.number, board, pairing, match_id)
            if staying is None:
                result = forfeits.forfeit_result(round_.number, pairing, leavers)
                stored = Board(round_.number, board, pairing, None, None)
                await league_rows.set_result(conn, league.id, stored, result)

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

    async def adjudicate(self, conn: Connection, league: League, now: datetime) -> list[int]:
        """Score by the league's rule every match still going at the deadline of its
        round; the ids of those matches (to stop them)."""
        rounds = await league_rows.rounds_of(conn, league.id)
        if not rounds or now < rounds[-1][1]:
            return []
        current = rounds[-1][0].number
        stopping = []
        for board in await self.settle(conn, league):
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


def _rules_of(league: League) -> MatchRules:
    """The rules of a league's matches: its clock, timing out by itself when it has one,
    and takebacks allowed."""
    return MatchRules(league.clock_hours, auto_timeout=bool(league.clock_hours), takebacks=True)


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
