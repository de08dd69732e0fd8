"""The SQLite store's transaction run whole in the database thread (`SqliteStore.transact`):
a match action costs one call to that thread, and keeps every guarantee of `transaction()`:
all or nothing, a refusal when the file cannot be written, and a connection left ready for
the next caller whatever happened."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from bot.match.actions import MOVE
from bot.match.errors import CannotSave
from bot.store import SqliteStore
from bot.store.sql import Connection
from tests.bot.service_fixtures import FakeClock, open_service, request, start_match

pytestmark = pytest.mark.sqlite_only


async def members(store: SqliteStore) -> list[int]:
    async with store.reading() as conn:
        return [row["member_id"] for row in await conn.rows("SELECT member_id FROM members")]


async def add_member(conn: Connection, member_id: int) -> int:
    return await conn.insert("INSERT INTO members (member_id) VALUES (?)", (member_id,))


@pytest.mark.asyncio
async def test_a_move_is_one_call_to_the_database_thread(tmp_path):
    service = await open_service(tmp_path / "db.sqlite3", FakeClock())
    try:
        match = await start_match(service)
        store = service.store
        assert isinstance(store, SqliteStore)
        real, calls = store.conn._execute, []

        async def counted(fn, *args, **kwargs):
            calls.append(fn)
            return await real(fn, *args, **kwargs)

        store.conn._execute = counted
        statements: list[str] = []
        await store.conn.set_trace_callback(statements.append)
        calls.clear()
        move = match.state.format_move(match.state.legal_moves()[0])
        moved = await service.act(match.id, match.to_act, request(MOVE, move, ply=match.ply))
        del store.conn._execute
        await store.conn.set_trace_callback(None)
    finally:
        await service.close()
    assert moved.match.ply == 1
    assert len(calls) == 1, calls  # BEGIN, a dozen statements and COMMIT in one call
    assert statements[0] == "BEGIN IMMEDIATE" and statements[-1] == "COMMIT"
    assert len(statements) > 6, statements


@pytest.mark.asyncio
async def test_what_the_body_returns_is_committed(tmp_path):
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:

        async def two(conn: Connection) -> int:
            await add_member(conn, 1)
            await conn.run_many("INSERT INTO members (member_id) VALUES (?)", [(2,), (3,)])
            changed = await conn.run("UPDATE members SET reminders = 0 WHERE member_id > ?", (1,))
            row = await conn.one("SELECT COUNT(*) AS value FROM members")
            assert row is not None and row["value"] == 3
            return changed

        assert await store.transact(two) == 2
        assert await members(store) == [1, 2, 3]
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_an_error_in_the_body_leaves_nothing_written(tmp_path):
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:

        async def fails(conn: Connection) -> None:
            await add_member(conn, 1)
            await add_member(conn, 1)  # the same key again

        with pytest.raises(Exception, match="UNIQUE"):
            await store.transact(fails)
        assert await members(store) == []
        await store.transact(lambda conn: add_member(conn, 2))  # the connection is ready
        assert await members(store) == [2]
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_a_body_that_waits_for_something_else_is_stopped_and_rolled_back(tmp_path):
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:

        async def waits(conn: Connection) -> None:
            await add_member(conn, 1)
            await asyncio.sleep(0)  # (not the store: it cannot wait in the database thread)

        with pytest.raises(RuntimeError, match="awaited something else"):
            await store.transact(waits)
        assert await members(store) == []
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_a_file_that_cannot_be_written_is_a_refusal(tmp_path):
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:
        await store.conn.execute("PRAGMA query_only = 1")
        with pytest.raises(CannotSave):
            await store.transact(lambda conn: add_member(conn, 1))
        await store.conn.execute("PRAGMA query_only = 0")
        await store.transact(lambda conn: add_member(conn, 1))
        assert await members(store) == [1]
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_a_cancelled_caller_leaves_the_transaction_whole_and_the_connection_ready(
    tmp_path,
):
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:

        async def many(conn: Connection) -> None:
            for member in range(1, 2001):
                await add_member(conn, member)

        for _ in range(5):
            running = asyncio.ensure_future(store.transact(many))
            await asyncio.sleep(0.001)
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await running
            found = await members(store)
            assert found in ([], list(range(1, 2001)))  # whole or not at all
            async with store.transaction() as conn:
                await conn.run("DELETE FROM members")
    finally:
        await store.close()
