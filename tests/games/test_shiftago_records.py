"""Shiftago records: JSON and text round trips, corrupt data refused, and random playouts
of every variant with 2 to 4 players (handicaps and retirements included)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

import pytest

from games import IllegalMove, InvalidMove
from games.shiftago import SHIFTAGO, ShiftagoState
from tests.games.shiftago_helpers import NEARLY_OUT, play, position

SCORING = """
    . . . . . . .
    . . . . . . .
    B B B . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . O
"""


def scoring_position() -> ShiftagoState:
    """Blue (4 players, Expert) has just made a line of four and must choose an end."""
    return play(position(SCORING, players=4, turn=2, options={"variant": "expert"}), "W3")


def test_text_shows_the_tray_players_and_status() -> None:
    state = play(scoring_position(), "x a3-d3 keep d3")
    text = state.to_text()
    assert text.splitlines()[:5] == [
        "Shiftago, 4 players",
        "options: variant=expert handicap_turns=0 handicap_player=0 lone_colour=yes",
        "     a b c d e f g",
        "  1  . . . . . . .",
        "  2  . . . . . . .",
    ]
    assert "  3  . . . B . . ." in text
    assert "B Blue: 21 in supply, 2 points" in text
    assert "ply 2: Blue to insert" in text
    assert "last turn (Blue): W3 pushing 3; x a3-d3 keep d3 for 2 points" in text
    assert SHIFTAGO.from_text(text) == state
    assert SHIFTAGO.from_json(state.to_json()) == state


def test_round_trips_keep_retirement_handicap_and_endings() -> None:
    state = SHIFTAGO.new(3, options={"handicap_turns": 2, "handicap_player": 0})
    assert "sat out: Orange" in state.to_text()
    state = play(state, "Na").retire(2)
    finished = state.retire(1)
    for each in (state, finished, scoring_position()):
        assert SHIFTAGO.from_text(each.to_text()) == each
        assert SHIFTAGO.from_json(each.to_json()) == each
    assert "game over (alone), Orange" in finished.to_text()


def corrupt(change: Callable[[dict], None]) -> dict:
    """The JSON of `scoring_position()`, changed by `change`."""
    data = copy.deepcopy(scoring_position().to_json())
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(game="skift"), "Not a Shiftago position"),
        (lambda d: d["board"].__setitem__(0, "X......"), "Unknown marble"),
        (lambda d: d["board"].pop(), "7 rows"),
        (lambda d: d["supply"].__setitem__(2, 22), "must own 22 marbles"),
        (lambda d: d.update(players=5), "between 2 and 4"),
        (lambda d: d.update(turn=True), "must be a whole number"),
        (lambda d: d["scores"].__setitem__(0, 10), "ends the game at once"),
        (lambda d: d.update(scoring=False, turn=0, ending="line"), "winning line"),
        (lambda d: d["options"].update(variant="turbo"), "variant"),
        (lambda d: d["recent"][0].update(move="x a3-d3 keep a3"), "score table"),
        (lambda d: d["recent"][0].update(move="x a3-d3"), "not a possible scoring move"),
        (lambda d: d["recent"][0].update(move="Q9"), "Unreadable recorded move"),
        (lambda d: d.update(retired=[True, True, True, True]), "not left the game"),
        (lambda d: d.update(ending="bored"), "Unknown ending"),
    ],
)
def test_corrupt_json_is_refused(change: Callable[[dict], None], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SHIFTAGO.from_json(corrupt(change))


@pytest.mark.parametrize(
    "text", ["", "Shiftago", "Shiftago, 2 players\noptions: variant=express\n", "x" * 5000]
)
def test_unreadable_text_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        SHIFTAGO.from_text(text)


@pytest.mark.parametrize("text", ["\u2603", "x a1-a9", "N" * 500, "x c1-c5 keep c9", "💥4"])
def test_odd_input_raises_invalid_move(text: str) -> None:
    with pytest.raises(InvalidMove):
        scoring_position().parse_move(text)


@pytest.mark.parametrize("variant", ["express", "expert", "extreme"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_the_invariants(variant: str, players: int) -> None:
    rng = random.Random(f"{variant}-{players}")
    for _ in range(6):
        options = {
            "variant": variant,
            "handicap_turns": rng.randint(0, 3),
            "handicap_player": rng.randrange(players),
        }
        state = SHIFTAGO.new(players, options=options)
        while state.outcome() is None:
            moves = state.legal_moves()
            assert moves, state.to_text()
            for move in moves:
                assert state.parse_move(state.format_move(move)) == move
            if players > 2 and rng.random() < 0.005:
                state = state.retire(rng.choice(state.active()))
                continue
            before = state.to_json()
            after = state.play(rng.choice(moves))
            assert state.to_json() == before
            for seat in range(players):
                assert after.supply[seat] + after.board.count(seat) == 22
            assert SHIFTAGO.from_json(after.to_json()) == after
            assert SHIFTAGO.from_text(after.to_text()) == after
            state = after
        outcome = state.outcome()
        assert state.legal_moves() == ()
        assert (outcome.scores is None) == (variant == "express")
        with pytest.raises(IllegalMove, match="game is over"):
            state.parse_move("Na")


def test_a_position_that_should_have_ended_is_refused() -> None:
    data = position(NEARLY_OUT, turn=1).to_json()
    with pytest.raises(ValueError, match="the game is over"):
        SHIFTAGO.from_json(data)
