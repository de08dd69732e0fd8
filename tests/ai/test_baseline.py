"""The independent baseline of `benchmarks/` (plain UCT with a solver) and how the pits
judge a series: a budget is met only when the interval's lower bound clears it."""

from __future__ import annotations

import random
import time

from benchmarks import pit
from benchmarks.rates import wilson
from benchmarks.uct import PlainUCT
from games.skift import SKIFT
from tests.ai.test_tactics import SHIFTAGO_FOUR, SKIFT_GAP
from tests.games import shiftago_helpers


def test_the_baseline_proves_a_win_in_one_and_stops_thinking() -> None:
    for state in (SKIFT.from_text(SKIFT_GAP), shiftago_helpers.position(SHIFTAGO_FOUR, turn=0)):
        seat = state.current_player
        assert seat is not None
        started = time.perf_counter()
        move = PlainUCT(seconds=20.0, rng=random.Random(1)).choose(state, seat)
        assert time.perf_counter() - started < 10.0  # proven long before its time ran out
        outcome = state.play(move).outcome()
        assert outcome is not None and outcome.winners == (seat,)


def test_the_baseline_keeps_an_opponent_from_winning_at_once() -> None:
    state = shiftago_helpers.position(SHIFTAGO_FOUR, turn=1)
    after = state.play(PlainUCT(seconds=2.0, rng=random.Random(1)).choose(state, 1))
    assert all(after.play(m).outcome() is None for m in after.legal_moves())


def test_a_budget_is_met_only_when_the_lower_bound_clears_it() -> None:
    low, high = wilson(9, 10)
    assert 0.55 < low < 0.6 and 0.98 < high < 1.0  # 90% of 10 games proves little
    assert pit.target("hard", pit.BASELINE, 1.0) == 0.9
    assert pit.target("hard", pit.BASELINE, 4.0) == 0.7
    assert pit.target("medium", pit.BASELINE, 1.0) == 0.6
    assert pit.target("master", "hard", 1.0) == 0.75
    assert pit.target("hard", "easy", 1.0) is None  # two levels apart: no budget
