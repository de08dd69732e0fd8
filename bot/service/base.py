"""The match service's shared core: store, settings, clock, and the steps every action uses.

An action reads the match, checks everything (raising a ServiceError and writing nothing
when it refuses), then commits in one transaction through `_commit`: the match row (its
version checked and bumped), log entries, a retirement, and the end of the match with
ratings when it ended.
"""

from __future__ import annotations

import json
import random
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import aiosqlite

import render
from bot.config import Settings
from bot.service import tables
from bot.service.errors import MatchOver, NotAllowed, NotFound
from bot.service.ratings import apply_ratings, outcome_places, seat_ranks
from bot.service.records import (
    ABORTED,
    CANCELLED,
    FINISHED,
    Match,
    MatchResult,
    MoveChoice,
)
from bot.store import Store
from games import GameState, Outcome

Clock = Callable[[], datetime]
#: The picture theme of servers and members that chose none.
DEFAULT_THEME = "default"

#: How an ended match is told apart in refusals ("Match #3 was aborted.").
_ENDED = {FINISHED: "is already over", ABORTED: "was aborted", CANCELLED: "was cancelled"}


def utc_now() -> datetime:
    """The current time, timezone-aware UTC (the default clock)."""
    return datetime.now(UTC)


def when(moment: datetime) -> str:
    """A time for messages: "2025-03-01 18:30 UTC"."""
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


def known_theme(name: str | None) -> str:
    """A stored picture theme if the renderer still has it, else "default"."""
    return name if name in render.THEMES else DEFAULT_THEME


def snapshot(state: GameState) -> str:
    """A state as stored in `matches.snapshot` (compact JSON)."""
    return json.dumps(state.to_json(), separators=(",", ":"))


@dataclass(frozen=True)
class Ending:
    """How an action ends a match. `places` ranks the seats still playing (None: unrated);
    `leaver` is a seat leaving with this action (ranked below the others still playing)."""

    how: str
    reason: str
    places: Mapping[int, int] | None
    winner_seats: Sequence[int] = ()
    draw: bool = False
    scores: tuple[int, ...] | None = None
    leaver: int | None = None

    @classmethod
    def from_outcome(cls, outcome: Outcome, playing: Sequence[int]) -> Ending:
        """The game itself ended the match; `playing` are the seats still in it."""
        places = outcome_places(outcome, playing)
        return cls("game", outcome.reason, places, outcome.winners, outcome.draw, outcome.scores)


class ServiceBase:
    """State and steps shared by the service's parts; construct `MatchService`, not this."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        *,
        clock: Clock = utc_now,
        rng: random.Random | None = None,
    ) -> None:
        self.store = store
        self.settings = settings
        self._clock = clock
        self._rng = rng or random.SystemRandom()
        self._choices: OrderedDict[tuple[int, int], list[MoveChoice]] = OrderedDict()

    def now(self) -> datetime:
        """The service's current time (injectable for tests and the reminder task)."""
        return self._clock()

    async def close(self) -> None:
        """Close the database connection."""
        await self.store.close()

    # --- reading and checking ----------------------------------------------------------

    async def _load(self, match_id: int) -> Match:
        async with self.store.reading() as conn:
            return self._check_found(match_id, await tables.fetch_match(conn, match_id))

    async def _load_active(self, match_id: int) -> Match:
        async with self.store.reading() as conn:
            return self._check_active(match_id, await tables.fetch_match(conn, match_id))

    @staticmethod
    def _check_found(match_id: int, match: Match | None) -> Match:
        """The match, or NotFound when there is none."""
        if match is None:
            raise NotFound(f"There is no match #{match_id}.")
        return match

    @classmethod
    def _check_active(cls, match_id: int, match: Match | None) -> Match:
        """The match, or NotFound / MatchOver when there is none or it has ended."""
        match = cls._check_found(match_id, match)
        if not match.active:
            raise MatchOver(f"Match #{match_id} {_ENDED.get(match.status, 'is over')}.")
        return match

    async def _guild_row(self, conn: aiosqlite.Connection, guild_id: int) -> dict[str, Any]:
        """A server's defaults, the bot's own where the server chose none."""
        row = await tables.one(
            conn,
            "SELECT clock_hours, challenge_channel_id, picture_theme FROM guilds "
            "WHERE guild_id = ?",
            (guild_id,),
        )
        clock, channel, theme = row if row else (None, None, None)
        default = self.settings.default_clock_hours
        return {
            "clock_hours": default if clock is None else clock,
            "challenge_channel_id": channel,
            "picture_theme": known_theme(theme),
        }

    @staticmethod
    def _player_seat(match: Match, member_id: int) -> int:
        """The member's seat in the match, refusing outsiders and seats that left."""
        seat = match.seat_of(member_id)
        if seat is None:
            raise NotAllowed(f"You are not playing in match #{match.id}.")
        if match.seats[seat].retired:
            raise NotAllowed(f"You have left match #{match.id}; the others play on.")
        return seat

    # --- turns and vacation ------------------------------------------------------------

    async def _on_vacation(self, conn: aiosqlite.Connection, member_id: int, now: datetime) -> bool:
        found = await tables.one(
            conn,
            "SELECT 1 FROM vacations WHERE member_id = ? AND closed = 0 "
            "AND started_at <= ? AND ends_at > ?",
            (member_id, tables.ts(now), tables.ts(now)),
        )
        return found is not None

    async def _turn_columns(
        self,
        conn: aiosqlite.Connection,
        match: Match,
        state: GameState,
        now: datetime,
        *,
        fresh: bool = False,
    ) -> dict[str, Any]:
        """Columns for the turn after an action: a new clock unless the same seat goes on."""
        seat = state.current_player
        if seat is None:
            return {}
        if seat == match.current_seat and not fresh:
            return {"current_seat": seat}
        hours = match.rules.clock_hours
        paused = await self._on_vacation(conn, match.seats[seat].member_id, now)
        return {
            "current_seat": seat,
            "turn_started_at": tables.ts(now),
            "deadline": tables.ts(now + timedelta(hours=hours)) if hours else None,
            "paused_at": tables.ts(now) if paused else None,
            "reminded": 0,
        }

    async def _close_vacation(
        self, conn: aiosqlite.Connection, member_id: int, now: datetime
    ) -> None:
        """End the member's open vacation (at its end or now, whichever is first) and
        restart their paused clocks, shifted by the time they were paused."""
        row = await tables.one(
            conn,
            "SELECT started_at, ends_at FROM vacations WHERE member_id = ? AND closed = 0",
            (member_id,),
        )
        if row is None:
            return
        started_at, ends_at = row
        end = min(ends_at, tables.ts(now))
        await conn.execute(
            "UPDATE vacations SET ends_at = ?, closed = 1 WHERE member_id = ? AND started_at = ?",
            (end, member_id, started_at),
        )
        await conn.execute(
            "UPDATE matches SET turn_started_at = turn_started_at + MAX(0, ? - paused_at), "
            "deadline = deadline + MAX(0, ? - paused_at), paused_at = NULL, "
            "version = version + 1 WHERE status = 'active' AND paused_at IS NOT NULL "
            "AND EXISTS (SELECT 1 FROM match_players p WHERE p.match_id = matches.id "
            "AND p.member_id = ? AND p.seat = matches.current_seat)",
            (end, end, member_id),
        )

    # --- committing ----------------------------------------------------------------------

    async def _commit(
        self,
        conn: aiosqlite.Connection,
        match: Match,
        now: datetime,
        *,
        columns: Mapping[str, Any] | None = None,
        state: GameState | None = None,
        entries: Sequence[tuple[int, str, str]] = (),
        retire: tuple[int, str] | None = None,
        ending: Ending | None = None,
        mover: int | None = None,
    ) -> Match:
        """Write one action: match columns (version-checked), new snapshot, log entries,
        a seat leaving, the end of the match, and (for a move) the end of the mover's
        vacation; return the match as now stored."""
        values = dict(columns or {})
        if state is not None:
            values.update(snapshot=snapshot(state), ply=state.ply)
        await tables.update_match(conn, match, **values)
        last = await tables.append_log(conn, match.id, entries, now) if entries else None
        if retire is not None:
            await tables.retire_seat(conn, match.id, retire[0], retire[1], last)
        if ending is not None:
            await self._write_ending(conn, match, ending, now)
        if mover is not None:
            await self._close_vacation(conn, mover, now)
        stored = await tables.fetch_match(conn, match.id)
        if state is not None:
            stored.__dict__["_state"] = state
        return stored

    async def _advance(
        self,
        conn: aiosqlite.Connection,
        match: Match,
        after: GameState,
        now: datetime,
        *,
        entries: Sequence[tuple[int, str, str]],
        playing: Sequence[int],
        fresh: bool = False,
        retire: tuple[int, str] | None = None,
        mover: int | None = None,
    ) -> Match:
        """Commit a new position: the next turn's clock, or the end when the game is over
        (`playing`: the seats still in it). Any pending proposal is dropped."""
        outcome = after.outcome()
        columns: dict[str, Any] = {"proposal": None}
        ending = None
        if outcome is None:
            columns.update(await self._turn_columns(conn, match, after, now, fresh=fresh))
        else:
            ending = Ending.from_outcome(outcome, playing)
        return await self._commit(
            conn,
            match,
            now,
            columns=columns,
            state=after,
            entries=entries,
            retire=retire,
            ending=ending,
            mover=mover,
        )

    async def _write_ending(
        self, conn: aiosqlite.Connection, match: Match, ending: Ending, now: datetime
    ) -> None:
        left = await tables.retirement_order(conn, match.id)
        if ending.leaver is not None and ending.leaver not in left:
            left.append(ending.leaver)
        ranks = None
        if ending.places is not None:
            ranks = seat_ranks(len(match.seats), ending.places, left)
        winners = tuple(match.seats[s].member_id for s in ending.winner_seats)
        result = MatchResult(ending.how, ending.reason, winners, ending.draw, ranks, ending.scores)
        status = {"abort": ABORTED, "cancel": CANCELLED}.get(ending.how, FINISHED)
        await conn.execute(
            "UPDATE matches SET status = ?, result = ?, ended_at = ?, current_seat = NULL, "
            "deadline = NULL, paused_at = NULL, proposal = NULL WHERE id = ?",
            (status, tables.result_json(result), tables.ts(now), match.id),
        )
        if ranks is not None:
            await apply_ratings(conn, match, ranks, winners, ending.draw)

    @staticmethod
    def _playing(match: Match, *, without: int | None = None) -> list[int]:
        """Seats still playing (not retired), optionally leaving one out."""
        return [s.seat for s in match.seats if not s.retired and s.seat != without]
