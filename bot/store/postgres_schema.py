"""The PostgreSQL schema: the migrations of `bot.store.schema` in PostgreSQL's types.

Discord ids and row ids are BIGINT, times DOUBLE PRECISION (epoch seconds, as in SQLite),
counts and flags INTEGER, JSON and names TEXT. Row ids come from identity columns. The
version is the one row of `schema_version`. Each version is applied in its own transaction
under an advisory lock, so that processes starting together migrate once. (Databases made
before the migrations were shared got versions 1 to 9 in one step; the schema is the same.)
"""

from __future__ import annotations

import asyncpg

from bot.store.health import StoreError
from bot.store.migrations import check_known
from bot.store.schema import LATEST, MIGRATIONS, POSTGRES, statements

#: The advisory lock key held while migrating ("shiftcord" in a 63-bit number).
MIGRATION_LOCK = 0x5348494654_0001

#: Where the version is kept (SQLite keeps it in PRAGMA user_version): made with the
#: first version, holding one row.
_VERSION_TABLE = (
    "CREATE TABLE schema_version (version INTEGER NOT NULL)",
    "INSERT INTO schema_version (version) VALUES (0)",
)


async def schema_version(conn: asyncpg.Connection) -> int:
    """The database's schema version (0 for a database Shiftcord has not set up)."""
    if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
        return 0
    return int(await conn.fetchval("SELECT version FROM schema_version"))


async def user_tables(conn: asyncpg.Connection) -> list[str]:
    """The tables of the database's current schema (none in a new database)."""
    found = await conn.fetch(
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1"
    )
    return [row["tablename"] for row in found]


async def migrate(conn: asyncpg.Connection, name: str) -> int:
    """Bring the database to LATEST, each version in its own transaction; the version.

    A database written by a newer Shiftcord raises DatabaseTooNew; a database that holds
    other tables and no Shiftcord schema is refused (StoreError), never changed.
    """
    while True:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            version = check_known(
                await schema_version(conn), name, "point DATABASE_URL at another database"
            )
            if version == LATEST:
                return version
            if version == 0:
                others = await user_tables(conn)
                if others:
                    raise StoreError(
                        f"{name} holds tables that are not Shiftcord's ({', '.join(others[:5])}"
                        f"{', ...' if len(others) > 5 else ''}): give Shiftcord an empty "
                        "database of its own (CREATE DATABASE shiftcord)."
                    )
                for statement in _VERSION_TABLE:
                    await conn.execute(statement)
            for statement in statements(MIGRATIONS[version], POSTGRES):
                await conn.execute(statement)
            await conn.execute("UPDATE schema_version SET version = $1", version + 1)
