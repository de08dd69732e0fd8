"""Rows of the challenge tables read into `Challenge` records and written back.

A challenge's members are its challenger (join index 0), the members it names (invited,
no join index until they accept; their position in the challenger's list) and whoever
took an open seat, in join order.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from bot.match.engine_seats import is_engine, level_of, people
from bot.match.records import Challenge, MatchRules
from bot.store.matches import game_title, rules_of
from bot.store.sql import Connection, Row, at, dt, one, ts, value, with_children


async def insert_challenge(
    conn: Connection,
    *,
    guild_id: int,
    channel_id: int,
    challenger_id: int,
    game: str,
    players: int,
    options: Mapping[str, Any],
    rules: MatchRules,
    invited: Sequence[int],
    now: datetime,
    expires: datetime,
    seat_order: Sequence[int] | None = None,
) -> int:
    """Insert a pending challenge with its challenger seated, its bot seats (members of
    `invited` below zero, see `bot.match.engine_seats`) seated after them and the others of
    `invited` named; each of `invited` keeps its place in that list; its id."""
    challenge_id = await conn.insert(
        "INSERT INTO challenges (guild_id, channel_id, challenger_id, game, players, "
        "options, clock_hours, auto_timeout, takebacks, rated, status, created_at, "
        "expires_at, clock_increment, clock_cap, seat_order, weekend_pause) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?)",
        (
            guild_id,
            channel_id,
            challenger_id,
            game,
            players,
            json.dumps(dict(options)),
            rules.clock_hours,
            int(rules.auto_timeout),
            int(rules.takebacks),
            int(rules.rated),
            ts(now),
            ts(expires),
            rules.increment_hours,
            rules.cap_hours,
            None if seat_order is None else json.dumps(list(seat_order)),
            int(rules.weekend_pause),
        ),
    )
    bots = [member for member in invited if is_engine(member)]
    place = {member: position for position, member in enumerate(invited)}
    await conn.run_many(
        "INSERT INTO challenge_members (challenge_id, member_id, invited, join_index, "
        "bot_level, position) VALUES (?, ?, ?, ?, ?, ?)",
        [(challenge_id, challenger_id, 0, 0, None, None)]
        + [(challenge_id, b, 1, 1 + j, level_of(b), place[b]) for j, b in enumerate(bots)]
        + [(challenge_id, member, 1, None, None, place[member]) for member in people(invited)],
    )
    return challenge_id


_CHALLENGE_COLUMNS = (
    "id, guild_id, channel_id, message_id, challenger_id, game, players, options, "
    "clock_hours, auto_timeout, takebacks, rated, status, created_at, expires_at, match_id, "
    "clock_increment, clock_cap, seat_order, weekend_pause"
)


async def fetch_challenges(conn: Connection, where: str, params: Sequence[Any]) -> list[Challenge]:
    """Challenges selected by a WHERE clause, with who joined and who is invited."""
    return await with_children(
        conn,
        f"SELECT {_CHALLENGE_COLUMNS} FROM challenges WHERE {where}",
        params,
        "SELECT challenge_id, member_id, invited, join_index, position FROM challenge_members "
        "WHERE challenge_id IN ({ids})",
        "challenge_id",
        _challenge,
    )


def _challenge(row: Row, member_rows: Sequence[Row]) -> Challenge:
    seated = sorted(
        (m["join_index"], m["member_id"]) for m in member_rows if m["join_index"] is not None
    )
    joined = tuple(member for _join_index, member in seated)
    named_rows = sorted(
        (m for m in member_rows if m["invited"]),
        key=lambda m: (m["position"] is None, m["position"] or 0, m["member_id"]),
    )
    named = tuple(m["member_id"] for m in named_rows)
    invited = tuple(m["member_id"] for m in named_rows if m["join_index"] is None)
    game, players, order = row["game"], row["players"], row["seat_order"]
    return Challenge(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        challenger_id=row["challenger_id"],
        game=game,
        game_title=game_title(game),
        players=players,
        options=json.loads(row["options"]),
        rules=rules_of(row),
        joined=joined,
        invited=invited,
        named=named,
        open_seats=players - len(joined) - len(invited),
        status=row["status"],
        created_at=at(row["created_at"]),
        expires_at=at(row["expires_at"]),
        match_id=row["match_id"],
        seat_order=None if order is None else tuple(json.loads(order)),
    )


async def fetch_challenge(conn: Connection, challenge_id: int) -> Challenge | None:
    """One challenge by id, or None."""
    found = await fetch_challenges(conn, "id = ?", (challenge_id,))
    return found[0] if found else None


async def pending_count(conn: Connection, challenger_id: int, now: datetime) -> int:
    """How many unexpired pending challenges the member has made."""
    count = await value(
        conn,
        "SELECT COUNT(*) AS value FROM challenges WHERE challenger_id = ? "
        "AND status = 'pending' AND expires_at > ?",
        (challenger_id, ts(now)),
    )
    return int(count)


async def take_seat(conn: Connection, challenge_id: int, member_id: int, join_index: int) -> None:
    """Seat a member (invited or not) at `join_index`."""
    await conn.run(
        "INSERT INTO challenge_members (challenge_id, member_id, invited, join_index) "
        "VALUES (?, ?, 0, ?) ON CONFLICT (challenge_id, member_id) "
        "DO UPDATE SET join_index = excluded.join_index",
        (challenge_id, member_id, join_index),
    )


async def membership(
    conn: Connection, challenge_id: int, member_id: int
) -> tuple[bool, int | None] | None:
    """(invited, join index or None) of a member of the challenge; None for outsiders."""
    row = await one(
        conn,
        "SELECT invited, join_index FROM challenge_members "
        "WHERE challenge_id = ? AND member_id = ?",
        (challenge_id, member_id),
    )
    return None if row is None else (bool(row["invited"]), row["join_index"])


async def leave_seat(
    conn: Connection, challenge_id: int, member_id: int, invited: bool, join_index: int
) -> None:
    """A seated member leaves: a named seat stays theirs (not joined), an open seat is
    freed; the later joiners move up one place."""
    leave = (
        "UPDATE challenge_members SET join_index = NULL"
        if invited
        else "DELETE FROM challenge_members"
    )
    await conn.run(f"{leave} WHERE challenge_id = ? AND member_id = ?", (challenge_id, member_id))
    await conn.run(
        "UPDATE challenge_members SET join_index = join_index - 1 "
        "WHERE challenge_id = ? AND join_index > ?",
        (challenge_id, join_index),
    )


async def set_status(
    conn: Connection, challenge_id: int, status: str, match_id: int | None = None
) -> None:
    """Close a challenge with `status` (and the match it started)."""
    await conn.run(
        "UPDATE challenges SET status = ?, match_id = COALESCE(?, match_id) WHERE id = ?",
        (status, match_id, challenge_id),
    )


async def set_message(conn: Connection, challenge_id: int, message_id: int) -> None:
    """Remember the message that shows the challenge."""
    await conn.run("UPDATE challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id))


async def pending_challenges(
    conn: Connection, now: datetime, member_id: int | None, guild_id: int | None
) -> list[Challenge]:
    """Pending challenges a member made, joined or is invited to, and/or of one server,
    oldest first."""
    where = ["status = 'pending'", "expires_at > ?"]
    params: list[Any] = [ts(now)]
    if member_id is not None:
        where.append("id IN (SELECT challenge_id FROM challenge_members WHERE member_id = ?)")
        params.append(member_id)
    if guild_id is not None:
        where.append("guild_id = ?")
        params.append(guild_id)
    return await fetch_challenges(conn, " AND ".join(where) + " ORDER BY id", params)


async def expiry_due(conn: Connection, now: datetime) -> list[Challenge]:
    """The pending challenges past their expiry (to `expire` one by one)."""
    return await fetch_challenges(conn, "status = 'pending' AND expires_at <= ?", (ts(now),))


async def expire(conn: Connection, challenge_id: int) -> bool:
    """Mark a pending challenge expired; whether this did it (False: it was no longer
    pending, another process expired or started it first)."""
    done = await one(
        conn,
        "UPDATE challenges SET status = 'expired' WHERE id = ? AND status = 'pending' RETURNING id",
        (challenge_id,),
    )
    return done is not None


async def last_named(
    conn: Connection, challenger_id: int, member_id: int, since: datetime
) -> datetime | None:
    """When `challenger_id` last named `member_id` in a challenge that has not started,
    if that was after `since`; a challenge withdrawn without a message (its post failed)
    pinged no one and does not count."""
    last = await value(
        conn,
        "SELECT MAX(c.created_at) AS value FROM challenges c JOIN challenge_members m "
        "ON m.challenge_id = c.id WHERE c.challenger_id = ? AND m.member_id = ? "
        "AND m.invited = 1 AND c.status != 'started' AND c.created_at > ? "
        "AND NOT (c.status = 'cancelled' AND c.message_id IS NULL)",
        (challenger_id, member_id, ts(since)),
    )
    return dt(last)


async def challenges_among(
    conn: Connection, guild_id: int, game: str, members: Sequence[int], since: datetime
) -> list[Challenge]:
    """Challenges of `game` in the server made at or after `since` whose players (the
    challenger, the joined and the invited) are exactly `members`, oldest first."""
    found = await fetch_challenges(
        conn,
        "guild_id = ? AND game = ? AND created_at >= ? ORDER BY id",
        (guild_id, game, ts(since)),
    )
    wanted = set(members)
    return [c for c in found if {c.challenger_id, *c.joined, *c.invited} == wanted]
