"""The web board's tests: a real match service on a SQLite file, the board served on a
free port, and Debian's Chromium driven by Playwright (the browser from the system
package; nothing is downloaded). Without the browser these tests skip, saying so; in CI
(CI=true) they fail."""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import pytest_asyncio

import ai
from bot.match.records import Match, MatchUpdate
from bot.service import MatchService
from bot.service.engine_player import EnginePlayer
from bot.web.guard import RateLimit
from bot.web.server import Running, WebHost, serve
from tests.bot.service_fixtures import FakeClock, open_service

CHROMIUM = os.environ.get("SHIFTCORD_CHROMIUM", "/usr/bin/chromium")
#: A search of a few simulated games: enough to play, quick on a busy machine; bound by
#: its iterations, not its time (a cap a loaded machine reaches would change the bot's
#: moves, and the seeded matches rely on them).
TINY = ai.Budget(iterations=8, seconds=2.0, lookahead=0, playout_plies=4)
NAMES = {1: "Alice", 2: "Bob", 3: "Chloé", 4: "Dmitri", 5: "Eve"}
#: The members on the tests' server who do not play a match but may watch it.
WATCHERS = {3, 4, 5}


def _chromium() -> str:
    """The browser's path; a missing one skips (outside CI) or fails (in CI)."""
    if shutil.which(CHROMIUM) or Path(CHROMIUM).exists():
        return CHROMIUM
    reason = (
        f"Chromium is not installed at {CHROMIUM} (apt-get install chromium): "
        "web board tests skipped"
    )
    if os.environ.get("CI") == "true":
        pytest.fail(reason.replace("skipped", "cannot run in CI"))
    pytest.skip(reason)


@dataclass
class Board:
    """A served web board over a fresh service; `updates` are the actions announced."""

    service: MatchService
    host: WebHost
    served: Running
    engine: EnginePlayer
    updates: list[MatchUpdate] = field(default_factory=list)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.served.port}/"

    def link(self, member: int, match: int) -> str:
        """An "Open the board" link for the member and the match."""
        return f"{self.base}open#{self.host.signer.grant(member, match)}"

    async def match(self, match_id: int) -> Match:
        return await self.service.queries.get_match(match_id)


@pytest_asyncio.fixture
async def board(tmp_path: Path) -> AsyncIterator[Board]:
    service = await open_service(tmp_path / "web.sqlite3", FakeClock())
    updates: list[MatchUpdate] = []

    async def announce(update: MatchUpdate) -> None:
        updates.append(update)
        engine.notice(update.match)

    engine = EnginePlayer(service, announce, workers=1, budget=TINY)

    async def names(match: Match) -> dict[int, str]:
        return {member: NAMES.get(member, f"Player {member}") for member in match.members}

    async def may_watch(match: Match, member: int) -> bool:
        return member in WATCHERS

    host = WebHost(service, names, announce, engine=engine, may_watch=may_watch)
    # a test taps faster than a player can: its limit is tested on its own
    served = await serve(host, "127.0.0.1", 0, RateLimit(rate=1000.0, burst=1000.0))
    try:
        yield Board(service, host, served, engine, updates)
    finally:
        await served.stop()
        await engine.close()
        await service.close()


@pytest_asyncio.fixture
async def browser() -> AsyncIterator[object]:
    path = _chromium()
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(
            executable_path=path, headless=True, args=["--no-sandbox"]
        )
        try:
            yield launched
        finally:
            await launched.close()


def altered(token: str) -> str:
    """`token` with its last character changed (always to another one: a random token may
    already end in any given character)."""
    return token[:-1] + ("y" if token.endswith("x") else "x")


@contextlib.asynccontextmanager
async def opened(browser, url: str, width: int = 360, height: int = 740):
    """A page at `url` in a fresh context (its own cookies); every error the browser's
    console reports is collected in `page.errors`, which must stay empty."""
    context = await browser.new_context(viewport={"width": width, "height": height})
    page = await context.new_page()
    page.errors = []
    page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    await page.goto(url)
    try:
        yield page
    finally:
        await context.close()
