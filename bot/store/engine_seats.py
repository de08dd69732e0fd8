"""Rows for the bot as a player: the matches where a bot seat owes something."""

from __future__ import annotations

from bot.match.records import Match
from bot.store.matches import PRESENT, fetch_matches
from bot.store.sql import Connection

#: Active matches (in servers the bot is in) where a bot seat is to act, or where a
#: proposal waits and a bot seat plays (whether it waits for the bot is the caller's to see).
_OWING = (
    f"status = 'active' AND {PRESENT} AND ("
    "EXISTS (SELECT 1 FROM match_players p WHERE p.match_id = matches.id "
    "AND p.seat = matches.current_seat AND p.bot_level IS NOT NULL) OR "
    "(proposal IS NOT NULL AND EXISTS (SELECT 1 FROM match_players b "
    "WHERE b.match_id = matches.id AND b.bot_level IS NOT NULL))) ORDER BY id LIMIT ?"
)


async def owing(conn: Connection, limit: int) -> list[Match]:
    """Up to `limit` active matches where the bot may owe a move or an answer, oldest
    first."""
    return await fetch_matches(conn, _OWING, (limit,))
