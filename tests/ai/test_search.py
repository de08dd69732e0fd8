"""The search stops once its choice is settled, and a game may shorten simulated play."""

from __future__ import annotations

import random
import time
from collections.abc import Hashable

import pytest

import ai
from ai.search import Search
from games import GameState
from games.shifty import SHIFTY
from tests.games import shifty_helpers

BUDGET = ai.Budget(iterations=3000, seconds=60.0, lookahead=1, playout_plies=8)


def test_the_search_stops_when_the_most_searched_move_cannot_be_overtaken() -> None:
    # White must block Black's column at once: one move soon takes most of the visits.
    state = shifty_helpers.position(shifty_helpers.BLACK_COLUMN, "White")
    search = Search(state, BUDGET, random.Random(1))
    search.run()
    assert search.iterations < BUDGET.iterations
    (best, leader), (_, second) = search.ranked_moves()[:2]
    assert leader.visits - second.visits > BUDGET.iterations - search.iterations
    assert best == ai.choose_move(state, 1, BUDGET, seed=1)


def test_a_search_whose_time_runs_out_first_stops_once_its_choice_is_plain() -> None:
    # Master's budget: more simulated games than its time allows; the block soon leads
    # by more than the time left could give any other move.
    long = ai.Budget(iterations=10**9, seconds=3.0, lookahead=1, playout_plies=8)
    state = shifty_helpers.position(shifty_helpers.BLACK_COLUMN, "White")
    search = Search(state, long, random.Random(1))
    started = time.perf_counter()
    search.run()
    assert time.perf_counter() - started < 0.8 * long.seconds
    assert search.ranked_moves()[0][0] == ai.choose_move(state, 1, BUDGET, seed=1)


def test_shifty_judges_new_positions_without_simulated_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert SHIFTY.playout_plies == 0
    state = shifty_helpers.position(shifty_helpers.BLACK_COLUMN, "White")

    def refused(self: GameState, rng: random.Random) -> Hashable:
        raise AssertionError("Shifty positions are judged without simulated play")

    monkeypatch.setattr(type(state), "playout_move", refused)
    search = Search(state, BUDGET, random.Random(1))
    for _ in range(20):
        search.iterate()
    assert search.tree.visits == 20
