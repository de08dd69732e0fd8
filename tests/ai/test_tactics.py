"""The engine takes a win in one and stops an opponent's win in one, in every game.

Each position is hand-built; small budgets keep the run short, and a fixed seed keeps it
repeatable. A block is checked by the rules: after the engine's move, the seat that
threatened has no move that wins at once.
"""

from __future__ import annotations

import pytest

import ai
from games import GameState
from games.shifting_stones.moves import End, Score
from games.skift import SKIFT
from tests.games import shiftago_helpers, shifting_stones_helpers, shifty_helpers

#: A small budget: enough for the engine to see a reply that wins at once.
BUDGET = ai.Budget(iterations=300, seconds=60.0, lookahead=1, playout_plies=8)

# The king on a1 can push Black's only pawn (b1) into the gap between tiles A and C.
SKIFT_GAP = """
Skift: White to move
     a b  c d  e f
  1  W b  ~ ~  . B   A ~ C
  2  . w  ~ ~  . .
  3  . .  . .  W .   D E F
  4  . .  . .  . .
"""
# With a second pawn (e1) Black is not lost, but 4 of its 12 moves let White win at once.
SKIFT_THREAT = SKIFT_GAP.replace("White to move", "Black to move").replace(". B   A", "b B   A")
# Orange (seat 0) has b1-e1 and wins by filling a1 (a line of five with two players).
SHIFTAGO_FOUR = """
. O O O O G .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
"""
# Orange has b1-d1 and wins by filling a1 (a line of four with three or four players).
SHIFTAGO_THREE = SHIFTAGO_FOUR.replace("O O O O G", "O O O G .")


def assert_wins(state: GameState) -> None:
    """The engine, to act in `state`, plays a move that wins at once."""
    seat = state.current_player
    assert seat is not None
    move = ai.choose_move(state, seat, BUDGET, seed=1)
    outcome = state.play(move).outcome()
    assert outcome is not None and outcome.winners == (seat,)


def assert_blocks(state: GameState, threat_from: int) -> None:
    """The engine, to act in `state`, leaves seat `threat_from` no win in one, where
    some of its moves would have (the position is a real test)."""
    seat = state.current_player
    assert seat is not None
    losing = [m for m in state.legal_moves() if state.play(m).winning_move() is not None]
    assert losing, "the position threatens nothing"
    after = state.play(ai.choose_move(state, seat, BUDGET, seed=1))
    assert after.outcome() is None and after.current_player == threat_from
    assert after.winning_move() is None


def test_skift_win_and_block() -> None:
    assert_wins(SKIFT.from_text(SKIFT_GAP))
    assert_blocks(SKIFT.from_text(SKIFT_THREAT), threat_from=0)


def test_shiftago_two_players_win_and_block() -> None:
    assert_wins(shiftago_helpers.position(SHIFTAGO_FOUR, turn=0))
    assert_blocks(shiftago_helpers.position(SHIFTAGO_FOUR, turn=1), threat_from=0)


@pytest.mark.parametrize("players", [3, 4])
def test_shiftago_many_players_win_and_block(players: int) -> None:
    assert_wins(shiftago_helpers.position(SHIFTAGO_THREE, players=players, turn=0))
    last = players - 1  # Orange acts right after the last seat
    state = shiftago_helpers.position(SHIFTAGO_THREE, players=players, turn=last)
    assert_blocks(state, threat_from=0)


def test_shifty_win_and_block() -> None:
    assert_wins(shifty_helpers.position(shifty_helpers.BLACK_COLUMN, "Black"))
    assert_blocks(shifty_helpers.position(shifty_helpers.BLACK_COLUMN, "White"), threat_from=0)


def test_shifting_stones_solo_scores_the_last_card() -> None:
    last = "2: sun fish"  # matches the top row of the helpers' grid
    state = shifting_stones_helpers.position(1, [[last, "1: moon moon"]], scored=[["1: bird boat"]])
    assert ai.choose_move(state, 0, BUDGET, seed=1) == Score(0)


def test_shifting_stones_scores_the_card_that_wins_the_last_turn() -> None:
    # Seat 1 plays the round's last turn, 1 point behind: its 3-point card wins the game.
    hands = [["1: moon moon"], ["3: sun fish", "1: moon moon"]]
    scored = [["3: bird boat"], ["2: horse tree"]]
    state = shifting_stones_helpers.position(2, hands, scored=scored, turn=1, triggered=True)
    move = ai.choose_move(state, 1, BUDGET, seed=1)
    assert move == Score(0)
    after = state.play(move)
    assert ai.choose_move(after, 1, BUDGET, seed=1) == End()
