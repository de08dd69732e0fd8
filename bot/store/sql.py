"""What every store module uses: the connection it is handed (the same few calls on SQLite
and on PostgreSQL), the rows it gives (read by column name), times as stored, and child
rows in one round trip.

Store modules write their SQL once, in the dialect both databases accept: `?` for
parameters (rewritten to `$1, $2, ...` for PostgreSQL), `ON CONFLICT` instead of
`INSERT OR ...`, no functions only one of them has, and no parameter compared with a bare
integer literal (PostgreSQL would type it, and truncate a float, as an integer).

Times are stored as seconds since the epoch (UTC): REAL in SQLite, DOUBLE PRECISION in
PostgreSQL.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from typing import Any, Protocol, TypeVar

#: What `with_children` builds from a parent row and its child rows.
T = TypeVar("T")
#: A statement and its parameters, for `Connection.run_together`.
Statement = tuple[str, Sequence[Any]]


class Row(Protocol):
    """One row of a query, its columns read by name (`row["id"]`; name a computed column
    with AS): sqlite3.Row on SQLite, asyncpg's Record on PostgreSQL."""

    def __getitem__(self, column: str, /) -> Any:
        """The value of the column of that name."""


class Connection(ABC):
    """The connection every store function takes, in a transaction of the store's
    (`Store.transact`, `read`, `transaction()`, `reading()`): SQLite's (`bot.store.sqlite`)
    or PostgreSQL's (`bot.store.postgres`).
    Rows come back as `Row`s, read by column name."""

    @abstractmethod
    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of a query, in one round trip."""

    @abstractmethod
    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
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

    async def run_together(self, statements: Sequence[Statement]) -> list[int]:
        """Run writes (INSERT, UPDATE or DELETE, without RETURNING) that neither read nor
        change a row another one writes, as if one after the other, in one round trip where
        the database allows it (PostgreSQL: one statement of data-modifying WITH queries,
        which all see the database as it was before the statement); how many rows each
        changed."""
        return [await self.run(sql, params) for sql, params in statements]


def ts(moment: datetime | None) -> float | None:
    """A datetime as stored (epoch seconds), None kept."""
    return None if moment is None else moment.timestamp()


def dt(seconds: float | None) -> datetime | None:
    """A stored time as an aware UTC datetime, None kept."""
    return None if seconds is None else datetime.fromtimestamp(seconds, UTC)


def at(seconds: float) -> datetime:
    """A stored time that is never missing (a creation time) as an aware UTC datetime."""
    return datetime.fromtimestamp(seconds, UTC)


async def rows(conn: Connection, sql: str, params: Sequence[Any] = ()) -> list[Row]:
    """Every row of a query, in one round trip."""
    return await conn.rows(sql, params)


async def one(conn: Connection, sql: str, params: Sequence[Any] = ()) -> Row | None:
    """The first row of a query, or None."""
    return await conn.one(sql, params)


async def value(conn: Connection, sql: str, params: Sequence[Any] = ()) -> Any:
    """The one value a query selects (a count, a sum), or None when it finds no row: name
    its column `value` (`SELECT COUNT(*) AS value ...`)."""
    row = await conn.one(sql, params)
    return None if row is None else row["value"]


async def rows_by_parent(
    conn: Connection, sql: str, ids: Sequence[int], parent: str
) -> dict[int, list[Row]]:
    """The rows of a child table for each parent id, in one round trip: `sql` selects the
    column `parent` (the parent's id) and holds `{ids}` where the placeholders of
    `IN ({ids})` go; each parent's rows come in the query's order."""
    grouped: dict[int, list[Row]] = {each: [] for each in ids}
    marks = ",".join("?" * len(ids))
    for row in await conn.rows(sql.format(ids=marks), ids):
        grouped[row[parent]].append(row)
    return grouped


async def with_children(
    conn: Connection,
    sql: str,
    params: Sequence[Any],
    children: str,
    parent: str,
    build: Callable[[Row, Sequence[Row]], T],
) -> list[T]:
    """The rows `sql` selects from a parent table (with its `id`), each built by `build`
    with its rows of a child table (`children` and `parent` as for `rows_by_parent`), in
    two round trips (one when no parent row is found)."""
    found = await rows(conn, sql, params)
    if not found:
        return []
    grouped = await rows_by_parent(conn, children, [row["id"] for row in found], parent)
    return [build(row, grouped[row["id"]]) for row in found]
