"""Results and rates with their 95% interval, shared by the series of `benchmarks/ai.py`."""

from __future__ import annotations

import math

from games import GameState

#: A game still running after this many plies is stopped and scored as a draw.
MAX_PLIES = 3000
#: The normal quantile of a two-sided 95% interval.
Z95 = 1.96


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate."""
    if trials == 0:
        return 0.0, 1.0
    rate = successes / trials
    scale = 1 + Z95 * Z95 / trials
    centre = (rate + Z95 * Z95 / (2 * trials)) / scale
    spread = Z95 * math.sqrt(rate * (1 - rate) / trials + Z95 * Z95 / (4 * trials * trials))
    return max(0.0, centre - spread / scale), min(1.0, centre + spread / scale)


def result_share(state: GameState, seat: int) -> float:
    """`seat`'s share of the result: 1 for a win alone, its share of a shared win or a
    draw (a game stopped at MAX_PLIES counts as a draw), 0 for a loss."""
    outcome = state.outcome()
    if outcome is None or outcome.draw:
        return 1 / state.players
    return 1 / len(outcome.winners) if seat in outcome.winners else 0.0
