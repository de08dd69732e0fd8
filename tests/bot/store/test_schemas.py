"""SQLite's schema and PostgreSQL's, each migrated to the latest version, are the same:
tables, columns (types normalized: whole numbers, floating point, text), nullability,
primary keys, foreign keys, indexes and unique constraints (with their conditions) and
the triggers that keep the move log append-only."""

from __future__ import annotations

import re
import sqlite3

import asyncpg
import pytest

from bot.store import SqliteStore
from bot.store.migrations import LATEST
from bot.store.postgres import PostgresStore

#: PostgreSQL's own additions, each with its reason: the version's table (SQLite keeps
#: it in PRAGMA user_version) and the trigger against TRUNCATE (SQLite has no TRUNCATE).
POSTGRES_ONLY_TABLES = {"schema_version"}
POSTGRES_ONLY_TRIGGERS = {("moves", "moves_append_only_truncate")}

_TYPES = {
    "integer": "whole",
    "bigint": "whole",
    "real": "float",
    "double precision": "float",
    "text": "text",
}


def condition(text: str | None) -> str | None:
    """An index's WHERE condition written the same way for both databases."""
    if text is None:
        return None
    text = re.sub(r"::\w+", "", text).replace("<>", "!=")
    return re.sub(r"[()\s]", "", text).lower()


def sqlite_schema(path) -> dict[str, object]:
    """The schema of an SQLite file, normalized."""
    with sqlite3.connect(path) as raw:
        tables = [
            row[0]
            for row in raw.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' "
                "AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        columns, keys, foreign, indexes = {}, {}, set(), set()
        for table in tables:
            info = raw.execute(f"PRAGMA table_info({table})").fetchall()
            keys[table] = tuple(c[1] for c in sorted(info, key=lambda c: c[5]) if c[5])
            columns[table] = {c[1]: (_TYPES[c[2].lower()], bool(c[3]) or bool(c[5])) for c in info}
            for row in raw.execute(f"PRAGMA foreign_key_list({table})"):
                foreign.add((table, row[3], row[2], row[4]))
            for _seq, name, unique, origin, partial in raw.execute(f"PRAGMA index_list({table})"):
                if origin == "pk":
                    continue
                cols = tuple(r[2] for r in raw.execute(f"PRAGMA index_info({name})"))
                sql = raw.execute(
                    "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", (name,)
                ).fetchone()[0]
                where = sql.split(" WHERE ", 1)[1] if partial else None
                shown = name if origin == "c" else None  # a UNIQUE constraint's is made up
                indexes.add((table, shown, bool(unique), cols, condition(where)))
        triggers = set(
            raw.execute("SELECT tbl_name, name FROM sqlite_master WHERE type = 'trigger'")
        )
    return {
        "tables": set(tables),
        "columns": columns,
        "keys": keys,
        "foreign": foreign,
        "indexes": indexes,
        "triggers": triggers,
    }


async def postgres_schema(url: str) -> dict[str, object]:
    """The schema of a PostgreSQL database, normalized (PostgreSQL's own additions left out)."""
    conn = await asyncpg.connect(url)
    try:
        tables = {
            row[0]
            for row in await conn.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
            )
        } - POSTGRES_ONLY_TABLES
        columns: dict[str, dict[str, tuple[str, bool]]] = {t: {} for t in tables}
        for table, name, kind, nullable in await conn.fetch(
            "SELECT table_name, column_name, data_type, is_nullable FROM "
            "information_schema.columns WHERE table_schema = current_schema()"
        ):
            if table in tables:
                columns[table][name] = (_TYPES[kind], nullable == "NO")
        keys, foreign, indexes = {}, set(), set()
        for table, name, unique, primary, constraint, cols, where in await conn.fetch(
            "SELECT t.relname, i.relname, x.indisunique, x.indisprimary, "
            "EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid), "
            "ARRAY(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY k(n, o) "
            "JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.n ORDER BY k.o), "
            "pg_get_expr(x.indpred, x.indrelid) FROM pg_index x "
            "JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid "
            "JOIN pg_namespace s ON s.oid = t.relnamespace WHERE s.nspname = current_schema()"
        ):
            if table not in tables:
                continue
            if primary:
                keys[table] = tuple(cols)
            else:
                shown = None if constraint else name
                indexes.add((table, shown, unique, tuple(cols), condition(where)))
        for table, column, target, target_column in await conn.fetch(
            "SELECT t.relname, a.attname, r.relname, b.attname FROM pg_constraint c "
            "JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class r ON r.oid = c.confrelid "
            "JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1] "
            "JOIN pg_attribute b ON b.attrelid = c.confrelid AND b.attnum = c.confkey[1] "
            "WHERE c.contype = 'f'"
        ):
            foreign.add((table, column, target, target_column))
        triggers = {
            (row[0], row[1])
            for row in await conn.fetch(
                "SELECT c.relname, t.tgname FROM pg_trigger t JOIN pg_class c "
                "ON c.oid = t.tgrelid WHERE NOT t.tgisinternal"
            )
        }
    finally:
        await conn.close()
    return {
        "tables": tables,
        "columns": columns,
        "keys": keys,
        "foreign": foreign,
        "indexes": indexes,
        "triggers": triggers - POSTGRES_ONLY_TRIGGERS,
    }


@pytest.mark.asyncio
async def test_both_databases_migrate_to_the_same_schema(tmp_path, postgres_databases):
    await (await SqliteStore.open(tmp_path / "db.sqlite3")).close()
    settings = await postgres_databases.settings(empty=True)
    store = await PostgresStore.open(settings.database_url)
    async with store.reading() as conn:
        assert tuple(await conn.one("SELECT version FROM schema_version")) == (LATEST,)
    await store.close()
    on_sqlite = sqlite_schema(tmp_path / "db.sqlite3")
    on_postgres = await postgres_schema(settings.database_url)
    assert len(on_sqlite["tables"]) >= 18 and len(on_sqlite["indexes"]) >= 13  # all of them
    assert ("moves", "moves_append_only_update") in on_sqlite["triggers"]
    for part in on_sqlite:
        assert on_postgres[part] == on_sqlite[part], part


@pytest.mark.asyncio
async def test_discord_ids_and_times_have_room_on_postgresql(postgres_databases):
    settings = await postgres_databases.settings(empty=True)
    store = await PostgresStore.open(settings.database_url)
    await store.close()
    conn = await asyncpg.connect(settings.database_url)
    try:
        types = dict(
            await conn.fetch(
                "SELECT table_name || '.' || column_name, data_type FROM "
                "information_schema.columns WHERE table_schema = current_schema()"
            )
        )
    finally:
        await conn.close()
    for column in ("matches.id", "matches.guild_id", "members.member_id", "boards.message_id"):
        assert types[column] == "bigint", column
    assert types["matches.seed"] == "bigint"  # 62 random bits
    assert types["moves.at"] == types["matches.deadline"] == "double precision"
    assert types["matches.snapshot"] == "text"
