"""The web board beside the real bot on the fake Discord: the Play composer's private
answer carries the "Open the board" link; a member plays by taps in the browser while the
other plays through Discord, each move reaching the other face (the thread's post, the
open page, live)."""

from __future__ import annotations

import random
import socket

import pytest

from tests.bot.discord.test_composer import compose, open_composer
from tests.bot.discord_harness import (
    ALICE,
    BOB,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
    walk_components,
)
from tests.bot.web.conftest import opened
from tests.bot.web.play import my_turn, tap

MOST_MOVES = 120


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def board_link(message: dict) -> str | None:
    """The URL of a message's "Open the board" link button, if it has one."""
    links = [c["url"] for c in walk_components(message["components"]) if c.get("url")]
    return links[0] if links else None


@pytest.mark.asyncio
async def test_a_match_between_the_web_board_and_discord(tmp_path, browser) -> None:
    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    settings = settings_for(tmp_path, web_url=url, web_port=port)
    fake, rng = FakeDiscord(), random.Random(5)
    async with running_bot(fake, settings, FakeClock()) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, game="shiftago")
        match = await bot.service.queries.get_match(match_id)
        web_member = match.to_act
        discord_member = BOB if web_member == ALICE else ALICE
        composer = await open_composer(fake, web_member, thread, match_id)
        link = board_link(composer)
        assert link is not None and link.startswith(f"{url}open#")
        async with opened(browser, link) as page:
            await page.wait_for_url("**/match?id=*")
            for _ in range(MOST_MOVES):
                match = await bot.service.queries.get_match(match_id)
                if not match.active:
                    break
                if match.to_act == web_member:
                    posts = len(fake.messages_in(thread))
                    await my_turn(page)
                    while await tap(page, rng) != "confirm":
                        pass
                    await bot.web.board.idle()
                    await bot.poster.idle()
                    assert len(fake.messages_in(thread)) > posts  # the thread got the news
                else:
                    message = await open_composer(fake, discord_member, thread, match_id)
                    await compose(fake, discord_member, message, rng)
                    ply = (await bot.service.queries.get_match(match_id)).ply
                    await page.wait_for_function(  # the move came in live
                        f"() => document.querySelectorAll('nav.moves li').length === {ply}"
                    )
            else:
                pytest.fail(f"the match did not end within {MOST_MOVES} moves")
            assert page.errors == []
        assert not (await bot.service.queries.get_match(match_id)).active


@pytest.mark.asyncio
async def test_the_turn_notice_by_dm_carries_the_link(tmp_path, browser) -> None:
    from tests.bot.discord.test_notices import play, players

    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    fake = FakeDiscord()
    async with running_bot(
        fake, settings_for(tmp_path, web_url=url, web_port=port), FakeClock()
    ) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB)
        _, waiting = await players(bot, match_id)
        await fake.slash(waiting, "settings notices", dm="also")
        await play(fake, bot, match_id, thread)
        [dm] = fake.dms_to(waiting)
        link = board_link(dm)
        assert link is not None and link.startswith(f"{url}open#")
        async with opened(browser, link) as page:
            await page.wait_for_url("**/match?id=*")
            await my_turn(page)
            assert page.errors == []
    async with running_bot(fake, settings_for(tmp_path), FakeClock()) as bot:  # web off
        await fake.slash(waiting, "settings notices", dm="instead")
        mover = (await bot.service.queries.get_match(match_id)).to_act
        assert mover == waiting
        message = await open_composer(fake, mover, thread, match_id)
        assert board_link(message) is None
