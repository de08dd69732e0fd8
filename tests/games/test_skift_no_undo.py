"""Skift's no-undo rule: after a piece move, and after a tile move, of the opponent."""

from __future__ import annotations

import pytest

from games import IllegalMove
from games.skift import SKIFT, PieceMove, Rotation, TileMove
from tests.games.skift_positions import GRID

UNDO = "That would undo White's last move"


def test_no_piece_displaced_by_the_opponent_may_return_even_ones_own() -> None:
    state = SKIFT.new(players=2).play(PieceMove((2, 2), (2, 3)))  # c3-c4, the worked example
    with pytest.raises(IllegalMove, match=f"{UNDO}: the Black king at c5 may not go back to c4"):
        state.parse_move("c5-c4")
    assert PieceMove((2, 4), (2, 3)) not in state.legal_moves()
    assert state.parse_move("d5-d4") in state.legal_moves(), "same direction, other pieces"
    assert state.parse_move("c5-b4") in state.legal_moves(), "other direction, same piece"


def test_pushing_the_opponents_mover_back_is_an_undo() -> None:
    state = SKIFT.from_text(
        """
        Skift: White to move
             a b  c d
          1  . .  . .   A B
          2  . W  . B
          3  . .  . .   D E
          4  . .  w b
        """
    )
    state = state.play(state.parse_move("b2-c2"))
    with pytest.raises(IllegalMove, match=f"{UNDO}: the White king at c2 may not go back to b2"):
        state.parse_move("d2w")
    assert state.parse_move("d2 sw") in state.legal_moves()


def test_rotating_a_diagonally_moved_piece_back_is_an_undo() -> None:
    text = """
        Skift: White to move
             a b  c d
          1  w B  . .   A B
          2  . .  . .
          3  . .  W .   D E
          4  . .  . b
        """
    diagonal = SKIFT.from_text(text).play(PieceMove((0, 0), (1, 1)))
    assert diagonal.controller("A") == 1
    with pytest.raises(IllegalMove, match=f"{UNDO}: the White pawn at b2 may not go back to a1"):
        diagonal.parse_move("Ar")
    assert Rotation("A") not in diagonal.legal_moves()
    assert TileMove("A", "e") in diagonal.legal_moves(), "a tile move never puts a piece back"
    straight = SKIFT.from_text(text).play(PieceMove((0, 0), (0, 1)))
    assert Rotation("A") in straight.legal_moves()


def test_the_rule_lasts_one_turn_and_binds_only_the_opponent() -> None:
    state = SKIFT.new(players=2).play(PieceMove((2, 2), (2, 3)))
    state = state.play(state.parse_move("e2-e1"))
    assert state.parse_move("c4-c3") in state.legal_moves()


def test_the_rule_survives_json_and_text() -> None:
    state = SKIFT.new(players=2).play(PieceMove((2, 2), (2, 3)))
    for copy in (SKIFT.from_json(state.to_json()), SKIFT.from_text(state.to_text())):
        with pytest.raises(IllegalMove, match=UNDO):
            copy.parse_move("c5-c4")


def test_no_tile_displaced_by_the_opponent_may_return() -> None:
    state = SKIFT.from_text(GRID).play(TileMove("H", "n"))
    assert state.controller("B") == 1
    tile_undo = f"{UNDO}: tile B may not go back to where it was before that move"
    with pytest.raises(IllegalMove, match=tile_undo):
        state.parse_move("Bs")
    assert TileMove("B", "s") not in state.legal_moves()
    assert TileMove("F", "w") in state.legal_moves(), "pushing a displaced tile elsewhere"
    assert Rotation("B") in state.legal_moves(), "a rotation never moves a tile"


def test_pushing_a_displaced_tile_back_with_another_tile_is_an_undo() -> None:
    state = SKIFT.from_text(
        """
        Skift: White to move
             a b  c d  e f  g h
          1  W .  . .  ~ ~  b .   A B ~ C
          2  w .  . .  ~ ~  B .
          3  ~ ~  ~ ~  . .  ~ ~   ~ ~ D ~
          4  ~ ~  ~ ~  . .  ~ ~
        """
    )
    state = state.play(state.parse_move("Ae"))
    assert dict(state.tiles) == {"A": (1, 0), "B": (2, 0), "C": (3, 0), "D": (2, 1)}
    with pytest.raises(IllegalMove, match=f"{UNDO}: tile B may not go back"):
        state.parse_move("Cw")
    assert TileMove("C", "n") in state.legal_moves()
