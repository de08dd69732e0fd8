"""Try moves: a line tried on a copy of the board by taps, back and forward through it,
the bot's estimate on request where hints are allowed; nothing stored, nothing sent."""

from __future__ import annotations

import random

import pytest

from tests.bot.service_fixtures import start_match
from tests.bot.web.conftest import opened
from tests.bot.web.play import settled


async def _tap_tried_move(page, rng: random.Random) -> None:
    """Tap places (else buttons) until the tried line grows by one move."""
    before = await page.locator("ol.tried li").count()
    while await page.locator("ol.tried li").count() == before:
        places = page.locator("polygon.place")
        count = await places.count()
        target = places.nth(rng.randrange(count)) if count else page.locator("button.choice").first
        async with page.expect_response(lambda r: "api/explore" in r.url):
            await target.click(force=True)
        await settled(page)


@pytest.mark.asyncio
async def test_moves_tried_on_a_copy_change_nothing(board, browser) -> None:
    match = await start_match(board.service, (1, 2), "shiftago", rated=False)
    rng = random.Random(2)
    watcher = 2 if match.to_act == 1 else 1
    async with opened(browser, board.link(watcher, match.id), 1280, 800) as page:
        await page.wait_for_url("**/match?id=*")
        await settled(page)
        await page.click("button.try")
        await settled(page)
        for _ in range(3):  # both sides' moves, the one not to act first
            await _tap_tried_move(page, rng)
        assert await page.locator("ol.tried li").count() == 3
        await page.click("text=Undo tried move")
        await settled(page)
        assert await page.locator("ol.tried li").count() == 2
        await page.click("text=Redo tried move")
        await settled(page)
        assert await page.locator("ol.tried li").count() == 3
        await page.click("button.estimate")
        await page.wait_for_selector("#alert:not(:empty)", timeout=30_000)
        assert "bot" in (await page.inner_text("#alert")).lower()
        await page.click("button.stop")
        await settled(page)
        assert await page.locator("nav.moves").count() == 1
        assert page.errors == []
    after = await board.match(match.id)
    assert after.version == match.version and after.ply == 0
    assert board.updates == []


@pytest.mark.asyncio
async def test_no_estimate_in_a_rated_match_and_no_tries_with_hidden_cards(board, browser) -> None:
    rated = await start_match(board.service, (1, 2), "shifty")
    hidden = await start_match(board.service, (1, 2), "shifting-stones")
    async with opened(browser, board.link(1, rated.id)) as page:
        await page.wait_for_url("**/match?id=*")
        await settled(page)
        await page.click("button.try")
        await settled(page)
        await page.click("button.estimate")
        await page.wait_for_selector("#alert:not(:empty)")
        assert "rated" in await page.inner_text("#alert")
        await page.goto(f"{board.base}match?id={hidden.id}")
        await settled(page)
        assert await page.locator("button.try").count() == 0
