"""What the playing engine knows about Shifty: how far each colour is from joining its edges.

A colour's distance is the fewest empty points it must still fill to link its two edges
by a chain (steps orthogonal or diagonal, through its own stones for free, never through
an enemy stone). The side nearer to its goal, counting the move in hand, is ahead.
"""

from __future__ import annotations

import math

from games.shifty.grid import Grid, grid
from games.shifty.rules import sides

#: How sharply a lead in distance turns into an expected win.
_SHARPNESS = 0.6
#: What having the move is worth, in points of distance.
_TEMPO = 0.5


def distance(size: int, own: int, enemy: int, colour: int) -> int | None:
    """Empty points `colour` (Black: top to bottom, White: left to right) must still fill
    to join its edges with `own` stones against `enemy` ones; None if it cannot.

    On bitboards, ring by ring: the points reachable filling at most d empty points are
    those reachable filling d - 1, the free points touching them (and the free points of
    the first edge), and every own stone linked to those."""
    g = grid(size)
    first, second = sides(g, colour)
    free = g.full & ~enemy
    reach = _linked(g, own, first & own)
    filled = 0
    while not reach & second:
        grown = _linked(g, own, reach | (g.touching(reach) | first) & free)
        if grown == reach:
            return None
        reach = grown
        filled += 1
    return filled


def _linked(g: Grid, own: int, points: int) -> int:
    """`points` with every own stone linked to them through own stones."""
    while True:
        grown = points | g.touching(points) & own
        if grown == points:
            return points
        points = grown


def estimate(size: int, stones: tuple[int, int], colour: int, to_act: int) -> float:
    """The expected result in [0, 1] of `colour`, from both distances and who acts next."""
    mine = distance(size, stones[colour], stones[1 - colour], colour)
    theirs = distance(size, stones[1 - colour], stones[colour], 1 - colour)
    unreachable = 2 * size * size  # a colour that cannot join is as far as can be
    lead: float = (unreachable if theirs is None else theirs) - (
        unreachable if mine is None else mine
    )
    lead += _TEMPO if to_act == colour else -_TEMPO
    return 0.5 + 0.5 * math.tanh(_SHARPNESS * lead)
