"""The picture of a test-swap (Pie Lines) position: the board with Red and Blue stones."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from PIL import Image

from render.theme import SeatStyle, Theme
from tests.testgames.picture import Cell, draw_grid
from tests.testgames.swap import COLOURS, SIDE, Place, cell_name


def draw(
    state: Any,
    *,
    last_move: Hashable | None,
    seat: int | None,
    size: int,
    theme: Theme,
    ending: str | None = None,
) -> Image.Image:
    """The board; each seat's pieces look like the colour it plays (the first seat style
    is Red's, the second Blue's), so a swap changes the seats' pieces, not the stones."""

    def style(seat: int) -> SeatStyle:
        return theme.seat(seat ^ state.swapped)

    cells = [
        Cell(
            cell_name(c), None if stone is None else state.seat_of(stone), "", last_move == Place(c)
        )
        for c, stone in enumerate(state.cells)
    ]
    note = "Sides swapped: seat 2 plays Red." if state.swapped else ""
    return draw_grid(
        state, cells, columns=SIDE, size=size, theme=theme, style=style, note=note, ending=ending
    )


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
