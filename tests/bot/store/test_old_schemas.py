"""Databases made before SQLite's and PostgreSQL's migrations were one list
(`bot.store.schema`) go on as before: SQLite's statements are those it ran then, and a
PostgreSQL database made at version 9 in one step (its SQL kept in old_schemas/) migrates
to exactly the schema a new database gets."""

from __future__ import annotations

import re
from pathlib import Path

import asyncpg
import pytest

from bot.store.postgres import PostgresStore
from bot.store.schema import LATEST, MIGRATIONS, SQLITE, statements

OLD = Path(__file__).parent.parent / "old_schemas"


def old_statements(text: str) -> list[str]:
    """The statements of an SQL file of old_schemas/ (comment lines left out)."""
    lines = [line for line in text.splitlines() if not line.startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";\n\n") if s.strip()]


def test_sqlite_runs_the_statements_it_ran_before_statement_for_statement():
    text = (OLD / "sqlite_v11.sql").read_text()
    versions = re.split(r"^-- version \d+$", text, flags=re.M)[1:]
    assert len(versions) == 11 <= LATEST
    for number, written in enumerate(versions, 1):
        now = [s.rstrip(";").strip() for s in statements(MIGRATIONS[number - 1], SQLITE)]
        assert now == [s.rstrip(";") for s in old_statements(written)], number


async def exact_schema(url: str) -> dict[str, object]:
    """Everything PostgreSQL says of a schema, its own words kept: columns in order with
    their types, defaults and identity, index and constraint definitions, triggers and
    functions."""
    conn = await asyncpg.connect(url)
    try:
        here = "table_schema = current_schema()"
        columns = await conn.fetch(
            "SELECT table_name, ordinal_position, column_name, data_type, is_nullable, "
            f"column_default, is_identity FROM information_schema.columns WHERE {here} "
            "ORDER BY table_name, ordinal_position"
        )
        indexes = await conn.fetch(
            "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() "
            "ORDER BY indexname"
        )
        constraints = await conn.fetch(
            "SELECT c.conrelid::regclass::text, c.conname, pg_get_constraintdef(c.oid) "
            "FROM pg_constraint c JOIN pg_namespace s ON s.oid = c.connamespace "
            "WHERE s.nspname = current_schema() ORDER BY 1, 2"
        )
        triggers = await conn.fetch(
            "SELECT tgname, pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal "
            "ORDER BY tgname"
        )
        functions = await conn.fetch(
            "SELECT p.proname, p.prosrc FROM pg_proc p JOIN pg_namespace s "
            "ON s.oid = p.pronamespace WHERE s.nspname = current_schema() ORDER BY 1"
        )
        version = await conn.fetchval("SELECT version FROM schema_version")
    finally:
        await conn.close()
    found = {"columns": columns, "indexes": indexes, "constraints": constraints}
    found |= {"triggers": triggers, "functions": functions}
    return {part: [tuple(row) for row in rows] for part, rows in found.items()} | {
        "version": version
    }


@pytest.mark.asyncio
async def test_a_postgresql_database_made_at_version_9_in_one_step_migrates_to_the_same_schema(
    postgres_databases,
):
    old_url = (await postgres_databases.settings(empty=True)).database_url
    conn = await asyncpg.connect(old_url)
    try:
        async with conn.transaction():
            for statement in old_statements((OLD / "postgres_v9.sql").read_text()):
                await conn.execute(statement)
        await conn.execute("INSERT INTO members (member_id) VALUES (7)")
    finally:
        await conn.close()
    new_url = (await postgres_databases.settings(empty=True)).database_url
    for url in (old_url, new_url):
        await (await PostgresStore.open(url)).close()
    old, new = await exact_schema(old_url), await exact_schema(new_url)
    assert len(new["columns"]) > 150 and len(new["triggers"]) == 3 and new["functions"]
    assert new["version"] == LATEST
    for part in new:
        assert old[part] == new[part], part
    conn = await asyncpg.connect(old_url)
    try:
        assert await conn.fetchval("SELECT member_id FROM members") == 7  # its rows kept
    finally:
        await conn.close()
