"""What a game tells the engine: Shifting Stones' moves worth searching."""

from __future__ import annotations

from typing import Any

from games.shifting_stones.moves import End, Flip, Score, Shift, Skip
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
