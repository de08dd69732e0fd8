"""What the playing engine knows about Skift: material, weighed by what loses the game.

A player loses with no king or no pawn left, so a piece counts more the fewer of its
kind remain: the last king or the last pawn is worth far more than a spare one.
"""

from __future__ import annotations

import math

from games.skift.model import START_COUNTS

#: Each piece by how many of its kind remain (1, 2, 3, ...): losing the last is fatal.
_KING_WORTH = (0.0, 3.0, 4.0)
_PAWN_STEP = 0.4
_LAST_PAWN = 2.0
#: How sharply a material lead turns into an expected win.
_SHARPNESS = 0.8


def strength(kings: int, pawns: int) -> float:
    """How far a side is from losing, from its kings and pawns on the table."""
    if not kings or not pawns:
        return 0.0
    worth = _KING_WORTH[min(kings, START_COUNTS[0])]
    return worth + _LAST_PAWN + _PAWN_STEP * (min(pawns, START_COUNTS[1]) - 1)


def estimate(own: tuple[int, int], other: tuple[int, int]) -> float:
    """The expected result in [0, 1] of the side with `own` (kings, pawns) against
    `other`: 1/2 when even, nearer 1 the larger its lead."""
    lead = strength(*own) - strength(*other)
    return 0.5 + 0.5 * math.tanh(_SHARPNESS * lead)
