"""The levels in order of strength, where it can be shown cheaply: each level's budget,
scaled down by one factor (the same ratio of search), stops an opponent's win in one in
Shiftago at least as often as the level below, over the same seeds. Master at a hundredth
of its budget (800 simulated games) blocks every time; easy hardly ever. And at that
scale `hard` (40 simulated games a move) beats `easy` (one) in every two-player game, moving
first in two of them and second in the others."""

from __future__ import annotations

from dataclasses import replace

import pytest

import ai
import games
from games import GameState
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
        blocked.append(sum(state.play(move).winning_move() is None for move in moves))
    easy, medium, hard, master = blocked
    assert easy < medium < hard <= master == len(SEEDS), blocked


def play_out(game: str, seed: int, seats: dict[int, ai.Level], scale: float) -> GameState:
    """A two-player game of `game` dealt with `seed`, each seat at its level's budget
    scaled by `scale` (never cut short by time), to its end."""
    state = games.get(game).new(players=2, seed=seed)
    while state.outcome() is None:
        seat = state.current_player
        assert seat is not None
        budget = replace(seats[seat].budget, seconds=600.0)
        budget = replace(budget, iterations=max(1, round(budget.iterations * scale)))
        state = state.play(ai.choose_move(state, seat, budget, seed=seed * 1000 + state.ply))
    return state


@pytest.mark.parametrize(
    ("game", "hard"), [("skift", 1), ("shiftago", 0), ("shifty", 1), ("shifting-stones", 0)]
)
def test_hard_beats_easy_on_a_hundredth_of_their_budgets(game: str, hard: int) -> None:
    levels = {hard: ai.Level.HARD, 1 - hard: ai.Level.EASY}
    outcome = play_out(game, hard, levels, SCALE).outcome()
    assert outcome is not None and outcome.winners == (hard,)
