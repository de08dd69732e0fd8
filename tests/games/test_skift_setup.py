"""Skift: the start position, the rulings' worked example and the basic notation."""

from __future__ import annotations

import pytest

import games
from games.skift import SKIFT, Piece, PieceMove

START = """
Skift: White to move, ply 0, layout rulings, origin 0,0
     a b  c d  e f
  1  . .  . .  . .   A B C
  2  . w  b w  b .
  3  . b  W B  w .   D E F
  4  . w  B W  b .
  5  . b  w b  w .   G H I
  6  . .  . .  . .
last: none
"""


def test_registered_under_its_name() -> None:
    assert games.get("Skift") is SKIFT
    assert "skift" in games.names()


def test_start_position_matches_the_rulings_diagram() -> None:
    state = SKIFT.new(players=2)
    assert state == SKIFT.from_text(START)
    assert state.to_text().split() == START.split()
    assert state.tiles["A"] == (0, 0) and state.tiles["I"] == (2, 2)
    assert state.pieces[(2, 2)] == Piece(0, "K") and state.pieces[(3, 2)] == Piece(1, "K")
    assert state.counts(0) == (2, 6) and state.counts(1) == (2, 6)
    assert state.current_player == 0 and state.ply == 0 and state.last is None
    assert state.origin == (0, 0) and state.bounds() == (0, 0, 5, 5)


def test_start_control_and_no_landlock_except_the_centre() -> None:
    state = SKIFT.new(players=2)
    assert [state.controller(n) for n in "ABCDEFGHI"] == [0, None, 1, None, None, None, 1, None, 0]
    assert [n for n in "ABCDEFGHI" if state.is_landlocked(n)] == ["E"]


def test_worked_example_king_steps_south_pushing_two() -> None:
    state = SKIFT.new(players=2)
    move = state.parse_move("c3-c4")
    assert move == PieceMove((2, 2), (2, 3))
    assert state.describe_move(move) == "White king c3 to c4, pushing 2 pieces"
    after = state.play(move)
    assert after.pieces[(2, 3)] == Piece(0, "K")
    assert after.pieces[(2, 4)] == Piece(1, "K")
    assert after.pieces[(2, 5)] == Piece(0, "P")
    assert (2, 2) not in after.pieces
    assert after.controller("H") == 1
    assert after.current_player == 1 and after.ply == 1
    assert after.last is not None and after.last.displaced == (
        ((2, 2), (2, 3)),
        ((2, 3), (2, 4)),
        ((2, 4), (2, 5)),
    )
    assert state.pieces[(2, 2)] == Piece(0, "K"), "play must leave its input unchanged"


@pytest.mark.parametrize("players", [1, 3])
def test_new_rejects_bad_player_counts(players: int) -> None:
    with pytest.raises(ValueError, match="2 players"):
        SKIFT.new(players=players)


def test_new_rejects_unknown_layout() -> None:
    with pytest.raises(ValueError, match="layout"):
        SKIFT.new(players=2, options={"layout": "spiral"})


def test_json_and_text_round_trip_after_moves() -> None:
    state = SKIFT.new(players=2)
    for text in ("c3-c4", "c2 nw", "B2A1"):
        state = state.play(state.parse_move(text))
    assert state.ply == 3
    assert SKIFT.from_json(state.to_json()) == state
    assert SKIFT.from_text(state.to_text()) == state
