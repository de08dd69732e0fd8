"""The PostgreSQL store keeps SQLite's guarantees across processes: the move log is
append-only in the database itself, a transaction is all or nothing, write transactions
of two processes run one after the other, a stale write is refused by the version
check, migrations run once and refuse a newer or a foreign database, and a server that
cannot be reached is a refusal that changes nothing (the admin told once)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterator
from urllib.parse import urlsplit

import asyncpg
import pytest

from bot.config import ConfigError, Settings
from bot.match.errors import CannotSave, PositionChanged
from bot.store import DatabaseTooNew, StoreError, open_store
from bot.store import matches as match_rows
from bot.store.migrations import LATEST
from bot.store.postgres import PostgresStore, numbered
from tests.bot.service_fixtures import FakeClock, open_service, start_match


async def admin(url: str, statement: str) -> list[asyncpg.Record]:
    """Rows of `statement` run on its own connection, outside the store."""
    conn = await asyncpg.connect(url)
    try:
        return await conn.fetch(statement)
    finally:
        await conn.close()


def test_placeholders_are_numbered_outside_quoted_text():
    sql = "SELECT ? FROM t WHERE a = '?' AND b IN (?, ?) AND c = 'it''s ?'"
    assert numbered(sql) == "SELECT $1 FROM t WHERE a = '?' AND b IN ($2, $3) AND c = 'it''s ?'"


@pytest.mark.asyncio
async def test_database_url_selects_postgresql(postgres_databases, monkeypatch, tmp_path):
    settings = await postgres_databases.settings()
    monkeypatch.setenv("DATABASE_URL", settings.database_url)
    chosen = Settings.from_env(tmp_path / "missing.env")
    assert chosen.database_url == settings.database_url
    store = await open_store(chosen)
    try:
        assert isinstance(store, PostgresStore) and store.name.startswith("The PostgreSQL")
    finally:
        await store.close()
    assert not (chosen.database_path).exists()  # no SQLite file was made
    monkeypatch.setenv("DATABASE_URL", "mysql://somewhere/db")
    with pytest.raises(ConfigError, match="DATABASE_URL must be a PostgreSQL address"):
        Settings.from_env(tmp_path / "missing.env")


@pytest.mark.asyncio
async def test_the_move_log_is_append_only(postgres_databases):
    service = await open_service(await postgres_databases.settings(), FakeClock())
    try:
        match = await start_match(service)
        state = match.state
        await service.play.act(match.id, match.to_act, _move(state))
        for statement in (
            "UPDATE moves SET notation = 'x'",
            "DELETE FROM moves",
            "TRUNCATE moves CASCADE",
        ):
            with pytest.raises(asyncpg.RaiseError, match="append-only"):
                async with service.store.transaction() as conn:
                    await conn.run(statement)
        record = await service.queries.match_record(match.id)
        assert len(record.log) == 1 and record.log[0].notation != "x"
    finally:
        await service.close()


#: asyncpg's connection methods that send a statement to the server (the pool's
#: connections call them through the class, so counting there sees every one).
SENDING = ("execute", "executemany", "fetch", "fetchrow", "fetchval")
#: What asyncpg's pool sends by default when a connection is given back (the store's pool
#: sends nothing: `bot.store.postgres._left_as_it_is`).
RESET = "SELECT pg_advisory_unlock_all();\nCLOSE ALL;\nUNLISTEN *;\nRESET ALL;"


@contextlib.contextmanager
def sent() -> Iterator[list[str]]:
    """The statements sent to PostgreSQL inside the block, in order: each one round trip
    (BEGIN and COMMIT included; asyncpg prepares a statement it has not cached in one more)."""
    statements: list[str] = []
    real = {name: getattr(asyncpg.Connection, name) for name in SENDING}

    def counted(method):
        async def send(conn, query, *args, **kwargs):
            statements.append(query)
            return await method(conn, query, *args, **kwargs)

        return send

    for name, method in real.items():
        setattr(asyncpg.Connection, name, counted(method))
    try:
        yield statements
    finally:
        for name, method in real.items():
            setattr(asyncpg.Connection, name, method)


@pytest.mark.asyncio
async def test_a_move_is_a_few_round_trips_its_match_read_in_one(postgres_databases):
    service = await open_service(await postgres_databases.settings(), FakeClock())
    try:
        match = await start_match(service)
        with sent() as loading:
            loaded = await service.core.load(match.id)
        await service.play.act(match.id, match.to_act, _move(match.state))  # statements cached
        after = await service.core.load(match.id)
        with sent() as moving:
            moved = await service.play.act(after.id, after.to_act, _move(after.state))
    finally:
        await service.close()
    assert loaded == match and moved.match.ply == 2
    # BEGIN, the request's, the match's, its members' and its premoves' reads, the match's
    # update with its log line and the request's record, COMMIT: 14 before the match was
    # one read, 13 before its members' time zones, warnings and vacations were one read,
    # the three writes one statement, and before the pool left the connection given back
    # as it was (no reset)
    assert moving[0].startswith("BEGIN") and moving[-1] == "COMMIT", moving
    assert RESET not in moving and len(moving) == 7, moving
    (written,) = [s for s in moving if "UPDATE matches" in s or "INSERT INTO" in s]
    assert written.startswith("WITH w0 AS (UPDATE matches"), written
    assert "INSERT INTO moves" in written and "INSERT INTO match_requests" in written
    members = [s for s in moving if "FROM members" in s and "FROM vacations" in s]
    assert len(members) == 1 and "UNION ALL" in members[0], moving
    assert not [s for s in moving if "FROM members" in s and s not in members], moving
    read = [s for s in loading if "FROM matches" in s or "FROM match_players" in s]
    assert len(read) == 1 and "LEFT JOIN match_players" in read[0], loading
    assert loading == ["BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", *read, "COMMIT"]


def _move(state):
    from bot.match.actions import MOVE
    from tests.bot.service_fixtures import request

    return request(MOVE, state.format_move(state.legal_moves()[0]), ply=state.ply)


@pytest.mark.asyncio
async def test_an_error_inside_a_transaction_rolls_everything_back(postgres_databases):
    settings = await postgres_databases.settings()
    store = await PostgresStore.open(settings.database_url)
    try:
        with pytest.raises(ZeroDivisionError):
            async with store.transaction() as conn:
                await conn.run("INSERT INTO members (member_id) VALUES (5)")
                _ = 1 / 0
        async with store.reading() as conn:
            assert await conn.rows("SELECT * FROM members") == []
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_a_cancelled_transaction_is_rolled_back_and_leaks_no_connection(
    postgres_databases,
):
    settings = await postgres_databases.settings()
    store = await PostgresStore.open(settings.database_url, connections=2)

    async def slow(member: int) -> None:
        async with store.transaction() as conn:
            await conn.run("INSERT INTO members (member_id) VALUES (?)", (member,))
            await conn.run("SELECT pg_sleep(5)")

    try:
        for member, delay in enumerate((0, 0.001, 0.01, 0.05, 0.3), start=1):
            task = asyncio.create_task(slow(member))  # cancelled at BEGIN, in a statement...
            await asyncio.sleep(delay)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
        for member in (100, 101, 102):  # more than the pool holds: none was kept
            async with asyncio.timeout(10), store.transaction() as conn:
                await conn.run("INSERT INTO members (member_id) VALUES (?)", (member,))
        async with store.reading() as conn:
            found = await conn.rows("SELECT member_id FROM members ORDER BY 1")
        assert [row[0] for row in found] == [100, 101, 102]
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_write_transactions_of_two_processes_run_one_after_the_other(postgres_databases):
    settings = await postgres_databases.settings()
    first = await PostgresStore.open(settings.database_url)
    second = await PostgresStore.open(settings.database_url)  # another bot process
    seen = []

    async def later() -> None:
        async with second.transaction() as conn:
            seen.append(await conn.rows("SELECT member_id FROM members"))
            await conn.run("UPDATE members SET reminders = reminders + 1")

    try:
        async with first.transaction() as conn:
            await conn.run("INSERT INTO members (member_id, reminders) VALUES (1, 10)")
            waiting = asyncio.create_task(later())
            await asyncio.sleep(0.3)
            assert seen == [] and not waiting.done()  # it waits for this one to commit
        await asyncio.wait_for(waiting, timeout=10)
        assert [tuple(row) for row in seen[0]] == [(1,)]  # and then sees what it wrote
        rows = await admin(settings.database_url, "SELECT reminders FROM members")
        assert [tuple(row) for row in rows] == [(11,)]
    finally:
        await first.close()
        await second.close()


@pytest.mark.asyncio
async def test_a_stale_write_from_another_process_is_refused(postgres_databases):
    settings = await postgres_databases.settings()
    here = await open_service(settings, FakeClock())
    there = await open_service(settings, FakeClock())  # another bot process, same database
    try:
        match = await start_match(here)
        stale = await there.queries.get_match(match.id)
        moved = (await here.play.act(match.id, match.to_act, _move(match.state))).match
        with pytest.raises(PositionChanged, match="changed while you were acting"):
            async with there.store.transaction() as conn:
                await match_rows.update_match(conn, stale, reminded=1)
        now = await there.queries.get_match(match.id)
        assert now.version == moved.version and now.ply == 1 and now._reminded == 0
    finally:
        await here.close()
        await there.close()


@pytest.mark.asyncio
async def test_processes_starting_together_migrate_once(postgres_databases):
    settings = await postgres_databases.settings(empty=True)
    stores = await asyncio.gather(*(PostgresStore.open(settings.database_url) for _ in range(3)))
    for store in stores:
        await store.close()
    rows = await admin(settings.database_url, "SELECT version FROM schema_version")
    assert [tuple(row) for row in rows] == [(LATEST,)]


@pytest.mark.asyncio
async def test_a_newer_or_a_foreign_database_is_refused_untouched(postgres_databases):
    newer = await postgres_databases.settings()
    await admin(newer.database_url, f"UPDATE schema_version SET version = {LATEST + 1}")
    with pytest.raises(DatabaseTooNew, match=f"schema version {LATEST + 1}.*DATABASE_URL"):
        await PostgresStore.open(newer.database_url)
    foreign = await postgres_databases.settings(empty=True)
    await admin(foreign.database_url, "CREATE TABLE accounts (id INTEGER)")
    with pytest.raises(StoreError, match=r"holds tables that are not Shiftcord's \(accounts\)"):
        await PostgresStore.open(foreign.database_url)
    tables = await admin(foreign.database_url, "SELECT tablename FROM pg_tables "
                         "WHERE schemaname = 'public'")  # fmt: skip
    assert [row[0] for row in tables] == ["accounts"]


@pytest.mark.asyncio
async def test_a_database_that_refuses_writes_is_a_refusal_that_changes_nothing(
    postgres_databases, postgres_server, caplog
):
    settings = await postgres_databases.settings()
    with pytest.raises(StoreError, match="cannot be opened"):
        await PostgresStore.open(settings.database_url.replace("host=", "host=/nowhere"))
    name = urlsplit(settings.database_url).path.lstrip("/")

    async def server_side(statement: str) -> None:
        """Run `statement` as the admin, then drop the bot's connections (a restart)."""
        await admin(postgres_server.url(), statement)
        await admin(
            postgres_server.url(),
            f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'",
        )

    service = await open_service(settings, FakeClock())
    try:
        await service.settings.set_reminders(1, False)
        await server_side("SELECT 1")  # dropped connections are made again
        assert (await service.settings.set_reminders(2, False)).reminders is False
        with caplog.at_level(logging.INFO, logger="shiftcord.store"):
            await server_side(f"ALTER DATABASE {name} SET default_transaction_read_only = on")
            for _ in range(2):
                with pytest.raises(CannotSave):
                    await service.settings.set_reminders(1, True)
            assert (await service.settings.member_settings(1)).reminders is False  # not saved
            await server_side(f"ALTER DATABASE {name} RESET default_transaction_read_only")
            assert (await service.settings.set_reminders(1, True)).reminders is True
        lines = [(r.levelname, r.getMessage()) for r in caplog.records]
        assert len(lines) == 2 and lines[0][0] == "ERROR"  # once, however many refusals
        assert lines[0][1].startswith(f"The PostgreSQL database {name} on ")
        assert "cannot be written (" in lines[0][1] and "read-only" in lines[0][1]
        assert "can be written again" in lines[1][1]
    finally:
        await service.close()
