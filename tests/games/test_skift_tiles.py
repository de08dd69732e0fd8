"""Skift tiles: control, tile moves pushing tiles, rotation, landlocked tiles, splinters."""

from __future__ import annotations

import pytest

from games import IllegalMove
from games.skift import SKIFT, PieceMove, Rotation, TileMove
from tests.games.skift_positions import B_KING, B_PAWN, GRID, W_KING, W_PAWN

# Three tiles in a row; White controls the middle one.
ROW3 = """
Skift: White to move
     a b  c d  e f
  1  B .  W .  w .   A B C
  2  b .  . w  . b
"""

# Four tiles in a row; moving B west leaves two groups of two.
ROW4 = """
Skift: White to move
     a b  c d  e f  g h
  1  w .  W .  . b  B .   A B C D
  2  . .  . .  . .  . .
"""


def test_control_is_most_kings_then_most_pieces_else_nobody() -> None:
    state = SKIFT.from_text(
        """
        Skift: White to move
             a b  c d  e f  g h
          1  b b  B w  W w  . .   A B C D
          2  . .  w w  B .  . .
        """
    )
    assert state.controller("A") == 1, "two pawns against none"
    assert state.controller("B") == 1, "one king beats three pawns"
    assert state.controller("C") == 0, "kings tied, White has more pieces"
    assert state.controller("D") is None, "an empty tile"


def test_a_landlocked_tile_can_neither_move_nor_rotate() -> None:
    state = SKIFT.from_text(GRID)
    assert state.controller("E") == 0 and state.is_landlocked("E")
    assert not any(getattr(m, "tile", None) == "E" for m in state.legal_moves())
    landlocked = "The tile E is landlocked: it has tiles on all four sides, so it cannot"
    for text in ("En", "Ee", "Es", "Ew", "Er"):
        with pytest.raises(IllegalMove, match=landlocked):
            state.parse_move(text)


def test_a_tile_move_pushes_the_line_ahead_and_pieces_ride_along() -> None:
    state = SKIFT.from_text(GRID)
    move = state.parse_move("h N")
    assert move == TileMove("H", "n")
    assert state.describe_move(move) == "White moves tile H north, pushing 2 tiles"
    after = state.play(move)
    assert (after.tiles["H"], after.tiles["E"], after.tiles["B"]) == ((1, 1), (1, 0), (1, -1))
    assert after.last.tiles_moved == (
        ("H", (1, 2), (1, 1)),
        ("E", (1, 1), (1, 0)),
        ("B", (1, 0), (1, -1)),
    )
    assert after.pieces[(2, 0)] == W_KING, "the landlocked tile E was pushed, with its king"
    assert after.pieces[(3, -2)] == B_PAWN
    assert after.pieces[(2, 2)] == W_PAWN
    assert after.pieces[(5, 2)] == B_KING, "pieces on tiles that did not move stay put"
    assert after.origin == (0, -2) and after.square_name((2, 0)) == "c3"
    assert not after.last.tiles_removed


def test_rotation_turns_the_pieces_with_the_tile() -> None:
    state = SKIFT.from_text(GRID)
    after = state.play(state.parse_move("H r"))
    assert after.pieces[(3, 5)] == W_PAWN and (2, 4) not in after.pieces
    assert state.describe_move(Rotation("H")) == "White turns tile H around"


def test_only_the_controller_moves_or_rotates_a_tile() -> None:
    state = SKIFT.from_text(GRID)
    with pytest.raises(IllegalMove, match="You do not control tile C: it has no pieces on it"):
        state.parse_move("Cn")
    with pytest.raises(IllegalMove, match="You do not control tile F: Black has more kings"):
        state.parse_move("Fr")


def test_notation_follows_the_bounding_box_after_a_tile_leaves_it() -> None:
    state = SKIFT.new(players=2)
    after = state.play(state.parse_move("Aw"))
    assert after.origin == (-2, 0)
    assert after.square_name((2, 2)) == "e3"
    assert after.parse_move("f3-f4") == PieceMove((3, 2), (3, 3))


def test_a_splinter_keeps_the_single_largest_group() -> None:
    state = SKIFT.from_text(ROW3)
    tile_moves = [state.format_move(m) for m in state.legal_moves() if isinstance(m, TileMove)]
    assert tile_moves == ["Bn", "Be", "Bs", "Bw"], "no tie, so no group names"
    move = state.parse_move("Bw")
    assert state.describe_move(move) == (
        "White moves tile B west, pushing 1 tile; tile C splits off and leaves with 2 pieces"
    )
    after = state.play(move)
    assert dict(after.tiles) == {"A": (-1, 0), "B": (0, 0)}
    assert after.last.tiles_removed == (("C", (2, 0)),)
    assert after.last.pieces_removed == (((4, 0), W_PAWN), ((5, 1), B_PAWN))
    assert after.pieces == {(-2, 0): B_KING, (-2, 1): B_PAWN, (0, 0): W_KING, (1, 1): W_PAWN}
    for kept in ("A", "C"):  # a group named where there is no choice is not ignored
        with pytest.raises(IllegalMove, match="no tie between groups; type Bw"):
            state.parse_move(f"Bw/{kept}")


def test_a_splinter_tie_lets_the_mover_choose_each_group() -> None:
    state = SKIFT.from_text(ROW4)
    choices = [
        m
        for m in state.legal_moves()
        if isinstance(m, TileMove) and m.tile == "B" and m.direction == "w"
    ]
    assert choices == [TileMove("B", "w", "A"), TileMove("B", "w", "C")]
    assert [state.format_move(m) for m in choices] == ["Bw/A", "Bw/C"]
    with pytest.raises(IllegalMove, match="say which group stays: Bw/A or Bw/C"):
        state.parse_move("Bw")
    assert state.parse_move("b w / b") == choices[0], "any tile of the group names it"
    assert state.parse_move("BW/D") == choices[1]
    keep_left, keep_right = (state.play(m) for m in choices)
    assert dict(keep_left.tiles) == {"A": (-1, 0), "B": (0, 0)}
    assert dict(keep_right.tiles) == {"C": (2, 0), "D": (3, 0)}
    assert keep_left.outcome().winners == (0,)
    assert keep_left.outcome().reason == "Black has no pieces left."
    assert keep_right.outcome().winners == (1,)
    assert state.describe_move(choices[1]) == (
        "White moves tile B west, pushing 1 tile, keeping the group with C; "
        "tiles A and B split off and leave with 2 pieces"
    )
