"""Whole matches played on the web board by taps alone (places on the board where the
step has them, buttons for the rest), against the bot, with no error in the browser's
console."""

from __future__ import annotations

import random

import pytest

from bot.match.engine_seats import engine_members
from bot.service import ChallengeRequest
from tests.bot.service_fixtures import CHANNEL, GUILD, terms
from tests.bot.web.conftest import opened
from tests.bot.web.play import my_turn, play_to_the_end

#: (game, bot seats, options): Shiftago with four seats in its Expert mode (scoring
#: turns: the line to score, the marble that stays), Shifty (the swap offered), Shifting
#: Stones with three seats and alone.
MATCHES = [
    ("skift", 1, {}),
    ("shiftago", 3, {"variant": "expert"}),
    ("shifty", 1, {}),
    ("shifting-stones", 2, {}),
    ("shifting-stones", 0, {}),
]
#: The taps' random choices: with this one, the member scores a line in Shiftago (the
#: bot's moves are repeatable: its tiny search ends well within its time cap).
SEEDS = {"shiftago": "c"}


async def _against_bot(board, game: str, bots: int, options: dict) -> int:
    challenge = await board.service.challenges.create_challenge(
        ChallengeRequest(
            GUILD,
            CHANNEL,
            1,
            game,
            opponents=engine_members(["easy"] * bots),
            players=bots + 1,
            options=options or None,
            **terms(clock_hours=None),
        )
    )
    assert challenge.match_id is not None
    match = await board.match(challenge.match_id)
    board.engine.notice(match)
    return match.id


@pytest.mark.asyncio
@pytest.mark.parametrize(("game", "bots", "options"), MATCHES)
async def test_a_whole_match_by_taps(board, browser, game, bots, options) -> None:
    match_id = await _against_bot(board, game, bots, options)
    rng = random.Random(f"{game}{bots}{SEEDS.get(game, '')}")
    async with opened(browser, board.link(1, match_id)) as page:
        await page.wait_for_url("**/match?id=*")
        taps = await play_to_the_end(page, board, match_id, rng)
        assert page.errors == []
    assert taps.get("place", 0) > taps.get("button", 0), taps
    if game == "shiftago":  # the member scored a line at least once (a step of buttons)
        record = await board.service.queries.match_record(match_id)
        scored = [e for e in record.log if e.member_id == 1 and e.notation.startswith("x")]
        assert scored, [e.notation for e in record.log]


@pytest.mark.asyncio
async def test_the_shifty_swap_is_played_by_taps(board, browser) -> None:
    """White's first turn offers the swap as a button beside the board (it has no place
    on it); tapped and confirmed, White takes over Black's stone and side."""
    from bot.match.actions import MOVE
    from tests.bot.service_fixtures import act, start_match

    match = await start_match(board.service, (1, 2), "shifty")
    black = match.to_act
    first = match.state.format_move(random.Random(1).choice(match.state.legal_moves()))
    await act(board.service, match.id, black, MOVE, first)
    white = (await board.match(match.id)).to_act
    assert white != black
    async with opened(browser, board.link(white, match.id)) as page:
        await page.wait_for_url("**/match?id=*")
        await my_turn(page)
        swap = page.locator('button.choice[data-keys="swap"]')
        assert await swap.count() == 1
        async with page.expect_response(lambda r: "api/state" in r.url):
            await swap.click()
        await page.wait_for_selector("button.confirm")
        async with page.expect_response(lambda r: "api/play" in r.url):
            await page.click("button.confirm")
        await page.wait_for_function("() => document.querySelectorAll('nav.moves li').length === 2")
        assert "swap" in (await page.inner_text("nav.moves")).lower()
        assert page.errors == []
    record = await board.service.queries.match_record(match.id)
    assert [(e.member_id, e.notation) for e in record.log] == [(black, first), (white, "swap")]
    after = await board.match(match.id)
    assert after.state.swapped
    assert after.to_act == black  # the new White (Black's former player) moves next
