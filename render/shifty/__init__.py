"""The Shifty picture: the grid of points, each side's edges in its colour, the stones,
the last action and, at the end, the winning chain.

Coordinates stand on all four sides, exactly as the notation names points: columns a, b,
c ... from the left, rows 1, 2, 3 ... from the top. The top and bottom edges are drawn in
Black's colour (Black joins them), the left and right edges in White's. The last action
(`state.last`) is drawn in the highlight colour: a new stone is ringed; a moved stone
leaves a hollow mark on its old point, the points it passed carry small dots and an arrow
runs to its ringed new point; a swap puts a "swapped" tag on Black's stone. A finished
game's winning chain has its links drawn as bars and every stone of it ringed. The
header says whose turn it is (or the result) and each side's stones, and notes a swap.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from games.shifty import COLOURS, SHIFTY, Pass, Place, Shift, Swap
from games.shifty.grid import COLUMNS, DIRECTIONS, bits
from games.shifty.state import ShiftyState
from render.header import Token, header_px, header_strip, turn_tokens
from render.pictures import Pictures, Shape, Spot, SpotsAt, box
from render.shapes import arrow_sprite, disc_sprite, piece_chip, piece_sprite, tag_sprite
from render.shifty.words import (
    DRAWN,
    LEFT_RIGHT,
    PASSED,
    STONES,
    SWAPPED,
    TO_PLAY,
    TOP_BOTTOM,
    describe,
)
from render.sprites import Sprite, backdrop, legible_px, paste, text_row
from render.theme import SeatStyle, Theme
from render.words import say

__all__ = ["PICTURES", "Board", "describe", "draw", "layout", "pieces", "spots"]


def stone_style(theme: Theme, colour: int) -> SeatStyle:
    """How `colour`'s stones look: the theme's style named as the colour is."""
    return theme.style(COLOURS[colour])


@dataclass(frozen=True)
class Board:
    """Pixel geometry: the top-left point's centre, the pitch between points, the width
    of the coloured edge bands and of the label margin."""

    size: int
    left: float
    top: float
    pitch: float
    band: float
    margin: float

    def centre(self, point: int) -> tuple[float, float]:
        """The centre of a point."""
        column, row = point % self.size, point // self.size
        return self.left + column * self.pitch, self.top + row * self.pitch

    @property
    def span(self) -> float:
        """The distance from the first to the last line of the grid."""
        return self.pitch * (self.size - 1)

    def surface(self) -> tuple[float, float, float, float]:
        """The board's playing surface, half a pitch beyond the outer lines."""
        half = self.pitch / 2
        return (
            self.left - half,
            self.top - half,
            self.left + self.span + half,
            self.top + self.span + half,
        )


def _layout(width: int, header: int, size: int) -> tuple[Board, int]:
    """The board's geometry for a picture `width` wide under a header, and the height."""
    margin = round(legible_px(width) * 2.2)
    band = max(6, round(width * 0.022))
    pitch = (width - 2 * margin - 2 * band) / size
    left = margin + band + pitch / 2
    board = Board(size, left, header + margin + band + pitch / 2, pitch, band, margin)
    return board, round(header + 2 * margin + 2 * band + size * pitch)


@lru_cache(maxsize=16)
def _chip(theme: Theme, colour: int, px: int) -> Sprite:
    return piece_chip(stone_style(theme, colour), "circle", px, theme.board, theme.outline)


def _header(state: ShiftyState, theme: Theme, width: int, ending: str | None = None) -> Image.Image:
    """Whose turn (or the result) on the left; each side's stones and edges on the right."""
    px = header_px(width)
    icon = round(px * 0.85)
    left = turn_tokens(
        state,
        lambda seat: _chip(theme, state.colour_of(seat), icon),
        width=width,
        px=px,
        doing=TO_PLAY,
        why=True,
        ending=ending,
    )
    right: list[Token] = []
    for colour, edges in ((0, TOP_BOTTOM), (1, LEFT_RIGHT)):
        if right:
            right.append(None)
        count = state.stones[colour].bit_count()
        stones = say(STONES, colour=COLOURS[colour], count=count, edges=say(edges))
        right += [_chip(theme, colour, round(icon * 0.8)), stones]
    if state.swapped:
        right += [None, say(SWAPPED)]
    if isinstance(state.last, Pass):
        right += [None, say(PASSED, colour=COLOURS[1 - state.colour])]
    return header_strip(width, theme, left, right, px)


def _draw_board(image: Image.Image, board: Board, theme: Theme) -> None:
    """The surface, the coloured edge bands and the grid lines (a `backdrop`)."""
    pen = ImageDraw.Draw(image)
    x0, y0, x1, y1 = board.surface()
    band, line = board.band, max(1, round(board.pitch * 0.04))
    black, white = stone_style(theme, 0), stone_style(theme, 1)
    pen.rectangle([x0 - band, y0 - band, x1 + band, y1 + band], fill=theme.board_edge)
    pen.rectangle([x0, y0 - band, x1, y0], fill=black.fill, outline=black.edge)
    pen.rectangle([x0, y1, x1, y1 + band], fill=black.fill, outline=black.edge)
    pen.rectangle([x0 - band, y0, x0, y1], fill=white.fill, outline=white.edge)
    pen.rectangle([x1, y0, x1 + band, y1], fill=white.fill, outline=white.edge)
    pen.rectangle([x0, y0, x1, y1], fill=theme.board)
    for index in range(board.size):
        x = board.left + index * board.pitch
        y = board.top + index * board.pitch
        pen.line([(x, board.top), (x, board.top + board.span)], fill=theme.grid, width=line)
        pen.line([(board.left, y), (board.left + board.span, y)], fill=theme.grid, width=line)


def _draw_labels(image: Image.Image, board: Board, theme: Theme) -> None:
    px = legible_px(image.width)
    columns = tuple((COLUMNS[i], round(i * board.pitch)) for i in range(board.size))
    rows = tuple((str(i + 1), round(i * board.pitch)) for i in range(board.size))
    across = text_row(columns, px, theme.text)
    down = text_row(rows, px, theme.text, vertical=True)
    x0, y0, x1, y1 = board.surface()
    outside = board.band + board.margin / 2
    paste(image, across, board.left, y0 - outside)
    paste(image, across, board.left, y1 + outside)
    paste(image, down, x0 - outside, board.top)
    paste(image, down, x1 + outside, board.top)


def _ring(board: Board, theme: Theme) -> Sprite:
    return disc_sprite(round(board.pitch * 0.98), theme.highlight, theme.highlight)


def _draw_chain(image: Image.Image, state: ShiftyState, board: Board, theme: Theme) -> None:
    """The winning chain: a bar along every link between two of its stones, and a ring
    under each of its stones."""
    chain = state.chain
    size = board.size
    width = max(3, round(board.pitch * 0.16))
    for point in bits(chain):
        x, y = board.centre(point)
        column, row = point % size, point // size
        for dx, dy in DIRECTIONS[::2] + ((1, -1),):
            if not (0 <= column + dx < size and 0 <= row + dy < size):
                continue
            other = point + dy * size + dx
            if chain >> other & 1:
                step = round(dx * board.pitch), round(dy * board.pitch)
                bar = arrow_sprite(*step, width, theme.highlight, theme.halo, False)
                paste(image, bar, x, y)
        paste(image, _ring(board, theme), x, y)


def _draw_stones(image: Image.Image, state: ShiftyState, board: Board, theme: Theme) -> None:
    px = round(board.pitch * 0.84)
    for colour in (0, 1):
        sprite = piece_sprite(stone_style(theme, colour), "circle", px)
        for point in bits(state.stones[colour]):
            paste(image, sprite, *board.centre(point))


def _draw_last_under(image: Image.Image, state: ShiftyState, board: Board, theme: Theme) -> None:
    """What goes under the stones: the ring of a new or moved stone, the marks of a move's
    old point and the points it passed."""
    last = state.last
    if isinstance(last, Place):
        paste(image, _ring(board, theme), *board.centre(last.point))
    elif isinstance(last, Shift):
        hollow = disc_sprite(
            round(board.pitch * 0.5),
            theme.highlight_from,
            theme.highlight,
            max(2.0, board.pitch * 0.07),
        )
        paste(image, hollow, *board.centre(last.origin))
        dot = disc_sprite(max(4, round(board.pitch * 0.16)), theme.highlight, theme.highlight)
        for point in _passed(board.size, last):
            paste(image, dot, *board.centre(point))
        paste(image, _ring(board, theme), *board.centre(last.target))
    elif isinstance(last, Swap):
        paste(image, _ring(board, theme), *board.centre(_first(state.stones[0])))


def _draw_last_over(image: Image.Image, state: ShiftyState, board: Board, theme: Theme) -> None:
    """What goes over the stones: a move's arrow, the swap's tag."""
    last = state.last
    if isinstance(last, Shift):
        (x0, y0), (x1, y1) = board.centre(last.origin), board.centre(last.target)
        length = max(abs(x1 - x0), abs(y1 - y0))
        shorten = board.pitch * 0.42 / length
        dx, dy = round((x1 - x0) * (1 - shorten)), round((y1 - y0) * (1 - shorten))
        width = max(3, round(board.pitch * 0.12))
        paste(image, arrow_sprite(dx, dy, width, theme.highlight, theme.halo), x0, y0)
    elif isinstance(last, Swap):
        x, y = board.centre(_first(state.stones[0]))
        px = legible_px(image.width)
        ink = theme.ink if sum(theme.highlight) > 380 else theme.text
        tag = tag_sprite("swapped", px, ink, theme.highlight, "s")
        paste(image, tag, x, y - board.pitch * 0.5 - tag.ay)


def _first(board: int) -> int:
    return (board & -board).bit_length() - 1


def _passed(size: int, move: Shift) -> list[int]:
    """The points a move passed over, between its origin and its target."""
    (x0, y0), (x1, y1) = (
        (move.origin % size, move.origin // size),
        (move.target % size, move.target // size),
    )
    steps = max(abs(x1 - x0), abs(y1 - y0))
    dx, dy = (x1 - x0) // steps, (y1 - y0) // steps
    return [(y0 + dy * i) * size + x0 + dx * i for i in range(1, steps)]


def draw(
    state: ShiftyState,
    *,
    last_move: Hashable | None = None,
    seat: int | None = None,
    size: int,
    theme: Theme,
    ending: str | None = None,
) -> Image.Image:
    """The picture of a Shifty position, `size` pixels wide.

    The last action is read from `state.last` (so `last_move` is not needed), and every
    player sees the same board (`seat` is ignored). `ending` (how the match ended)
    replaces whose turn it is in the header.
    """
    del last_move, seat
    header = _header(state, theme, size, ending)
    board, height = _layout(size, header.height, state.options["size"])
    image = backdrop(_draw_board, size, height, theme.background, board, theme)
    image.paste(header, (0, 0))
    _draw_labels(image, board, theme)
    if state.chain:
        _draw_chain(image, state, board, theme)
    _draw_last_under(image, state, board, theme)
    _draw_stones(image, state, board, theme)
    _draw_last_over(image, state, board, theme)
    return image


def layout(state: ShiftyState, *, size: int, theme: Theme) -> Board:
    """Where `draw` puts the points for the same arguments (for tests and tools)."""
    return _layout(size, _header(state, theme, size).height, state.options["size"])[0]


def pieces(state: ShiftyState, size: int, theme: Theme) -> list[tuple[str, Spot]]:
    """Each stone in `draw`'s picture: its colour's name and its centre."""
    board = layout(state, size=size, theme=theme)
    return [
        (COLOURS[colour], board.centre(point))
        for colour in (0, 1)
        for point in bits(state.stones[colour])
    ]


def spots(state: ShiftyState, seat: int | None, size: int, theme: Theme) -> SpotsAt:
    """Where the composer's choices are in `draw`'s picture: every point, by its name (a
    stone to move, the point it goes to, the point a stone is placed on), a pitch
    across; the other steps (swap or play on, place or move, a column) have none."""
    del seat
    board = layout(state, size=size, theme=theme)
    half = board.pitch / 2
    points: dict[str, Shape] = {}
    for point in range(board.size * board.size):
        x, y = board.centre(point)
        points[state.grid.name(point)] = box(x - half, y - half, x + half, y + half)
    return lambda path: points


#: Shifty's pictures (found by `render`).
PICTURES = Pictures(
    game=SHIFTY.name, draw=draw, describe=describe, pieces=pieces, drawn=DRAWN, spots=spots
)
