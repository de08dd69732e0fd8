"""Small helpers every store module uses: times as stored, and queries in one round trip.

Times are stored as REAL seconds since the epoch (UTC).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import aiosqlite


def ts(moment: datetime | None) -> float | None:
    """A datetime as stored (epoch seconds), None kept."""
    return None if moment is None else moment.timestamp()


def dt(seconds: float | None) -> datetime | None:
    """A stored time as an aware UTC datetime, None kept."""
    return None if seconds is None else datetime.fromtimestamp(seconds, UTC)


def at(seconds: float) -> datetime:
    """A stored time that is never missing (a creation time) as an aware UTC datetime."""
    return datetime.fromtimestamp(seconds, UTC)


async def rows(conn: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> list[Any]:
    """Every row of a query, in one round trip to the database thread."""
    return list(await conn.execute_fetchall(sql, params))


async def one(conn: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> Any:
    """The first row of a query, or None."""
    found = list(await conn.execute_fetchall(sql, params))
    return found[0] if found else None


async def rows_by_parent(
    conn: aiosqlite.Connection, sql: str, ids: Sequence[int]
) -> dict[int, list[Sequence[Any]]]:
    """The rows of a child table for each parent id, in one round trip: `sql` selects the
    parent id first and holds `{ids}` where the placeholders of `IN ({ids})` go; each
    parent's rows come without that first column, in the query's order."""
    grouped: dict[int, list[Sequence[Any]]] = {parent: [] for parent in ids}
    marks = ",".join("?" * len(ids))
    for parent, *rest in await rows(conn, sql.format(ids=marks), ids):
        grouped[parent].append(rest)
    return grouped


#: The connection every store function takes (inside `Store.transaction` or `reading`).
Connection = aiosqlite.Connection
