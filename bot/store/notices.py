"""Rows of notices: how each member wants to be told (time zone, DMs, digest hour, quiet
hours, warnings before a deadline), notices held back during quiet hours, digests sent,
refused DMs and snoozes.

Members without a row, or with the defaults, want only the thread pings.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.store.sql import Connection, dt, one, rows, ts

#: The notice columns of `members`, in the order `notice_row` returns them.
COLUMNS = (
    "time_zone",
    "notice_dm",
    "digest_hour",
    "quiet_start",
    "quiet_end",
    "warning_hours",
    "dm_refused",
)
_DEFAULTS: tuple[Any, ...] = (None, "off", None, None, None, None, 0)

#: `members.dm_refused`: DMs work (or were never tried), refused and not told, told.
DM_OPEN, DM_REFUSED, DM_TOLD = 0, 1, 2


async def notice_row(conn: Connection, member_id: int) -> tuple[Any, ...]:
    """One member's notice columns (defaults without a row)."""
    row = await one(
        conn, f"SELECT {', '.join(COLUMNS)} FROM members WHERE member_id = ?", (member_id,)
    )
    return tuple(row[column] for column in COLUMNS) if row else _DEFAULTS


async def notices_due(conn: Connection, now: datetime) -> list[tuple[Any, ...]]:
    """(member_id, *COLUMNS, digest_sent_on) of every member whose digest or held notices
    are due by `now` (`members.notice_due`, read through its index)."""
    found = await rows(
        conn,
        f"SELECT member_id, {', '.join(COLUMNS)}, digest_sent_on FROM members "
        "WHERE notice_due <= ? ORDER BY notice_due",
        (ts(now),),
    )
    named = ("member_id", *COLUMNS, "digest_sent_on")
    return [tuple(row[column] for column in named) for row in found]


async def set_columns(conn: Connection, member_id: int, changes: dict[str, Any]) -> None:
    """Set notice columns of the member's row (created if needed); names from COLUMNS."""
    assert set(changes) <= set(COLUMNS)
    await conn.run(
        "INSERT INTO members (member_id) VALUES (?) ON CONFLICT DO NOTHING", (member_id,)
    )
    for column, chosen in changes.items():
        await conn.run(f"UPDATE members SET {column} = ? WHERE member_id = ?", (chosen, member_id))


async def set_notice_due(conn: Connection, member_id: int, due: datetime | None) -> None:
    """When the member's digest or held notices are next due (None: nothing to send)."""
    await conn.run("UPDATE members SET notice_due = ? WHERE member_id = ?", (ts(due), member_id))


async def notice_due_by(conn: Connection, member_id: int, moment: datetime) -> None:
    """Make the member's digest and held notices due by `moment` at the latest (they were
    held, given back, or the member changed their notices)."""
    await conn.run(
        "UPDATE members SET notice_due = ? WHERE member_id = ? "
        "AND (notice_due IS NULL OR notice_due > ?)",
        (ts(moment), member_id, ts(moment)),
    )


async def set_digest_sent(conn: Connection, member_id: int, day: str) -> None:
    """Record the digest of the member's local `day` (ISO date) as sent."""
    await conn.run("UPDATE members SET digest_sent_on = ? WHERE member_id = ?", (day, member_id))


# --- notices held back during quiet hours -------------------------------------------------


async def note_refusal(conn: Connection, member_id: int) -> None:
    """Discord refused the member a direct message: note it (once, until they change their
    notices), so that they are told at their next interaction."""
    row = await notice_row(conn, member_id)
    if row[-1] == DM_OPEN:
        await set_columns(conn, member_id, {"dm_refused": DM_REFUSED})


async def take_untold_refusal(conn: Connection, member_id: int) -> bool:
    """Whether the member is still to be told that Discord refused them a direct message;
    it counts as told from now on (only a member still to be told costs a write)."""
    row = await notice_row(conn, member_id)
    if row[-1] != DM_REFUSED:
        return False
    await set_columns(conn, member_id, {"dm_refused": DM_TOLD})
    return True


async def hold(conn: Connection, member_id: int, match_id: int, text: str, now: datetime) -> None:
    """Keep a notice for the member until their quiet hours end (the member is due now:
    the next round works out when)."""
    await conn.run(
        "INSERT INTO held_notices (member_id, match_id, text, created_at) VALUES (?, ?, ?, ?)",
        (member_id, match_id, text, ts(now)),
    )
    await notice_due_by(conn, member_id, now)


async def held(conn: Connection, member_id: int) -> list[tuple[int, str]]:
    """The member's held notices as (id, text), oldest first."""
    found = await rows(
        conn, "SELECT id, text FROM held_notices WHERE member_id = ? ORDER BY id", (member_id,)
    )
    return [(row["id"], row["text"]) for row in found]


async def release(conn: Connection, member_id: int, last_id: int) -> None:
    """Forget the member's held notices up to `last_id` (they were sent)."""
    await conn.run("DELETE FROM held_notices WHERE member_id = ? AND id <= ?", (member_id, last_id))


# --- snoozed reminders ----------------------------------------------------------------------


async def snooze(conn: Connection, match_id: int, member_id: int, until: datetime) -> None:
    """No reminders for the member in the match until `until`."""
    await conn.run(
        "INSERT INTO snoozes (match_id, member_id, until) VALUES (?, ?, ?) "
        "ON CONFLICT (match_id, member_id) DO UPDATE SET until = excluded.until",
        (match_id, member_id, ts(until)),
    )


async def reminding(
    conn: Connection, members: dict[int, Sequence[int]], now: datetime
) -> dict[tuple[int, int], tuple[bool, tuple[Any, ...], datetime | None]]:
    """What reminding each member of each match depends on, by (match, member), for
    `members` by match id, in two reads whatever their number: whether they want reminders,
    their notice columns (as `notice_row`) and until when they snoozed the match (None: no
    snooze runs now)."""
    everyone = sorted({member for each in members.values() for member in each})
    if not everyone:
        return {}
    wanted = {
        row["member_id"]: (bool(row["reminders"]), tuple(row[c] for c in COLUMNS))
        for row in await rows(
            conn,
            f"SELECT member_id, reminders, {', '.join(COLUMNS)} FROM members "
            f"WHERE member_id IN ({','.join('?' * len(everyone))})",
            everyone,
        )
    }
    snoozed = {
        (row["match_id"], row["member_id"]): dt(row["until"])
        for row in await rows(
            conn,
            "SELECT match_id, member_id, until FROM snoozes "
            f"WHERE match_id IN ({','.join('?' * len(members))}) AND until > ?",
            [*members, ts(now)],
        )
    }
    return {
        (match, member): (*wanted.get(member, (True, _DEFAULTS)), snoozed.get((match, member)))
        for match, each in members.items()
        for member in each
    }
