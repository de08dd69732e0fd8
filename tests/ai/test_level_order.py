"""The levels in order of strength, where it can be shown cheaply: each level's budget,
scaled down by one factor (the same ratio of search), stops an opponent's win in one in
Shiftago at least as often as the level below, over the same seeds. Master at a hundredth
of its budget (800 simulated games) blocks every time; easy hardly ever."""

from __future__ import annotations

from dataclasses import replace

import ai
from ai.search import winning_move
from tests.ai.test_tactics import SHIFTAGO_FOUR
from tests.games import shiftago_helpers

#: The factor every level's iterations are scaled by (the wall clock never cuts them).
SCALE = 0.01
SEEDS = range(8)


def scaled(level: ai.Level) -> ai.Budget:
    """`level`'s budget at `SCALE`, never cut short by time."""
    budget = level.budget
    return replace(budget, iterations=round(budget.iterations * SCALE), seconds=600.0)


def test_each_level_blocks_a_threat_at_least_as_often_as_the_one_below() -> None:
    state = shiftago_helpers.position(SHIFTAGO_FOUR, turn=1)  # Orange threatens to win
    blocked = []
    for level in ai.Level:
        moves = [ai.choose_move(state, 1, scaled(level), seed=seed) for seed in SEEDS]
        blocked.append(sum(winning_move(state.play(move)) is None for move in moves))
    easy, medium, hard, master = blocked
    assert easy < medium < hard <= master == len(SEEDS), blocked
