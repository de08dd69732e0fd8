"""Fixtures of the match service tests (helpers in `tests/bot/service_fixtures.py`)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.service import MatchService
from games import Game
from tests.bot import discord_harness as harness
from tests.bot.service_fixtures import FakeClock, open_service
from tests.testgames import installed


@pytest.fixture
def clock() -> FakeClock:
    """A fake clock at START that the test moves by hand."""
    return FakeClock()


@pytest_asyncio.fixture
async def service(tmp_path: Path, clock: FakeClock) -> AsyncIterator[MatchService]:
    """A match service on a fresh database file in tmp_path, closed afterwards."""
    opened = await open_service(tmp_path / "db.sqlite3", clock)
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
            match = await bot.service.get_match(match_id)
            legal = await bot.service.legal_moves(match_id, match.to_act, "", 1)
            await fake.slash(match.to_act, "move", channel_id=thread, notation=legal[0].notation)
        yield fake, bot, match_id, thread
