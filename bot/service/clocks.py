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
import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from bot.match import actions
from bot.match.decision import low_time_from
from bot.match.engine_seats import people
from bot.match.errors import CannotSave, ClockError, MatchOver, PositionChanged
from bot.match.phrases import Message
from bot.match.records import EXPIRED, Challenge, Match, MatchUpdate
from bot.service.base import Core, background_request, when
from bot.service.due import due_time
from bot.service.notices import due_notices, notices_from, quiet_ends, warning_due
from bot.service.reports import (
    DeadlineWarning,
    Digest,
    HeldNotices,
    MemberSettings,
    Notices,
    Reminder,
    TickReport,
)
from bot.service.settings import SettingsPart
from bot.store import challenges as challenge_rows
from bot.store import claims as claim_rows
from bot.store import clocks as clock_rows
from bot.store import matches as match_rows
from bot.store import members as member_rows
from bot.store import notices as notice_rows
from bot.store import requests as request_rows
from bot.store.clocks import CLAIMABLE, IDLE, LOW_TIME
from bot.store.sql import Connection

log = logging.getLogger("shiftcord.service")
_KINDS = {IDLE: "idle", LOW_TIME: "low_time", CLAIMABLE: "timeout_claimable"}
#: The most due matches one transaction of a round looks at (a round takes batches until
#: none is due).
DUE_BATCH = 100
#: How long claims on background work are kept after their lease (`bot.store.claims`).
CLAIMS_KEPT = timedelta(days=1)
#: How long a match action's request id is kept (`bot.store.requests`): a retry arrives
#: within minutes from Discord, within hours from a console or a process started again;
#: a week is far beyond both, and keeps the table from growing without bound.
REQUESTS_KEPT = timedelta(days=7)


@dataclass
class Visits:
    """What a round found due in the matches it looked at."""

    reminders: list[Reminder] = field(default_factory=list)
    warnings: list[DeadlineWarning] = field(default_factory=list)
    timeouts: list[MatchUpdate] = field(default_factory=list)
    cut: list[Match] = field(default_factory=list)
    #: The next due times the round writes (match as read, due, next warning).
    due: list[tuple[Match, datetime | None, datetime | None]] = field(default_factory=list)
    #: The reminders the round counts as sent (match id, bits, start of its turn).
    marks: list[tuple[int, int, datetime | None]] = field(default_factory=list)
    #: What reminding each member depends on (`bot.store.notices.reminding`), by match
    #: and member, read once for the batch of matches looked at.
    seen: dict[tuple[int, int], tuple[bool, tuple[Any, ...], datetime | None]] = field(
        default_factory=dict
    )
    #: The reminders and warnings a first look at the batch would claim (None: not that
    #: look), and those of them the batch took (`ClocksPart._claimed`).
    wanted: list[tuple[str, str]] | None = None
    taken: set[tuple[str, str]] = field(default_factory=set)


class ClocksPart:
    """What time drives, over the service's core: reminders, timeouts, warnings, the
    notices due (see `bot.service.notices`), vacation, and a server the bot left. A
    vacation's start and end answer with the member's settings (the settings part)."""

    def __init__(self, core: Core, settings: SettingsPart) -> None:
        self._core = core
        self._settings = settings

    async def tick(self, *, mark_sent: bool = True) -> TickReport:
        """Do everything due now (and forget claims and request ids kept long enough):
        expire challenges, end finished vacations, end the turns
        whose time ran out (auto-timeout matches), and return the reminders, notices held back
        during quiet hours and digests to send. A reminder of kind "timeout_claimable"
        tells a waiting player they may claim the win. Nobody is reminded during their
        quiet hours or of a match they snoozed: the reminder comes after.

        Only what is due is read: the matches whose due time has come (`bot.store.clocks`),
        in batches of `DUE_BATCH`, each batch in one transaction that writes each match's
        next due time; challenges and vacations through their own indexes.

        With `mark_sent` the reminders count as sent at once, in the same transaction, so
        no turn is reminded twice; without it (a poster that may fail) they count as sent
        only once the caller reports them posted with `mark_reminded`: a failed post is
        tried again next time, and only a stop between the post and the report may ever
        post one twice. Reminders with nobody to ping (reminders turned off) count as sent.

        Several processes on one database: each does the matches and challenges of the
        servers on its shards (`runs_guild`). A batch of due matches is taken by one
        process in one write transaction, which moves their due times on, so the others
        take the next ones. Each reminder, held notice and digest returned is claimed for
        this process (`bot.store.claims`), so no other sends it; one not sent goes back
        with `give_back`, and a match whose reminder is handed out and not yet marked, or
        whose timeout is being made, is due again once the claim's lease has run out
        (this process stopped: another does it). Each expiry, vacation's end and timeout is
        made by one process (conditional updates, the version column), which alone
        returns it; so is each match whose clock runs again because the member to act has
        used up the vacation days its server allows (`vacations_cut`)."""
        now = self._core.now()
        expired, returning = await self._core.store.transact(
            lambda conn: self._expire_and_return(conn, now)
        )
        found = Visits()
        while True:
            batch, owed = await self._core.store.transact(
                lambda conn: self._visit_batch(conn, now, mark_sent, found)
            )
            found.timeouts += await self._time_out(owed)
            if len(batch) < DUE_BATCH:
                break
        held, digests = await self._core.store.transact(lambda conn: self._notices_due(conn, now))
        return TickReport(
            reminders=tuple(found.reminders),
            timeouts=tuple(found.timeouts),
            expired_challenges=tuple(dataclasses.replace(c, status=EXPIRED) for c in expired),
            vacations_ended=tuple(returning),
            vacations_cut=tuple(found.cut),
            held=tuple(held),
            digests=tuple(digests),
            warnings=tuple(found.warnings),
        )

    async def _expire_and_return(
        self, conn: Connection, now: datetime
    ) -> tuple[list[Challenge], list[int]]:
        """The round's first step, in its own transaction: forget the claims and request ids
        kept long enough, expire the challenges due (of the servers this process runs) and
        end the vacations due; the challenges expired and the members back."""
        await claim_rows.prune(conn, now - CLAIMS_KEPT)
        await request_rows.prune(conn, now - REQUESTS_KEPT)
        expired = [
            challenge
            for challenge in await challenge_rows.expiry_due(conn, now)
            if self._core.runs_guild(challenge.guild_id)
            and await challenge_rows.expire(conn, challenge.id)
        ]
        returning = [
            member
            for member in await member_rows.vacations_due(conn, now)
            if await member_rows.close_vacation(conn, member, now)
        ]
        return expired, returning

    async def _visit_batch(
        self, conn: Connection, now: datetime, mark_sent: bool, found: Visits
    ) -> tuple[list[Match], list[Match]]:
        """One batch of due matches, in its own transaction: each visited (`_visit`, noted
        in `found`) and its next due time written; the batch, and those of its matches
        whose turns are to be timed out."""
        batch = await clock_rows.due_matches(conn, now, DUE_BATCH, self._mine())
        found.seen = await notice_rows.reminding(  # (two reads for the batch)
            conn, {match.id: match.members for match in batch}, now
        )
        found.taken = await self._claim_batch(conn, batch, now, mark_sent, found)
        owed = [match for match in batch if await self._visit(conn, match, now, mark_sent, found)]
        await clock_rows.set_dues(conn, found.due)  # (one round trip)
        await clock_rows.mark_reminded(conn, found.marks)  # (one round trip)
        found.due.clear()
        found.marks.clear()
        return batch, owed

    async def _notices_due(
        self, conn: Connection, now: datetime
    ) -> tuple[list[HeldNotices], list[Digest]]:
        """The round's last step, in its own transaction: the notices held back and the
        digests due, claimed for this process (those another process holds left out)."""
        lease = now + timedelta(seconds=self._core.config.work_lease_seconds)
        held, digests = await due_notices(conn, now, lease)
        wanted = [h.claim for h in held] + [d.claim for d in digests]
        taken = await self._core.claim_all(conn, wanted)
        return [h for h in held if h.claim in taken], [d for d in digests if d.claim in taken]

    def _mine(self) -> str:
        """An SQL condition (AND ...) keeping the matches of the servers this process runs
        (`runs_guild`, as Discord assigns servers to shards); '' for every server."""
        count, ids = self._core.config.shard_count, self._core.config.shard_ids
        if count is None or ids is None:
            return ""
        shards = ", ".join(str(int(shard)) for shard in ids)
        return f" AND (guild_id / {1 << 22}) % {int(count)} IN ({shards})"

    async def _claim_batch(
        self, conn: Connection, batch: list[Match], now: datetime, mark_sent: bool, found: Visits
    ) -> set[tuple[str, str]]:
        """The reminders and warnings due in a batch of matches, claimed for this process (with
        `mark_sent` done at once) in one round trip a hundred: a first look at each running
        clock, which writes nothing, gathers what it would claim; those taken."""
        looking = Visits(seen=found.seen, wanted=[])
        for match in batch:
            if match.paused_at is None:
                await self._visit(conn, match, now, mark_sent, looking)
        assert looking.wanted is not None
        return await self._core.claim_all(conn, looking.wanted, done=mark_sent)

    @staticmethod
    def _claimed(found: Visits, claim: tuple[str, str]) -> bool:
        """Whether the round's batch took `claim` (on the first look, which gathers the
        claims, it counts as taken)."""
        if found.wanted is not None:
            found.wanted.append(claim)
            return True
        return claim in found.taken

    async def _visit(
        self, conn: Connection, match: Match, now: datetime, mark_sent: bool, found: Visits
    ) -> bool:
        """Do what is due now in one match whose due time has come, noting it in `found`,
        and write when its work is next due; whether its turn is to be timed out (after
        this transaction, as an action of its own)."""
        lease = now + timedelta(seconds=self._core.config.work_lease_seconds)
        if match.paused_at is not None:
            await self._visit_paused(conn, match, now, found)
            return False
        if match.rules.auto_timeout and match.deadline is not None and match.deadline <= now:
            found.due.append((match, lease, None))  # again if this process stops first
            return True
        reminders, mark, later = self._reminders_of(match, now, mark_sent, found)
        found.reminders += reminders
        if mark_sent or not reminders:
            match = dataclasses.replace(match, _reminded=match._reminded | mark)
        warning, notices, held_back = self._warning_of(match, now, found)
        if warning is not None:
            found.warnings.append(warning)
        due = due_time(
            match,
            now,
            after_seconds=self._core.config.reminder_after_hours * 3600.0,
            fraction=self._core.config.reminder_fraction_percent / 100,
            warnings=notices.warnings,
            held=later is not None,
        )
        at = min((d for d in (due.at, later) if d is not None), default=None)
        warn = min((d for d in (due.warn_at, held_back) if d is not None), default=None)
        found.due.append((match, _after(at, now, lease), _after(warn, now, lease)))
        return False

    async def _visit_paused(
        self, conn: Connection, match: Match, now: datetime, found: Visits
    ) -> None:
        """A match whose clock the vacation of the member to act pauses: its clock runs
        again from the moment the member has spent the vacation days of the match's
        server (or of its league's round, `_pause_ends`); else it is due then."""
        member = match.to_act
        started = None if member is None else await member_rows.open_vacation_start(conn, member)
        if member is None or started is None:  # (the vacation's end restarts it)
            found.due.append((match, None, None))
            return
        ends = await self._core.pause_ends(conn, match.id, match.guild_id, member, started)
        if ends > now:
            found.due.append((match, ends, None))
        elif await member_rows.resume_match(conn, match.id, ends):  # (due again: looked at next)
            found.cut.append(await self._core.fetch_known(conn, match.id))

    async def _time_out(self, matches: list[Match]) -> list[MatchUpdate]:
        """End the turns whose time ran out, all in one transaction (`Core.apply_each`: each
        as its own action would); the updates, leaving out a match someone moved in
        meanwhile or another process timed out (and tells). Should the batch fail for
        anything but the store (a fault in one match), each is tried alone: a match that
        fails alone is logged and left (due again once the lease has run out), and the
        others' timeouts are made and told."""
        if not matches:
            return []
        try:
            return await self._core.apply_each(matches, actions.TIME_OUT)
        except CannotSave:
            raise
        except Exception:
            log.exception("timing out %d matches together failed; one at a time", len(matches))
        updates = []
        for match in matches:
            try:
                update = await self._core.apply(
                    match, None, background_request(match, actions.TIME_OUT)
                )
            except (PositionChanged, MatchOver):
                continue  # someone moved meanwhile: the clock is no longer out
            except CannotSave:
                raise
            except Exception:
                log.exception("match %s could not be timed out", match.id)
                continue
            if not update.repeated:
                updates.append(update)
        return updates

    async def mark_reminded(self, reminder: Reminder) -> None:
        """Count a reminder as sent, for the turn it was made for (a turn that has ended
        since keeps its fresh reminders), and write when that turn's next reminder is due."""

        async def mark(conn: Connection) -> None:
            await clock_rows.mark_reminded(
                conn, [(reminder.match.id, reminder.bits, reminder.match.turn_started_at)]
            )
            await claim_rows.finish(conn, *reminder.claim)
            match = await match_rows.fetch_match(conn, reminder.match.id)
            if match is not None and match.turn_started_at == reminder.match.turn_started_at:
                due = await self._core.due_time(
                    conn, match, self._core.now()
                )  # (the next reminder)
                await clock_rows.set_due_at(conn, match, due.at)

        await self._core.store.transact(mark)

    def _warning_of(
        self, match: Match, now: datetime, found: Visits
    ) -> tuple[DeadlineWarning | None, Notices, datetime | None]:
        """The warning due now before the match's running deadline, claimed for this
        process with the round's batch (`_claimed`), if any; the notices of the
        member to act; and when their quiet hours end if those hold a warning back."""
        member = match.to_act
        started, deadline = match.turn_started_at, match.deadline
        notices = Notices()
        if member is None or started is None or deadline is None or deadline <= now:
            return None, notices, None
        notices = _reminding(found, match.id, member)[1]
        hours = warning_due(notices, started, deadline, now)
        if hours is None:
            passed = any(started < deadline - timedelta(hours=h) <= now for h in notices.warnings)
            return None, notices, quiet_ends(notices, now) if passed else None
        ping = not notices.by_dm or notices.dm == "also"
        warning = DeadlineWarning(match, member, hours, notices.by_dm, ping)
        if not self._claimed(found, warning.claim):
            return None, notices, None  # sent already, or another process sends it
        return warning, notices, None

    async def mark_warned(self, warning: DeadlineWarning) -> None:
        """Count a warning as sent: never again before that deadline."""
        await self._core.finish_work(*warning.claim)

    async def give_back(self, due: Reminder | HeldNotices | Digest | DeadlineWarning) -> None:
        """A reminder, held notices, digest or warning that `tick` gave this process and that
        could not be sent now: another round (of any process) tries again."""

        async def give(conn: Connection) -> None:
            await claim_rows.release(conn, *due.claim, self._core.worker)
            if isinstance(due, Reminder):
                await clock_rows.due_by(conn, due.match.id, "due_at", self._core.now())
            if isinstance(due, DeadlineWarning):
                await clock_rows.due_by(conn, due.match.id, "warn_at", self._core.now())
            if isinstance(due, HeldNotices | Digest):
                await notice_rows.notice_due_by(conn, due.member_id, self._core.now())

        await self._core.store.transact(give)

    def _reminders_of(
        self, match: Match, now: datetime, mark_sent: bool, found: Visits
    ) -> tuple[list[Reminder], int, datetime | None]:
        """The reminders due now in the match's running turn, claimed for this process;
        the bits they stand for (marked sent at once with `mark_sent`, or when there is
        nobody to ping); and when the quiet hours or snoozes that hold them back end."""
        after = self._core.config.reminder_after_hours * 3600.0
        fraction = self._core.config.reminder_fraction_percent / 100
        sent = match._reminded
        if match.deadline is not None and match.deadline <= now:
            if sent & CLAIMABLE or match.rules.auto_timeout:
                return [], 0, None
            mark, kind = IDLE | LOW_TIME | CLAIMABLE, CLAIMABLE
            targets = [s.member_id for s in match.seats if not s.retired]
            targets = [m for m in targets if m != match.to_act]
        else:
            low_at = low_time_from(match, fraction) if fraction > 0 else None
            low = low_at is not None and low_at <= now and not sent & LOW_TIME
            if not low and not _idle_due(match, now, after):
                return [], 0, None  # (a clock with the weekend pause, low on time later)
            kind = LOW_TIME if low else IDLE
            mark = IDLE | LOW_TIME if low else IDLE
            targets = [match.to_act] if match.to_act is not None else []
        targets = people(targets)  # the bot is never reminded
        wanted = {m: _reminding(found, match.id, m) for m in targets}
        later = [_held_until(notices, snooze, now) for _, notices, snooze in wanted.values()]
        if any(moment is not None for moment in later):  # reminded (all together) after them
            return [], 0, min(moment for moment in later if moment is not None)
        made = [
            Reminder(match, member, _KINDS[kind], match.deadline, mark)
            for member in targets
            if wanted[member][0]  # (reminders on)
        ]
        if made and not self._claimed(found, made[0].claim):
            return [], 0, None  # another process sends them
        if mark_sent or not made:  # (written with the batch's due times)
            found.marks.append((match.id, mark, match.turn_started_at))
        return made, mark, None

    async def keep_due_basis(self) -> None:
        """Compute every active match's due time from what is stored when they were
        computed for other reminder settings than this process's, or never (once after
        the migration that added them): `bot.store.clocks.compute_due`."""
        wanted = (
            self._core.config.reminder_after_hours * 3600.0,
            self._core.config.reminder_fraction_percent / 100,
        )

        if await self._core.store.read(clock_rows.basis) == wanted:
            return

        async def compute(conn: Connection) -> None:
            if await clock_rows.basis(conn) != wanted:  # (another process may have, meanwhile)
                await clock_rows.compute_due(conn, *wanted)

        await self._core.store.transact(compute)

    async def next_due(self) -> datetime | None:
        """When `tick` next has something to do (None: nothing scheduled)."""
        return await self._core.store.read(lambda conn: clock_rows.next_due(conn, self._mine()))

    async def guild_left(self, guild_id: int) -> None:
        """The bot was removed from a server: its matches wait, their clocks stopped, and
        count toward no limit, until the bot is back."""
        await self._core.store.transact(
            lambda conn: member_rows.guild_left(conn, guild_id, self._core.now())
        )

    async def guild_back(self, guild_id: int) -> bool:
        """The bot is in the server (again): waiting matches go on, their clocks later by
        the time it was away. Whether it had been away."""
        return await self._core.store.transact(
            lambda conn: member_rows.guild_back(conn, guild_id, self._core.now())
        )

    # --- vacation --------------------------------------------------------------------------

    async def start_vacation(
        self, member_id: int, days: float, guild_id: int | None = None
    ) -> MemberSettings:
        """Pause all the member's clocks for `days` (within the yearly allowance of the
        server it is asked in; in a server that allows fewer days, the clocks run again
        when those are spent); it ends early when they move or call `end_vacation`.
        Raises ClockError."""
        now = self._core.now()

        async def start(conn: Connection) -> MemberSettings:
            running = await member_rows.running_vacation(conn, member_id, now)
            if running is not None:
                raise ClockError(Message("vacation.already", until=when(running[1])))
            await member_rows.close_vacation(conn, member_id, now)  # one that ran out unnoticed
            left = await self._settings.days_left(conn, member_id, now, guild_id)
            per_year = await self._core.allowance(conn, guild_id)
            if not days > 0:
                raise ClockError(Message("vacation.zero"))
            if left <= 0:
                raise ClockError(Message("vacation.used_up", days=per_year))
            if days > left:
                raise ClockError(
                    Message("vacation.too_long", left=f"{left:g}", days=per_year, asked=f"{days:g}")
                )
            await member_rows.start_vacation(conn, member_id, now, now + timedelta(days=days))
            return await self._settings.member_in(conn, member_id, now, guild_id)

        return await self._core.store.transact(start)

    async def end_vacation(self, member_id: int, guild_id: int | None = None) -> MemberSettings:
        """End the member's vacation now; unused days return to the allowance (the days
        left are those of the server it is asked in, `guild_id`)."""
        now = self._core.now()

        async def end(conn: Connection) -> MemberSettings:
            if await member_rows.running_vacation(conn, member_id, now) is None:
                raise ClockError(Message("vacation.none"))
            await member_rows.close_vacation(conn, member_id, now)
            return await self._settings.member_in(conn, member_id, now, guild_id)

        return await self._core.store.transact(end)


def _reminding(
    found: Visits, match_id: int, member_id: int
) -> tuple[bool, Notices, datetime | None]:
    """What reminding the member in the match depends on (reminders on, notices, a snooze
    running), as read for the round's batch (`bot.store.notices.reminding`)."""
    on, row, snoozed = found.seen[(match_id, member_id)]
    return on, notices_from(row), snoozed


def _held_until(notices: Notices, snoozed: datetime | None, now: datetime) -> datetime | None:
    """Until when a member's reminders in a match wait: the end of their quiet hours or of
    their snooze of it (None: they are reminded now)."""
    return max((t for t in (quiet_ends(notices, now), snoozed) if t is not None), default=None)


def _after(due: datetime | None, now: datetime, lease: datetime) -> datetime | None:
    """A due time to write after a round at `now` has looked: what is still due now (handed
    out and not yet marked sent, or claimed by another process) is looked at again when
    the claims' `lease` has run out."""
    return lease if due is not None and due <= now else due


def _idle_due(match: Match, now: datetime, after: float) -> bool:
    """Whether the idle reminder of the turn is due at `now`: not sent yet, and the turn
    has waited `after` seconds (none: never)."""
    started = match.turn_started_at
    if not after or started is None or match._reminded & IDLE:
        return False
    return started + timedelta(seconds=after) <= now
