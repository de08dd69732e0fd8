"""Playing on the web board by taps, as a player would: on the board's places where the
composer's step has them, else on its buttons, then Confirm."""

from __future__ import annotations

import random

import pytest

READY = (
    "() => { const main = document.getElementById('main');"
    " const svg = document.querySelector('svg.places');"
    " return main && !main.dataset.busy && main.children.length > 0"
    " && (!svg || svg.getAttribute('viewBox')); }"
)
COMPOSING = "polygon.place, button.choice, button.confirm"


async def settled(page) -> None:
    """Wait until the page has drawn its latest answer (and its board's places fit)."""
    await page.wait_for_function(READY)


async def tap(page, rng: random.Random, frame=None) -> str:
    """One tap of the composer: Confirm when a move is complete, else a place on the
    board, else (a step with no places) a button. Says what was tapped. `frame`: the
    board's frame in `page`, when it is framed (an Activity in Discord)."""
    board = frame or page
    await settled(board)
    confirm = board.locator("button.confirm")
    if await confirm.count():
        async with page.expect_response(lambda r: "api/play" in r.url):
            await confirm.click()
        await settled(board)
        return "confirm"
    places = board.locator("polygon.place")
    count = await places.count()
    if count:
        target = places.nth(rng.randrange(count))
        kind = "place"
    else:
        buttons = board.locator("button.choice")
        target = buttons.nth(rng.randrange(await buttons.count()))
        kind = "button"
    async with page.expect_response(lambda r: "api/state" in r.url):
        await target.click(force=True)  # what is drawn on top at that spot is tapped
    await settled(board)
    return kind


async def my_turn(page, timeout: float = 30_000) -> None:
    """Wait until the page composes (the others' moves came in live)."""
    await page.wait_for_selector(COMPOSING, timeout=timeout)


async def play_to_the_end(
    page, board, match_id: int, rng: random.Random, frame=None, most_taps: int = 1500
) -> dict[str, int]:
    """Member 1 plays the match by taps to its end, the bot playing the other seats;
    waits until the bot's last move came in live. Says how many taps of each kind.
    `frame`: the board's frame in `page`, when it is framed."""
    taps: dict[str, int] = {}
    for _ in range(most_taps):
        match = await board.match(match_id)
        if not match.active:
            break
        if match.to_act != 1:
            await board.engine.idle()
            continue
        await my_turn(frame or page)
        kind = await tap(page, rng, frame)
        taps[kind] = taps.get(kind, 0) + 1
    else:
        pytest.fail(f"match {match_id} did not end within {most_taps} taps: {taps}")
    ply = (await board.match(match_id)).ply
    await (frame or page).wait_for_function(  # the bot's last move came in live
        f"() => document.querySelectorAll('nav.moves li').length === {ply}"
        f" && !document.querySelector('{COMPOSING}')",
        timeout=10_000,
    )
    return taps
