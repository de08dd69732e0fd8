"""The SQLite store: one aiosqlite connection in WAL mode, transactions, migrations, backup.

Every read-modify-write runs inside `transaction()` (BEGIN IMMEDIATE ... COMMIT, rolled
back on any error); reads that need a consistent picture use `reading()`. One asyncio lock
keeps the coroutines sharing the connection from interleaving their statements.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from bot.config import Settings
from bot.store.health import (
    StoreError,
    WriteHealth,
    cannot_write,
    check_intact,
    check_place,
    opening_failed,
    reason,
)
from bot.store.migrations import DatabaseTooNew, known_version, migrate

__all__ = ["DatabaseTooNew", "Store", "StoreError", "backup"]


class Store:
    """The database connection and its transactions; open with `await Store.open(path)`."""

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self._lock = asyncio.Lock()
        self._writes = WriteHealth(path)

    @classmethod
    async def open(cls, path: Path | str, *, busy_timeout_ms: int = 5000) -> Store:
        """Open (creating the file and its folder on first start) and migrate the database."""
        path = Path(path)
        name = f"The database {path}"
        check_place(path, name)
        try:
            conn = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.DatabaseError as error:
            raise opening_failed(name, error) from error
        try:
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await known_version(conn, name)  # refuse a newer database before touching it
            await check_intact(conn, name)  # and a damaged one
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute("PRAGMA synchronous = FULL")
            await conn.execute("PRAGMA foreign_keys = ON")
            await migrate(conn, name)
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
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE ... COMMIT around the block; any exception (a failed COMMIT or a
        cancellation at any await included) rolls everything back. When the database cannot
        be written right now (a full disk, a read-only file) the block raises `CannotSave`,
        a refusal for the player, and the admin's log says so once until writing works."""
        async with self._lock:
            try:
                await self.conn.execute("BEGIN IMMEDIATE")
                changes = self.conn.total_changes
                yield self.conn
                await self.conn.commit()
            except BaseException as error:
                await self._end_transaction()
                if cannot_write(error):
                    raise self._writes.failed(error) from error
                raise
            if self.conn.total_changes > changes:  # (one that wrote nothing proves nothing)
                self._writes.worked()

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[aiosqlite.Connection]:
        """A read transaction (one consistent snapshot of the database) around the block."""
        async with self._lock:
            try:
                await self.conn.execute("BEGIN")
                yield self.conn
            finally:
                await self._end_transaction()

    async def _end_transaction(self) -> None:
        """Roll back whatever is open, even when the caller was cancelled mid-statement.

        The rollback is queued behind any statement still running on the connection's
        thread (a BEGIN whose caller was cancelled included), so the connection is never
        left inside a transaction for the next caller.
        """
        await asyncio.shield(self.conn.rollback())


async def backup(settings_or_path: Settings | Path | str, target: Path | str) -> Path:
    """Copy the database consistently to `target` with SQLite's online backup API.

    Safe while the bot runs: it reads through its own connection, and the copy is written
    beside `target` and renamed into place only when complete. Returns the target path.
    """
    if isinstance(settings_or_path, Settings):
        source = settings_or_path.database_path
    else:
        source = Path(settings_or_path)
    if not source.exists():
        raise StoreError(f"There is no database at {source} to back up.")
    target = Path(target)
    if target.exists() and target.resolve() == source.resolve():
        raise StoreError(f"The backup target {target} is the database itself; choose another.")
    if target.is_dir():
        raise StoreError(f"The backup target {target} is a folder; give a file name.")
    partial = target.with_name(target.name + ".partial")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        partial.unlink(missing_ok=True)
        async with aiosqlite.connect(source) as conn:
            await conn.execute("PRAGMA busy_timeout = 10000")
            copy = sqlite3.connect(partial, check_same_thread=False)
            try:
                await conn.backup(copy)
                copy.execute("PRAGMA journal_mode = DELETE")
            finally:
                copy.close()
        partial.replace(target)
    except (OSError, sqlite3.DatabaseError) as error:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        raise StoreError(
            f"The database {source} cannot be backed up to {target}: {reason(error)}."
        ) from error
    return target
