"""The Skift picture: tiles on an open table, pieces, control marks and the last move.

Every tile is drawn as a tile: a rim in its controller's colour (tan when nobody controls
it), a 2x2 grid of quadrants, and its name on a badge of the same colour on its north
edge; a lock marks a landlocked tile. Kings are squares, pawns circles. Letters and
numbers on the edges are exactly the notation's columns and rows. The last action
(`state.last`) is drawn on top: the squares a piece move left and reached are tinted, an
arrow shows the mover, chevrons the pushed pieces, and pieces that fell off are drawn
faint and crossed out where they fell; a moved tile is outlined (its old place dashed,
with an arrow), a turned tile carries a turning arrow on its middle, and tiles lost to a
splinter are dashed ghosts that keep their name badge, their pieces faint and crossed out.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from games.skift import SKIFT
from games.skift.geometry import PIECE_STEPS
from games.skift.model import SEAT_NAMES, LastAction, Piece
from games.skift.state import SkiftState
from render.header import Token, header_px, header_strip, turn_tokens
from render.pictures import Pictures, Shape, Spot, SpotsAt, box
from render.shapes import (
    arrow_sprite,
    cross_sprite,
    disc_sprite,
    icon_sprite,
    piece_chip,
    piece_sprite,
)
from render.skift.words import DRAWN, describe
from render.sprites import Sprite, dashed_rectangle, new_canvas, paste, text_row, text_sprite
from render.theme import RGB, SeatStyle, Theme

__all__ = ["PICTURES", "Grid", "describe", "draw", "layout", "pieces", "replay_layout", "span"]


def _style(theme: Theme, seat: int) -> SeatStyle:
    """How `seat`'s pieces look: the theme's style named as the seat is."""
    return theme.style(SEAT_NAMES[seat])


Point = tuple[int, int]
Box = tuple[float, float, float, float]

KING = "K"
#: Tallest picture, as a multiple of its width (a long thin table is shrunk to fit).
MAX_ASPECT = 1.5


def _cell(quadrant: Point) -> Point:
    return (quadrant[0] >> 1, quadrant[1] >> 1)


@dataclass(frozen=True)
class Grid:
    """Where things go on a picture `height` pixels high: tile cells from `first`,
    `shown` (columns, rows) of them, each `pitch` pixels square, the top-left one at
    (`left`, `top`), with a `margin` for the coordinates around them.

    A tile leaves a `gutter` of table around it and has a `rim` inside its edge; the
    quadrants fill the rest.
    """

    first: Point
    shown: Point
    pitch: float
    left: float
    top: float
    margin: int
    height: int
    gutter: float = field(init=False)
    rim: float = field(init=False)
    quad: float = field(init=False)

    def __post_init__(self) -> None:
        gutter = max(4.0, self.pitch * 0.07)
        rim = max(3.0, self.pitch * 0.055)
        object.__setattr__(self, "gutter", gutter)
        object.__setattr__(self, "rim", rim)
        object.__setattr__(self, "quad", (self.pitch - gutter - 2 * rim) / 2)

    @property
    def right(self) -> float:
        """The x of the shown cells' right edge."""
        return self.left + self.shown[0] * self.pitch

    @property
    def bottom(self) -> float:
        """The y of the shown cells' bottom edge."""
        return self.top + self.shown[1] * self.pitch

    def tile_box(self, cell: Point) -> Box:
        """The outer box of the tile on `cell`."""
        x = self.left + (cell[0] - self.first[0]) * self.pitch + self.gutter / 2
        y = self.top + (cell[1] - self.first[1]) * self.pitch + self.gutter / 2
        side = self.pitch - self.gutter
        return (x, y, x + side, y + side)

    def quad_box(self, quadrant: Point) -> Box:
        """The box of a quadrant (also off the tiles, where a tile would put it)."""
        x0, y0, _, _ = self.tile_box(_cell(quadrant))
        x = x0 + self.rim + (quadrant[0] & 1) * self.quad
        y = y0 + self.rim + (quadrant[1] & 1) * self.quad
        return (x, y, x + self.quad, y + self.quad)

    def centre(self, quadrant: Point) -> tuple[float, float]:
        """The centre of a quadrant."""
        x0, y0, x1, y1 = self.quad_box(quadrant)
        return ((x0 + x1) / 2, (y0 + y1) / 2)


def _ghost_cells(state: SkiftState) -> set[Point]:
    """Cells the last action shows although no tile stands there now."""
    last = state.last
    if last is None:
        return set()
    cells = {cell for _, cell in last.tiles_removed}
    cells |= {_cell(q) for q, _ in last.fallen}
    cells |= {_cell(q) for q, _ in last.pieces_removed}
    if last.tiles_moved:
        cells.add(last.tiles_moved[0][1])
    return cells - set(state.tiles.values())


def span(state: SkiftState) -> tuple[Point, Point]:
    """(first cell, last cell) of the table the picture of `state` shows."""
    cells = set(state.tiles.values()) | _ghost_cells(state)
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return (min(xs), min(ys)), (max(xs), max(ys))


def _label_px(width: int) -> int:
    return max(12, min(30, round(width / 30)))


def _header(state: SkiftState, theme: Theme, width: int, ending: str | None = None) -> Image.Image:
    """Move number and whose turn (or the result, or `ending`) on the left, each side's
    pieces right."""
    px = header_px(width)
    icon = round(px * 0.95)

    def chip(seat: int, shape: str = "circle") -> Sprite:
        size = round(icon * (0.8 if shape == "square" else 0.85))
        return piece_chip(_style(theme, seat), shape, size, theme.board, theme.outline)

    left = turn_tokens(state, chip, width=width, px=px, why=True, ending=ending)
    right: list[Token] = []
    for seat in range(state.players):
        kings, pawns = state.counts(seat)
        if right:
            right.append(None)
        right += [chip(seat, "square"), str(kings), chip(seat), str(pawns)]
    return header_strip(width, theme, left, right, px)


def _highlights(state: SkiftState) -> tuple[set[Point], set[Point]]:
    """Quadrants a piece move left (now empty) and reached."""
    last = state.last
    if last is None or last.kind != "piece":
        return set(), set()
    reached = {to for _, to in last.displaced}
    left = {src for src, _ in last.displaced} - reached
    return left, reached


def _draw_tiles(image: Image.Image, state: SkiftState, grid: Grid, theme: Theme) -> None:
    """Every tile: rim in the controller's colour, face, last-move tints and grid lines."""
    pen = ImageDraw.Draw(image)
    left, reached = _highlights(state)
    tints = {q: theme.highlight_from for q in left} | {q: theme.highlight_to for q in reached}
    line = max(1, round(grid.pitch * 0.012))
    for name, cell in state.tiles.items():
        owner = state.controller(name)
        rim = _style(theme, owner).fill if owner is not None else theme.board_edge
        x0, y0, x1, y1 = grid.tile_box(cell)
        pen.rectangle([x0, y0, x1, y1], fill=rim, outline=theme.outline, width=line)
        r = grid.rim
        pen.rectangle(
            [x0 + r, y0 + r, x1 - r, y1 - r], fill=theme.board, outline=theme.outline, width=line
        )
        for dx in (0, 1):
            for dy in (0, 1):
                quadrant = (cell[0] * 2 + dx, cell[1] * 2 + dy)
                if quadrant in tints:
                    qx0, qy0, qx1, qy1 = grid.quad_box(quadrant)
                    pen.rectangle(
                        [qx0 + line, qy0 + line, qx1 - line, qy1 - line], fill=tints[quadrant]
                    )
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        pen.rectangle([mx - line / 2, y0 + r, mx + line / 2, y1 - r], fill=theme.grid)
        pen.rectangle([x0 + r, my - line / 2, x1 - r, my + line / 2], fill=theme.grid)


def _crossed_corners(state: SkiftState) -> set[Point]:
    """Quadrant corners (corner (x, y) is quadrant (x, y)'s top-left) that the last piece
    move's diagonal steps pass through."""
    last = state.last
    if last is None or last.kind != "piece":
        return set()
    return {
        (max(src[0], dst[0]), max(src[1], dst[1]))
        for src, dst in last.displaced
        if src[0] != dst[0] and src[1] != dst[1]
    }


def _badge_spot(grid: Grid, cell: Point, south: bool = False) -> tuple[float, float]:
    """Where a tile's name badge goes: the middle of its north edge (or south edge)."""
    x0, y0, x1, y1 = grid.tile_box(cell)
    inset = max(_badge_px(grid) * 0.35, grid.rim * 0.8)
    return (x0 + x1) / 2, (y1 - inset if south else y0 + inset)


def _badge_px(grid: Grid) -> int:
    """A tile name badge's width."""
    return round(grid.quad * 0.52)


def _badge(
    image: Image.Image,
    grid: Grid,
    name: str,
    spot: tuple[float, float],
    colours: tuple[RGB, RGB, RGB],
) -> None:
    """A tile's name on a disc; `colours` = (fill, rim, letter)."""
    fill, edge, ink = colours
    badge = _badge_px(grid)
    paste(image, disc_sprite(badge, fill, edge, max(1.0, badge * 0.06)), *spot)
    paste(image, text_sprite(name, max(10, round(badge * 0.68)), ink), *spot)


def _draw_badges(image: Image.Image, state: SkiftState, grid: Grid, theme: Theme) -> None:
    """Each tile's name on a badge in its controller's colour; a lock on landlocked tiles.

    The badge sits on the middle of the tile's north edge, clear of the pieces. Only a
    diagonal step across that edge passes there; then the badge moves to the south edge.
    """
    crossed = _crossed_corners(state)
    lock_px = max(12, round(grid.quad * 0.4))
    for name, cell in state.tiles.items():
        owner = state.controller(name)
        if owner is None:
            colours = (theme.board, theme.outline, theme.ink)
        else:
            style = _style(theme, owner)
            colours = (style.fill, style.edge, style.ink)
        south = (cell[0] * 2 + 1, cell[1] * 2) in crossed
        _badge(image, grid, name, _badge_spot(grid, cell, south), colours)
        if state.is_landlocked(name):
            _, y0, x1, _ = grid.tile_box(cell)
            inset = grid.rim * 1.1
            paste(
                image, icon_sprite("lock", lock_px, theme.board, theme.ink), x1 - inset, y0 + inset
            )


def _draw_pieces(
    image: Image.Image,
    pieces: Iterable[tuple[Point, Piece]],
    grid: Grid,
    theme: Theme,
    opacity: float = 1.0,
) -> None:
    """Kings as squares and pawns as circles, centred on their quadrants."""
    king = round(grid.quad * 0.58)
    pawn = round(grid.quad * 0.66)
    for quadrant, piece in pieces:
        style = _style(theme, piece.seat)
        if piece.kind == KING:
            sprite = piece_sprite(style, "square", king, opacity)
        else:
            sprite = piece_sprite(style, "circle", pawn, opacity)
        paste(image, sprite, *grid.centre(quadrant))


def _draw_lost(
    image: Image.Image, pieces: Iterable[tuple[Point, Piece]], grid: Grid, theme: Theme
) -> None:
    """Pieces the last action removed: faint and crossed out, where they were lost."""
    pieces = list(pieces)
    _draw_pieces(image, pieces, grid, theme, theme.faint)
    cross = cross_sprite(round(grid.quad * 0.42), theme.removed, theme.halo)
    for quadrant, _ in pieces:
        paste(image, cross, *grid.centre(quadrant))


def _arrow(src: tuple[float, float], dst: tuple[float, float], width: int, theme: Theme) -> Sprite:
    return arrow_sprite(
        round(dst[0] - src[0]), round(dst[1] - src[1]), width, theme.highlight, theme.halo
    )


def _draw_piece_move(image: Image.Image, last: LastAction, grid: Grid, theme: Theme) -> None:
    """The mover's arrow, a chevron for each pushed piece, fallen pieces faint."""
    _draw_lost(image, last.fallen, grid, theme)
    width = max(3, round(grid.quad * 0.09))
    (src, dst), *pushed = last.displaced
    start, end = grid.centre(src), grid.centre(dst)
    dx, dy = end[0] - start[0], end[1] - start[1]
    shorten = grid.quad * 0.36 / max(abs(dx), abs(dy))
    tip = (end[0] - dx * shorten, end[1] - dy * shorten)
    paste(image, _arrow(start, tip, width, theme), *start)
    for src, dst in pushed:
        a, b = grid.centre(src), grid.centre(dst)
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        sx, sy = (b[0] - a[0]), (b[1] - a[1])
        reach = grid.quad * 0.2 / max(abs(sx), abs(sy))
        tail = (mid[0] - sx * reach, mid[1] - sy * reach)
        head = (mid[0] + sx * reach, mid[1] + sy * reach)
        paste(image, _arrow(tail, head, width, theme), *tail)


def _outline(pen: ImageDraw.ImageDraw, box: Box, colour: RGB, width: int) -> None:
    x0, y0, x1, y1 = box
    pen.rectangle([x0 - width, y0 - width, x1 + width, y1 + width], outline=colour, width=width)


def _draw_tile_action(
    image: Image.Image, state: SkiftState, last: LastAction, grid: Grid, theme: Theme
) -> None:
    """Moved and pushed tiles outlined, the old place dashed, a turned tile marked."""
    pen = ImageDraw.Draw(image)
    thick = max(2, round(grid.pitch * 0.022))
    thin = max(1, thick * 2 // 3)
    if last.kind == "rotate" and last.tile is not None and last.tile in state.tiles:
        _outline(pen, grid.tile_box(state.tiles[last.tile]), theme.highlight, thick)
    for index, (name, _, after) in enumerate(last.tiles_moved):
        if name not in state.tiles:
            continue
        _outline(pen, grid.tile_box(after), theme.highlight, thick if index == 0 else thin)
    if last.tiles_moved:
        name, before, after = last.tiles_moved[0]
        if before not in state.tiles.values():
            box = grid.tile_box(before)
            dashed_rectangle(pen, box, theme.highlight, thick, thick * 3)
            dx, dy = after[0] - before[0], after[1] - before[1]
            reach = grid.pitch * 0.3
            mx, my = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            tail = (mx - dx * reach, my - dy * reach)
            tip = (mx + dx * reach, my + dy * reach)
            width = max(3, round(grid.quad * 0.12))
            paste(image, _arrow(tail, tip, width, theme), *tail)
    for _, cell in last.tiles_removed:
        dashed_rectangle(pen, grid.tile_box(cell), theme.removed, thick, thick * 3)
    _draw_lost(image, last.pieces_removed, grid, theme)
    for name, cell in last.tiles_removed:
        colours = (theme.background, theme.removed, theme.removed)
        _badge(image, grid, name, _badge_spot(grid, cell), colours)


def _draw_turned(image: Image.Image, state: SkiftState, grid: Grid, theme: Theme) -> None:
    """A turning arrow on the middle of the tile the last action rotated (over its pieces:
    the middle of a tile lies clear of them)."""
    name = state.last.tile if state.last is not None else None
    if name is not None and name in state.tiles:
        x0, y0, x1, y1 = grid.tile_box(state.tiles[name])
        icon = icon_sprite("rotate", max(18, round(grid.quad * 0.56)), theme.halo, theme.highlight)
        paste(image, icon, (x0 + x1) / 2, (y0 + y1) / 2)


def _labels(image: Image.Image, state: SkiftState, grid: Grid, theme: Theme) -> None:
    """Column letters above and below, row numbers left and right: the notation's names."""
    min_x, min_y, max_x, max_y = state.bounds()
    px = _label_px(image.width)
    x0, y0 = grid.centre((min_x, min_y))
    columns = tuple(
        (state.square_name((x, min_y)).rstrip("0123456789"), round(grid.centre((x, min_y))[0] - x0))
        for x in range(min_x, max_x + 1)
    )
    rows = tuple(
        (
            state.square_name((min_x, y)).lstrip("abcdefghijklmnopqrstuvwxyz"),
            round(grid.centre((min_x, y))[1] - y0),
        )
        for y in range(min_y, max_y + 1)
    )
    across = text_row(columns, px, theme.text)
    paste(image, across, x0, grid.top - grid.margin / 2)
    paste(image, across, x0, grid.bottom + grid.margin / 2)
    down = text_row(rows, px, theme.text, vertical=True)
    paste(image, down, grid.left - grid.margin / 2, y0)
    paste(image, down, grid.right + grid.margin / 2, y0)


def draw(
    state: SkiftState,
    *,
    last_move: Hashable | None = None,
    seat: int | None = None,
    size: int,
    theme: Theme,
    cells: tuple[int, int] | None = None,
    ending: str | None = None,
) -> Image.Image:
    """The picture of a Skift position, `size` pixels wide.

    The last action is read from `state.last` (so `last_move` is not needed), and
    both players see the same table (`seat` is ignored). `cells` (columns, rows) makes
    the tiles as small as that many cells would need: replays pass the largest table
    of the game so that every frame has the same scale. `ending` (how the match ended)
    replaces whose turn it is in the header.
    """
    del last_move, seat
    header = _header(state, theme, size, ending)
    grid = _layout(state, size, header.height, cells)
    image = new_canvas(size, grid.height, theme.background)
    image.paste(header, (0, 0))
    _draw_tiles(image, state, grid, theme)
    last = state.last
    if last is not None and last.kind in ("tile", "rotate"):
        _draw_tile_action(image, state, last, grid, theme)
    _draw_pieces(image, state.pieces.items(), grid, theme)
    if last is not None and last.kind == "piece":
        _draw_piece_move(image, last, grid, theme)
    if last is not None and last.kind == "rotate":
        _draw_turned(image, state, grid, theme)
    _draw_badges(image, state, grid, theme)
    _labels(image, state, grid, theme)
    return image


def _layout(state: SkiftState, size: int, header: int, cells: Point | None) -> Grid:
    first, last = span(state)
    shown = (last[0] - first[0] + 1, last[1] - first[1] + 1)
    room = (max(shown[0], cells[0]), max(shown[1], cells[1])) if cells else shown
    margin = _label_px(size) * 2
    pitch = min(
        (size - 2 * margin) / room[0],
        (size * MAX_ASPECT - header - 2 * margin) / room[1],
        size / 3.2,
    )
    left = (size - shown[0] * pitch) / 2
    top = header + margin + (room[1] - shown[1]) * pitch / 2
    height = header + 2 * margin + round(room[1] * pitch)
    return Grid(first, shown, pitch, left, top, margin, height)


def layout(state: SkiftState, *, size: int, theme: Theme, cells: Point | None = None) -> Grid:
    """Where `draw` puts things for the same arguments (for tests and tools)."""
    return _layout(state, size, _header(state, theme, size).height, cells)


def replay_layout(states: Iterable[SkiftState]) -> dict[str, Point]:
    """The `draw` keywords that put every frame of a replay at the scale of the game's
    largest table (its `cells`), from one walk over the positions."""
    columns = rows = 1
    for state in states:
        (x0, y0), (x1, y1) = span(state)
        columns, rows = max(columns, x1 - x0 + 1), max(rows, y1 - y0 + 1)
    return {"cells": (columns, rows)}


def pieces(state: SkiftState, size: int, theme: Theme) -> list[tuple[str, Spot]]:
    """Each piece on the table in `draw`'s picture: its side's name and its centre."""
    grid = layout(state, size=size, theme=theme)
    return [(SEAT_NAMES[piece.seat], grid.centre(q)) for q, piece in state.pieces.items()]


def spots(state: SkiftState, seat: int | None, size: int, theme: Theme) -> SpotsAt:
    """Where the composer's choices are in `draw`'s picture: after a piece (its square),
    each direction at the square it leads to; else each piece by its square and each
    tile by its name (a tile to move, the group's tile that stays). A tile's direction
    and its turn have none."""
    del seat
    grid = layout(state, size=size, theme=theme)
    squares = {state.square_name(quadrant): quadrant for quadrant in state.pieces}
    first: dict[str, Shape] = {
        name: box(*grid.tile_box(cell)) for name, cell in state.tiles.items()
    }
    first.update((name, box(*grid.quad_box(quadrant))) for name, quadrant in squares.items())

    def at(path: tuple[str, ...]) -> dict[str, Shape]:
        quadrant = squares.get(path[-1]) if path else None
        if quadrant is None:
            return first
        x, y = quadrant
        return {
            name: box(*grid.quad_box((x + dx, y + dy))) for name, (dx, dy) in PIECE_STEPS.items()
        }

    return at


#: Skift's pictures (found by `render`).
PICTURES = Pictures(
    game=SKIFT.name,
    draw=draw,
    describe=describe,
    pieces=pieces,
    replay_layout=replay_layout,
    drawn=DRAWN,
    spots=spots,
)
