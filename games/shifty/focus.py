"""The moves the playing engine searches in Shifty: those where the play is.

A Shifty position offers a hundred moves and more, most of them far from anything that
matters; searching them all spreads the search so thin that it judges each move by
random replies. So the engine searches, past the opening, the moves that fill a point on
a shortest chain of either colour (`heuristics.shortest_paths`): a placement there, a
stone moved there whose leaving does not lengthen its own colour's distance, or any
stone moved onto the enemy's chains next to an enemy stone (a block, worth a step back).
In the opening it searches the points away from the edges and those touching a stone: a
singleton near an edge, which cannot move before it has a friend, is soon walled in.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from games.shifty.grid import grid
from games.shifty.heuristics import distance, shortest_paths
from games.shifty.moves import Move, Place, Shift

#: How far from every edge an opening singleton is searched, in points.
_OPENING_MARGIN = 2


def worth_searching(
    size: int, own: int, enemy: int, colour: int, legal: Sequence[Move], opening: bool
) -> tuple[Move, ...]:
    """The moves of `legal` worth searching for `colour` (with `own` stones against
    `enemy` ones): every one when none of them is (as when the only move is a pass)."""
    if opening:
        targets = _inner_points(size) | grid(size).touching(own | enemy)
        worth = tuple(m for m in legal if not isinstance(m, Place) or targets >> m.point & 1)
    else:
        worth = _where_the_chains_run(size, own, enemy, colour, legal)
    return worth or tuple(legal)


def _where_the_chains_run(
    size: int, own: int, enemy: int, colour: int, legal: Sequence[Move]
) -> tuple[Move, ...]:
    """The placements and moves of `legal` onto a shortest chain of either colour: the
    moves of any stone onto the enemy's chains next to the enemy's stones (a block),
    else only of stones whose leaving keeps their colour's distance."""
    mine = shortest_paths(size, own, enemy, colour)
    theirs = shortest_paths(size, enemy, own, 1 - colour)
    targets = (mine.empty if mine else 0) | (theirs.empty if theirs else 0)
    blocks = (theirs.empty if theirs else 0) & grid(size).touching(enemy)
    length = mine.distance if mine else None
    origins = {m.origin for m in legal if isinstance(m, Shift)}
    spare = {o for o in origins if distance(size, own & ~(1 << o), enemy, colour) == length}
    return tuple(
        m
        for m in legal
        if isinstance(m, Place)
        and targets >> m.point & 1
        or isinstance(m, Shift)
        and (blocks >> m.target & 1 or targets >> m.target & 1 and m.origin in spare)
    )


@cache
def _inner_points(size: int) -> int:
    """The points at least `_OPENING_MARGIN` points from every edge of a board of `size`."""
    g = grid(size)
    inner = range(_OPENING_MARGIN, size - _OPENING_MARGIN)
    return sum(1 << g.index(column, row) for column in inner for row in inner)
