"""Try moves: a line tried on a copy of the board by taps, back and forward through it,
the bot's estimate on request where hints are allowed; nothing stored, nothing sent. With
hidden cards a player's copy is dealt from their seat's view: no response carries a card
they may not see."""

from __future__ import annotations

import asyncio
import random
from urllib.parse import urlsplit

import pytest
from playwright.async_api import Error as PlaywrightError

from bot.presentation.language import localised
from bot.presentation.pictures import board_picture
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


async def _body(response) -> tuple[str, bytes | None]:
    """A response's address and body, read as it arrives (a redirect has none, nor the
    sign-in page and its icon, left at once for the match page: they hold no match; the
    live events never end, and carry only a version)."""
    skipped = ("/open", "/icon.svg", "/api/events")
    if 300 <= response.status < 400 or urlsplit(response.url).path in skipped:
        return response.url, b""
    try:
        return response.url, await response.body()
    except PlaywrightError:  # Chromium dropped it (a page navigated from): checked below
        return response.url, None


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
async def test_no_estimate_in_a_rated_match_and_no_tries_for_a_spectator_of_hidden_cards(
    board, browser
) -> None:
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
    async with opened(browser, board.link(4, hidden.id)) as page:  # a spectator
        await page.wait_for_url("**/match?id=*")
        await settled(page)
        assert await page.locator("button.try").count() == 0
        asked = await page.request.get(f"{board.base}api/explore?match={hidden.id}&line=&path=")
        assert asked.status == 409
        assert "Only its players" in (await asked.json())["refused"]
        asked = await page.request.get(f"{board.base}tried.png?match={hidden.id}&line=")
        assert asked.status == 409


@pytest.mark.asyncio
async def test_a_player_tries_moves_with_hidden_cards_on_a_guess_of_them(board, browser) -> None:
    """A player of a 3-seat match with hands tries their own action, ends the turn and
    tries the next seat's, steps back and forward: nothing is stored or sent, the copy's
    picture is their seat's view, and no response the page receives names a card of
    another hand or of the draw pile."""
    match = await start_match(board.service, (1, 2, 3), "shifting-stones", rated=False)
    dealt = match.state
    member = match.to_act
    seat = match.seat_of(member)
    own = {localised(dealt.known_card(seat, p).words()) for p in range(len(dealt.hands[seat]))}
    unseen = [card for s, hand in enumerate(dealt.hands) if s != seat for card in hand]
    hidden = {localised(dealt.cards[card].words()) for card in [*unseen, *dealt.draw]} - own
    rng = random.Random(5)
    responses = []
    async with opened(browser, board.link(member, match.id), 1280, 800) as page:
        page.on("response", lambda r: responses.append(asyncio.ensure_future(_body(r))))
        await page.wait_for_url("**/match?id=*")
        await settled(page)
        await page.click("button.try")
        await settled(page)
        assert "guess" in await page.inner_text("p.guess")
        await _tap_tried_move(page, rng)  # the player's own action, paid with a card
        async with page.expect_response(lambda r: "api/explore" in r.url):
            await page.click("button.choice:has-text('end the turn')")
        await settled(page)
        await _tap_tried_move(page, rng)  # the next seat's, its hand a guess
        assert await page.locator("ol.tried li").count() == 3
        assert await page.locator("button.estimate").count() == 0  # not the player's turn
        for _ in range(2):
            await page.click("text=Undo tried move")
            await settled(page)
        assert await page.locator("ol.tried li").count() == 1
        await page.click("button.estimate")  # the player's own turn again
        await page.wait_for_selector("#alert:not(:empty)", timeout=30_000)
        assert "bot" in (await page.inner_text("#alert")).lower()
        for _ in range(2):
            await page.click("text=Redo tried move")
            await settled(page)
        assert await page.locator("ol.tried li").count() == 3
        texts, pictures = "", {}
        for url, body in await asyncio.gather(*responses):
            if body is None:
                assert "explore" not in url and "tried" not in url and "estimate" not in url
                continue
            if body.startswith(b"\x89PNG"):
                pictures[url] = body
            else:
                texts += body.decode()
        assert page.errors == []
    assert not any(card in texts for card in hidden)
    assert any(card in texts for card in own)  # the check sees cards where there are some
    theme = await board.service.settings.picture_theme(match.guild_id, member)
    first = await board_picture(match.view_for(seat), None, theme=theme)
    assert first.data in [png for url, png in pictures.items() if url.endswith("line=")]
    after = await board.match(match.id)
    assert after.version == match.version and after.state == dealt
    assert board.updates == []
