"""Fixtures of the match service tests (helpers in `tests/bot/service_fixtures.py`)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.service import MatchService
from games import Game
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
