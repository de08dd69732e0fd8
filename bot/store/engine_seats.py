"""Rows for the bot as a player: the matches where a bot seat owes something."""

from __future__ import annotations

from bot.match.records import Match
from bot.store.matches import PRESENT, fetch_matches
from bot.store.sql import Connection

#: Active matches (in servers the bot is in) where a bot seat may owe something
#: (`bot.match.engine_seats.may_owe`, kept with each match), read through an index.
_OWING = f"status = 'active' AND bot_owes = 1 AND {PRESENT} ORDER BY id LIMIT ?"


async def owing(conn: Connection, limit: int) -> list[Match]:
    """Up to `limit` active matches where the bot may owe a move or an answer, oldest
    first."""
    return await fetch_matches(conn, _OWING, (limit,))
