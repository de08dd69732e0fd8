"""Clocks: reminders, warnings before deadlines, timeouts and vacation (settings are in
`bot.service.settings`).

A member may spend on vacation, each calendar year, the days a server allows (its
setting, else `vacation_days_per_year`), counted by the day: a vacation cut short gives
back the days not used, and in a server whose days are spent the clocks run again.

A turn's clock runs from `turn_started_at` to `deadline`; while the player to act is on
vacation it is paused (`paused_at`) and both times shift by the pause when it resumes.
Each turn is reminded at most once of each kind (see `bot.store.clocks`), and each
deadline warned of at most once at each of the hours its player chose
(`DeadlineWarning.claim`).
"""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta

from bot.match import actions
from bot.match.decision import low_time_from
from bot.match.engine_seats import people
from bot.match.errors import ClockError, MatchOver, PositionChanged
from bot.match.phrases import Message
from bot.match.records import EXPIRED, Match, MatchUpdate
from bot.service.base import ServiceBase, background_request, when
from bot.service.notices import due_notices, notices_from, quiet_now, warning_due
from bot.service.reports import (
    MAX_WARNING_HOURS,
    DeadlineWarning,
    Digest,
    HeldNotices,
    MemberSettings,
    Reminder,
    TickReport,
    Vacation,
)
from bot.store import challenges as challenge_rows
from bot.store import claims as claim_rows
from bot.store import clocks as clock_rows
from bot.store import members as member_rows
from bot.store import notices as notice_rows
from bot.store import requests as request_rows
from bot.store.clocks import CLAIMABLE, IDLE, LOW_TIME
from bot.store.sql import Connection

_KINDS = {IDLE: "idle", LOW_TIME: "low_time", CLAIMABLE: "timeout_claimable"}
#: How long claims on background work are kept after their lease (`bot.store.claims`).
CLAIMS_KEPT = timedelta(days=1)
#: How long a match action's request id is kept (`bot.store.requests`): a retry arrives
#: within minutes from Discord, within hours from a console or a process started again;
#: a week is far beyond both, and keeps the table from growing without bound.
REQUESTS_KEPT = timedelta(days=7)


class ClockMixin(ServiceBase):
    """Time-driven methods of the match service: reminders, timeouts, vacation, and the
    notices due (see `bot.service.notices`)."""

    async def tick(self, *, mark_sent: bool = True) -> TickReport:
        """Do everything due now (and forget claims and request ids kept long enough):
        expire challenges, end finished vacations, end the turns
        whose time ran out (auto-timeout matches), and return the reminders, notices held back
        during quiet hours and digests to send. A reminder of kind "timeout_claimable"
        tells a waiting player they may claim the win. Nobody is reminded during their
        quiet hours or of a match they snoozed: the reminder comes after.

        With `mark_sent` the reminders count as sent at once, in the same transaction, so
        no turn is reminded twice; without it (a poster that may fail) they count as sent
        only once the caller reports them posted with `mark_reminded`: a failed post is
        tried again next time, and only a stop between the post and the report may ever
        post one twice. Reminders with nobody to ping (reminders turned off) count as sent.

        Several processes on one database: each does the matches and challenges of the
        servers on its shards (`runs_guild`). Each reminder, held notice and digest returned
        is claimed for this process (`bot.store.claims`), so no other sends it; one not sent
        goes back with `give_back`. Each expiry, vacation's end and timeout is made by one
        process (conditional updates, the version column), which alone returns it; so is
        each match whose clock runs again because the member to act has used up the
        vacation days its server allows (`vacations_cut`)."""
        now = self.now()
        async with self.store.transaction() as conn:
            await claim_rows.prune(conn, now - CLAIMS_KEPT)
            await request_rows.prune(conn, now - REQUESTS_KEPT)
            expired = [
                challenge
                for challenge in await challenge_rows.expiry_due(conn, now)
                if self.runs_guild(challenge.guild_id)
                and await challenge_rows.expire(conn, challenge.id)
            ]
            returning = [
                member
                for member in await member_rows.vacations_due(conn, now)
                if await member_rows.close_vacation(conn, member, now)
            ]
            cut = await self._cut_vacations(conn, now)
        timeouts = await self._auto_timeouts(now)
        async with self.store.transaction() as conn:
            reminders = await self._take_reminders(conn, now, mark_sent)
            held, digests = await due_notices(conn, now)
            held = [h for h in held if await self._claim(conn, *h.claim)]
            digests = [d for d in digests if await self._claim(conn, *d.claim)]
            warnings = await self._take_warnings(conn, now, mark_sent)
        return TickReport(
            reminders=tuple(reminders),
            timeouts=tuple(timeouts),
            expired_challenges=tuple(dataclasses.replace(c, status=EXPIRED) for c in expired),
            vacations_ended=tuple(returning),
            vacations_cut=tuple(cut),
            held=tuple(held),
            digests=tuple(digests),
            warnings=tuple(warnings),
        )

    async def _cut_vacations(self, conn: Connection, now: datetime) -> list[Match]:
        """Restart the paused clocks whose member has spent, by now, the vacation days of
        the match's server (or of its league's round, `_pause_ends`): each from the moment
        the days ran out. The matches restarted."""
        cut = []
        for match_id, guild_id, member_id, started in await member_rows.paused_by_vacation(conn):
            if not self.runs_guild(guild_id):
                continue
            ends = await self._pause_ends(conn, match_id, guild_id, member_id, started)
            if ends <= now and await member_rows.resume_match(conn, match_id, ends):
                cut.append(await self._fetch_known(conn, match_id))
        return cut

    async def _auto_timeouts(self, now: datetime) -> list[MatchUpdate]:
        async with self.store.reading() as conn:
            due = await clock_rows.timeouts_due(conn, now)
        updates = []
        for match in due:
            if not self.runs_guild(match.guild_id):
                continue
            try:
                update = await self._apply(match, None, background_request(match, actions.TIME_OUT))
            except (PositionChanged, MatchOver):
                continue  # someone moved meanwhile: the clock is no longer out
            if not update.repeated:  # (else another process timed it out and told it)
                updates.append(update)
        return updates

    async def mark_reminded(self, reminder: Reminder) -> None:
        """Count a reminder as sent, for the turn it was made for (a turn that has ended
        since keeps its fresh reminders)."""
        async with self.store.transaction() as conn:
            await clock_rows.mark_reminded(
                conn, reminder.match.id, reminder.bits, reminder.match.turn_started_at
            )
            await claim_rows.finish(conn, *reminder.claim)

    async def _take_warnings(
        self, conn: Connection, now: datetime, mark_sent: bool
    ) -> list[DeadlineWarning]:
        """The warnings due now before running deadlines, each claimed for this process
        (and with `mark_sent` counted as sent at once)."""
        soon = now + timedelta(hours=MAX_WARNING_HOURS)
        warnings = []
        for match in await clock_rows.deadlines_within(conn, now, soon):
            member = match.to_act
            started, deadline = match.turn_started_at, match.deadline
            if member is None or started is None or deadline is None:
                continue
            if not self.runs_guild(match.guild_id):
                continue
            notices = notices_from(await notice_rows.notice_row(conn, member))
            hours = warning_due(notices, started, deadline, now)
            if hours is None:
                continue
            ping = not notices.by_dm or notices.dm == "also"
            warning = DeadlineWarning(match, member, hours, notices.by_dm, ping)
            if not await self._claim(conn, *warning.claim):
                continue  # sent already, or another process sends it
            if mark_sent:
                await claim_rows.finish(conn, *warning.claim)
            warnings.append(warning)
        return warnings

    async def mark_warned(self, warning: DeadlineWarning) -> None:
        """Count a warning as sent: never again before that deadline."""
        await self.finish_work(*warning.claim)

    async def give_back(self, due: Reminder | HeldNotices | Digest | DeadlineWarning) -> None:
        """A reminder, held notices, digest or warning that `tick` gave this process and that
        could not be sent now: another round (of any process) tries again."""
        await self.release_work(*due.claim)

    async def _take_reminders(
        self, conn: Connection, now: datetime, mark_sent: bool
    ) -> list[Reminder]:
        after = self.settings.reminder_after_hours * 3600.0
        fraction = self.settings.reminder_fraction_percent / 100
        candidates = await clock_rows.reminders_due(conn, now, after, fraction)
        off = await member_rows.quiet_members(conn)
        later = await quiet_now(conn, now)  # in their quiet hours: reminded after them
        snoozed = await notice_rows.snoozed(conn, now)
        reminders: list[Reminder] = []
        for match in candidates:
            if not self.runs_guild(match.guild_id):
                continue
            sent = match._reminded
            if match.deadline is not None and match.deadline <= now:
                mark, targets = IDLE | LOW_TIME | CLAIMABLE, []
                if not match.rules.auto_timeout and not sent & CLAIMABLE:
                    targets = [s.member_id for s in match.seats if not s.retired]
                    targets = [m for m in targets if m != match.to_act]
                kind = CLAIMABLE
            else:
                low_at = low_time_from(match, fraction) if fraction > 0 else None
                low = low_at is not None and low_at <= now and not sent & LOW_TIME
                if not low and not _idle_due(match, now, after):
                    continue  # a clock with the weekend pause, low on time later
                kind = LOW_TIME if low else IDLE
                mark = IDLE | LOW_TIME if low else IDLE
                targets = [match.to_act] if match.to_act is not None else []
            targets = people(targets)  # the bot is never reminded
            if any(m in later or (match.id, m) in snoozed for m in targets):
                continue  # quiet hours or a snooze: reminded (all together) after them
            made = [
                Reminder(match, member, _KINDS[kind], match.deadline, mark)
                for member in targets
                if member not in off
            ]
            if made and not await self._claim(conn, *made[0].claim):
                continue  # another process sends them
            if mark_sent or not made:
                await clock_rows.mark_reminded(conn, match.id, mark, match.turn_started_at)
                if made:
                    await claim_rows.finish(conn, *made[0].claim)
            reminders.extend(made)
        return reminders

    async def next_due(self) -> datetime | None:
        """When `tick` next has something to do (None: nothing scheduled)."""
        after = self.settings.reminder_after_hours * 3600.0
        fraction = self.settings.reminder_fraction_percent / 100
        async with self.store.reading() as conn:
            due = [await clock_rows.next_due(conn, after, fraction)]
            if fraction > 0:
                for match in await clock_rows.weekend_turns(conn):
                    if self.runs_guild(match.guild_id):
                        due.append(low_time_from(match, fraction))
            for match_id, guild_id, member_id, started in await member_rows.paused_by_vacation(
                conn
            ):
                if self.runs_guild(guild_id):
                    ends = await self._pause_ends(conn, match_id, guild_id, member_id, started)
                    due.append(ends)
        return min((d for d in due if d is not None), default=None)

    # --- vacation --------------------------------------------------------------------------

    async def start_vacation(
        self, member_id: int, days: float, guild_id: int | None = None
    ) -> MemberSettings:
        """Pause all the member's clocks for `days` (within the yearly allowance of the
        server it is asked in; in a server that allows fewer days, the clocks run again
        when those are spent); it ends early when they move or call `end_vacation`.
        Raises ClockError."""
        now = self.now()
        async with self.store.transaction() as conn:
            running = await member_rows.running_vacation(conn, member_id, now)
            if running is not None:
                raise ClockError(Message("vacation.already", until=when(running[1])))
            await member_rows.close_vacation(conn, member_id, now)  # one that ran out unnoticed
            left = await self._days_left(conn, member_id, now, guild_id)
            per_year = await self._allowance(conn, guild_id)
            if not days > 0:
                raise ClockError(Message("vacation.zero"))
            if left <= 0:
                raise ClockError(Message("vacation.used_up", days=per_year))
            if days > left:
                raise ClockError(
                    Message("vacation.too_long", left=f"{left:g}", days=per_year, asked=f"{days:g}")
                )
            await member_rows.start_vacation(conn, member_id, now, now + timedelta(days=days))
            return await self._member(conn, member_id, now, guild_id)

    async def end_vacation(self, member_id: int, guild_id: int | None = None) -> MemberSettings:
        """End the member's vacation now; unused days return to the allowance (the days
        left are those of the server it is asked in, `guild_id`)."""
        now = self.now()
        async with self.store.transaction() as conn:
            if await member_rows.running_vacation(conn, member_id, now) is None:
                raise ClockError(Message("vacation.none"))
            await member_rows.close_vacation(conn, member_id, now)
            return await self._member(conn, member_id, now, guild_id)

    async def _days_left(
        self, conn: Connection, member_id: int, now: datetime, guild_id: int | None
    ) -> float:
        used = await member_rows.days_used(conn, member_id, now)
        return max(0.0, round(await self._allowance(conn, guild_id) - used, 2))

    async def _member(
        self, conn: Connection, member_id: int, now: datetime, guild_id: int | None = None
    ) -> MemberSettings:
        """A member's settings with their vacation and the vacation days left (of the
        allowance of `guild_id`, or the bot's default)."""
        reminders, theme, skip_preview = await member_rows.member_row(conn, member_id)
        running = await member_rows.running_vacation(conn, member_id, now)
        refused = await member_rows.blocks(conn, member_id)
        return MemberSettings(
            member_id=member_id,
            reminders=reminders,
            vacation=None if running is None else Vacation(*running),
            vacation_days_left=await self._days_left(conn, member_id, now, guild_id),
            picture_theme=theme,
            skip_preview=skip_preview,
            refuses_everyone=member_rows.EVERYONE in refused,
            refuses=tuple(m for m in refused if m != member_rows.EVERYONE),
            notices=notices_from(await notice_rows.notice_row(conn, member_id)),
        )


def _idle_due(match: Match, now: datetime, after: float) -> bool:
    """Whether the idle reminder of the turn is due at `now`: not sent yet, and the turn
    has waited `after` seconds (none: never)."""
    started = match.turn_started_at
    if not after or started is None or match._reminded & IDLE:
        return False
    return started + timedelta(seconds=after) <= now
