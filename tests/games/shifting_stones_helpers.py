"""Hand-made Shifting Stones positions for the scenario tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.shifting_stones import SHIFTING_STONES, StonesState
from games.shifting_stones.cards import read_card
from games.shifting_stones.stones import SYMBOLS

#: A grid with every stone: Sun, 2 Fish/Bird, 3 Horse/Boat, 3 Seed/Tree.
GRID = "sun fish horse / bird boat seed / horse tree seed"
#: Filler cards (never matching GRID) for piles the scenario does not care about.
FILLER = "1: moon moon"


def grid(words: str) -> tuple[int, ...]:
    """A grid from rows of symbol words, top row first."""
    return tuple(SYMBOLS.index(w) for w in words.replace("/", " ").split())


def position(
    players: int,
    hands: list[list[str]],
    *,
    grid_words: str = GRID,
    draw: list[str] = (),  # type: ignore[assignment]
    discard: list[str] = (),  # type: ignore[assignment]
    scored: list[list[str]] | None = None,
    **fields: Any,
) -> StonesState:
    """A position with the given cards (card texts) in hands, draw pile (top first),
    discard pile and score piles; the deck of the state is exactly those cards."""
    texts: list[str] = []

    def ids(cards: list[str]) -> tuple[int, ...]:
        start = len(texts)
        texts.extend(cards)
        return tuple(range(start, start + len(cards)))

    hand_ids = tuple(ids(h) for h in hands)
    draw_ids, discard_ids = ids(list(draw)), ids(list(discard))
    scored_ids = tuple(ids(s) for s in (scored or [[] for _ in range(players)]))
    cards = tuple(_card(t) for t in texts)
    start = SHIFTING_STONES.new(players, seed=3)
    return replace(
        start,
        cards=cards,
        grid=grid(grid_words),
        hands=hand_ids,
        draw=draw_ids,
        discard=discard_ids,
        scored=scored_ids,
        **fields,
    )


def _card(text: str) -> Any:
    """Cards that no real deck holds (two Moons) are allowed here, as filler."""
    if text == FILLER:
        return read_card("1: moon any").__class__(1, ((1, 1),))
    return read_card(text)


def play(state: StonesState, *texts: str) -> StonesState:
    """`state` after the typed actions, in order."""
    for text in texts:
        state = state.play(state.parse_move(text))
    return state
