"""What a game tells the engine: Shifting Stones' moves worth searching and simulated play."""

from __future__ import annotations

from typing import Any

import pytest

import ai
from games.shifting_stones.cards import read_card
from games.shifting_stones.moves import End, Flip, Score, Shift, Skip
from games.shifting_stones.odds import distance
from games.shifting_stones.state import StonesState
from tests.games import shifting_stones_helpers

# The helpers' grid: sun fish horse / bird boat seed / horse tree seed.
SCORES_NOW = "2: sun fish"
AFTER_A_SHIFT = "2: fish sun"  # swapping a1 and b1 makes it score
NEVER = "1: moon moon"


def stones(hands: list[list[str]], **fields: Any) -> StonesState:
    """A two-player position, seat 0 to act, with these hands."""
    return shifting_stones_helpers.position(2, hands, draw=[NEVER] * 6, **fields)


def test_a_card_that_scores_is_scored_before_anything_else() -> None:
    state = stones([[NEVER, SCORES_NOW, AFTER_A_SHIFT], [NEVER]])
    assert state.search_moves() == (Score(1),)


def test_holding_back_is_searched_when_scoring_would_trigger_the_end() -> None:
    scored = [[NEVER] * 9, []]  # a tenth card triggers the end with two players
    state = stones([[NEVER, SCORES_NOW], [NEVER]], scored=scored)
    assert state.search_moves() == (Score(1), End())


def test_only_changes_that_make_another_card_score_are_searched() -> None:
    state = stones([[AFTER_A_SHIFT, NEVER, NEVER], [NEVER]])
    worth = state.search_moves()
    changes = [m for m in worth if isinstance(m, Shift | Flip)]
    assert Shift(0, 1, 1) in changes and Shift(0, 1, 2) in changes
    assert all(m.pay != 0 for m in changes), "the card to score cannot pay for its change"
    for change in changes:
        assert change in state.legal_moves()
        assert 0 in state.play(change).scoring_places(0)
    assert worth[-2:] == (End(), Skip())
    assert len(worth) < len(state.legal_moves()) / 4


def test_a_hand_that_can_prepare_nothing_only_ends_or_skips() -> None:
    state = stones([[NEVER, NEVER], [NEVER]])
    assert state.search_moves() == (End(), Skip())


def test_without_a_setup_changes_that_bring_a_card_within_one_change_are_searched() -> None:
    far = "1: sun / seed"  # two changes: a seed must come to a2, or the Sun to b1
    farther = "3: seed moon horse"  # four changes or more
    state = stones([[farther, far, farther], [NEVER]])
    worth = state.search_moves()
    changes = [m for m in worth if isinstance(m, Shift | Flip)]
    shifted = {(m.first, m.second) for m in changes if isinstance(m, Shift)}
    assert (4, 5) in shifted, "the seed of c2 one step nearer a2"
    assert len({m.pay for m in changes}) == 1, "paid with the one card worth least"
    assert changes[0].pay != 1, "not with the card to bring nearer"
    for change in changes:
        assert distance(state.play(change).grid, read_card(far)) == 1
    assert worth[-2:] == (End(), Skip())


def test_a_hand_too_small_for_two_changes_and_a_score_approaches_nothing() -> None:
    state = stones([[NEVER, "1: sun / seed"], [NEVER]])
    assert state.search_moves() == (End(), Skip())


def test_the_engine_spends_two_cards_to_score_a_card_two_changes_away() -> None:
    dear = "3: bird fish tree"  # two changes from the helpers' grid
    farther = "3: seed moon horse"
    state = stones([[farther, dear, farther], [NEVER, NEVER, NEVER, NEVER]])
    budget = ai.Budget(iterations=200, seconds=60.0, lookahead=2, playout_plies=12)
    while state.turn == 0:
        state = state.play(ai.choose_move(state, 0, budget, seed=state.ply))
    assert [state.cards[c].text() for c in state.scored[0]] == [dear]


def test_each_seat_is_judged_on_the_position_asked_about() -> None:
    ahead = ["3: sun fish / bird boat"]
    first = shifting_stones_helpers.position(3, [[NEVER]] * 3, scored=[ahead, [], []])
    third = shifting_stones_helpers.position(3, [[NEVER]] * 3, scored=[[], [], ahead])
    for seat in range(3):  # asked in turn, as the engine does, about one position and another
        assert first.heuristic(seat) == (max if seat == 0 else min)(
            first.heuristic(s) for s in range(3)
        )
        assert third.heuristic(seat) == (max if seat == 2 else min)(
            third.heuristic(s) for s in range(3)
        )
    assert sum(first.heuristic(s) for s in range(3)) == pytest.approx(1.0)


def test_alone_a_hand_near_scoring_is_judged_better_than_one_far_off() -> None:
    def solo(hand: list[str], strikes: int = 0) -> StonesState:
        return shifting_stones_helpers.position(1, [hand], scored=[[SCORES_NOW]], strikes=strikes)

    near, far = solo([AFTER_A_SHIFT, NEVER]), solo(["2: moon any boat", NEVER])
    assert near.heuristic(0) > far.heuristic(0) > 0
    assert solo([AFTER_A_SHIFT, NEVER], strikes=2).heuristic(0) < near.heuristic(0)
