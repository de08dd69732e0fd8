"""What the web board shows of a move's news: the presentation's announcement, delivered
whole as the other faces deliver it (the public post's words on every page of the match,
the private answer to the member who moved alone, no hidden card but one's own), and the
serving face given the same update with what announcing it needs. Requests go through a
real HTTP client; the last test plays in Chromium at 360 px wide."""

from __future__ import annotations

import random

import pytest

from bot.match.actions import MOVE
from bot.presentation.catalogue import fill
from bot.presentation.language import localised, moment_words
from bot.presentation.matches import confirmation, update_text
from bot.presentation.settings import DMS_REFUSED
from bot.presentation.writing import Style
from tests.bot.service_fixtures import act, start_match
from tests.bot.web.conftest import NAMES, opened
from tests.bot.web.play import settled, tap
from tests.bot.web.test_guards import client, complete_path, play, signed_in, state

#: The members named as the page names them.
STYLE = Style(mention=lambda m: NAMES[m], when=moment_words, channel=lambda _: "#")


def shown(text: str) -> str:
    """A presentation text as the page shows it (no Markdown code marks)."""
    return STYLE.named(text).replace("`", "")


@pytest.mark.asyncio
async def test_the_mover_reads_the_answer_and_every_page_the_public_words(board) -> None:
    match = await start_match(board.service, (1, 2))
    mover = match.to_act
    other = 2 if mover == 1 else 1
    async with client() as session:
        csrf = await signed_in(session, board, mover, match.id)
        page = await complete_path(session, board, match.id)
        async with await play(session, board, page, "news", csrf) as answered:
            assert answered.status == 200
            moved = await answered.json()
    [update] = board.updates
    assert update.delivery is not None  # read once, for the page and the serving face
    public = [shown(update_text(update, STYLE))]
    assert moved["answer"] == shown(confirmation(update))
    assert update.move is not None and update.events[0].notation in moved["answer"]
    assert moved["state"]["news"] == public
    async with client() as session:
        await signed_in(session, board, other, match.id)
        theirs = await state(session, board, match.id)
    assert theirs["news"] == public
    assert "answer" not in theirs
    # a move made on another face: its news are that face's to show
    await act(board.service, match.id, other, MOVE, theirs_move(await board.match(match.id)))
    async with client() as session:
        await signed_in(session, board, mover, match.id)
        assert (await state(session, board, match.id))["news"] == []


def theirs_move(match) -> str:
    return match.state.format_move(match.state.legal_moves()[0])


@pytest.mark.asyncio
async def test_the_news_of_a_move_show_no_hidden_card_but_the_mover_s_own(board) -> None:
    match = await start_match(board.service, (1, 2, 3), "shifting-stones")
    mover = match.to_act
    async with client() as session:
        csrf = await signed_in(session, board, mover, match.id)
        page = await complete_path(session, board, match.id)
        async with await play(session, board, page, "stones", csrf) as answered:
            moved = await answered.text()
    after = (await board.match(match.id)).state
    seat = match.seat_of(mover)
    cards = {
        each: [after.known_card(each, p) for p in range(len(after.hands[each]))]
        for each in range(3)
    }
    held = {each: {localised(c.words()) for c in cards[each] if c is not None} for each in cards}
    others = {card for each in held if each != seat for card in held[each]} - held[seat]
    assert others  # (the others hold cards the mover does not)
    pages = {}
    for member in (1, 2, 3, 5):  # the players and a watcher of the server
        async with client() as session:
            await signed_in(session, board, member, match.id)
            pages[member] = await state(session, board, match.id)
    assert all(page["news"] == pages[mover]["news"] != [] for page in pages.values())
    assert all("answer" not in page for page in pages.values())
    everybody = " ".join(line for line in pages[5]["news"])
    assert not any(card in everybody for each in held for card in held[each] - held[seat])
    assert not any(card in moved for card in others)


@pytest.mark.asyncio
async def test_the_page_shows_the_news_at_360_px(board, browser, tmp_path) -> None:
    match = await start_match(board.service, (1, 2))
    mover = match.to_act
    other = 2 if mover == 1 else 1
    async with (
        opened(browser, board.link(other, match.id)) as watching,
        opened(browser, board.link(mover, match.id)) as page,
    ):
        await settled(page)
        rng = random.Random(4)
        while await tap(page, rng) != "confirm":
            pass
        [update] = board.updates
        answer, public = shown(confirmation(update)), shown(update_text(update, STYLE))
        news = page.locator(".news p")
        assert await news.all_inner_texts() == [answer, public]
        await watching.wait_for_selector(".news p")
        assert await watching.locator(".news p").all_inner_texts() == [public]
        width = await page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360  # nothing wider than the phone
        await page.screenshot(path=str(tmp_path / "news-360.png"), full_page=True)
        assert page.errors == [] and watching.errors == []


@pytest.mark.asyncio
async def test_a_mover_whose_dms_were_refused_is_told_once_in_the_answer(board) -> None:
    match = await start_match(board.service, (1, 2))
    mover = match.to_act
    await board.service.notices.dm_refused(mover)
    refused = shown(fill(DMS_REFUSED))
    async with client() as session:
        csrf = await signed_in(session, board, mover, match.id)
        page = await complete_path(session, board, match.id)
        async with await play(session, board, page, "first", csrf) as answered:
            moved = await answered.json()
    assert moved["answer"].endswith("\n\n" + refused)
    assert not await board.service.notices.dm_refusal_untold(mover)  # told: not again
    other = 2 if mover == 1 else 1
    await act(board.service, match.id, other, MOVE, theirs_move(await board.match(match.id)))
    async with client() as session:
        csrf = await signed_in(session, board, mover, match.id)
        page = await complete_path(session, board, match.id)
        async with await play(session, board, page, "again", csrf) as answered:
            assert refused not in (await answered.json())["answer"]
