"""Notices that respect a member's day: their time zone, turn notices by direct message,
quiet hours (nothing is sent then; what waits is sent after, once, in one message), the
daily digest at their local hour, warnings before their deadlines, refused DMs, and
snoozed reminders. `NoticesPart` is the service's part for them, and for what a face
reports after posting a match's news (`posted_news`).

Hours are the member's local hours, so a digest at 8 stays at 8 across daylight saving
changes. Quiet hours may run across midnight (22 to 7).
"""

from __future__ import annotations

import enum
import zoneinfo
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta
from functools import cache

from bot.match.errors import BadOption, NotAllowed
from bot.match.phrases import Message
from bot.service.base import Core
from bot.service.due import warning_hours
from bot.service.reports import (
    DM_CHOICES,
    MAX_WARNING_HOURS,
    Digest,
    HeldNotices,
    Notices,
    Post,
)
from bot.store import challenges as challenge_rows
from bot.store import claims as claim_rows
from bot.store import clocks as clock_rows
from bot.store import matches as match_rows
from bot.store import notices as notice_rows
from bot.store.sql import Connection

SNOOZE = timedelta(days=1)


class Keep(enum.Enum):
    """The value of a notice setting left as it is."""

    KEEP = 0


KEEP = Keep.KEEP


@cache
def time_zones() -> tuple[str, ...]:
    """Every IANA time zone name this machine knows, sorted."""
    return tuple(sorted(zoneinfo.available_timezones()))


def check_zone(name: str) -> str:
    """A known time zone's name, or BadOption."""
    wanted = name.strip()
    if wanted not in time_zones():
        raise BadOption(Message("settings.zone", zone=repr(name)))
    return wanted


def local(notices: Notices, now: datetime) -> datetime:
    """`now` on the member's own clock."""
    return now.astimezone(zoneinfo.ZoneInfo(notices.time_zone))


def is_quiet(notices: Notices, now: datetime) -> bool:
    """Whether it is the member's quiet hours now (start included, end excluded; a start
    after the end runs across midnight)."""
    start, end = notices.quiet_start, notices.quiet_end
    if start is None or end is None or start == end:
        return False
    hour = local(notices, now).hour
    return start <= hour < end if start < end else hour >= start or hour < end


def quiet_ends(notices: Notices, now: datetime) -> datetime | None:
    """When the member's quiet hours running now end (None: they are not quiet now): the
    next time their own clock shows the hour they end, across daylight saving changes."""
    if not is_quiet(notices, now) or notices.quiet_end is None:
        return None
    mine = local(notices, now)
    end = mine.replace(hour=notices.quiet_end, minute=0, second=0, microsecond=0)
    if end <= mine:
        end += timedelta(days=1)  # (wall-clock arithmetic: the same hour the next day)
    return end.astimezone(UTC)


def warning_due(
    notices: Notices, started: datetime, deadline: datetime, now: datetime
) -> int | None:
    """The member's warning due now before `deadline` (its hours), if any: the last of
    their chosen warnings whose time has come since the turn `started` (a turn shorter
    than a warning never has it; a warning missed during quiet hours gives way to the
    nearer one). None too while their quiet hours hold it back, unless the deadline falls
    in those quiet hours."""
    if deadline <= now:
        return None
    times = {h: deadline - timedelta(hours=h) for h in notices.warnings}
    passed = [h for h, at in times.items() if started < at <= now]
    if not passed:
        return None
    ends = quiet_ends(notices, now)
    if ends is not None and deadline > ends:
        return None  # warned once the quiet hours are over, still in time
    return min(passed)


def check_warnings(hours: Iterable[int]) -> tuple[int, ...]:
    """Warning hours as kept, most first, without repeats; BadOption outside 1 to 24."""
    chosen = tuple(sorted(set(hours), reverse=True))
    if any(not 1 <= h <= MAX_WARNING_HOURS for h in chosen):
        raise BadOption(Message("settings.warning_hours", most=MAX_WARNING_HOURS))
    return chosen


def digest_day(notices: Notices, now: datetime, sent_on: str | None) -> str | None:
    """The local day (ISO date) whose digest is due now, if any: from the member's digest
    hour on, once a day."""
    if notices.digest_hour is None:
        return None
    mine = local(notices, now)
    day = mine.date().isoformat()
    return day if mine.hour >= notices.digest_hour and sent_on != day else None


def notices_from(row: tuple[object, ...]) -> Notices:
    """Notices from the store's columns (`bot.store.notices.COLUMNS`)."""
    zone, dm, digest, start, end, warnings, refused = row
    return Notices(
        time_zone=str(zone or "UTC"),
        dm=str(dm),
        digest_hour=None if digest is None else int(str(digest)),
        quiet_start=None if start is None else int(str(start)),
        quiet_end=None if end is None else int(str(end)),
        dm_refused=refused == notice_rows.DM_REFUSED or refused == notice_rows.DM_TOLD,
        warnings=warning_hours(warnings),
    )


def _hour(value: int | None | Keep, what: str) -> int | None | Keep:
    if isinstance(value, int) and not 0 <= value <= 23:
        raise BadOption(Message(f"settings.hour.{what}"))
    return value


class NoticesPart:
    """A member's notice settings and what the poster reports, over the service's core."""

    def __init__(self, core: Core) -> None:
        self._core = core

    async def set_time_zone(self, member_id: int, zone: str) -> Notices:
        """Set the member's time zone (an IANA name). Raises BadOption."""
        return await self._set_notices(member_id, {"time_zone": check_zone(zone)})

    async def set_notices(
        self,
        member_id: int,
        *,
        dm: str | Keep = KEEP,
        digest_hour: int | None | Keep = KEEP,
        quiet_start: int | None | Keep = KEEP,
        quiet_end: int | None | Keep = KEEP,
        warnings: Iterable[int] | Keep = KEEP,
    ) -> Notices:
        """Change the member's notices (KEEP leaves one as it is; None turns it off;
        `warnings` are hours before a deadline, empty for none). A change tries direct
        messages again if Discord had refused one. Raises BadOption."""
        if isinstance(dm, str) and dm not in DM_CHOICES:
            raise BadOption(Message("settings.dm", choices=", ".join(DM_CHOICES)))
        wanted = {
            "notice_dm": dm,
            "digest_hour": _hour(digest_hour, "digest"),
            "quiet_start": _hour(quiet_start, "quiet_start"),
            "quiet_end": _hour(quiet_end, "quiet_end"),
        }
        if not isinstance(warnings, Keep):
            wanted["warning_hours"] = ",".join(str(h) for h in check_warnings(warnings))
        changes: dict[str, object] = {k: v for k, v in wanted.items() if v is not KEEP}
        changes["dm_refused"] = notice_rows.DM_OPEN
        return await self._set_notices(member_id, changes)

    async def _set_notices(self, member_id: int, changes: dict[str, object]) -> Notices:
        async def change(conn: Connection) -> Notices:
            await notice_rows.set_columns(conn, member_id, changes)
            await clock_rows.warn_again(
                conn, member_id, self._core.now()
            )  # (their warnings' times)
            await notice_rows.notice_due_by(conn, member_id, self._core.now())  # (and digest's)
            return notices_from(await notice_rows.notice_row(conn, member_id))

        return await self._core.store.transact(change)

    async def dm_refused(self, member_id: int) -> None:
        """Discord refused the member a direct message: their notices come as thread pings
        from now on, and they are told so privately at their next interaction."""
        await self._core.store.transact(lambda conn: notice_rows.note_refusal(conn, member_id))

    async def dm_refusal_untold(self, member_id: int) -> bool:
        """Whether the member is still to be told that their DMs were refused (once: it
        counts as told from now on). Every answer that did not act asks (an action's own
        transaction tells it: `Delivery.tell_dm_refused`); only a member still to be told
        costs a write."""
        row = await self._core.store.read(lambda conn: notice_rows.notice_row(conn, member_id))
        if row[-1] != notice_rows.DM_REFUSED:
            return False
        return await self._core.store.transact(
            lambda conn: notice_rows.take_untold_refusal(conn, member_id)
        )

    async def release_held(self, held: HeldNotices) -> None:
        """The held notices were sent: forget them."""

        async def release(conn: Connection) -> None:
            await notice_rows.release(conn, held.member_id, held.last_id)
            await claim_rows.finish(conn, *held.claim)

        await self._core.store.transact(release)

    async def mark_digest_sent(self, digest: Digest) -> None:
        """The digest was sent (or there was nothing to send): never again that day."""

        async def sent(conn: Connection) -> None:
            await notice_rows.set_digest_sent(conn, digest.member_id, digest.day)
            await claim_rows.finish(conn, *digest.claim)

        await self._core.store.transact(sent)

    async def snooze(self, match_id: int, member_id: int) -> datetime:
        """No reminders for the member in the match for a day; returns until when. Raises
        NotAllowed for a member who does not play in it."""
        match = await self._core.load(match_id)
        if member_id not in match.members:
            raise NotAllowed(Message("snooze.not_playing", match=match_id))
        until = self._core.now() + SNOOZE
        await self._core.store.transact(
            lambda conn: notice_rows.snooze(conn, match_id, member_id, until)
        )
        return until

    async def posted_news(
        self,
        match_id: int,
        posts: Sequence[Post],
        *,
        held: Sequence[tuple[int, str]] = (),
        refused: Sequence[int] = (),
    ) -> list[int]:
        """After posting news in the match's thread, in one transaction: remember what each
        message showed (in order: its board's ply, whether its buttons now act in the
        match), keep the turn notices `held` back by quiet hours (member, text) and note
        the members whose direct messages Discord `refused`. Returns the messages whose
        buttons acted before and no longer do (to disable)."""

        async def remember(conn: Connection) -> list[int]:
            match = await self._core.fetch_known(conn, match_id)
            acting, stale = match.buttons_message_id, []
            for post in posts:
                if post.ply is not None:
                    await match_rows.record_board(conn, match_id, post.message_id, post.ply)
                if acting == post.message_id:
                    continue
                if acting is not None:
                    stale.append(acting)
                acting = post.message_id if post.buttons else None
            if acting != match.buttons_message_id:
                await match_rows.set_buttons_message(conn, match_id, acting)
            for member, text in held:
                await notice_rows.hold(conn, member, match_id, text, self._core.now())
            for member in refused:
                await notice_rows.note_refusal(conn, member)
            return stale

        return await self._core.store.transact(remember)


async def due_notices(
    conn: Connection, now: datetime, lease: datetime
) -> tuple[list[HeldNotices], list[Digest]]:
    """Held notices whose member's quiet hours are over, and the digests due now (outside
    quiet hours), of the members due (`members.notice_due`); a digest with nothing in it
    counts as sent at once. Each member's next due time is written: what is handed out
    is due again at `lease` (the claims' lease: sent by then, or given back, or its process
    stopped), what quiet hours hold back when they end, else the next digest."""
    released, digests = [], []
    for row in await notice_rows.notices_due(conn, now):
        member, notices, sent_on = row[0], notices_from(row[1:-1]), row[-1]
        quiet = is_quiet(notices, now)
        waiting = await notice_rows.held(conn, member)
        handed = bool(waiting) and not quiet
        if handed:
            released.append(HeldNotices(member, tuple(t for _, t in waiting), waiting[-1][0]))
        day = digest_day(notices, now, sent_on)
        if day is not None and not quiet:
            mine = [m for m in await match_rows.active_of(conn, member) if m.to_act == member]
            pending = await challenge_rows.pending_challenges(conn, now, member, None)
            invited = [c for c in pending if member in c.invited]
            if mine or invited:
                digests.append(Digest(member, day, tuple(mine), tuple(invited)))
                handed = True
            else:
                await notice_rows.set_digest_sent(conn, member, day)
                sent_on = day
        due = [lease] if handed else []
        if quiet and (waiting or day is not None):
            due.append(quiet_ends(notices, now) or lease)
        upcoming = next_digest(notices, now, sent_on)
        if upcoming is not None and upcoming > now:
            due.append(upcoming)
        await notice_rows.set_notice_due(conn, member, min(due, default=None))
    return released, digests


def next_digest(notices: Notices, now: datetime, sent_on: str | None) -> datetime | None:
    """When the member's next digest is due, the one of their local day `sent_on` sent:
    at their digest hour today if today's is not sent, else tomorrow (wall-clock: the
    same hour across daylight saving changes); None without a digest hour."""
    if notices.digest_hour is None:
        return None
    mine = local(notices, now)
    at = mine.replace(hour=notices.digest_hour, minute=0, second=0, microsecond=0)
    if sent_on == mine.date().isoformat():
        at += timedelta(days=1)
    return at.astimezone(UTC)
