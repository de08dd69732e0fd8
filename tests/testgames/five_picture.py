"""The picture of a test-five (Claims) position: the board with each seat's pieces."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from PIL import Image

from render.pictures import Pictures
from render.theme import Theme
from tests.testgames.five import CELLS, FIVE, WIDTH, Claim, cell_name
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
    """The board: a piece in its owner's seat style on every claimed cell."""
    cells = _cells(state, last_move)
    points = "; ".join(
        f"{state.seat_name(s)}: {state.scores[s]}" + (" (retired)" if state.retired[s] else "")
        for s in range(state.players)
    )
    return draw_grid(
        state, cells, columns=WIDTH, size=size, theme=theme, note=points, ending=ending
    )


def _cells(state: Any, last_move: Hashable | None) -> list[Cell]:
    return [Cell(cell_name(c), state.owners[c], "", last_move == Claim(c)) for c in range(CELLS)]


def pieces(state: Any, size: int, theme: Theme) -> list[tuple[str, tuple[float, float]]]:
    """Each claimed cell's piece: its owner's name and its centre."""
    return grid_pieces(state, _cells(state, None), columns=WIDTH, size=size, theme=theme)


def describe(state: Any, last_move: Hashable | None, ending: str | None = None) -> str:
    """The position in words: whose turn or the result (or `ending`, how the match
    ended), the points, the cells held."""
    result = state.outcome()
    if ending is not None:
        head = f"Claims, over after {state.ply} claims: {ending}"
    elif result:
        head = f"Claims, over after {state.ply} claims: {result.reason}"
    else:
        head = f"Claims, claim {state.ply + 1}: {state.seat_name(state.current_player)} to move."
    held = []
    for s in range(state.players):
        mine = ", ".join(cell_name(c) for c in range(CELLS) if state.owners[c] == s)
        held.append(f"{state.seat_name(s)} has {state.scores[s]} points and {mine or 'no cells'}.")
    return " ".join([head, *held])


#: The pictures this module declares (found by `render.modules.discover`).
PICTURES = Pictures(game=FIVE.name, draw=draw, describe=describe, pieces=pieces)
