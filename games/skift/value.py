"""How the learned value (an n-tuple network, `ai.value`) reads a Skift position.

The tiles lie on an unbounded table and drift as they are pushed, so the network looks
through a window that moves with them: five by five tile cells (ten by ten quadrants),
the middle one the middle of the tiles' bounding box. The tiles start three by three and
seldom spread wider than five; a quadrant of a tile outside the window is not seen.
Where a piece stands relative to the edge of the tiles is what matters (a piece next to
the edge can be pushed off, and the game is lost with the last king or the last pawn),
not where the tiles stand on the table, and the window shows both edges and pieces.

A quadrant is off the tiles (0), an empty quadrant of a tile (1), the seat's own king
(2) or pawn (3), or the other seat's king (4) or pawn (5). The network looks at
- every tile cell's four quadrants: who controls a tile (kings first, then pieces) and
  so who may move or turn it, and whether a tile stands there at all;
- every straight line of four quadrants, along a row or a diagonal: a piece move pushes
  the pieces in a line, and pushes off the tiles the one at its end;
each tuple once up to the symmetries (the others are their images). The window turns and
mirrors with the table's eight rotations and reflections (pieces step in eight
directions and tiles in four alike, a tile turns by 180 degrees whichever way it faces),
and a window of whole tile cells keeps tiles whole under them.

The material itself is the heuristic's (`games.skift.heuristics`), which the network
corrects: it learns what a position's shape adds to its count of kings and pawns.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from games.base import ValueShape, one_per_orbit, square_symmetries
from games.skift.model import KING, Cell, Piece

#: Bumped whenever a rule change alters what a position is worth.
RULES = "skift-rulings/1"
#: The window's side in tile cells (odd, so that it has a middle one) and in quadrants.
TILES_ACROSS = 5
SIDE = 2 * TILES_ACROSS
CELLS = SIDE * SIDE
#: The length of the line tuples.
LINE = 4


def _index(x: int, y: int) -> int:
    """The window cell of quadrant (x, y) of the window."""
    return y * SIDE + x


SYMMETRIES = square_symmetries(SIDE)


def _tuples() -> tuple[tuple[int, ...], ...]:
    """The tile cells' quadrants, then the lines of `LINE` quadrants along rows and
    along the diagonals (columns and the other diagonals are their images)."""
    tiles = [
        (_index(2 * tx, 2 * ty), _index(2 * tx + 1, 2 * ty))
        + (_index(2 * tx, 2 * ty + 1), _index(2 * tx + 1, 2 * ty + 1))
        for ty in range(TILES_ACROSS)
        for tx in range(TILES_ACROSS)
    ]
    rows = [
        tuple(_index(x + i, y) for i in range(LINE))
        for y in range(SIDE)
        for x in range(SIDE - LINE + 1)
    ]
    diagonals = [
        tuple(_index(x + i, y + i) for i in range(LINE))
        for y in range(SIDE - LINE + 1)
        for x in range(SIDE - LINE + 1)
    ]
    return one_per_orbit([*tiles, *rows, *diagonals], SYMMETRIES)


SHAPE = ValueShape(
    rules=RULES,
    cells=CELLS,
    states=6,
    tuples=_tuples(),
    symmetries=SYMMETRIES,
    weights=Path(__file__).with_name("value.npz"),
)


def value_cells(tiles: Iterable[Cell], pieces: Mapping[Cell, Piece], seat: int) -> list[int]:
    """The window on the tiles from `seat`'s side (see the module's docstring)."""
    cells = list(tiles)
    middle_x = (min(c[0] for c in cells) + max(c[0] for c in cells)) // 2
    middle_y = (min(c[1] for c in cells) + max(c[1] for c in cells)) // 2
    left = 2 * (middle_x - TILES_ACROSS // 2)
    top = 2 * (middle_y - TILES_ACROSS // 2)
    window = [0] * CELLS
    for tx, ty in cells:
        for x in (2 * tx - left, 2 * tx + 1 - left):
            for y in (2 * ty - top, 2 * ty + 1 - top):
                if 0 <= x < SIDE and 0 <= y < SIDE:
                    window[_index(x, y)] = 1
    for (qx, qy), piece in pieces.items():
        x, y = qx - left, qy - top
        if 0 <= x < SIDE and 0 <= y < SIDE:
            own = piece.seat == seat
            window[_index(x, y)] = (2 if own else 4) + (piece.kind != KING)
    return window
