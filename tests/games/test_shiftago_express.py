"""Shiftago Express: the winning line length by player count, only the mover's lines count,
and the draws (out of marbles, full tray)."""

from __future__ import annotations

import pytest

from games.shiftago import SHIFTAGO
from tests.games.shiftago_helpers import (
    GREEN_COLUMN_FOR_ORANGE_TO_PUSH,
    NEARLY_FULL,
    NEARLY_OUT,
    play,
    position,
    run_in_row_4,
)

FOUR_ORANGE = """
    O O O O . . .
    . G . . . . .
    . . G . . . .
    . . . G . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
"""


@pytest.mark.parametrize("length", [3, 4, 5])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_winning_length_is_five_for_two_players_and_four_for_more(
    players: int, length: int
) -> None:
    state = play(run_in_row_4(length - 1, players), "W4")
    wins = length >= (5 if players == 2 else 4)
    assert (state.outcome() is not None) == wins
    if wins:
        assert state.outcome().winners == (0,)
        assert state.outcome().reason == f"Orange made a line of {length}."


def test_two_players_a_line_of_five_wins() -> None:
    state = position(FOUR_ORANGE)
    after = play(state, "Ne")
    outcome = after.outcome()
    assert outcome is not None and outcome.winners == (0,) and not outcome.draw
    assert outcome.reason == "Orange made a line of 5."
    assert outcome.scores is None
    assert after.current_player is None and after.legal_moves() == ()


def test_two_players_a_line_of_four_does_not_win() -> None:
    state = play(position(FOUR_ORANGE.replace("O O O O", "O O O .")), "Nd")
    assert state.outcome() is None
    assert state.current_player == 1


def test_a_diagonal_line_of_four_wins_with_three_players() -> None:
    rows = """
        . . . . . . .
        . G . . . . .
        . . G . . . .
        . . . G . . .
        . . . . . . .
        . . . . . . .
        . . . . . . O
    """
    state = position(rows, players=3, turn=1)
    after = play(state, "Na")
    assert after.outcome().winners == (1,)
    assert after.outcome().reason == "Green made a line of 4."
    # With two players the same diagonal of four is not enough.
    assert play(position(rows, players=2, turn=1), "Na").outcome() is None


def test_four_players_a_line_of_four_wins() -> None:
    rows = """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        W W W . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . B
    """
    state = position(rows, players=4, turn=3)
    after = play(state, "W4")
    assert after.outcome().winners == (3,)
    assert after.outcome().reason == "White made a line of 4."


def test_only_the_movers_lines_count() -> None:
    # Orange's push makes Green's column b2-b6 (five Green marbles); Green has not inserted.
    state = play(position(GREEN_COLUMN_FOR_ORANGE_TO_PUSH), "Nb")
    assert state.outcome() is None
    assert state.current_player == 1
    # Green may win on the next turn with any move that keeps the line.
    won = play(state, "Ng")
    assert won.outcome().winners == (1,)


def test_the_mover_wins_even_when_another_colour_has_a_longer_line() -> None:
    rows = """
        G G G G G G .
        . . . . . . .
        . O O O O . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    """
    # Green's line of six does not count on Orange's turn; Orange's fifth marble does.
    state = play(position(rows), "W3")
    assert state.outcome().winners == (0,)


def test_out_of_marbles_is_a_draw() -> None:
    state = position(NEARLY_OUT)
    assert state.supply == (1, 0)
    after = play(state, "Sf")
    outcome = after.outcome()
    assert outcome is not None and outcome.draw and outcome.winners == ()
    assert outcome.reason == "Green has no marbles left to insert: the game is a draw."


def test_a_full_tray_is_a_draw() -> None:
    state = position(NEARLY_FULL, players=4)
    after = play(state, "W5")
    assert None not in after.board
    outcome = after.outcome()
    assert outcome.draw and outcome.reason == "The tray is full: the game is a draw."


def test_a_new_game_is_express_with_empty_tray() -> None:
    state = SHIFTAGO.new(3)
    assert state.options["variant"] == "express"
    assert state.board == (None,) * 49
    assert state.supply == (22, 22, 22) and state.current_player == 0
    assert SHIFTAGO.kind.seat_names == ("Orange", "Green", "Blue", "White")
