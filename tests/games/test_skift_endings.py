"""How a Skift game ends: out of kings, out of pawns, both at once; and passing."""

from __future__ import annotations

import pytest

from games import IllegalMove
from games.skift import SKIFT

BOTH_OUT = """
Skift: White to move
     a b  c d  e f
  1  w .  w .  W .   A B C
  2  . .  . B  b .
"""


def test_out_of_kings_loses() -> None:
    state = SKIFT.from_text(
        """
        Skift: White to move
             a b  c d
          1  . .  . .   A B
          2  . W  b B
          3  . .  . .   D E
          4  w .  . .
        """
    )
    after = state.play(state.parse_move("b2-c2"))
    result = after.outcome()
    assert result is not None
    assert (result.winners, result.draw, result.reason) == ((0,), False, "Black has no kings left.")
    assert after.current_player is None and after.legal_moves() == ()
    with pytest.raises(IllegalMove, match="The game is over: Black has no kings left"):
        after.parse_move("b2-b3")
    with pytest.raises(IllegalMove, match="The game is over"):
        after.play(state.legal_moves()[0])


def test_out_of_pawns_loses() -> None:
    state = SKIFT.from_text(
        """
        Skift: Black to move
             a b  c d
          1  B b  W w   A B
          2  . .  . .
          3  . .  . .   D E
          4  . .  . b
        """
    )
    result = state.play(state.parse_move("b1e")).outcome()
    assert result is not None and result.winners == (1,)
    assert result.reason == "White has no pawns left."


def test_both_out_at_once_more_pieces_wins() -> None:
    state = SKIFT.from_text(BOTH_OUT)
    after = state.play(state.parse_move("Ce"))
    assert after.last.tiles_removed == (("C", (3, 0)),)
    assert after.counts(0) == (0, 2) and after.counts(1) == (1, 0)
    result = after.outcome()
    assert result is not None and result.winners == (0,) and not result.draw
    assert result.scores == (2, 1)
    assert result.reason == (
        "Both players are out at once (White has no kings left, Black has no pawns left); "
        "White has more pieces left, 2 to 1."
    )


def test_both_out_at_once_with_equal_pieces_is_a_draw() -> None:
    state = SKIFT.from_text(BOTH_OUT.replace("w .  w .  W .", "w .  . .  W ."))
    result = state.play(state.parse_move("Ce")).outcome()
    assert result is not None and result.draw and result.winners == ()
    assert result.scores == (1, 1)
    assert result.reason.endswith("with 1 piece each: a draw.")


def test_a_pass_is_refused_while_an_action_is_legal() -> None:
    state = SKIFT.new(players=2)
    with pytest.raises(IllegalMove, match="You may pass only when no action is legal"):
        state.parse_move("PASS")
