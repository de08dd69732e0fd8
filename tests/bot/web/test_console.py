"""`python -m bot local --web`: the console serves the board on 127.0.0.1 and prints a
one-time link; a move tapped in the browser is printed by the console as its own, and
the bot answers it."""

from __future__ import annotations

import asyncio
import io
import os
import random
import re

import pytest

from bot.console import run_console
from tests.bot.service_fixtures import make_settings
from tests.bot.web.conftest import opened
from tests.bot.web.play import my_turn, tap


@pytest.mark.asyncio
async def test_the_console_serves_the_board_and_prints_a_link(tmp_path, browser) -> None:
    reading, writing = os.pipe()
    lines = os.fdopen(reading, "r")
    out = io.StringIO()
    settings = make_settings(tmp_path / "unused.sqlite3")
    console = asyncio.create_task(
        run_console(
            settings,
            tmp_path / "local.sqlite3",
            tmp_path / "pictures",
            lines,
            out,
            ready=True,
            language="en",
            web=0,
        )
    )
    try:
        for _ in range(200):
            found = re.search(r"http://127\.0\.0\.1:\d+/open#\S+", out.getvalue())
            if found:
                break
            await asyncio.sleep(0.05)
        assert found, out.getvalue()
        link = found.group(0)
        async with opened(browser, link, 1280, 800) as page:
            await page.wait_for_url("**/match?id=*")
            await my_turn(page)
            before = out.getvalue()
            rng = random.Random(3)
            while await tap(page, rng) != "confirm":
                pass
            for _ in range(200):  # the console prints the move, then the bot's answer
                if out.getvalue().count("match-1-") >= before.count("match-1-") + 2:
                    break
                await asyncio.sleep(0.05)
            assert page.errors == []
        printed = out.getvalue()[len(before) :]
        assert "[picture:" in printed
        assert link.split("#")[1] not in out.getvalue().replace(link, "")
        async with opened(browser, link) as again:  # the link worked once
            await again.wait_for_selector("#alert:not(:empty)")
            assert "expired" in await again.inner_text("#alert")
    finally:
        os.write(writing, b"quit\n")
        os.close(writing)
        assert await asyncio.wait_for(console, 30) == 0
