"""What the playing engine knows about Shifty: how far each colour is from joining its edges.

A colour's distance is the fewest empty points it must still fill to link its two edges
by a chain (steps orthogonal or diagonal, through its own stones for free, never through
an enemy stone). The side nearer to its goal, counting the move in hand, is ahead. The
points on a colour's shortest chains are where the play is: filling one brings that
colour a point nearer, taking one from the enemy may hold it back.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from games.shifty.grid import Grid, grid
from games.shifty.rules import sides

#: How sharply a lead in distance turns into an expected win.
_SHARPNESS = 0.6
#: What having the move is worth, in points of distance.
_TEMPO = 0.5


@dataclass(frozen=True)
class Paths:
    """A colour's shortest chains to join its edges: their length in empty points to
    fill (`distance`) and the empty points on at least one of them (`empty`, a
    bitboard)."""

    distance: int
    empty: int


def distance(size: int, own: int, enemy: int, colour: int) -> int | None:
    """Empty points `colour` (Black: top to bottom, White: left to right) must still fill
    to join its edges with `own` stones against `enemy` ones; None if it cannot."""
    first, second = sides(grid(size), colour)
    rings = _rings(grid(size), own, enemy, first, second)
    return None if rings is None else len(rings) - 1


def shortest_paths(size: int, own: int, enemy: int, colour: int) -> Paths | None:
    """The shortest chains of `colour` with `own` stones against `enemy` ones; None if it
    cannot join its edges. An empty point lies on one when the empty points filled from
    the first edge up to it and from the second edge up to it (itself counted once) add
    up to the distance."""
    g = grid(size)
    first, second = sides(g, colour)
    forward = _rings(g, own, enemy, first, second)
    backward = _rings(g, own, enemy, second, first)
    if forward is None or backward is None:
        return None
    length = len(forward) - 1
    empty = g.full & ~(own | enemy)
    on_chains = 0
    for filled in range(1, length + 1):
        newly = forward[filled] & ~forward[filled - 1] & empty
        on_chains |= newly & backward[length + 1 - filled]
    return Paths(length, on_chains)


def _rings(g: Grid, own: int, enemy: int, start: int, goal: int) -> list[int] | None:
    """The points reachable from the edge `start` filling at most 0, 1, 2 ... empty
    points, until the edge `goal` is reached; None if it never is.

    On bitboards, ring by ring: the points reachable filling at most d empty points are
    those reachable filling d - 1, the free points touching them (and the free points of
    the first edge), and every own stone linked to those."""
    free = g.full & ~enemy
    reach = _linked(g, own, start & own)
    rings = [reach]
    while not reach & goal:
        grown = _linked(g, own, reach | (g.touching(reach) | start) & free)
        if grown == reach:
            return None
        reach = grown
        rings.append(reach)
    return rings


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
