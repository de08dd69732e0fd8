"""The SQLite store: one aiosqlite connection in WAL mode, its transactions and migrations.

Every read-modify-write runs whole in one call to the connection's thread with
`transact()` (BEGIN IMMEDIATE ... COMMIT, rolled back on any error: an action's dozen
statements would otherwise cost a dozen trips to that thread and back), every read with
`read()` (BEGIN ... ROLLBACK, one consistent picture, in one call too); `transaction()` and
`reading()` make the same transactions around a block, one trip per statement. One asyncio
lock keeps the coroutines sharing the connection from interleaving their statements.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from bot.store.base import Store
from bot.store.files import backup, beside
from bot.store.health import (
    WriteHealth,
    check_intact,
    check_place,
    opening_failed,
    write_problem,
)
from bot.store.migrations import known_version, migrate
from bot.store.sql import Connection

log = logging.getLogger("shiftcord.store")
#: What a transaction run by `SqliteStore.transact` or `read` returns.
T = TypeVar("T")
#: What a function run in the connection's thread returns.
R = TypeVar("R")


class SqliteConnection(Connection):
    """The store's calls on an aiosqlite connection."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Every row of a query, in one round trip to the database thread."""
        return list(await self.conn.execute_fetchall(sql, params))

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first row of a query, or None."""
        found = list(await self.conn.execute_fetchall(sql, params))
        return found[0] if found else None

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement; how many rows it changed."""
        cursor = await self.conn.execute(sql, params)
        return cursor.rowcount

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Insert one row; its id (SQLite's rowid, which `id INTEGER PRIMARY KEY` is)."""
        cursor = await self.conn.execute(sql, params)
        assert cursor.lastrowid is not None  # an INSERT gives its row id
        return cursor.lastrowid

    async def run_many(self, sql: str, params: Iterable[Sequence[Any]]) -> None:
        """Run a statement once for each set of parameters."""
        await self.conn.executemany(sql, params)


class InThread(Connection):
    """The store's calls on the sqlite3 connection itself, for a transaction run whole in the
    connection's thread (`SqliteStore.transact`): each is done before it returns, so a
    transaction's body awaits nothing that waits."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Every row of a query."""
        return self.conn.execute(sql, params).fetchall()

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first row of a query, or None."""
        return self.conn.execute(sql, params).fetchone()

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement; how many rows it changed."""
        return self.conn.execute(sql, params).rowcount

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Insert one row; its id (SQLite's rowid, which `id INTEGER PRIMARY KEY` is)."""
        row_id = self.conn.execute(sql, params).lastrowid
        assert row_id is not None  # an INSERT gives its row id
        return row_id

    async def run_many(self, sql: str, params: Iterable[Sequence[Any]]) -> None:
        """Run a statement once for each set of parameters."""
        self.conn.executemany(sql, params)


class SqliteStore(Store):
    """The SQLite database file; open with `await SqliteStore.open(path)`."""

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self.name = f"The database {path}"
        self._calls = SqliteConnection(conn)
        self._lock = asyncio.Lock()
        self._writes = WriteHealth(self.name)

    @classmethod
    async def open(cls, path: Path | str, *, busy_timeout_ms: int = 5000) -> SqliteStore:
        """Open (creating the file and its folder on first start) and migrate the database;
        a first open that fails leaves no file."""
        path = Path(path)
        name = f"The database {path}"
        check_place(path, name)
        existed = path.exists()
        try:
            return await cls._opened(path, name, busy_timeout_ms)
        except BaseException:
            if not existed:  # a first open that failed (a full disk) leaves no file behind
                _remove_unopened(path)
            raise

    @classmethod
    async def _opened(cls, path: Path, name: str, busy_timeout_ms: int) -> SqliteStore:
        """`open` once the place was checked."""
        try:
            conn = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.DatabaseError as error:
            raise opening_failed(name, error) from error
        try:
            conn.row_factory = aiosqlite.Row  # rows read by column name (and by position)
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await known_version(conn, name)  # refuse a newer database before touching it
            await check_intact(conn, name)  # and a damaged one
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute("PRAGMA synchronous = FULL")
            await conn.execute("PRAGMA foreign_keys = ON")
            await migrate(
                conn, name, before=lambda version: _backup_before_migrating(path, version)
            )
        except sqlite3.DatabaseError as error:
            await conn.close()
            raise opening_failed(name, error) from error
        except BaseException:
            await conn.close()
            raise
        return cls(conn, path)

    async def close(self) -> None:
        """Close the connection (waiting for a running transaction to finish)."""
        async with self._lock:
            await self.conn.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """BEGIN IMMEDIATE ... COMMIT around the block; any exception (a failed COMMIT or a
        cancellation at any await included) rolls everything back. When the database cannot
        be written right now (a full disk, a read-only file) the block raises `CannotSave`,
        a refusal for the player, and the admin's log says so once until writing works."""
        async with self._lock:
            try:
                await self.conn.execute("BEGIN IMMEDIATE")
                changes = self.conn.total_changes
                yield self._calls
                await self.conn.commit()
            except BaseException as error:
                await self._end_transaction()
                problem = write_problem(error)
                if problem is not None:
                    raise self._writes.failed(problem) from error
                raise
            if self.conn.total_changes > changes:  # (one that wrote nothing proves nothing)
                self._writes.worked()

    async def transact(self, body: Callable[[Connection], Coroutine[Any, Any, T]]) -> T:
        """Run `body` as one write transaction in one call to the connection's thread: BEGIN
        IMMEDIATE, `body` on the sqlite3 connection itself (`InThread`), COMMIT, or a
        rollback on any error; what `body` returns. Refusals as `transaction()`'s. A caller
        cancelled meanwhile leaves the call to end in the thread (committed or rolled back
        whole) before the connection's next statement."""
        async with self._lock:
            try:
                result, wrote = await self._in_thread(_whole, body)
            except BaseException as error:
                problem = write_problem(error)
                if problem is not None:
                    raise self._writes.failed(problem) from error
                raise
        if wrote:  # (one that wrote nothing proves nothing)
            self._writes.worked()
        return result

    async def read(self, body: Callable[[Connection], Coroutine[Any, Any, T]]) -> T:
        """Run `body` in one read transaction in one call to the connection's thread: BEGIN,
        `body` on the sqlite3 connection itself (`InThread`), ROLLBACK; what `body`
        returns. A caller cancelled meanwhile leaves the call to end in the thread before
        the connection's next statement."""
        async with self._lock:
            return await self._in_thread(_read_whole, body)

    async def _in_thread(
        self,
        run: Callable[[sqlite3.Connection, Callable[[Connection], Coroutine[Any, Any, T]]], R],
        body: Callable[[Connection], Coroutine[Any, Any, T]],
    ) -> R:
        """`run(connection, body)` in the connection's thread, after what is queued there
        (aiosqlite's own way to run a function there); what it returns."""
        call = cast("Callable[..., Coroutine[Any, Any, R]]", self.conn._execute)
        return await call(run, self.conn._conn, body)

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Connection]:
        """A read transaction (one consistent snapshot of the database) around the block."""
        async with self._lock:
            try:
                await self.conn.execute("BEGIN")
                yield self._calls
            finally:
                await self._end_transaction()

    async def _end_transaction(self) -> None:
        """Roll back whatever is open, even when the caller was cancelled mid-statement.

        The rollback is queued behind any statement still running on the connection's
        thread (a BEGIN whose caller was cancelled included), so the connection is never
        left inside a transaction for the next caller.
        """
        await asyncio.shield(self.conn.rollback())


def _whole(
    conn: sqlite3.Connection, body: Callable[[Connection], Coroutine[Any, Any, T]]
) -> tuple[T, bool]:
    """In the connection's thread: `body` in one write transaction, committed, or rolled back
    on any error; what it returned, and whether it changed any row."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        changes = conn.total_changes
        result = _without_waiting(body(InThread(conn)))
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.rollback()
        raise
    return result, conn.total_changes > changes


def _read_whole(
    conn: sqlite3.Connection, body: Callable[[Connection], Coroutine[Any, Any, T]]
) -> T:
    """In the connection's thread: `body` in one read transaction, rolled back at its end
    (a read keeps nothing); what it returned."""
    conn.execute("BEGIN")
    try:
        return _without_waiting(body(InThread(conn)))
    finally:
        if conn.in_transaction:
            conn.rollback()


def _without_waiting(work: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine whose awaits all return at once (`InThread`'s calls) to its end, here;
    one that waits for anything else is stopped there with an error (and its transaction
    rolled back)."""
    try:
        work.send(None)
    except StopIteration as done:
        return cast(T, done.value)
    work.close()
    raise RuntimeError("a transaction run in the database thread awaited something else")


def _remove_unopened(path: Path) -> None:
    """Remove the database file a failed first open made, and SQLite's files beside it: it
    holds nothing, and left there (0 bytes on a full disk) it would be refused as a
    database cut short at the next start."""
    for made in (path, *(Path(f"{path}{end}") for end in ("-wal", "-shm", "-journal"))):
        try:
            made.unlink(missing_ok=True)
        except OSError as error:
            log.warning("could not remove %s after a failed first open: %s", made, error)


async def _backup_before_migrating(path: Path, version: int) -> None:
    """Copy the database at schema `version` beside itself before migrations change it."""
    written = await backup(path, beside(path, f"v{version}"))
    log.info("backed up %s (schema version %d) to %s before migrating it", path, version, written)
