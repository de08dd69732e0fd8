"""Shiftago options: the variant, the handicap, the lone-colour rule; and retiring players."""

from __future__ import annotations

import pytest

from games import IllegalMove
from games.shiftago import SHIFTAGO, Insert
from tests.games.shiftago_helpers import play, position, rows_of


def test_options_are_checked() -> None:
    names = [o.name for o in SHIFTAGO.kind.options]
    assert names == ["variant", "handicap_turns", "handicap_player", "lone_colour"]
    assert SHIFTAGO.new(2, options={"variant": " Expert "}).options["variant"] == "expert"
    with pytest.raises(ValueError, match="variant"):
        SHIFTAGO.new(2, options={"variant": "turbo"})
    with pytest.raises(ValueError, match="handicap_turns"):
        SHIFTAGO.new(2, options={"handicap_turns": 7})
    with pytest.raises(ValueError, match="one of the 3 players"):
        SHIFTAGO.new(3, options={"handicap_turns": 2, "handicap_player": 3})
    with pytest.raises(ValueError, match="2 to 4 players"):
        SHIFTAGO.new(5)
    assert next(o for o in SHIFTAGO.kind.options if o.name == "handicap_player").names_player


def test_handicapped_first_player_sits_out_their_first_turns() -> None:
    state = SHIFTAGO.new(2, options={"handicap_turns": 2, "handicap_player": 0})
    assert state.current_player == 1 and state.sat_out == (0,)
    assert state.sit_out == (1, 0)
    state = play(state, "Na")
    assert state.current_player == 1 and state.sat_out == (0,) and state.sit_out == (0, 0)
    state = play(state, "Ng")
    assert state.current_player == 0 and state.sat_out == ()
    state = play(state, "Nd")
    assert state.current_player == 1
    assert state.supply == (21, 20)


def test_handicap_in_a_four_player_game_skips_only_that_seat() -> None:
    state = SHIFTAGO.new(4, options={"handicap_turns": 1, "handicap_player": 2})
    order = []
    for text in ("Na", "Nb", "Nc", "Nd", "Ne", "Nf"):
        order.append(state.current_player)
        state = play(state, text)
    assert order == [0, 1, 3, 0, 1, 2]


def test_lone_colour_marbles_may_not_touch() -> None:
    state = SHIFTAGO.new(2, options={"handicap_turns": 3, "handicap_player": 1})
    state = play(state, "Nb")
    assert state.current_player == 0  # Green sits out
    # Next to b1 (a1, c1), or pushing it (Nb); W2 enters a2, which only touches b1 by a corner.
    for text in ("Na", "Nc", "Nb", "W1"):
        with pytest.raises(IllegalMove, match="lone-colour rule"):
            state.parse_move(text)
    legal = state.legal_moves()
    assert Insert("N", 0) not in legal and Insert("N", 1) not in legal
    assert Insert("N", 3) in legal and Insert("W", 1) in legal and len(legal) == 28 - 4
    state = play(state, "Nd", "Sd")
    assert rows_of(state)[0] == ".O.O..." and rows_of(state)[6] == "...O..."
    # Once Green has a marble on the tray, the rule no longer applies.
    state = play(state, "Ng")
    assert state.current_player == 1
    state = play(state, "Sg")
    assert Insert("N", 0) in state.legal_moves()


def test_lone_colour_rule_can_be_switched_off() -> None:
    options = {"handicap_turns": 1, "handicap_player": 1, "lone_colour": False}
    state = play(SHIFTAGO.new(2, options=options), "Nb", "Nb")
    assert rows_of(state)[0][1] == "O" and rows_of(state)[1][1] == "O"


def test_a_retired_player_leaves_marbles_and_the_others_play_on() -> None:
    state = play(SHIFTAGO.new(3), "Na", "Nb")
    assert state.current_player == 2
    state = state.retire(1)
    assert state.retired == (False, True, False) and state.outcome() is None
    assert rows_of(state)[0] == "OG....."
    state = play(state, "Nc")
    assert state.current_player == 0  # Green is skipped from now on
    state = play(state, "Nd")
    assert state.current_player == 2
    last = state.retire(2)
    outcome = last.outcome()
    assert outcome.winners == (0,) and outcome.reason == "Orange is the last player left."
    assert last.retire(0) is None
    with pytest.raises(ValueError, match="not playing"):
        state.retire(1)


def test_retiring_on_your_own_turn_drops_a_pending_scoring() -> None:
    rows = """
        . . . . . . .
        . . . . . . .
        B B B . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . O
    """
    state = play(position(rows, players=4, turn=2, options={"variant": "expert"}), "W3")
    assert state.scoring
    after = state.retire(2)
    assert after.current_player == 3 and not after.scoring
    assert after.outcome() is None
    assert rows_of(after)[2] == "BBBB..."


def test_retiring_in_a_two_player_game_gives_the_other_the_win() -> None:
    state = play(SHIFTAGO.new(2, options={"variant": "expert"}), "Na")
    outcome = state.retire(1).outcome()
    assert outcome.winners == (0,) and outcome.scores == (0, 0)
