"""Rows of members and servers: settings, picture themes and vacations.

A member's vacation pauses the clocks of the turns waiting on them (`matches.paused_at`);
closing it shifts those clocks by the length of the pause (and a clock with the weekend
pause runs its time left from then on, leaving out the weekends, `bot.match.weekends`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.match.weekends import moved_deadline
from bot.store.sql import Connection, Row, at, dt, one, rows, ts, value

_DAY = 86400.0


async def upsert(
    conn: Connection, table: str, key: str, key_value: int, column: str, value: Any
) -> None:
    """Set one column of the row `key = key_value` of `table` ("members" or "guilds"),
    creating the row if needed (its other columns keep their defaults)."""
    await conn.run(
        f"INSERT INTO {table} ({key}, {column}) VALUES (?, ?) "
        f"ON CONFLICT ({key}) DO UPDATE SET {column} = excluded.{column}",
        (key_value, value),
    )


async def guild_row(conn: Connection, guild_id: int) -> tuple[int | None, int | None, str | None]:
    """A server's stored clock, challenge channel and picture theme (None: not chosen)."""
    row = await one(
        conn,
        "SELECT clock_hours, challenge_channel_id, picture_theme FROM guilds WHERE guild_id = ?",
        (guild_id,),
    )
    if row is None:
        return None, None, None
    return row["clock_hours"], row["challenge_channel_id"], row["picture_theme"]


async def guild_auto_timeout(conn: Connection, guild_id: int) -> bool:
    """Whether the server's matches end by themselves when time runs out (the default)
    rather than waiting for a claim."""
    chosen = await value(
        conn, "SELECT auto_timeout AS value FROM guilds WHERE guild_id = ?", (guild_id,)
    )
    return chosen is None or bool(chosen)


async def guild_weekend_pause(conn: Connection, guild_id: int) -> bool:
    """Whether the server's new matches pause their clocks at weekends (default: no)."""
    chosen = await value(
        conn, "SELECT weekend_pause AS value FROM guilds WHERE guild_id = ?", (guild_id,)
    )
    return bool(chosen)


async def guild_language(conn: Connection, guild_id: int) -> str | None:
    """The language a server's admins chose for its public posts (None: Discord's
    preferred locale of the server)."""
    chosen = await value(
        conn, "SELECT language AS value FROM guilds WHERE guild_id = ?", (guild_id,)
    )
    return None if chosen is None else str(chosen)


async def guild_languages(conn: Connection) -> dict[int, str]:
    """Every server's chosen language, by server (those left on Discord's are not there)."""
    found = await rows(conn, "SELECT guild_id, language FROM guilds WHERE language IS NOT NULL", ())
    return {row["guild_id"]: row["language"] for row in found}


async def member_locales(conn: Connection, member_ids: list[int]) -> dict[int, str]:
    """The Discord locales of members' last interactions, by member (those never seen
    are not there)."""
    if not member_ids:
        return {}
    marks = ", ".join("?" for _ in member_ids)
    found = await rows(
        conn,
        "SELECT member_id, locale FROM members "
        f"WHERE locale IS NOT NULL AND member_id IN ({marks})",
        tuple(member_ids),
    )
    return {row["member_id"]: row["locale"] for row in found}


async def member_row(conn: Connection, member_id: int) -> tuple[bool, str | None, bool]:
    """A member's reminders setting, picture theme and whether composed moves skip their
    preview (defaults: on, none, no)."""
    row = await one(
        conn,
        "SELECT reminders, picture_theme, skip_preview FROM members WHERE member_id = ?",
        (member_id,),
    )
    if row is None:
        return True, None, False
    return bool(row["reminders"]), row["picture_theme"], bool(row["skip_preview"])


async def themes(
    conn: Connection, guild_id: int, member_id: int | None
) -> tuple[str | None, str | None]:
    """The member's own picture theme and the server's (None where not chosen)."""
    row = await one(
        conn,
        "SELECT (SELECT picture_theme FROM members WHERE member_id = ?) AS mine, "
        "(SELECT picture_theme FROM guilds WHERE guild_id = ?) AS server",
        (member_id, guild_id),
    )
    assert row is not None  # (a SELECT of two values has one row)
    return row["mine"], row["server"]


# --- what an action needs of its match's members ------------------------------------------


@dataclass(frozen=True)
class MatchMembers:
    """What an action needs to know of a match's members, read at once (`match_members`):
    the time zones and warning hours they chose (members who chose none are not named),
    and their open vacations (not yet closed: running now, or run out and not closed yet),
    each (start, end), by member."""

    zones: dict[int, str]
    warnings: dict[int, str]
    vacations: dict[int, list[tuple[datetime, datetime]]]

    def away(self, now: datetime) -> dict[int, tuple[datetime, datetime]]:
        """The members on a vacation running at `now` (as `away` tells), each with it."""
        return {
            member: running
            for member, held in self.vacations.items()
            for running in held
            if running[0] <= now < running[1]
        }


async def match_members(conn: Connection, member_ids: Sequence[int]) -> MatchMembers:
    """The time zones, warning hours and open vacations of these members, in one round trip
    (a move needs all three: they were three)."""
    marks = ",".join("?" * len(member_ids)) or "NULL"
    found = await rows(
        conn,
        "SELECT member_id, time_zone, warning_hours, NULL AS started_at, NULL AS ends_at "
        f"FROM members WHERE member_id IN ({marks}) "
        "AND (time_zone IS NOT NULL OR warning_hours IS NOT NULL) "
        "UNION ALL SELECT member_id, NULL, NULL, started_at, ends_at "
        f"FROM vacations WHERE member_id IN ({marks}) AND closed = 0 ORDER BY 4",
        (*member_ids, *member_ids),
    )
    zones, warnings = {}, {}
    vacations: dict[int, list[tuple[datetime, datetime]]] = {}
    for row in found:
        member = row["member_id"]
        if row["started_at"] is not None:
            vacations.setdefault(member, []).append((at(row["started_at"]), at(row["ends_at"])))
            continue
        if row["time_zone"] is not None:
            zones[member] = row["time_zone"]
        if row["warning_hours"] is not None:
            warnings[member] = row["warning_hours"]
    return MatchMembers(zones, warnings, vacations)


# --- vacations ---------------------------------------------------------------------------


async def running_vacation(
    conn: Connection, member_id: int, now: datetime
) -> tuple[datetime, datetime] | None:
    """(start, end) of the member's vacation running now, if any."""
    row = await one(
        conn,
        "SELECT started_at, ends_at FROM vacations WHERE member_id = ? AND closed = 0 "
        "AND ends_at > ?",
        (member_id, ts(now)),
    )
    if row is None:
        return None
    start, end = dt(row["started_at"]), dt(row["ends_at"])
    assert start is not None and end is not None
    return start, end


async def days_used(conn: Connection, member_id: int, now: datetime) -> float:
    """Vacation days the member has spent by `now` in vacations started this calendar year
    (a running one counts the days gone, not the days booked)."""
    year = datetime(now.year, 1, 1, tzinfo=UTC)
    taken = await value(
        conn,
        "SELECT COALESCE(SUM(CASE WHEN ends_at < ? THEN ends_at ELSE ? END - started_at), 0) "
        "AS value FROM vacations WHERE member_id = ? AND started_at >= ? AND started_at <= ?",
        (ts(now), ts(now), member_id, ts(year), ts(now)),
    )
    return float(taken) / _DAY


async def days_away(conn: Connection, member_id: int, since: datetime, until: datetime) -> float:
    """Vacation days the member spent between `since` and `until`."""
    away = await value(
        conn,
        "SELECT COALESCE(SUM(CASE WHEN ends_at < ? THEN ends_at ELSE ? END "
        "- CASE WHEN started_at > ? THEN started_at ELSE ? END), 0) AS value FROM vacations "
        "WHERE member_id = ? AND ends_at > ? AND started_at < ?",
        (ts(until), ts(until), ts(since), ts(since), member_id, ts(since), ts(until)),
    )
    return float(away) / _DAY


async def guild_vacation_days(conn: Connection, guild_id: int | None) -> int | None:
    """The vacation days a year the server allows each member (None: it chose none)."""
    if guild_id is None:
        return None
    chosen = await value(
        conn, "SELECT vacation_days AS value FROM guilds WHERE guild_id = ?", (guild_id,)
    )
    return None if chosen is None else int(chosen)


async def open_vacation_start(conn: Connection, member_id: int) -> datetime | None:
    """When the member's open vacation started (None: none is open)."""
    started = await value(
        conn,
        "SELECT started_at AS value FROM vacations WHERE member_id = ? AND closed = 0",
        (member_id,),
    )
    return dt(started)


async def start_vacation(conn: Connection, member_id: int, now: datetime, ends: datetime) -> None:
    """Record a vacation and pause the clocks of every turn waiting on the member. One that
    ended at the moment it started (it spent nothing; none runs now, the caller checked) is
    taken up again: a vacation is known by its member and start."""
    await conn.run(
        "INSERT INTO vacations (member_id, started_at, ends_at) VALUES (?, ?, ?) "
        "ON CONFLICT (member_id, started_at) DO UPDATE SET ends_at = excluded.ends_at, "
        "closed = 0",
        (member_id, ts(now), ts(ends)),
    )
    await conn.run(
        "UPDATE matches SET paused_at = ?, due_at = ?, version = version + 1 "
        "WHERE status = 'active' AND paused_at IS NULL AND EXISTS (SELECT 1 FROM "
        "match_players p WHERE p.match_id = matches.id AND p.member_id = ? "
        "AND p.seat = matches.current_seat)",
        (ts(now), ts(now), member_id),
    )


#: How long a match was paused until the time given twice as parameters (0 if it was
#: paused after that time).
_PAUSED = "(CASE WHEN ? > paused_at THEN ? - paused_at ELSE 0 END)"


async def close_vacation(conn: Connection, member_id: int, now: datetime) -> bool:
    """End the member's open vacation (at its end or now, whichever is first) and restart
    their paused clocks, shifted by the time they were paused. Whether this ended one
    (False: there was none open, or another process ended it first)."""
    row = await one(
        conn,
        "SELECT started_at, ends_at FROM vacations WHERE member_id = ? AND closed = 0",
        (member_id,),
    )
    if row is None:
        return False
    started_at, ends_at = row["started_at"], row["ends_at"]
    end = min(ends_at, ts(now))
    closed = await one(
        conn,
        "UPDATE vacations SET ends_at = ?, closed = 1 "
        "WHERE member_id = ? AND started_at = ? AND closed = 0 RETURNING member_id",
        (end, member_id, started_at),
    )
    if closed is None:
        return False
    waiting = (
        "status = 'active' AND paused_at IS NOT NULL "
        "AND EXISTS (SELECT 1 FROM match_players p WHERE p.match_id = matches.id "
        "AND p.member_id = ? AND p.seat = matches.current_seat)"
    )
    await _resume(conn, waiting, (member_id,), end)
    return True


async def resume_match(conn: Connection, match_id: int, at_time: datetime) -> bool:
    """Restart the paused clock of one match as if its pause had ended at `at_time` (the
    member to act stays on vacation elsewhere); whether it was paused."""
    where = "id = ? AND paused_at IS NOT NULL"
    return await _resume(conn, where, (match_id,), at_time.timestamp()) > 0


async def _resume(conn: Connection, where: str, params: tuple[Any, ...], end: float) -> int:
    """Restart the paused clocks of the matches `where` selects, their pause ended at `end`
    (their background work due then: the round works out what is next); how many."""
    weekends = await _weekend_clocks(conn, where, params)
    resumed = await conn.run(
        f"UPDATE matches SET turn_started_at = turn_started_at + {_PAUSED}, "
        f"deadline = deadline + {_PAUSED}, paused_at = NULL, due_at = ?, warn_at = ?, "
        f"version = version + 1 WHERE {where}",
        (end, end, end, end, end, end, *params),
    )
    for match in weekends:
        stopped = at(match["paused_at"])
        await _move_weekend_deadline(conn, match, stopped, max(at(end), stopped))
    return resumed


async def _weekend_clocks(conn: Connection, where: str, params: tuple[Any, ...]) -> list[Row]:
    """The matches `where` selects whose clock has the weekend pause (and a deadline)."""
    return await rows(
        conn,
        f"SELECT id, paused_at, deadline, clock_zone FROM matches WHERE {where} "
        "AND clock_zone IS NOT NULL AND deadline IS NOT NULL",
        params,
    )


async def _move_weekend_deadline(
    conn: Connection, match: Row, stopped: datetime, restart: datetime
) -> None:
    """Set the deadline of a clock with the weekend pause that stood still from `stopped`
    to `restart` (`match` from `_weekend_clocks`): the time it had left runs from then."""
    zone, deadline = match["clock_zone"], at(match["deadline"])
    moved = moved_deadline(deadline, stopped, restart, zone)
    await conn.run("UPDATE matches SET deadline = ? WHERE id = ?", (ts(moved), match["id"]))


async def vacations_due(conn: Connection, now: datetime) -> list[int]:
    """Members whose open vacation has reached its end."""
    found = await rows(
        conn, "SELECT member_id FROM vacations WHERE closed = 0 AND ends_at <= ?", (ts(now),)
    )
    return [row["member_id"] for row in found]


# --- refusing challenges -----------------------------------------------------------------

#: `member_blocks.blocked_id` of a member who refuses challenges from everyone.
EVERYONE = 0


async def blocks(conn: Connection, member_id: int) -> list[int]:
    """Whom the member refuses challenges from (EVERYONE for all), in id order."""
    found = await rows(
        conn,
        "SELECT blocked_id FROM member_blocks WHERE member_id = ? ORDER BY blocked_id",
        (member_id,),
    )
    return [row["blocked_id"] for row in found]


async def set_block(conn: Connection, member_id: int, blocked_id: int, on: bool) -> None:
    """Refuse (or accept again) challenges from `blocked_id` (EVERYONE: from all)."""
    if on:
        await conn.run(
            "INSERT INTO member_blocks (member_id, blocked_id) VALUES (?, ?) "
            "ON CONFLICT DO NOTHING",
            (member_id, blocked_id),
        )
    else:
        await conn.run(
            "DELETE FROM member_blocks WHERE member_id = ? AND blocked_id = ?",
            (member_id, blocked_id),
        )


async def refuses(conn: Connection, member_id: int, challenger_id: int) -> bool:
    """Whether the member refuses challenges from `challenger_id`."""
    row = await one(
        conn,
        "SELECT 1 FROM member_blocks WHERE member_id = ? AND blocked_id IN (?, ?)",
        (member_id, challenger_id, EVERYONE),
    )
    return row is not None


# --- servers the bot was removed from ------------------------------------------------------


async def guild_left(conn: Connection, guild_id: int, now: datetime) -> None:
    """The bot was removed from the server: its matches wait, their clocks stopped."""
    await conn.run(
        "INSERT INTO guilds (guild_id, left_at) VALUES (?, ?) ON CONFLICT (guild_id) "
        "DO UPDATE SET left_at = COALESCE(guilds.left_at, excluded.left_at)",
        (guild_id, ts(now)),
    )


async def guild_back(conn: Connection, guild_id: int, now: datetime) -> bool:
    """The bot is in the server again: its matches' clocks go on, later by the time it was
    away (a vacation's pause moves with them; with the weekend pause, the time left runs
    from now, leaving out the weekends). Whether the bot had been away."""
    row = await one(conn, "SELECT left_at FROM guilds WHERE guild_id = ?", (guild_id,))
    if row is None or row["left_at"] is None:
        return False
    left_at = at(row["left_at"])
    away = max(timedelta(0), now - left_at)
    seconds = away.total_seconds()
    active = "guild_id = ? AND status = 'active'"
    weekends = await _weekend_clocks(conn, active, (guild_id,))
    await conn.run(
        "UPDATE matches SET turn_started_at = turn_started_at + ?, deadline = deadline + ?, "
        f"paused_at = paused_at + ?, due_at = ?, version = version + 1 WHERE {active}",
        (seconds, seconds, seconds, ts(now), guild_id),
    )
    for match in weekends:  # a running clock stood still from the bot's leaving
        stopped = left_at if match["paused_at"] is None else at(match["paused_at"])
        await _move_weekend_deadline(conn, match, stopped, stopped + away)
    await conn.run("UPDATE guilds SET left_at = NULL WHERE guild_id = ?", (guild_id,))
    return True
