"""A budget with a temperature strays from its most searched move when it plays: it
draws among the searched moves by their visits. Its advice is still the most searched
move, a win in one is still taken, and a seed still decides the move."""

from __future__ import annotations

import random
from dataclasses import replace

import ai
from ai.search import Search
from tests.ai.test_determinism import midgame
from tests.ai.test_tactics import SHIFTAGO_FOUR
from tests.games import shiftago_helpers

BUDGET = ai.Budget(iterations=200, seconds=60.0, lookahead=1, playout_plies=6)
LOOSE = replace(BUDGET, temperature=1.0)
SEEDS = range(12)


def test_a_budget_with_a_temperature_plays_several_searched_moves_over_seeds() -> None:
    state = midgame("shiftago", 2, seed=5)
    seat = state.current_player
    assert seat is not None
    played = {}
    for seed in SEEDS:
        move = ai.choose_move(state, seat, LOOSE, seed=seed)
        assert move == ai.choose_move(state, seat, LOOSE, seed=seed)
        search = Search(state.view(seat), LOOSE, random.Random(seed))
        search.run()
        assert move in search.tree.children
        played[seed] = move
    best = {seed: ai.choose_move(state, seat, BUDGET, seed=seed) for seed in SEEDS}
    assert len(set(played.values())) > len(set(best.values()))
    assert played != best


def test_advice_is_the_most_searched_move_whatever_the_temperature() -> None:
    state = midgame("skift", 2, seed=3)
    seat = state.current_player
    assert seat is not None
    for seed in range(4):
        assert ai.advise(state, seat, LOOSE, seed=seed) == ai.advise(state, seat, BUDGET, seed)


def test_a_win_in_one_is_taken_whatever_the_temperature() -> None:
    state = shiftago_helpers.position(SHIFTAGO_FOUR, turn=0)  # Orange wins by filling a1
    assert state.winning_move() is not None
    hot = replace(BUDGET, temperature=100.0)
    for seed in SEEDS:
        outcome = state.play(ai.choose_move(state, 0, hot, seed=seed)).outcome()
        assert outcome is not None and outcome.winners == (0,)
