"""How Shifty ends: a chain linked orthogonally or diagonally joining a side's two edges
wins (for the seat playing that side, after a swap too); a player with no legal action
passes, and two passes in a row draw."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games import IllegalMove
from games.shifty import PASS
from tests.games.shifty_helpers import moves_as_text, position

# Black's diagonal a1-e5 with f5 beside e5; placing f6 joins the top and bottom edges.
DIAGONAL = """
    B . . . . .
    . B . . . .
    . . B . . .
    . . . B . .
    . . . . B B
    W . . . . .
"""

# White's chain a6-b5-c4-d3-e3 ends one diagonal step short of the right edge; White's
# f5 (beside f6) can move up the f column to f2.
WHITE_CHAIN = """
    B . . . . .
    . . . . . .
    . . . W W .
    . . W . . .
    . W . . . W
    W . . . . W
"""

# Black's row across the board joins left and right: White's edges, not Black's.
BLACK_ACROSS = """
    . . . . . .
    . . . . . .
    B B B B B B
    . . . . . .
    . . . . . .
    W . . . . .
"""

# Black a1 is hemmed in by White on a2 and b1: no placement, and it has no friend to move.
HEMMED = """
    B W . . . .
    W . . . . .
    . . . . . .
    . . . . . .
    . . . . . .
    . . . . . .
"""


def test_a_diagonal_chain_joining_top_and_bottom_wins_for_black() -> None:
    state = position(DIAGONAL)
    after = state.play(state.parse_move("f6"))
    outcome = after.outcome()
    assert outcome is not None and outcome.winners == (0,) and not outcome.draw
    assert outcome.reason == "Black joined the top and bottom edges with a chain of 7 stones."
    assert after.current_player is None and after.legal_moves() == ()
    assert after.grid.names(after.chain) == ["a1", "b2", "c3", "d4", "e5", "f5", "f6"]


def test_a_chain_that_joins_the_other_sides_edges_does_not_win() -> None:
    assert position(BLACK_ACROSS).outcome() is None


def test_white_wins_by_a_diagonal_chain_joining_left_and_right_by_a_move() -> None:
    state = position(WHITE_CHAIN, "White")
    assert state.outcome() is None
    after = state.play(state.parse_move("f5-f2"))
    outcome = after.outcome()
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.reason == "White joined the left and right edges with a chain of 6 stones."
    assert after.grid.names(after.chain) == ["f2", "d3", "e3", "c4", "b5", "a6"]


def test_after_a_swap_the_winner_is_the_seat_playing_black_and_named_so() -> None:
    state = position(DIAGONAL, swapped=True)
    assert state.current_player == 1
    outcome = state.play(state.parse_move("f6")).outcome()
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.reason.startswith("Black joined the top and bottom edges")


def test_a_player_with_no_action_must_pass_and_the_pass_is_announced() -> None:
    state = position(HEMMED)
    assert state.legal_moves() == (PASS,)
    assert state.describe_move(PASS) == "Black passes, having no legal action"
    assert "placement rule" in str(pytest.raises(IllegalMove, state.parse_move, "a3").value)
    after = state.play(state.parse_move(" PASS "))
    assert after.current_player == 1 and after.passes == 1 and after.outcome() is None
    assert "c1" in moves_as_text(after)


def test_a_pass_is_refused_while_an_action_exists() -> None:
    state = position(HEMMED, "White")
    with pytest.raises(IllegalMove, match=r"only when they have no legal action \(the pass"):
        state.parse_move("pass")


def test_two_passes_in_a_row_draw() -> None:
    # Just after Black passed, White is hemmed in the same way.
    hemmed = HEMMED.replace("B", "x").replace("W", "B").replace("x", "W")
    state = replace(position(hemmed, "White"), passes=1, last=PASS)
    assert state.legal_moves() == (PASS,)
    after = state.play(PASS)
    outcome = after.outcome()
    assert outcome is not None and outcome.draw and outcome.winners == ()
    assert "Both players passed in a row" in outcome.reason
    assert after.current_player is None


def test_a_move_after_a_pass_resets_the_count() -> None:
    state = replace(position(HEMMED, "White"), passes=1, last=PASS)
    after = state.play(state.parse_move("c1"))
    assert after.passes == 0
