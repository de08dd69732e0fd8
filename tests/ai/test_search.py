"""The search stops once its choice is settled, a game may shorten simulated play or look
deeper, and a lower exploration constant gives the leading move more of the search."""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from dataclasses import replace

import pytest

import ai
from ai.search import Search
from games import GameState
from games.shifty import SHIFTY
from tests.games import shiftago_helpers, shifty_helpers

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
    assert SHIFTY.kind.engine.playout_plies == 0
    state = shifty_helpers.position(shifty_helpers.BLACK_COLUMN, "White")

    def refused(self: GameState, rng: random.Random) -> Hashable:
        raise AssertionError("Shifty positions are judged without simulated play")

    monkeypatch.setattr(type(state), "playout_move", refused)
    search = Search(state, BUDGET, random.Random(1))
    for _ in range(20):
        search.iterate()
    assert search.tree.visits == 20


def test_a_game_may_ask_the_levels_that_look_past_the_reply_to_look_deeper(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = shiftago_helpers.run_in_row_4(2, players=2)
    assert type(state.game).kind.engine.lookahead_factor == 4
    checked: set[int] = set()
    looked_for = type(state).winning_move

    def spied(self: GameState) -> Hashable | None:
        checked.add(self.ply - state.ply)
        return looked_for(self)

    monkeypatch.setattr(type(state), "winning_move", spied)

    def depths_looked_at(lookahead: int) -> set[int]:
        """The depths of the positions the search checked for a win in one, or marked to
        be checked on their next visit (most new positions are visited once)."""
        checked.clear()
        search = Search(state, replace(BUDGET, lookahead=lookahead), random.Random(1))
        search.run()
        nodes = [search.tree]
        while nodes:
            node = nodes.pop()
            checked.update([node.depth] if node.unchecked else [])
            nodes.extend(node.children.values())
        return set(checked)

    # Hard's 2 plies, four times as deep in Shiftago: 3000 iterations grow the tree 3 deep.
    assert depths_looked_at(2) == {1, 2, 3}
    assert depths_looked_at(1) == {1}  # medium sees the replies only, as in every game
    plain = replace(state.game.kind, engine=replace(state.game.kind.engine, lookahead_factor=1))
    monkeypatch.setattr(type(state.game), "kind", plain)
    assert depths_looked_at(2) == {1, 2}


def test_a_lower_exploration_constant_gives_more_of_the_search_to_the_leading_move() -> None:
    # Master's constant against the others': the same position, seed and iterations.
    state = shiftago_helpers.run_in_row_4(2, players=2)
    fixed = replace(BUDGET, iterations=800, lookahead=0)
    shares = []
    for level in (ai.Level.HARD, ai.Level.MASTER):
        budget = replace(fixed, exploration=level.budget.exploration)
        search = Search(state, budget, random.Random(1))
        for _ in range(fixed.iterations):
            search.iterate()
        shares.append(search.ranked_moves()[0][1].visits / search.tree.visits)
    hard, master = shares
    assert master > hard, shares
