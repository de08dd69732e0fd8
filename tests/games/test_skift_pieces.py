"""Skift piece moves: one step in eight directions, pushing lines, falling off the tiles."""

from __future__ import annotations

import pytest

from games import IllegalMove
from games.skift import SKIFT, PieceMove
from tests.games.skift_positions import B_KING, B_PAWN, GAP, ROW, W_KING, W_PAWN


def test_mixed_colour_chain_is_pushed_and_the_last_piece_falls_off_the_edge() -> None:
    state = SKIFT.from_text(ROW)
    move = state.parse_move("a1-b1")
    assert state.describe_move(move) == (
        "White king a1 to b1, pushing 3 pieces; the Black king from d1 falls off"
    )
    after = state.play(move)
    assert after.pieces[(1, 0)] == W_KING
    assert after.pieces[(2, 0)] == B_PAWN
    assert after.pieces[(3, 0)] == W_PAWN
    assert (0, 0) not in after.pieces and (4, 0) not in after.pieces
    assert after.counts(1) == (0, 2)
    assert after.last.fallen == (((4, 0), B_KING),)
    assert after.last.displaced[-1] == ((3, 0), (4, 0))


def test_piece_pushed_into_a_gap_between_tiles_is_removed() -> None:
    state = SKIFT.from_text(GAP)
    after = state.play(state.parse_move("a1e"))
    assert after.pieces[(1, 0)] == W_KING
    assert (2, 0) not in after.pieces, "the gap holds no pieces"
    assert after.last.fallen == (((2, 0), B_PAWN),)
    assert after.counts(1) == (1, 1)


def test_a_piece_cannot_step_into_a_gap_or_off_the_tiles_by_itself() -> None:
    state = SKIFT.from_text(GAP)
    for text in ("b2-c2", "a1 n"):
        with pytest.raises(IllegalMove, match="cannot step off the tiles by itself"):
            state.parse_move(text)
    assert PieceMove((1, 1), (2, 1)) not in state.legal_moves()
    assert state.parse_move("b2 w") in state.legal_moves(), "a step within the tiles"


def test_a_step_in_each_direction_lands_on_the_neighbouring_quadrant() -> None:
    state = SKIFT.from_text(ROW)
    moves = {state.format_move(m) for m in state.legal_moves() if isinstance(m, PieceMove)}
    assert {"a1-b1", "a1-b2", "a1-a2"} <= moves
    assert not any(m.startswith("a1-") and m[3:] not in ("b1", "b2", "a2") for m in moves)


def test_diagonal_push_crosses_tiles() -> None:
    state = SKIFT.from_text(
        """
        Skift: Black to move
             a b  c d
          1  b .  . w   A B
          2  . W  . .
          3  . .  b .   D E
          4  . .  . B
        """
    )
    after = state.play(state.parse_move("a1 se"))
    assert after.pieces[(1, 1)] == B_PAWN
    assert after.pieces[(2, 2)] == W_KING
    assert after.pieces[(3, 3)] == B_PAWN
    assert after.last.fallen == (((4, 4), B_KING),)


def test_a_player_may_not_move_the_opponents_piece() -> None:
    state = SKIFT.from_text(ROW)
    with pytest.raises(IllegalMove, match="Black's; it is White's turn"):
        state.parse_move("b1-b2")


def test_a_piece_moves_one_step_only() -> None:
    state = SKIFT.from_text(ROW)
    with pytest.raises(IllegalMove, match="not one step"):
        state.parse_move("a1-a3")


def test_there_must_be_a_piece_to_move() -> None:
    state = SKIFT.from_text(ROW)
    with pytest.raises(IllegalMove, match="There is no piece on a2"):
        state.parse_move("a2-a3")


def test_suicide_is_legal_and_can_lose_the_game() -> None:
    state = SKIFT.from_text(
        """
        Skift: White to move
             a b  c d
          1  . .  . .   A B
          2  . .  W w
          3  . .  . .   D E
          4  . .  b B
        """
    )
    move = state.parse_move("c2-d2")
    assert move in state.legal_moves()
    after = state.play(move)
    assert after.last.fallen == (((4, 1), W_PAWN),)
    assert after.counts(0) == (1, 0)
    result = after.outcome()
    assert result is not None and result.winners == (1,) and not result.draw
    assert result.reason == "White has no pawns left."
    assert after.current_player is None
