"""Fixtures of the match service tests (helpers in `tests/bot/service_fixtures.py`).

The store and service tests run on both databases: `databases` (and `service`, built on
it) is parametrized as `sqlite` (a file in tmp_path) and `postgres` (a database of its
own on a PostgreSQL server the test run starts: `postgres_server`). Tests that need an
SQLite file (damage, a full disk, WAL, restoring a file) use tmp_path instead and say so.
"""

from __future__ import annotations

import asyncio
import itertools
import os
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.config import Settings
from bot.service import MatchService
from games import Game
from tests.bot import discord_harness as harness
from tests.bot.service_fixtures import FakeClock, make_settings, open_service
from tests.postgres_server import PostgresServer, find_binaries
from tests.testgames import installed

#: The database every test database on the PostgreSQL server is copied from: migrated
#: once per run (CREATE DATABASE ... TEMPLATE is much faster than migrating each).
TEMPLATE = "shiftcord_template"


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server of this test run, with the migrated TEMPLATE database; skips
    the PostgreSQL tests where no server binaries are installed (unless
    SHIFTCORD_REQUIRE_POSTGRES is set, as CI sets it: then they fail)."""
    binaries = find_binaries()
    if binaries is None:
        message = "PostgreSQL server binaries not found (apt-get install postgresql)"
        if os.environ.get("SHIFTCORD_REQUIRE_POSTGRES"):
            pytest.fail(message)
        pytest.skip(message)
    server = PostgresServer(binaries).start()
    try:
        with ThreadPoolExecutor(1) as thread:  # (the asking fixture's loop is running)
            thread.submit(asyncio.run, _make_template(server)).result()
        yield server
    finally:
        server.stop()


async def _make_template(server: PostgresServer) -> None:
    import asyncpg

    from bot.store.postgres import PostgresStore

    admin = await asyncpg.connect(server.url())
    try:
        await admin.execute(f"CREATE DATABASE {TEMPLATE}")
    finally:
        await admin.close()
    await (await PostgresStore.open(server.url(TEMPLATE), connections=1)).close()


class Databases:
    """Fresh databases of one kind for a test ("sqlite" or "postgres"); `settings()`
    makes a new one each time, dropped when the test ends."""

    _numbers = itertools.count(1)

    def __init__(self, kind: str, folder: Path, server: PostgresServer | None) -> None:
        self.kind = kind
        self.folder = folder
        self.server = server
        self._made: list[str] = []

    async def settings(self, *, empty: bool = False, **overrides: Any) -> Settings:
        """Settings of a new, migrated database of this kind holding no rows (`empty`: a
        PostgreSQL database without even the schema)."""
        number = next(self._numbers)
        settings = make_settings(self.folder / f"db{number}.sqlite3", **overrides)
        if self.server is None:
            return settings
        name = f"test_{os.getpid()}_{number}"
        template = "template0" if empty else TEMPLATE
        await self._admin(f"CREATE DATABASE {name} TEMPLATE {template}")
        self._made.append(name)
        return replace(settings, database_url=self.server.url(name))

    async def drop(self) -> None:
        """Drop the PostgreSQL databases made for the test."""
        for name in self._made:
            await self._admin(f"DROP DATABASE {name} WITH (FORCE)")

    async def _admin(self, statement: str) -> None:
        import asyncpg

        assert self.server is not None
        admin = await asyncpg.connect(self.server.url())
        try:
            await admin.execute(statement)
        finally:
            await admin.close()


@pytest_asyncio.fixture(params=["sqlite", "postgres"])
async def databases(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Databases]:
    """New databases of each kind in turn (the test runs once with each)."""
    server = request.getfixturevalue("postgres_server") if request.param == "postgres" else None
    made = Databases(request.param, tmp_path, server)
    yield made
    await made.drop()


@pytest.fixture
def clock() -> FakeClock:
    """A fake clock at START that the test moves by hand."""
    return FakeClock()


@pytest_asyncio.fixture
async def service(databases: Databases, clock: FakeClock) -> AsyncIterator[MatchService]:
    """A match service on a fresh database (of each kind in turn), closed afterwards."""
    opened = await open_service(await databases.settings(), clock)
    yield opened
    await opened.close()


@pytest.fixture
def test_games() -> Iterator[list[Game]]:
    """The test games of `tests.testgames` (solo, five seats, a swap, secret hands),
    registered for one test."""
    with installed() as added:
        yield added


@pytest_asyncio.fixture
async def env(tmp_path: Path) -> AsyncIterator[tuple[Any, Any, int, int]]:
    """alice and bob play match #1 on the fake Discord (two moves made); nothing else has
    happened."""
    fake, clock = harness.FakeDiscord(), harness.FakeClock()
    async with harness.running_bot(fake, harness.settings_for(tmp_path), clock) as bot:
        match_id, thread = await harness.start_match(fake, harness.ALICE, harness.BOB, clock="2d")
        for _ in range(2):
            match = await bot.service.queries.get_match(match_id)
            legal = await bot.service.play.legal_moves(match_id, match.to_act, "", 1)
            await fake.slash(match.to_act, "move", channel_id=thread, notation=legal[0].notation)
        yield fake, bot, match_id, thread


@pytest_asyncio.fixture
async def postgres_databases(
    postgres_server: PostgresServer, tmp_path: Path
) -> AsyncIterator[Databases]:
    """New PostgreSQL databases only (for the tests of PostgreSQL itself)."""
    made = Databases("postgres", tmp_path, postgres_server)
    yield made
    await made.drop()


@pytest.fixture
def undrawn_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Boards are not drawn (`render.board_png` gives a stand-in): for whole matches played
    for their words, alt texts and deliveries, where drawing every turn's picture took most
    of the time and pictures are tested elsewhere."""
    monkeypatch.setattr("render.board_png", lambda *_, **__: b"PNG")
