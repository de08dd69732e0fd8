"""How the learned value (an n-tuple network, `ai.value`) reads a Shiftago position.

Trained for two-player Express only (a line of five wins): in Expert and Extreme, and
with three or four players, the engine judges by `heuristics` alone.

A square is empty (0), the seat's own (1) or the other colour's (2). The network looks at
- every whole row (and so, through the symmetries, every column): an insertion pushes
  along one lane, so a row's seven squares together say what a push there does to lines
  in it; rows 0 to 3 stand for all fourteen lanes;
- every diagonal of five squares or more, where lines are made but never pushed along;
- 24 snakes of six squares (seeded random walks, as Thill, Koch and Konen's Connect-4
  networks use), which see the lines across lanes that a push opens or closes.
The tray's eight rotations and reflections (the symmetry group of the square) map
a position to one worth the same, since marbles enter from all four sides alike.
"""

from __future__ import annotations

import random
from pathlib import Path

from games.base import ValueShape, square_symmetries
from games.shiftago.geometry import CELLS, SIZE, cell, coords

#: Bumped whenever a rule change alters what an Express position is worth.
RULES = "shiftago-express-2p/1"
#: How many random-walk tuples, and their length.
SNAKES, SNAKE_LENGTH = 24, 6


SYMMETRIES = square_symmetries(SIZE)


def _snakes() -> tuple[tuple[int, ...], ...]:
    """`SNAKES` walks of `SNAKE_LENGTH` distinct squares, each step to one of the eight
    neighbours, from a seeded generator (the same tuples in every process)."""
    rng = random.Random(48)
    found: list[tuple[int, ...]] = []
    while len(found) < SNAKES:
        walk = [rng.randrange(CELLS)]
        while len(walk) < SNAKE_LENGTH:
            column, row = coords(walk[-1])
            steps = [
                cell(column + dc, row + dr)
                for dc in (-1, 0, 1)
                for dr in (-1, 0, 1)
                if (dc or dr) and 0 <= column + dc < SIZE and 0 <= row + dr < SIZE
            ]
            options = [s for s in steps if s not in walk]
            if not options:
                break
            walk.append(rng.choice(options))
        if len(walk) == SNAKE_LENGTH:
            found.append(tuple(walk))
    return tuple(found)


def _tuples() -> tuple[tuple[int, ...], ...]:
    """Rows 0 to 3, the diagonals of 7, 6 and 5 squares, then the snakes."""
    rows = [tuple(cell(c, r) for c in range(SIZE)) for r in range(4)]
    diagonals = [tuple(cell(c, c - k) for c in range(k, SIZE)) for k in range(3)]
    return (*rows, *diagonals, *_snakes())


SHAPE = ValueShape(
    rules=RULES,
    cells=CELLS,
    states=3,
    tuples=_tuples(),
    symmetries=SYMMETRIES,
    weights=Path(__file__).with_name("value.npz"),
)


def value_cells(board: tuple[int | None, ...], seat: int) -> list[int]:
    """The board from `seat`'s side: 0 empty, 1 its own, 2 the other colour's."""
    return [0 if owner is None else 1 if owner == seat else 2 for owner in board]
