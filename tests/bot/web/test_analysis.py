"""After a match: the bot's analysis asked for on the page, its chart, and each moment it
swung most opening the position it was played in."""

from __future__ import annotations

import random

import pytest

from bot.match.actions import MOVE
from tests.bot.service_fixtures import act, start_match
from tests.bot.web.conftest import opened
from tests.bot.web.play import settled


@pytest.mark.asyncio
async def test_the_analysis_after_a_match(board, browser) -> None:
    match = await start_match(board.service, (1, 2), "shiftago", rated=False)
    rng = random.Random(8)
    while match.active:
        move = rng.choice(list(match.state.legal_moves()))
        notation = match.state.format_move(move)
        match = (await act(board.service, match.id, match.to_act, MOVE, notation)).match
    async with opened(browser, board.link(1, match.id), 1280, 800) as page:
        await page.wait_for_url("**/match?id=*")
        await page.wait_for_selector("button.analyse")
        await page.click("button.analyse")
        await page.wait_for_selector("img.chart", timeout=60_000)
        await page.wait_for_function("document.querySelector('img.chart').naturalWidth > 0")
        swings = page.locator(".swings button")
        assert await swings.count() > 0
        await swings.first.click()
        await settled(page)
        assert "ply=" in await page.get_attribute("#board", "src")
        assert await page.locator("p.showing").count() == 1
        assert page.errors == []
    assert await board.engine.stored_analysis(await board.match(match.id)) is not None
