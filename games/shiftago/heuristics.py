"""What the playing engine knows about Shiftago: lines in the making.

Every straight stretch of the winning length (5 cells with two players, 4 with three or
four: the shortest line that wins in Express or scores points in Expert and Extreme)
that holds marbles of one colour only is a line that colour may still complete; it is
worth more the more of that colour's marbles it already holds. A colour's standing is
the sum over its open stretches, plus its points where the variant keeps them; the
estimate shares the result among the seats by their standings (equal standings: equal
shares).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import cache

from games.shiftago.lines import windows
from games.shiftago.rules import EXPRESS_LENGTH, WINNING_POINTS

#: An open stretch by how many of its cells the colour holds (0 to 5).
_STRETCH_WORTH = (0.0, 1.0, 4.0, 16.0, 64.0, 256.0)
#: A point, in the units of the stretches (ten points win).
_POINT_WORTH = 40.0
#: How sharply a lead in standing turns into an expected win.
_SHARPNESS = 1 / 48


def stretch_length(players: int) -> int:
    """The length of the stretches: the shortest line that wins or scores points."""
    return EXPRESS_LENGTH[min(players, 4)]


@cache
def _stretches(players: int) -> tuple[int, ...]:
    return windows(stretch_length(players))


def _open_counts(colours: tuple[int, ...], seat: int) -> Iterator[int]:
    """How many of `seat`'s marbles each stretch that no other colour blocks holds, from
    every seat's bitboard (`colours`)."""
    own = colours[seat]
    others = 0
    for other, mask in enumerate(colours):
        if other != seat:
            others |= mask
    for stretch in _stretches(len(colours)):
        if not stretch & others:
            yield (stretch & own).bit_count()


def _standing(colours: tuple[int, ...], seat: int, points: int) -> float:
    """How near `seat` is to a line (and to ten points): its open stretches' worth, plus
    its points' (see the module's docstring)."""
    worth = sum(_STRETCH_WORTH[count] for count in _open_counts(colours, seat))
    return worth + _POINT_WORTH * min(points, WINNING_POINTS)


def fullest_stretch(colours: tuple[int, ...], seat: int) -> int:
    """The most marbles of `seat` in one open stretch, from every seat's bitboard."""
    return max(_open_counts(colours, seat), default=0)


def estimate(colours: tuple[int, ...], seat: int, scores: tuple[int, ...]) -> float:
    """The expected result in [0, 1] of `seat`, from every seat's bitboard (`colours`):
    its share by the seats' standings, 1 / players when all stand equal."""
    standings = [_standing(colours, s, scores[s]) for s in range(len(colours))]
    top = max(standings)
    weights = [math.exp(_SHARPNESS * (value - top)) for value in standings]
    return weights[seat] / sum(weights)
