"""The bot's analyses of ended matches, kept beside them (portable SQL): one row per
match and analysis key (`bot.service.analysis.analysis_key`), its JSON as made."""

from __future__ import annotations

from datetime import datetime

from bot.store.sql import Connection, one, ts


async def stored(conn: Connection, match_id: int, key: str) -> str | None:
    """The analysis of the match kept under `key`, or None."""
    row = await one(
        conn,
        "SELECT analysis FROM match_analyses WHERE match_id = ? AND analysis_key = ?",
        (match_id, key),
    )
    return None if row is None else str(row["analysis"])


async def keep(conn: Connection, match_id: int, key: str, analysis: str, now: datetime) -> None:
    """Keep the analysis of the match under `key` (replacing one made before)."""
    await conn.run(
        "INSERT INTO match_analyses (match_id, analysis_key, analysis, made_at) "
        "VALUES (?, ?, ?, ?) ON CONFLICT (match_id, analysis_key) "
        "DO UPDATE SET analysis = excluded.analysis, made_at = excluded.made_at",
        (match_id, key, analysis, ts(now)),
    )
