"""Rows of the premoves table (see `bot.match.premoves` for what a premove is)."""

from __future__ import annotations

from bot.match.premoves import Premove
from bot.store.sql import Connection, rows

_FIELDS = ("match_id", "member_id", "ply", "if_move", "then_move", "answer_ply")
_COLUMNS = ", ".join(_FIELDS)


async def of_match(conn: Connection, match_id: int, member_id: int | None = None) -> list[Premove]:
    """A match's premoves (only one member's, if given), in the order they were entered."""
    where, params = "match_id = ?", [match_id]
    if member_id is not None:
        where, params = where + " AND member_id = ?", [match_id, member_id]
    found = await rows(conn, f"SELECT {_COLUMNS} FROM premoves WHERE {where} ORDER BY id", params)
    return [Premove(**{column: row[column] for column in _FIELDS}) for row in found]


async def add(conn: Connection, premove: Premove) -> None:
    """Store a premove; it replaces the member's line for the same move of the opponent."""
    await conn.run(
        f"INSERT INTO premoves ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (match_id, member_id, if_move) DO UPDATE SET "
        "ply = excluded.ply, then_move = excluded.then_move, answer_ply = excluded.answer_ply",
        (
            premove.match_id,
            premove.member_id,
            premove.ply,
            premove.if_move,
            premove.then_move,
            premove.answer_ply,
        ),
    )


async def clear(conn: Connection, match_id: int, member_id: int | None = None) -> int:
    """Delete a match's premoves (only one member's, if given); how many there were."""
    where, params = "match_id = ?", [match_id]
    if member_id is not None:
        where, params = where + " AND member_id = ?", [match_id, member_id]
    return await conn.run(f"DELETE FROM premoves WHERE {where}", params)
