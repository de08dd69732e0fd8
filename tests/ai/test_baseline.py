"""The independent baseline of `benchmarks/`: plain UCT with a solver."""

from __future__ import annotations

import random
import time

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
