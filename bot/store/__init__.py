"""The store: all SQL of Shiftcord, behind one interface (`Store`) with two databases,
SQLite (the default: one file, `DATABASE_PATH`) and PostgreSQL (`DATABASE_URL`, for
several bot processes). `open_store` opens the one the settings name; the store modules
(`bot.store.matches` and the rest) work on either through `bot.store.sql.Connection`.
"""

from __future__ import annotations

from bot.config import Settings
from bot.store.base import Store
from bot.store.files import backup, restore
from bot.store.health import StoreError
from bot.store.migrations import DatabaseTooNew
from bot.store.sqlite import SqliteStore

__all__ = [
    "DatabaseTooNew",
    "SqliteStore",
    "Store",
    "StoreError",
    "backup",
    "open_store",
    "restore",
]


async def open_store(settings: Settings) -> Store:
    """Open (creating and migrating if needed) the database the settings name:
    PostgreSQL when DATABASE_URL is set, else the SQLite file DATABASE_PATH."""
    if settings.database_url:
        from bot.store.postgres import PostgresStore  # (asyncpg only when it is used)

        return await PostgresStore.open(settings.database_url)
    return await SqliteStore.open(settings.database_path, busy_timeout_ms=settings.busy_timeout_ms)
