"""What the playing engine knows about Shifty: how far each colour is from joining its edges.

A colour's distance is the fewest empty points it must still fill to link its two edges
by a chain (steps orthogonal or diagonal, through its own stones for free, never through
an enemy stone). The side nearer to its goal, counting the move in hand, is ahead.
"""

from __future__ import annotations

import math
from collections import deque
from functools import lru_cache

from games.shifty.rules import BLACK

#: How sharply a lead in distance turns into an expected win.
_SHARPNESS = 0.6
#: What having the move is worth, in points of distance.
_TEMPO = 0.5


@lru_cache(maxsize=32)
def _neighbours(size: int) -> tuple[tuple[int, ...], ...]:
    """Each point's neighbours (orthogonal and diagonal) on a board of `size`."""
    found = []
    for point in range(size * size):
        x, y = point % size, point // size
        found.append(
            tuple(
                (y + dy) * size + x + dx
                for dy in (-1, 0, 1)
                for dx in (-1, 0, 1)
                if (dx or dy) and 0 <= x + dx < size and 0 <= y + dy < size
            )
        )
    return tuple(found)


def distance(size: int, own: int, enemy: int, colour: int) -> int | None:
    """Empty points `colour` (Black: top to bottom, White: left to right) must still fill
    to join its edges with `own` stones against `enemy` ones; None if it cannot."""
    neighbours = _neighbours(size)
    if colour == BLACK:
        starts, ends = range(size), set(range(size * (size - 1), size * size))
    else:
        starts, ends = range(0, size * size, size), set(range(size - 1, size * size, size))
    best: dict[int, int] = {}
    queue: deque[tuple[int, int]] = deque()
    for point in starts:
        if not enemy >> point & 1:
            cost = 0 if own >> point & 1 else 1
            best[point] = cost
            (queue.appendleft if cost == 0 else queue.append)((cost, point))
    while queue:
        cost, point = queue.popleft()
        if cost > best[point]:
            continue
        if point in ends:
            return cost
        for step in neighbours[point]:
            if enemy >> step & 1:
                continue
            free = own >> step & 1
            new = cost + (0 if free else 1)
            if new < best.get(step, size * size):
                best[step] = new
                (queue.appendleft if free else queue.append)((new, step))
    return None


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
