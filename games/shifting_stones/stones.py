"""The nine stones and the 3x3 grid: symbols, cell names, neighbours and the seeded layout.

A cell is an index 0..8, row by row from the top-left corner: index = row * 3 + column.
Cells are named like the notation: columns a..c from the left, rows 1..3 from the top
(the top is the side of the draw pile). A symbol is an index 0..7; the two faces of a
stone are a pair of symbols 2k and 2k+1, so flipping a stone is `symbol ^ 1`.
"""

from __future__ import annotations

import random

from games.shifting_stones.phrasebook import say

SIZE = 3
CELLS = SIZE * SIZE
COLUMNS = "abc"

#: The eight symbols; stone k carries SYMBOLS[2k] on one face and SYMBOLS[2k+1] on the other.
SYMBOLS = ("sun", "moon", "fish", "bird", "horse", "boat", "seed", "tree")
#: The symbols' names players read, in the order of `SYMBOLS`.
SYMBOL_NAMES = (
    say("Sun"),
    say("Moon"),
    say("Fish"),
    say("Bird"),
    say("Horse"),
    say("Boat"),
    say("Seed"),
    say("Tree"),
)
#: How many stones carry each pair of faces: Sun/Moon 1, Fish/Bird 2, Horse/Boat 3, Seed/Tree 3.
STONES_PER_PAIR = (1, 2, 3, 3)

Grid = tuple[int, ...]


def cell_name(index: int) -> str:
    """The notation name of a cell, such as "b2"."""
    return f"{COLUMNS[index % SIZE]}{index // SIZE + 1}"


def cell_index(name: str) -> int | None:
    """The cell called `name` ("a1".."c3"), or None when there is no such cell."""
    if len(name) != 2 or name[0] not in COLUMNS or name[1] not in "123":
        return None
    return (int(name[1]) - 1) * SIZE + COLUMNS.index(name[0])


def adjacent(first: int, second: int) -> bool:
    """Whether two cells share a side (left-right or up-down, never diagonally)."""
    (r1, c1), (r2, c2) = divmod(first, SIZE), divmod(second, SIZE)
    return abs(r1 - r2) + abs(c1 - c2) == 1


#: Every pair of side-by-side cells, lower index first: the 12 possible shifts.
NEIGHBOURS = tuple((a, b) for a in range(CELLS) for b in range(a + 1, CELLS) if adjacent(a, b))


def symbol_name(symbol: int) -> str:
    """The symbol's name for players, a phrase: "Sun", "Boat"."""
    return SYMBOL_NAMES[symbol]


def flipped(symbol: int) -> int:
    """The symbol on the other face of the same stone."""
    return symbol ^ 1


def random_grid(rng: random.Random) -> Grid:
    """The nine stones shuffled into the grid, each with a random face up."""
    pairs = [pair for pair, count in enumerate(STONES_PER_PAIR) for _ in range(count)]
    rng.shuffle(pairs)
    return tuple(2 * pair + rng.randrange(2) for pair in pairs)


def grid_mask(grid: Grid) -> int:
    """The grid as a bit set: bit `cell * 8 + symbol` for the symbol on each cell. A
    pattern placed on the grid matches when all of its bits are in this set."""
    mask = 0
    for index, symbol in enumerate(grid):
        mask |= 1 << (index * len(SYMBOLS) + symbol)
    return mask


def is_grid(grid: Grid) -> bool:
    """Whether `grid` shows the nine stones: nine symbols with each pair on as many cells as
    there are stones of that pair."""
    if len(grid) != CELLS or not all(type(s) is int and 0 <= s < len(SYMBOLS) for s in grid):
        return False
    return all(
        sum(1 for s in grid if s // 2 == pair) == count
        for pair, count in enumerate(STONES_PER_PAIR)
    )
