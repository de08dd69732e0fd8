"""The picture of a test-solo (Tile Bag) position: the three columns and the tile in hand."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from PIL import Image

from render.pictures import Pictures
from render.theme import Theme
from tests.testgames.picture import Cell, draw_grid
from tests.testgames.solo import COLUMNS, DRAWS, SOLO, TARGET, Place


def draw(
    state: Any,
    *,
    last_move: Hashable | None,
    seat: int | None,
    size: int,
    theme: Theme,
    ending: str | None = None,
) -> Image.Image:
    """The columns as cells with their sums, the last one placed marked."""
    cells = [
        Cell(f"column {c + 1}", None, str(total), last_move == Place(c))
        for c, total in enumerate(state.columns)
    ]
    held = f"In hand: {state.held}" if state.held is not None else "Hand empty"
    note = f"{held}; {state.draws} of {DRAWS} tiles drawn; target {TARGET}."
    return draw_grid(
        state, cells, columns=COLUMNS, size=size, theme=theme, note=note, ending=ending
    )


def describe(state: Any, last_move: Hashable | None, ending: str | None = None) -> str:
    """The position in words (`ending`: how the match ended, instead of the result)."""
    sums = ", ".join(str(total) for total in state.columns)
    result = state.outcome()
    now = ending or (result.reason if result else "to play.")
    head = f"Tile Bag, {state.ply} actions: {now}"
    held = f" The tile in hand is {state.held}." if state.held is not None else ""
    return f"{head} Columns: {sums}.{held} {state.draws} of {DRAWS} tiles drawn."


#: The pictures this module declares (found by `render.modules.discover`): no pieces.
PICTURES = Pictures(game=SOLO.name, draw=draw, describe=describe)
