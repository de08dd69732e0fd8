"""The SQLite schema's migrations (`bot.store.schema`, in SQLite's types), applied at
start-up via PRAGMA user_version.

Migration N brings the schema from version N-1 to N. Each runs in its own transaction
(BEGIN IMMEDIATE ... COMMIT, with `user_version` set inside it), so a crash leaves the
database at a whole version.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import aiosqlite

from bot.store.schema import LATEST, MIGRATIONS, SQLITE, statements


class DatabaseTooNew(RuntimeError):
    """The database was written by a newer Shiftcord; this one refuses to touch it."""


async def schema_version(conn: aiosqlite.Connection) -> int:
    """The database's schema version (PRAGMA user_version; 0 for a new file)."""
    async with conn.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


def check_known(version: int, name: str, elsewhere: str) -> int:
    """`version`, or DatabaseTooNew (naming `name`, and `elsewhere` to use instead) when
    this code is older than the database."""
    if version > LATEST:
        raise DatabaseTooNew(
            f"{name} has schema version {version}, but this Shiftcord only knows "
            f"versions up to {LATEST}: it was written by a newer Shiftcord. Update "
            f"Shiftcord (git pull) or {elsewhere}."
        )
    return version


async def known_version(conn: aiosqlite.Connection, name: str = "The database") -> int:
    """The schema version, or DatabaseTooNew (naming `name`) when this code is older."""
    return check_known(await schema_version(conn), name, "point DATABASE_PATH at another file")


async def migrate(
    conn: aiosqlite.Connection,
    name: str = "The database",
    before: Callable[[int], Awaitable[object]] | None = None,
) -> int:
    """Apply every pending migration, each in its own transaction; return the version.

    `conn` must be in autocommit mode (isolation_level None). A database whose version is
    newer than this code knows raises DatabaseTooNew naming `name`. When there is something
    to migrate in a database that is not new (version 0), `before(version)` runs first (the
    store backs the database up there; if it raises, nothing is migrated).
    """
    version = await known_version(conn, name)
    if before is not None and 0 < version < LATEST:
        await before(version)
    while True:
        await conn.execute("BEGIN IMMEDIATE")
        try:
            version = await known_version(conn, name)
            if version == LATEST:
                await conn.execute("COMMIT")
                return version
            for statement in statements(MIGRATIONS[version], SQLITE):
                await conn.execute(statement)
            await conn.execute(f"PRAGMA user_version = {version + 1}")
            await conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:  # (SQLite has rolled back by itself after a full disk)
                await conn.execute("ROLLBACK")
            raise
