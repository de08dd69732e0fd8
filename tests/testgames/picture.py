"""The test games' pictures: a header strip over a grid of labelled cells.

Each test game's picture module turns its position into `Cell`s and calls `draw_grid`,
which draws them with the shared render helpers: the header from `render.header`, the
pieces from `render.shapes` in the theme's seat style named as the seat is, the text
from `render.sprites`; `grid_pieces` says where the pieces are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from render.header import header_px, header_strip, turn_tokens
from render.shapes import piece_chip, piece_sprite
from render.sprites import Sprite, new_canvas, paste, text_sprite
from render.theme import SeatStyle, Theme


class Cell(NamedTuple):
    """One cell of the grid: a label under it, the seat whose piece stands on it (None:
    empty), a word written on it, and whether the last move changed it."""

    label: str
    owner: int | None = None
    word: str = ""
    marked: bool = False


def _look(state: Any, theme: Theme) -> Callable[[int], SeatStyle]:
    """How a seat's pieces look: the theme's style named as the seat is now."""
    return lambda seat: theme.style(state.seat_name(seat))


def _header(state: Any, size: int, theme: Theme, ending: str | None) -> Image.Image:
    """The header strip: whose turn (or `ending`) with each seat's chip."""
    px = header_px(size)
    look = _look(state, theme)

    def chip(seat: int) -> Sprite:
        return piece_chip(look(seat), "circle", round(px * 1.1), theme.board, theme.outline)

    left = turn_tokens(state, chip, width=size, px=px, ending=ending)
    return header_strip(size, theme, left, [], px)


def _spots(cells: Sequence[Cell], columns: int, size: int, top: int) -> list[tuple[int, int, int]]:
    """Each cell's left, top and side in a grid `size` wide under a strip `top` high."""
    px = header_px(size)
    pitch = (size - 2 * px) // columns
    return [
        (px + (i % columns) * pitch, top + px + (i // columns) * pitch, pitch)
        for i in range(len(cells))
    ]


def _piece_y(cell: Cell) -> float:
    """Where a cell's piece stands, as a share of the cell's side from its top."""
    return 0.3 if cell.word else 0.45


def grid_pieces(
    state: Any, cells: Sequence[Cell], *, columns: int, size: int, theme: Theme
) -> list[tuple[str, tuple[float, float]]]:
    """Each piece `draw_grid` draws for the same arguments: its seat's name, its centre."""
    top = _header(state, size, theme, None).height
    return [
        (state.seat_name(cell.owner), (x + pitch / 2, y + pitch * _piece_y(cell)))
        for cell, (x, y, pitch) in zip(cells, _spots(cells, columns, size, top), strict=True)
        if cell.owner is not None
    ]


def draw_grid(
    state: Any,
    cells: Sequence[Cell],
    *,
    columns: int,
    size: int,
    theme: Theme,
    note: str = "",
    ending: str | None = None,
) -> Image.Image:
    """`cells` in rows of `columns` under the header of `state`, `size` pixels wide.

    `note` is a line of text under the grid (a hand of cards, a total); `ending` (how the
    match ended) replaces whose turn it is in the header.
    """
    look = _look(state, theme)
    px = header_px(size)
    strip = _header(state, size, theme, ending)
    rows = -(-len(cells) // columns)
    pitch = (size - 2 * px) // columns
    note_height = 2 * px if note else 0
    image = new_canvas(size, strip.height + rows * pitch + 2 * px + note_height, theme.background)
    image.paste(strip, (0, 0))
    pen = ImageDraw.Draw(image)
    for cell, (x, y, pitch) in zip(cells, _spots(cells, columns, size, strip.height), strict=True):
        face = theme.highlight_to if cell.marked else theme.board
        pen.rectangle([x + 2, y + 2, x + pitch - 3, y + pitch - 3], fill=face, outline=theme.grid)
        middle = x + pitch / 2
        if cell.owner is not None:
            piece = piece_sprite(
                look(cell.owner), "circle", round(pitch * (0.4 if cell.word else 0.6))
            )
            paste(image, piece, middle, y + pitch * _piece_y(cell))
        if cell.word:
            word_y = y + pitch * (0.66 if cell.owner is not None else 0.45)
            paste(image, text_sprite(cell.word, max(10, pitch // 5), theme.ink), middle, word_y)
        label = text_sprite(cell.label, max(10, pitch // 7), theme.ink)
        paste(image, label, x + pitch / 2, y + pitch - 4 - label.height)
    if note:
        paste(image, text_sprite(note, px, theme.text, "lm"), px, image.height - px - px // 2)
    return image
