"""Rows of the challenge tables read into `Challenge` records and written back.

A challenge's members are its challenger (join index 0), the members it names (invited,
no join index until they accept) and whoever took an open seat, in join order.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

import aiosqlite

from bot.service.records import Challenge, MatchRules
from bot.service.tables import dt, game_title, rows, rows_by_parent, ts


async def insert_challenge(
    conn: aiosqlite.Connection,
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
) -> int:
    """Insert a pending challenge with its challenger seated and `invited` named; its id."""
    cursor = await conn.execute(
        "INSERT INTO challenges (guild_id, channel_id, challenger_id, game, players, "
        "options, clock_hours, auto_timeout, takebacks, status, created_at, expires_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)",
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
            ts(now),
            ts(expires),
        ),
    )
    challenge_id = cursor.lastrowid
    await conn.executemany(
        "INSERT INTO challenge_members (challenge_id, member_id, invited, join_index) "
        "VALUES (?, ?, ?, ?)",
        [(challenge_id, challenger_id, 0, 0)]
        + [(challenge_id, member, 1, None) for member in invited],
    )
    return challenge_id


_CHALLENGE_COLUMNS = (
    "id, guild_id, channel_id, message_id, challenger_id, game, players, options, "
    "clock_hours, auto_timeout, takebacks, status, created_at, expires_at, match_id"
)


async def fetch_challenges(
    conn: aiosqlite.Connection, where: str, params: Sequence[Any]
) -> list[Challenge]:
    """Challenges selected by a WHERE clause, with who joined and who is invited."""
    found = await rows(conn, f"SELECT {_CHALLENGE_COLUMNS} FROM challenges WHERE {where}", params)
    if not found:
        return []
    members = await rows_by_parent(
        conn,
        "SELECT challenge_id, member_id, invited, join_index FROM challenge_members "
        "WHERE challenge_id IN ({ids})",
        [row[0] for row in found],
    )
    result = []
    for row in found:
        (cid, guild, channel, message, challenger, game, players, options) = row[:8]
        (clock, auto, takebacks, status, created, expires, match_id) = row[8:]
        people = members[cid]
        seated = sorted((j, m) for m, _i, j in people if j is not None)
        joined = tuple(m for _j, m in seated)
        invited = tuple(sorted(m for m, i, j in people if i and j is None))
        result.append(
            Challenge(
                id=cid,
                guild_id=guild,
                channel_id=channel,
                message_id=message,
                challenger_id=challenger,
                game=game,
                game_title=game_title(game),
                players=players,
                options=json.loads(options),
                rules=MatchRules(clock, bool(auto), bool(takebacks)),
                joined=joined,
                invited=invited,
                open_seats=players - len(joined) - len(invited),
                status=status,
                created_at=dt(created),
                expires_at=dt(expires),
                match_id=match_id,
            )
        )
    return result


async def fetch_challenge(conn: aiosqlite.Connection, challenge_id: int) -> Challenge | None:
    """One challenge by id, or None."""
    found = await fetch_challenges(conn, "id = ?", (challenge_id,))
    return found[0] if found else None
