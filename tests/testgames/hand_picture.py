"""The picture of a test-hand (Secret Hands) position, from one seat's point of view.

`draw` shows `state.view(seat)`: the seat's own hand when it has one, no hand for the
public (seat None). `describe` (the alt text, which is public) tells the public view.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from PIL import Image

from games.wording import plural
from render.pictures import Pictures
from render.theme import Theme
from tests.testgames.hand import HAND, TARGET
from tests.testgames.picture import Cell, draw_grid, grid_pieces


def draw(
    state: Any,
    *,
    last_move: Hashable | None,
    seat: int | None,
    size: int,
    theme: Theme,
    ending: str | None = None,
) -> Image.Image:
    """One cell per seat with its cards played and held, then the total and the deck."""
    shown = state.view(seat)
    cells = _cells(shown)
    hand = shown.hands[seat] if seat is not None else None
    note = f"Your hand: {', '.join(hand) or 'empty'}" if hand is not None else ""
    return draw_grid(
        shown, cells, columns=len(cells), size=size, theme=theme, note=note, ending=ending
    )


def _cells(shown: Any) -> list[Cell]:
    seats = [
        Cell(f"{shown.hand_sizes[s]} in hand", s, f"{shown.played[s]} played")
        for s in range(shown.players)
    ]
    return [
        *seats,
        Cell(f"total ({TARGET} wins)", None, str(shown.total)),
        Cell("in the deck", None, str(shown.deck_size)),
    ]


def pieces(state: Any, size: int, theme: Theme) -> list[tuple[str, tuple[float, float]]]:
    """Each seat's piece in the public picture: the seat's name and the piece's centre."""
    cells = _cells(state.view(None))
    return grid_pieces(state.view(None), cells, columns=len(cells), size=size, theme=theme)


def describe(state: Any, last_move: Hashable | None, ending: str | None = None) -> str:
    """The public view in words: whose turn or the result (or `ending`, how the match
    ended), the total and the counts; and the hand of the seat whose own view this is (a
    full state shows none: it is public)."""
    public = state.view(None)
    result = public.outcome()
    if ending is not None:
        head = f"Secret Hands, over after {public.ply} actions: {ending}"
    elif result:
        head = f"Secret Hands, over after {public.ply} actions: {result.reason}"
    else:
        head = f"Secret Hands, action {public.ply + 1}: {public.seat_name(public.turn)} to act."
    counts = [
        f"{public.seat_name(s)} played {public.played[s]} and holds "
        f"{plural(public.hand_sizes[s], 'card')}."
        for s in range(public.players)
    ]
    deck = plural(public.deck_size, "card")
    table = f"The total is {public.total} of {TARGET}; the deck holds {deck}."
    visible = [(s, hand) for s, hand in enumerate(state.hands) if hand is not None]
    shown = [f"{state.seat_name(s)} holds {', '.join(hand)}." for s, hand in visible]
    if len(visible) != 1:  # not one seat's own view
        shown = []
    return " ".join([head, table, *counts, *shown])


#: The pictures this module declares (found by `render.modules.discover`).
PICTURES = Pictures(game=HAND.name, draw=draw, describe=describe, pieces=pieces)
