"""The store's interface: what the match service holds, whichever database is behind it
(`bot.store.sqlite.SqliteStore` or `bot.store.postgres.PostgresStore`)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Coroutine
from contextlib import AbstractAsyncContextManager
from typing import Any, TypeVar

from bot.store.sql import Connection

#: What a transaction run by `Store.transact` returns.
T = TypeVar("T")


class Store(ABC):
    """The database and its transactions. Every read-modify-write runs as one transaction
    (committed at the end, rolled back on any error, one writer at a time), reads in one
    read transaction (one consistent picture): the service hands the store an action's or
    a query's whole body (`transact`, `read`), which SQLite runs in one call to its
    database thread; `transaction()` and `reading()` are the same transactions around a
    block, for work that awaits something else meanwhile (the migration to PostgreSQL, a
    bulk load). `name` ("The database data/shiftcord.sqlite3") starts the messages about
    it."""

    name: str

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Connection]:
        """A write transaction around the block; CannotSave when the database cannot be
        written right now (a refusal for the player: nothing was changed)."""

    async def transact(self, body: Callable[[Connection], Coroutine[Any, Any, T]]) -> T:
        """Run `body` as one write transaction, as `transaction()` runs a block (committed
        when it returns, rolled back on any error, the same refusals), in as few round trips
        to the database as it allows; what `body` returns. `body` awaits nothing but its
        calls on the connection it is given (and store functions making them): SQLite runs
        it whole in one call to its database thread (`SqliteStore.transact`)."""
        async with self.transaction() as conn:
            return await body(conn)

    @abstractmethod
    def reading(self) -> AbstractAsyncContextManager[Connection]:
        """A read transaction (one consistent snapshot of the database) around the block."""

    async def read(self, body: Callable[[Connection], Coroutine[Any, Any, T]]) -> T:
        """Run `body` in one read transaction, as `reading()` runs a block (one consistent
        snapshot, the same refusals), in as few round trips to the database as it allows;
        what `body` returns. `body` awaits nothing but its calls on the connection it is
        given (and store functions making them): SQLite runs it whole in one call to its
        database thread (`SqliteStore.read`)."""
        async with self.reading() as conn:
            return await body(conn)

    @abstractmethod
    async def close(self) -> None:
        """Close the database (waiting for a running transaction to finish)."""
