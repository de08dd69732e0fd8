"""The picture of a test-swap (Pie Lines) position: the board with Red and Blue stones."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from PIL import Image

from render.pictures import Pictures
from render.theme import Theme
from tests.testgames.picture import Cell, draw_grid, grid_pieces
from tests.testgames.swap import COLOURS, SIDE, SWAP, Place, cell_name


def draw(
    state: Any,
    *,
    last_move: Hashable | None,
    seat: int | None,
    size: int,
    theme: Theme,
    ending: str | None = None,
) -> Image.Image:
    """The board; each seat's pieces look like the colour it plays (its seat name), so a
    swap changes the seats' pieces, not the stones."""
    note = "Sides swapped: seat 2 plays Red." if state.swapped else ""
    cells = _cells(state, last_move)
    return draw_grid(state, cells, columns=SIDE, size=size, theme=theme, note=note, ending=ending)


def _cells(state: Any, last_move: Hashable | None) -> list[Cell]:
    return [
        Cell(
            cell_name(c), None if stone is None else state.seat_of(stone), "", last_move == Place(c)
        )
        for c, stone in enumerate(state.cells)
    ]


def pieces(state: Any, size: int, theme: Theme) -> list[tuple[str, tuple[float, float]]]:
    """Each stone: the name of the seat playing its colour, and its centre."""
    return grid_pieces(state, _cells(state, None), columns=SIDE, size=size, theme=theme)


def describe(state: Any, last_move: Hashable | None, ending: str | None = None) -> str:
    """The position in words, naming the seats by the colours they play now (`ending`:
    how the match ended, instead of whose turn)."""
    result = state.outcome()
    if ending is not None:
        head = f"Pie Lines, over after {state.ply} moves: {ending}"
    elif result:
        head = f"Pie Lines, over after {state.ply} moves: {result.reason}"
    else:
        head = f"Pie Lines, move {state.ply + 1}: {state.seat_name(state.current_player)} to move."
    stones = [
        f"{name} stones: "
        + (", ".join(cell_name(c) for c, s in enumerate(state.cells) if s == colour) or "none")
        + "."
        for colour, name in enumerate(COLOURS)
    ]
    swapped = " The sides were swapped: seat 1 plays Blue, seat 2 Red." if state.swapped else ""
    return " ".join([head, *stones]) + swapped


#: The pictures this module declares (found by `render.modules.discover`).
PICTURES = Pictures(game=SWAP.name, draw=draw, describe=describe, pieces=pieces)
