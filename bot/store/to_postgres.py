"""`python -m bot migrate-to-postgres URL`: copy the SQLite database into an empty
PostgreSQL database, in one transaction, and prove the copy by replaying every match.

The SQLite file is first brought to the latest schema (backed up beside itself if that
changes it), so both sides have the same tables. Rows are copied table by table, parents
before children, with PostgreSQL's COPY; the id sequences then continue after the largest
id copied. Before committing, every match copied is rebuilt from its seed, options and
move log and compared with its stored position: a match that does not replay, or any
other error, rolls everything back and leaves the PostgreSQL database empty. Once
committed, the tables are analyzed: the planner has their statistics at once, not when
autovacuum first gets to them (without them, a round's read of its due matches' players
walks every player of every match).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg

import games
from bot.match.errors import ReplayError
from bot.match.replay import rebuild_state
from bot.store import postgres_schema
from bot.store.files import in_use
from bot.store.health import StoreError
from bot.store.matches import fetch_matches
from bot.store.postgres import PostgresConnection, describe
from bot.store.sql import Connection, rows_by_parent
from bot.store.sqlite import SqliteStore

#: Rows sent to PostgreSQL in one COPY, and matches replayed per query.
_BATCH = 5000
_MATCHES = 500


@dataclass
class Copied:
    """What was copied: rows per table (in copy order), matches replayed to their stored
    position, and matches of games this Shiftcord does not know (copied, not replayed)."""

    rows: dict[str, int] = field(default_factory=dict)
    replayed: int = 0
    unknown_games: int = 0


async def copy_to_postgres(source: Path, url: str) -> Copied:
    """Copy the SQLite database `source` into the empty PostgreSQL database at `url`."""
    name = describe(url)
    if await asyncio.to_thread(in_use, source):
        raise StoreError(f"The database {source} is in use: stop the bot first, then copy it.")
    sqlite = await SqliteStore.open(source)
    try:
        try:
            target = await asyncpg.connect(url)
        except (OSError, asyncpg.PostgresError) as error:
            raise StoreError(f"{name} cannot be opened: {error}.") from error
        try:
            await _check_empty(target, name)
            async with target.transaction():
                await postgres_schema.migrate(target, name)
                copied = Copied()
                async with sqlite.reading() as snapshot:  # one picture of the whole file
                    for table in await _copy_order(snapshot):
                        copied.rows[table] = await _copy_table(sqlite, target, table)
                await _continue_ids(target)
                await _replay_all(PostgresConnection(target), copied)
            await target.execute("ANALYZE")  # (the planner's statistics of what was copied)
            return copied
        finally:
            await target.close()
    finally:
        await sqlite.close()


async def _check_empty(target: asyncpg.Connection, name: str) -> None:
    """Refuse a database that holds any table: nothing is ever overwritten or merged."""
    tables = await postgres_schema.user_tables(target)
    if tables:
        shown = ", ".join(tables[:5]) + (", ..." if len(tables) > 5 else "")
        raise StoreError(
            f"{name} is not empty (it holds {shown}); migrate-to-postgres copies only into "
            "an empty database, so that nothing is overwritten. Create a new one "
            "(createdb shiftcord) and give its address."
        )


async def _copy_order(conn: Connection) -> list[str]:
    """The SQLite tables, each after the tables its foreign keys point to."""
    tables = [
        row["name"]
        for row in await conn.rows(
            "SELECT name FROM sqlite_master WHERE type = 'table' "
            "AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
    ]
    parents = {
        table: {row["table"] for row in await conn.rows(f"PRAGMA foreign_key_list({table})")}
        for table in tables
    }
    ordered: list[str] = []
    while len(ordered) < len(tables):
        ordered += [t for t in tables if t not in ordered and parents[t] - {t} <= set(ordered)]
    return ordered


async def _copy_table(sqlite: SqliteStore, target: asyncpg.Connection, table: str) -> int:
    """COPY every row of `table` into PostgreSQL, in batches; how many there were (inside
    the caller's read transaction of `sqlite`)."""
    kinds = dict(
        await target.fetch(
            "SELECT column_name, data_type FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND table_name = $1",
            table,
        )
    )
    async with sqlite.conn.execute(f"PRAGMA table_info({table})") as cursor:
        columns = [row["name"] for row in await cursor.fetchall()]
    floats = [kinds[c] == "double precision" for c in columns]
    count = 0
    async with sqlite.conn.execute(f"SELECT {', '.join(columns)} FROM {table}") as cursor:
        while batch := await cursor.fetchmany(_BATCH):
            records = [_as_stored(row, floats) for row in batch]
            await target.copy_records_to_table(table, records=records, columns=columns)
            count += len(records)
    return count


def _as_stored(row: Sequence[Any], floats: Sequence[bool]) -> tuple[Any, ...]:
    """A row with the whole numbers SQLite may keep in its REAL columns made floats."""
    return tuple(
        float(value) if is_float and value is not None else value
        for value, is_float in zip(row, floats, strict=True)
    )


async def _continue_ids(target: asyncpg.Connection) -> None:
    """Make each identity column's sequence go on after the largest id copied."""
    identities = await target.fetch(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND is_identity = 'YES'"
    )
    for table, column in identities:
        await target.execute(
            f"SELECT setval(pg_get_serial_sequence($1, $2), "
            f"(SELECT COALESCE(MAX({column}), 0) + 1 FROM {table}), false)",
            table,
            column,
        )


async def _replay_all(conn: PostgresConnection, copied: Copied) -> None:
    """Rebuild every copied match from its log and compare it with its stored position;
    StoreError (rolling the copy back) naming the matches that differ."""
    wrong: list[str] = []
    last = 0
    while batch := await fetch_matches(conn, "id > ? ORDER BY id LIMIT ?", (last, _MATCHES)):
        logs = await rows_by_parent(
            conn,
            "SELECT match_id, kind, seat, notation FROM moves WHERE match_id IN ({ids}) "
            "ORDER BY match_id, idx",
            [match.id for match in batch],
            "match_id",
        )
        for match in batch:
            last = match.id
            try:
                games.get(match.game)
            except KeyError:
                copied.unknown_games += 1
                continue
            log = [(row["kind"], row["seat"], row["notation"]) for row in logs[match.id]]
            try:
                state = rebuild_state(match.game, len(match.seats), match.seed, match.options, log)
            except ReplayError as error:
                wrong.append(f"#{match.id} ({error})")
                continue
            if state != match.state:
                wrong.append(f"#{match.id} (its log leads to another position)")
            else:
                copied.replayed += 1
    if wrong:
        raise StoreError(
            f"Nothing was copied: {len(wrong)} match(es) do not replay to their stored "
            f"position: {', '.join(wrong[:10])}. The PostgreSQL database was left empty."
        )
