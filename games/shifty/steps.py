"""Shifty chosen by taps: the swap when offered; place a stone (a column, then the
point); move a stone (the stone, then where it goes); pass only when nothing is legal."""

from __future__ import annotations

from games.shifty.grid import COLUMNS, Grid
from games.shifty.moves import Move, Place, Shift, Swap, notation
from games.steps import Step

#: The first step of each kind of move: its key and words.
PLACE = Step("p", "place a stone")
SHIFT = Step("m", "move a stone")


def move_steps(grid: Grid, move: Move) -> tuple[Step, ...]:
    """The steps of a legal move on a board of `grid`."""
    written = notation(grid, move)
    if isinstance(move, Place):
        column = COLUMNS[grid.coords(move.point)[0]]
        return (PLACE, Step(column, f"column {column}"), Step(written, written, written))
    if isinstance(move, Shift):
        origin, target = grid.name(move.origin), grid.name(move.target)
        stone = Step(origin, f"the stone on {origin}", origin)
        return (SHIFT, stone, Step(target, target, written))
    if isinstance(move, Swap):
        return (Step("swap", "swap: take over Black's stone and side", written),)
    return (Step("pass", "pass (no action is legal)", written),)
