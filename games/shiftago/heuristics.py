"""What the playing engine knows about Shiftago: which colour has the most promising lines.

A colour's promise is the sum, over every window of the tray as long as the shortest
line that wins or scores (five with two players in Express, four with more), of
`_GROWTH` to the power of its marbles in the window, for windows it shares with no other
colour. Points already scored (Expert, Extreme) count too. Each seat's expected share of
the win follows from how its promise compares with the others' (a soft maximum).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

from games.shiftago.geometry import BOARD_LINES
from games.shiftago.rules import Board, min_line

if TYPE_CHECKING:
    from games.shiftago.state import ShiftagoState

#: How much more a window with one more marble of a colour is worth.
_GROWTH = 4.0
#: What a point already scored is worth, in units of a window holding a single marble.
_POINT = 8.0
#: How sharply a lead in (the logarithm of) promise turns into an expected win.
_SHARPNESS = 1.2


@lru_cache(maxsize=8)
def windows(length: int) -> tuple[tuple[int, ...], ...]:
    """Every run of `length` cells along a row, column or diagonal of the tray."""
    return tuple(
        line[start : start + length]
        for line in BOARD_LINES
        for start in range(len(line) - length + 1)
    )


@lru_cache(maxsize=4096)
def promise(board: Board, players: int, length: int) -> tuple[float, ...]:
    """Each seat's promise on `board` from its windows of `length` (see the docstring)."""
    totals = [1.0] * players
    for window in windows(length):
        owner = None
        count = 0
        for cell in window:
            marble = board[cell]
            if marble is None:
                continue
            if owner is None:
                owner = marble
            elif marble != owner:
                break
            count += 1
        else:
            if owner is not None:
                totals[owner] += _GROWTH ** (count - 1)
    return tuple(totals)


def estimate(state: ShiftagoState, seat: int) -> float:
    """`seat`'s expected share of the win in [0, 1] (see the module docstring)."""
    active = state.active()
    if seat not in active:
        return 0.0
    totals = promise(state.board, state.players, min_line(state.variant, state.players))
    worth = {s: math.log(totals[s] + _POINT * state.scores[s]) for s in active}
    best = max(worth.values())
    weights = {s: math.exp(_SHARPNESS * (w - best)) for s, w in worth.items()}
    return weights[seat] / sum(weights.values())
