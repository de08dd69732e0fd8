"""Building Shifty positions for the scenario tests from a drawing of the board."""

from __future__ import annotations

import random
from typing import Any

from games.shifty import SHIFTY, Move, ShiftyState, grid
from games.shifty.moves import read_move

# Black's column c1-c5 reaches the bottom edge with a stone on c6 alone (White holds b6
# and d6, so no diagonal step gets past them).
BLACK_COLUMN = """
. . B . . .
. . B . . .
. . B . . .
. . B . . .
. . B . . .
. W . W . .
"""


def position(
    drawing: str, to_act: str = "Black", *, swapped: bool = False, **options: Any
) -> ShiftyState:
    """The position drawn row by row from the top (`.` empty, `B` Black, `W` White), past
    the opening, with `to_act` to act; the board size is the drawing's."""
    rows = [line.split() for line in drawing.strip().splitlines()]
    size = len(rows)
    assert all(len(row) == size for row in rows), "draw a square board"
    stones = [0, 0]
    for point, mark in enumerate(mark for row in rows for mark in row):
        if mark != ".":
            stones["BW".index(mark)] |= 1 << point
    return ShiftyState(
        players=2,
        options=SHIFTY.resolve_options({"size": size, **options}),
        stones=(stones[0], stones[1]),
        colour=("Black", "White").index(to_act),
        swapped=swapped,
        plies=stones[0].bit_count() + stones[1].bit_count() + 1,
    )


def point(state: ShiftyState, name: str) -> int:
    """The index of the point called `name` on the state's board."""
    g = grid(state.options["size"])
    return g.index("abcdefghijklmnopqrs".index(name[0]), int(name[1:]) - 1)


def typed(state: ShiftyState, *texts: str) -> ShiftyState:
    """The position after the moves typed in `texts`, one after another."""
    for text in texts:
        state = state.play(state.parse_move(text))
    return state


def moves_as_text(state: ShiftyState) -> list[str]:
    """Every legal move's notation, in the order `legal_moves` gives them."""
    return [state.format_move(m) for m in state.legal_moves()]


def move(state: ShiftyState, text: str) -> Move:
    """The move value `text` names, read without checking it is legal."""
    return read_move(state.grid, text)


def random_game(plies: int, seed: int, **options: Any) -> ShiftyState:
    """The position `plies` random moves into a seeded game (earlier if it ends)."""
    rng = random.Random(seed)
    state = SHIFTY.new(2, options=options)
    while state.ply < plies and state.outcome() is None:
        state = state.play(rng.choice(state.legal_moves()))
    return state
