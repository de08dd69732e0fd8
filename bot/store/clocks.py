"""Queries of the clock: turns whose reminders or timeouts are due, and when the next
thing is due.

`matches.reminded` holds the reminders already sent for the current turn as bits
(`IDLE`, `LOW_TIME`, `CLAIMABLE`), reset when a new turn starts.
"""

from __future__ import annotations

from datetime import datetime

from bot.match.records import Match
from bot.store.matches import PRESENT, fetch_matches
from bot.store.sql import Connection, dt, ts, value

IDLE = 1
LOW_TIME = 2
CLAIMABLE = 4


async def timeouts_due(conn: Connection, now: datetime) -> list[Match]:
    """Matches that end a turn by themselves (auto timeout) whose time has run out."""
    return await fetch_matches(
        conn,
        "status = 'active' AND auto_timeout = 1 AND paused_at IS NULL "
        f"AND deadline <= ? AND {PRESENT} ORDER BY deadline",
        (ts(now),),
    )


async def deadlines_within(conn: Connection, now: datetime, until: datetime) -> list[Match]:
    """Active matches whose running clock (not paused) runs out after `now` and by `until`:
    the turns whose player may be due a warning."""
    return await fetch_matches(
        conn,
        f"status = 'active' AND paused_at IS NULL AND {PRESENT} "
        "AND deadline > ? AND deadline <= ? ORDER BY deadline",
        (ts(now), ts(until)),
    )


async def reminders_due(
    conn: Connection, now: datetime, after_seconds: float, fraction: float
) -> list[Match]:
    """Active matches with a reminder due: the turn has waited `after_seconds`, or only
    `fraction` of the turn's time (its deadline less its start: the time per turn, or the
    bank it began with) is left, or the time ran out (claimable) and that reminder was
    not sent yet. A clock with the weekend pause is one until its low-time reminder is
    sent: when that is due is the match rules' `low_time_from`, not a sum."""
    stamp = ts(now)
    return await fetch_matches(
        conn,
        f"status = 'active' AND paused_at IS NULL AND current_seat IS NOT NULL AND {PRESENT} AND ("
        "(? AND reminded & 1 = 0 AND turn_started_at + ? <= ?) OR "
        "(? AND reminded & 2 = 0 AND (clock_zone IS NOT NULL OR "
        "deadline - (deadline - turn_started_at) * ? <= ?)) OR "
        "(auto_timeout = 0 AND reminded & 4 = 0 AND deadline <= ?))",
        (after_seconds > 0, after_seconds, stamp, fraction > 0, fraction, stamp, stamp),
    )


async def weekend_turns(conn: Connection) -> list[Match]:
    """Active matches whose running clock has the weekend pause and whose low-time
    reminder is not sent yet."""
    return await fetch_matches(
        conn,
        "status = 'active' AND paused_at IS NULL AND clock_zone IS NOT NULL "
        f"AND deadline IS NOT NULL AND reminded & 2 = 0 AND {PRESENT}",
        (),
    )


async def mark_reminded(
    conn: Connection, match_id: int, bits: int, turn_started_at: datetime | None
) -> None:
    """Record reminders as sent for the match's turn that began at `turn_started_at`
    (nothing is marked once another turn has begun)."""
    await conn.run(
        "UPDATE matches SET reminded = reminded | ? WHERE id = ? "
        "AND turn_started_at IS NOT DISTINCT FROM ?",
        (bits, match_id, ts(turn_started_at)),
    )


async def next_due(conn: Connection, after_seconds: float, fraction: float) -> datetime | None:
    """When anything is next due: a challenge expiring, a vacation ending, a reminder or
    a timeout (None: nothing scheduled); but the low-time reminders of clocks with the
    weekend pause, which `weekend_turns` gives."""
    query = (
        "SELECT MIN(t) AS value FROM ("
        "SELECT MIN(expires_at) AS t FROM challenges WHERE status = 'pending' "
        "UNION ALL SELECT MIN(ends_at) FROM vacations WHERE closed = 0 "
        "UNION ALL SELECT MIN(CASE WHEN ? AND reminded & 1 = 0 "
        "  THEN turn_started_at + ? END) FROM matches "
        f"  WHERE status = 'active' AND paused_at IS NULL AND {PRESENT} "
        "UNION ALL SELECT MIN(CASE WHEN ? AND reminded & 2 = 0 "
        "  THEN deadline - (deadline - turn_started_at) * ? END) FROM matches "
        f"  WHERE status = 'active' AND paused_at IS NULL AND clock_zone IS NULL AND {PRESENT} "
        "UNION ALL SELECT MIN(deadline) FROM matches WHERE status = 'active' "
        f"  AND paused_at IS NULL AND {PRESENT} AND (auto_timeout = 1 OR reminded & 4 = 0)) AS due"
    )
    params = (after_seconds > 0, after_seconds, fraction > 0, fraction)
    return dt(await value(conn, query, params))
