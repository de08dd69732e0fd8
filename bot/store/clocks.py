"""Queries of the clock: the matches whose background work is due, and when the next
thing is due.

Each active match keeps when its background work is next due (`matches.due_at`: an idle
or low-time reminder, a warning before its deadline, its timeout or the claim of it, the
end of a vacation's pause; NULL: nothing), written in the transaction of every change
that moves it (`bot.service.due` computes it), and read through the index `matches_due`:
a round reads what is due, never every match. A due time may come early (the round then
finds nothing to do and writes the next one), never late.

`matches.reminded` holds the reminders already sent for the current turn as bits
(`IDLE`, `LOW_TIME`, `CLAIMABLE`), reset when a new turn starts.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import datetime

from bot.match.records import Match
from bot.store.matches import PRESENT, fetch_matches
from bot.store.sql import Connection, dt, one, ts

IDLE = 1
LOW_TIME = 2
CLAIMABLE = 4

#: The most hours before a deadline a warning may come (`bot.service.reports`).
_WARNING_SECONDS = 24 * 3600.0


async def due_matches(conn: Connection, now: datetime, limit: int, mine: str) -> list[Match]:
    """Active matches of servers the bot is in whose background work or next warning is
    due by `now` (up to `limit` of each, the longest due first); `mine` is an SQL
    condition on `guild_id` (AND ...) keeping this process's servers ('' for all)."""
    found: dict[int, Match] = {}
    for column in ("due_at", "warn_at"):
        for match in await fetch_matches(
            conn,
            f"status = 'active' AND {column} <= ? AND {PRESENT}{mine} ORDER BY {column} LIMIT ?",
            (ts(now), limit),
        ):
            found[match.id] = match
    return list(found.values())


async def set_due_at(conn: Connection, match: Match, due: datetime | None) -> None:
    """Write when the match's background work is next due (its next warning kept), unless
    it changed since it was read as `match`."""
    await conn.run(
        "UPDATE matches SET due_at = ? WHERE id = ? AND version = ?",
        (ts(due), match.id, match.version),
    )


async def set_dues(
    conn: Connection, dues: list[tuple[Match, datetime | None, datetime | None]]
) -> None:
    """Write when each match's background work and its next warning are due, (match as
    read, due, next warning), unless it changed since it was read (its change wrote its
    own due times); in one round trip."""
    await conn.run_many(
        "UPDATE matches SET due_at = ?, warn_at = ? WHERE id = ? AND version = ?",
        [(ts(due), ts(warn), match.id, match.version) for match, due, warn in dues],
    )


async def due_by(conn: Connection, match_id: int, column: str, moment: datetime) -> None:
    """Make the match's background work (`column` "due_at") or next warning ("warn_at")
    due by `moment` at the latest (a reminder or warning given back, to be tried again)."""
    assert column in ("due_at", "warn_at")
    await conn.run(
        f"UPDATE matches SET {column} = ? WHERE id = ? AND status = 'active' "
        f"AND ({column} IS NULL OR {column} > ?)",
        (ts(moment), match_id, ts(moment)),
    )


async def look_again_paused(conn: Connection, guild_id: int, now: datetime) -> None:
    """Make the server's paused clocks due now (its vacation allowance changed: when
    their pauses end is worked out again)."""
    await conn.run(
        "UPDATE matches SET due_at = ? WHERE guild_id = ? AND status = 'active' "
        "AND paused_at IS NOT NULL",
        (ts(now), guild_id),
    )


async def warn_again(conn: Connection, member_id: int, now: datetime) -> None:
    """Make the member's matches due now (their warnings, time zone or quiet hours changed:
    when their warnings, and the reminders their quiet hours held back, are due is worked
    out again)."""
    await conn.run(
        "UPDATE matches SET due_at = CASE WHEN due_at > ? THEN ? ELSE due_at END, "
        "warn_at = CASE WHEN warn_at IS NULL OR warn_at > ? THEN ? ELSE warn_at END "
        "WHERE status = 'active' AND id IN "
        "(SELECT match_id FROM match_players WHERE member_id = ?)",
        (ts(now), ts(now), ts(now), ts(now), member_id),
    )


async def mark_reminded(
    conn: Connection, marks: Sequence[tuple[int, int, datetime | None]]
) -> None:
    """Record reminders as sent, (match id, bits, start of its turn) for each: for the
    match's turn that began then (nothing is marked once another turn has begun); in one
    round trip (none for none)."""
    if not marks:
        return
    await conn.run_many(
        "UPDATE matches SET reminded = reminded | ? WHERE id = ? "
        "AND turn_started_at IS NOT DISTINCT FROM ?",
        [(bits, match_id, ts(started)) for match_id, bits, started in marks],
    )


async def next_due(conn: Connection, mine: str) -> datetime | None:
    """When anything is next due: a challenge expiring, a vacation ending, a match's
    background work (of this process's servers, `mine` as in `due_matches`); None:
    nothing scheduled. Each read through its index."""
    query = (
        "SELECT MIN(t) AS value FROM ("
        "SELECT MIN(expires_at) AS t FROM challenges WHERE status = 'pending' "
        "UNION ALL SELECT MIN(ends_at) FROM vacations WHERE closed = 0 "
        "UNION ALL SELECT * FROM (SELECT due_at FROM matches WHERE status = 'active' "
        f"AND due_at IS NOT NULL AND {PRESENT}{mine} ORDER BY due_at LIMIT 1) AS first"
        ") AS due"
    )
    row = await one(conn, query)
    return None if row is None else dt(row["value"])


# --- due times computed from what is stored ------------------------------------------------


async def basis(conn: Connection) -> tuple[float, float] | None:
    """The reminder settings (seconds before the idle reminder, fraction of the time left
    for the low-time one) the stored due times were computed with; None: never."""
    row = await one(conn, "SELECT after_seconds, fraction FROM due_basis")
    return None if row is None else (float(row["after_seconds"]), float(row["fraction"]))


async def compute_due(conn: Connection, after_seconds: float, fraction: float) -> None:
    """Compute every active match's due time from what is stored, for these reminder
    settings, and keep them as the basis (once after the migration that added due times,
    and again when the settings change). Early rather than late: a paused clock, a
    weekend clock's low-time reminder and each deadline's first possible warning (24
    hours before it, or at once where that has passed) are looked at by the next round,
    which writes the exact times. The deadline stands for both the timeout and the
    reminder that it may be claimed (a claim reminder sent, the round writes the next)."""
    candidates = ["deadline"]
    if after_seconds > 0:
        candidates.append(
            f"CASE WHEN reminded & 1 = 0 THEN turn_started_at + {float(after_seconds)!r} END"
        )
    if fraction > 0:
        candidates.append(
            "CASE WHEN reminded & 2 = 0 THEN CASE WHEN clock_zone IS NULL THEN "
            f"deadline - (deadline - turn_started_at) * {float(fraction)!r} "
            "ELSE turn_started_at END END"
        )
    earliest = functools.reduce(_least, candidates)
    await conn.run(  # (one pass: one new version of each row)
        "UPDATE matches SET due_at = CASE WHEN paused_at IS NOT NULL THEN paused_at "
        f"WHEN current_seat IS NULL THEN NULL ELSE {earliest} END, "
        "warn_at = CASE WHEN paused_at IS NULL AND current_seat IS NOT NULL "
        f"THEN deadline - {_WARNING_SECONDS!r} END WHERE status = 'active'"
    )
    await conn.run("DELETE FROM due_basis")
    await conn.run(
        "INSERT INTO due_basis (id, after_seconds, fraction) VALUES (1, ?, ?)",
        (float(after_seconds), float(fraction)),
    )


def _least(first: str, second: str) -> str:
    """SQL for the earlier of two times, either of which may be NULL (the other then; the
    databases' own functions disagree on NULL)."""
    return (
        f"(CASE WHEN ({first}) IS NULL THEN ({second}) WHEN ({second}) IS NULL "
        f"OR ({first}) <= ({second}) THEN ({first}) ELSE ({second}) END)"
    )
