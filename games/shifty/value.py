"""How the learned value (an n-tuple network, `ai.value`) reads a Shifty position.

Trained for the standard game only: 10x10 points, one opening stone each, Abstract
Play's movement rule. On other boards and with the other options the engine judges by
`heuristics` alone.

The board is seen from the seat's side and turned so that the seat always joins the top
and bottom edges: the colours' goals differ (Black top to bottom, White left to right),
so a White seat's board is mirrored in its main diagonal, which makes its goal Black's
and the other colour's White's. A point is empty (0), the seat's own (1) or the other
colour's (2). The turned board keeps its worth under the four symmetries that keep
both goals, the two mirrors (left to right, top to bottom) and the half turn; a quarter
turn would swap the goals.

The network looks at every two-by-three block of points, lying and standing, each once
up to those symmetries: a block holds the shapes a connection is made of and fought
over (a crosscut, forbidden, is a two-by-two square; a diagonal link; a stone's
orthogonal friend, which lets it move and lets others be placed beside it), and where it
lies says how near the shape is to the edges it joins. How far each colour still is from
joining its edges is the heuristic's (`games.shifty.heuristics`), which the network
corrects: it learns what the shapes add to that distance.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from games.base import ValueShape, one_per_orbit
from games.shifty.grid import bits
from games.shifty.rules import BLACK

#: Bumped whenever a rule change alters what a position is worth.
RULES = "shifty-10-standard/1"
#: The options the weights were trained for.
TRAINED = {"size": 10, "singletons": 1, "looser_moves": False}
SIZE = 10
CELLS = SIZE * SIZE


def _mapped(transform: int, index: int) -> int:
    """Where symmetry `transform` (bit 1: left to right, bit 2: top to bottom) takes the
    point `index`."""
    column, row = index % SIZE, index // SIZE
    if transform & 1:
        column = SIZE - 1 - column
    if transform & 2:
        row = SIZE - 1 - row
    return row * SIZE + column


SYMMETRIES = tuple(tuple(_mapped(t, i) for i in range(CELLS)) for t in range(4))


def _tuples() -> tuple[tuple[int, ...], ...]:
    """Every block of two rows by three columns, then of three rows by two columns."""
    blocks = []
    for rows, columns in ((2, 3), (3, 2)):
        for top in range(SIZE - rows + 1):
            for left in range(SIZE - columns + 1):
                blocks.append(
                    tuple((top + r) * SIZE + left + c for r in range(rows) for c in range(columns))
                )
    return one_per_orbit(blocks, SYMMETRIES)


SHAPE = ValueShape(
    rules=RULES,
    cells=CELLS,
    states=3,
    tuples=_tuples(),
    symmetries=SYMMETRIES,
    weights=Path(__file__).with_name("value.npz"),
)


def trained_for(options: Mapping[str, Any]) -> bool:
    """Whether the weights were trained for a game with these options."""
    return all(options[name] == value for name, value in TRAINED.items())


def value_cells(stones: tuple[int, int], colour: int) -> list[int]:
    """The board from the side of the seat playing `colour`, turned so that its goal is
    top to bottom: 0 empty, 1 its own, 2 the other colour's."""
    cells = [0] * CELLS
    for side, code in ((colour, 1), (1 - colour, 2)):
        for point in bits(stones[side]):
            if colour != BLACK:
                point = point % SIZE * SIZE + point // SIZE
            cells[point] = code
    return cells
