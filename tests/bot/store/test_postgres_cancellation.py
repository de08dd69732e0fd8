"""Cancelled PostgreSQL transactions end in order: a task cancelled again and again while
its rollback waits on the server gives its connection back only once the rollback has
ended (given back early, the next user of the connection met asyncpg's "another operation
is in progress", and once "cannot switch to state 12"), and many interactions cancelled
at random leave no error behind."""

from __future__ import annotations

import asyncio
import logging
import random

import asyncpg
import pytest

from bot.store.postgres import PostgresStore


@pytest.mark.asyncio
async def test_a_connection_is_given_back_only_after_its_rollback_however_often_cancelled(
    postgres_databases, monkeypatch
):
    store = await PostgresStore.open((await postgres_databases.settings()).database_url)
    events: list[str] = []
    roll_back = PostgresStore._roll_back

    async def slow_roll_back(conn) -> None:
        events.append("rollback begins")
        await asyncio.sleep(0.3)  # a server slow to stop the statement and roll back
        await roll_back(conn)
        events.append("rollback ended")

    monkeypatch.setattr(PostgresStore, "_roll_back", staticmethod(slow_roll_back))
    release = asyncpg.pool.Pool.release

    async def given_back(pool, conn, **options) -> None:
        events.append("given back")
        await release(pool, conn, **options)

    monkeypatch.setattr(asyncpg.pool.Pool, "release", given_back)

    async def read() -> None:
        async with store.reading() as conn:
            await conn.rows("SELECT pg_sleep(5)")

    try:
        task = asyncio.create_task(read())
        await asyncio.sleep(0.2)
        task.cancel()
        await asyncio.sleep(0.1)
        task.cancel()  # again, during the rollback
        with pytest.raises(asyncio.CancelledError):
            await task
        assert events == ["rollback begins", "rollback ended", "given back"]
        async with store.reading() as conn:  # the pool works on
            assert (await conn.one("SELECT ?::int AS n", (7,)))["n"] == 7
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_transactions_cancelled_at_random_under_load_leave_no_error(
    postgres_databases, caplog
):
    caplog.set_level(logging.WARNING)
    store = await PostgresStore.open(
        (await postgres_databases.settings()).database_url, connections=4
    )
    unhandled: list[dict] = []
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(lambda _, context: unhandled.append(context))
    rng = random.Random(1)
    failed: list[BaseException] = []

    async def work(i: int) -> None:
        opened = store.reading if i % 2 else store.transaction
        async with opened() as conn:
            await conn.rows("SELECT pg_sleep(?::float8), ?::int", (rng.random() / 100, i))
            await conn.one("SELECT ?::int", (i,))

    async def cancelled_at_random(i: int) -> None:
        task = asyncio.ensure_future(work(i))
        for _ in range(rng.randrange(4)):
            await asyncio.sleep(rng.random() / 100)
            task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass
        except Exception as error:
            failed.append(error)

    try:
        for _ in range(15):
            await asyncio.gather(*(cancelled_at_random(i) for i in range(40)))
        await asyncio.sleep(0.2)
        assert failed == [] and unhandled == []
        assert "Resetting connection with an active transaction" not in caplog.text
    finally:
        loop.set_exception_handler(None)
        await store.close()
