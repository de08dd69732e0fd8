"""Shifty chosen by taps: when the swap is offered, first Swap or Play on; place a stone (a
column, then the point); move a stone (the stone, then where it goes); pass only when
nothing is legal."""

from __future__ import annotations

from games.shifty.grid import COLUMNS, Grid
from games.shifty.moves import Move, Place, Shift, Swap, notation
from games.shifty.phrasebook import say
from games.steps import Step

#: The first step of each kind of move: its key and words.
PLACE = Step("p", say("place a stone"))
SHIFT = Step("m", say("move a stone"))
#: The pie choice, the first step while the swap is offered.
SWAP = Step("swap", say("Swap: take over Black's stone and side"), "swap")
PLAY_ON = Step("on", say("Play on: keep your side"))


def move_steps(grid: Grid, move: Move, *, pie: bool) -> tuple[Step, ...]:
    """The steps of a legal move on a board of `grid`; `pie`: the swap is offered, so
    every move starts with the pie choice (Swap, or Play on and the move)."""
    if isinstance(move, Swap):
        return (SWAP,)
    steps = _action_steps(grid, move)
    return (PLAY_ON, *steps) if pie else steps


def _action_steps(grid: Grid, move: Move) -> tuple[Step, ...]:
    """The steps of a placement, a stone's move or a pass."""
    written = notation(grid, move)
    if isinstance(move, Place):
        column = COLUMNS[grid.coords(move.point)[0]]
        return (
            PLACE,
            Step(column, say("column {column}", column=column)),
            Step(written, written, written),
        )
    if isinstance(move, Shift):
        origin, target = grid.name(move.origin), grid.name(move.target)
        stone = Step(origin, say("the stone on {point}", point=origin), origin)
        return (SHIFT, stone, Step(target, target, written))
    return (Step("pass", say("pass (no action is legal)"), written),)
