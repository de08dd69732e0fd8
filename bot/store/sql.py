"""What every store module uses: the connection it is handed (the same few calls on SQLite
and on PostgreSQL), times as stored, and child rows in one round trip.

Store modules write their SQL once, in the dialect both databases accept: `?` for
parameters (rewritten to `$1, $2, ...` for PostgreSQL), `ON CONFLICT` instead of
`INSERT OR ...`, no functions only one of them has, and no parameter compared with a bare
integer literal (PostgreSQL would type it, and truncate a float, as an integer).

Times are stored as seconds since the epoch (UTC): REAL in SQLite, DOUBLE PRECISION in
PostgreSQL.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any


class Connection(ABC):
    """The connection every store function takes, inside `Store.transaction()` or
    `reading()`: SQLite's (`bot.store.sqlite`) or PostgreSQL's (`bot.store.postgres`).
    Rows come back as sequences, indexed and unpacked by position."""

    @abstractmethod
    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Every row of a query, in one round trip."""

    @abstractmethod
    async def one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first row of a query, or None."""

    @abstractmethod
    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement that returns no rows; how many rows it changed."""

    @abstractmethod
    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run an INSERT of one row into a table with an `id` key; the new row's id."""

    @abstractmethod
    async def run_many(self, sql: str, params: Iterable[Sequence[Any]]) -> None:
        """Run a statement once for each set of parameters."""


def ts(moment: datetime | None) -> float | None:
    """A datetime as stored (epoch seconds), None kept."""
    return None if moment is None else moment.timestamp()


def dt(seconds: float | None) -> datetime | None:
    """A stored time as an aware UTC datetime, None kept."""
    return None if seconds is None else datetime.fromtimestamp(seconds, UTC)


def at(seconds: float) -> datetime:
    """A stored time that is never missing (a creation time) as an aware UTC datetime."""
    return datetime.fromtimestamp(seconds, UTC)


async def rows(conn: Connection, sql: str, params: Sequence[Any] = ()) -> list[Any]:
    """Every row of a query, in one round trip."""
    return await conn.rows(sql, params)


async def one(conn: Connection, sql: str, params: Sequence[Any] = ()) -> Any:
    """The first row of a query, or None."""
    return await conn.one(sql, params)


async def rows_by_parent(
    conn: Connection, sql: str, ids: Sequence[int]
) -> dict[int, list[Sequence[Any]]]:
    """The rows of a child table for each parent id, in one round trip: `sql` selects the
    parent id first and holds `{ids}` where the placeholders of `IN ({ids})` go; each
    parent's rows come without that first column, in the query's order."""
    grouped: dict[int, list[Sequence[Any]]] = {parent: [] for parent in ids}
    marks = ",".join("?" * len(ids))
    for parent, *rest in await conn.rows(sql.format(ids=marks), ids):
        grouped[parent].append(rest)
    return grouped
