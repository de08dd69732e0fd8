"""Screenshots of the web board in the docs (docs/web/*.png): each game mid-match, on a
phone (360x740) and a desktop (1280x800), with a piece tapped where the game has places,
through Debian's Chromium. `.venv/bin/python -m tests.bot.web.screenshots` takes them again
after the page changes."""

from __future__ import annotations

import asyncio
import random
import tempfile
from pathlib import Path

from playwright.async_api import async_playwright

from bot.match.actions import MOVE
from bot.web.server import WebHost, serve
from tests.bot.service_fixtures import FakeClock, act, open_service, start_match
from tests.bot.web.conftest import CHROMIUM, NAMES
from tests.bot.web.play import READY

DOCS = Path(__file__).resolve().parents[3] / "docs" / "web"
#: (game, seats, moves played before the picture, places tapped on the page)
SHOTS = [
    ("skift", 2, 12, 1),
    ("skift-preview", 2, 12, 2),
    ("shiftago", 4, 14, 0),
    ("shifty", 2, 9, 1),
    ("shifting-stones", 3, 7, 0),
]
SIZES = [(360, 740), (1280, 800)]


async def main() -> None:
    """Take every screenshot."""
    DOCS.mkdir(exist_ok=True)
    folder = Path(tempfile.mkdtemp())
    service = await open_service(folder / "shots.sqlite3", FakeClock())

    async def names(match):
        return {member: NAMES[member] for member in match.members}

    async def announce(update):
        return None

    host = WebHost(service, names, announce)
    running = await serve(host, "127.0.0.1", 0)
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox"]
        )
        for game, seats, plies, taps in SHOTS:
            name, game = game, game.split("-preview")[0]
            match = await start_match(service, tuple(range(1, seats + 1)), game)
            rng = random.Random(game)
            while match.ply < plies or match.to_act != 1:
                move = rng.choice(list(match.state.legal_moves()))
                notation = match.state.format_move(move)
                match = (await act(service, match.id, match.to_act, MOVE, notation)).match
            for width, height in SIZES:
                context = await browser.new_context(viewport={"width": width, "height": height})
                page = await context.new_page()
                link = f"http://127.0.0.1:{running.port}/open#{host.signer.grant(1, match.id)}"
                await page.goto(link)
                await page.wait_for_url("**/match?id=*")
                await page.wait_for_function(READY)
                for _ in range(taps):
                    places = page.locator("polygon.place")
                    await places.nth((await places.count()) - 1).click(force=True)
                    await page.wait_for_timeout(300)
                    await page.wait_for_function(READY)
                await page.screenshot(path=str(DOCS / f"{name}-{width}.png"))
                await context.close()
        await browser.close()
    await running.stop()
    await service.close()


if __name__ == "__main__":
    asyncio.run(main())
