"""Clocks: reminders, timeouts and vacation (settings are in `bot.service.settings`).

A turn's clock runs from `turn_started_at` to `deadline`; while the player to act is on
vacation it is paused (`paused_at`) and both times shift by the pause when it resumes.
`reminded` holds the reminders already sent for the current turn (bits below), reset
when a new turn starts, so no turn is reminded twice.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta

import aiosqlite

from bot.service import challenge_rows, tables
from bot.service.base import ServiceBase, when
from bot.service.errors import ClockError, PositionChanged
from bot.service.records import EXPIRED, Match, MatchUpdate
from bot.service.reports import MemberSettings, Reminder, TickReport, Vacation

IDLE = 1
LOW_TIME = 2
CLAIMABLE = 4
_KINDS = {IDLE: "idle", LOW_TIME: "low_time", CLAIMABLE: "timeout_claimable"}
_DAY = 86400.0


class ClockMixin(ServiceBase):
    """Time-driven methods of the match service: reminders, timeouts, vacation."""

    async def tick(self) -> TickReport:
        """Do everything due now: expire challenges, end finished vacations, end matches
        whose time ran out (auto-timeout ones), and return the reminders to send (each
        marked sent in the same transaction, so no turn is reminded twice). A reminder
        of kind "timeout_claimable" tells a waiting player they may claim the win."""
        now = self.now()
        stamp = tables.ts(now)
        async with self.store.transaction() as conn:
            expired = await challenge_rows.fetch_challenges(
                conn, "status = 'pending' AND expires_at <= ?", (stamp,)
            )
            await conn.execute(
                "UPDATE challenges SET status = 'expired' "
                "WHERE status = 'pending' AND expires_at <= ?",
                (stamp,),
            )
            returning = [
                row[0]
                for row in await tables.rows(
                    conn,
                    "SELECT member_id FROM vacations WHERE closed = 0 AND ends_at <= ?",
                    (stamp,),
                )
            ]
            for member in returning:
                await self._close_vacation(conn, member, now)
        timeouts = await self._auto_timeouts(now)
        async with self.store.transaction() as conn:
            reminders = await self._take_reminders(conn, now)
        return TickReport(
            reminders=tuple(reminders),
            timeouts=tuple(timeouts),
            expired_challenges=tuple(dataclasses.replace(c, status=EXPIRED) for c in expired),
            vacations_ended=tuple(returning),
        )

    async def _auto_timeouts(self, now: datetime) -> list[MatchUpdate]:
        async with self.store.reading() as conn:
            due = await tables.fetch_matches(
                conn,
                "status = 'active' AND auto_timeout = 1 AND paused_at IS NULL "
                "AND deadline <= ? ORDER BY deadline",
                (tables.ts(now),),
            )
        updates = []
        for match in due:
            try:
                updates.append(await self._time_out(match, now, None))
            except PositionChanged:
                continue  # someone moved meanwhile: the clock is no longer out
        return updates

    async def _take_reminders(self, conn: aiosqlite.Connection, now: datetime) -> list[Reminder]:
        after = self.settings.reminder_after_hours * 3600.0
        fraction = self.settings.reminder_fraction_percent / 100
        stamp = tables.ts(now)
        candidates = await tables.fetch_matches(
            conn,
            "status = 'active' AND paused_at IS NULL AND current_seat IS NOT NULL AND ("
            "(? > 0 AND reminded & 1 = 0 AND turn_started_at + ? <= ?) OR "
            "(? > 0 AND reminded & 2 = 0 AND deadline - clock_hours * 3600.0 * ? <= ?) OR "
            "(auto_timeout = 0 AND reminded & 4 = 0 AND deadline <= ?))",
            (after, after, stamp, fraction, fraction, stamp, stamp),
        )
        quiet = {
            row[0]
            for row in await tables.rows(
                conn,
                "SELECT member_id FROM members WHERE reminders = 0",
            )
        }
        reminders = []
        for match in candidates:
            sent = match._reminded
            if match.deadline is not None and match.deadline <= now:
                mark, targets = IDLE | LOW_TIME | CLAIMABLE, []
                if not match.rules.auto_timeout and not sent & CLAIMABLE:
                    targets = [s.member_id for s in match.seats if not s.retired]
                    targets = [m for m in targets if m != match.to_act]
                kind = CLAIMABLE
            else:
                low = match.deadline is not None and fraction > 0 and not sent & LOW_TIME
                low = low and match.deadline - _span(match, fraction) <= now
                kind = LOW_TIME if low else IDLE
                mark = IDLE | LOW_TIME if low else IDLE
                targets = [match.to_act]
            await conn.execute(
                "UPDATE matches SET reminded = reminded | ? WHERE id = ?", (mark, match.id)
            )
            reminders.extend(
                Reminder(match, member, _KINDS[kind], match.deadline)
                for member in targets
                if member not in quiet
            )
        return reminders

    async def next_due(self) -> datetime | None:
        """When `tick` next has something to do (None: nothing scheduled)."""
        after = self.settings.reminder_after_hours * 3600.0
        fraction = self.settings.reminder_fraction_percent / 100
        query = (
            "SELECT MIN(t) FROM ("
            "SELECT MIN(expires_at) AS t FROM challenges WHERE status = 'pending' "
            "UNION ALL SELECT MIN(ends_at) FROM vacations WHERE closed = 0 "
            "UNION ALL SELECT MIN(CASE WHEN ? > 0 AND reminded & 1 = 0 "
            "  THEN turn_started_at + ? END) FROM matches "
            "  WHERE status = 'active' AND paused_at IS NULL "
            "UNION ALL SELECT MIN(CASE WHEN ? > 0 AND reminded & 2 = 0 "
            "  THEN deadline - clock_hours * 3600.0 * ? END) FROM matches "
            "  WHERE status = 'active' AND paused_at IS NULL "
            "UNION ALL SELECT MIN(deadline) FROM matches WHERE status = 'active' "
            "  AND paused_at IS NULL AND (auto_timeout = 1 OR reminded & 4 = 0))"
        )
        async with self.store.reading() as conn:
            (moment,) = await tables.one(conn, query, (after, after, fraction, fraction))
        return tables.dt(moment)

    # --- vacation --------------------------------------------------------------------------

    async def start_vacation(self, member_id: int, days: float) -> MemberSettings:
        """Pause all the member's clocks for `days` (within the yearly allowance); it ends
        early when they move or call `end_vacation`. Raises ClockError."""
        now = self.now()
        async with self.store.transaction() as conn:
            running = await self._vacation(conn, member_id, now)
            if running is not None:
                raise ClockError(f"You are already on vacation until {when(running.ends_at)}.")
            await self._close_vacation(conn, member_id, now)  # one that ran out unnoticed
            left = await self._days_left(conn, member_id, now)
            per_year = self.settings.vacation_days_per_year
            if not days > 0:
                raise ClockError("A vacation must last longer than zero days.")
            if left <= 0:
                raise ClockError(f"You have used all {per_year} vacation days of this year.")
            if days > left:
                raise ClockError(
                    f"Only {left:g} of your {per_year} vacation days are left this year, "
                    f"so you cannot take {days:g}."
                )
            ends = now + timedelta(days=days)
            await conn.execute(
                "INSERT INTO vacations (member_id, started_at, ends_at) VALUES (?, ?, ?)",
                (member_id, tables.ts(now), tables.ts(ends)),
            )
            await conn.execute(
                "UPDATE matches SET paused_at = ?, version = version + 1 "
                "WHERE status = 'active' AND paused_at IS NULL AND EXISTS (SELECT 1 FROM "
                "match_players p WHERE p.match_id = matches.id AND p.member_id = ? "
                "AND p.seat = matches.current_seat)",
                (tables.ts(now), member_id),
            )
            return await self._member(conn, member_id, now)

    async def end_vacation(self, member_id: int) -> MemberSettings:
        """End the member's vacation now; unused days return to the allowance."""
        now = self.now()
        async with self.store.transaction() as conn:
            if await self._vacation(conn, member_id, now) is None:
                raise ClockError("You are not on vacation.")
            await self._close_vacation(conn, member_id, now)
            return await self._member(conn, member_id, now)

    async def _vacation(
        self, conn: aiosqlite.Connection, member_id: int, now: datetime
    ) -> Vacation | None:
        row = await tables.one(
            conn,
            "SELECT started_at, ends_at FROM vacations WHERE member_id = ? AND closed = 0 "
            "AND ends_at > ?",
            (member_id, tables.ts(now)),
        )
        return None if row is None else Vacation(tables.dt(row[0]), tables.dt(row[1]))

    async def _days_left(self, conn: aiosqlite.Connection, member_id: int, now: datetime) -> float:
        year = datetime(now.year, 1, 1, tzinfo=UTC)
        (used,) = await tables.one(
            conn,
            "SELECT COALESCE(SUM(ends_at - started_at), 0) FROM vacations "
            "WHERE member_id = ? AND started_at >= ?",
            (member_id, tables.ts(year)),
        )
        return max(0.0, round(self.settings.vacation_days_per_year - used / _DAY, 2))

    async def _member(
        self, conn: aiosqlite.Connection, member_id: int, now: datetime
    ) -> MemberSettings:
        """A member's settings with their vacation and the vacation days left."""
        row = await tables.one(
            conn,
            "SELECT reminders, picture_theme FROM members WHERE member_id = ?",
            (member_id,),
        )
        reminders, theme = row if row else (True, None)
        return MemberSettings(
            member_id=member_id,
            reminders=bool(reminders),
            vacation=await self._vacation(conn, member_id, now),
            vacation_days_left=await self._days_left(conn, member_id, now),
            picture_theme=theme,
        )


def _span(match: Match, fraction: float) -> timedelta:
    """That fraction of the match's time per move."""
    return timedelta(hours=match.rules.clock_hours * fraction)
