"""Bad input to every registered game is refused with InvalidMove or IllegalMove, never worse.

"A move by the wrong seat": moves carry no seat; `parse_move` and `play` judge a move
for the seat to move (the match service checks who sent it). So a move that only
another seat could make (a Skift piece of the other colour, a tile the other colour
controls) is refused with IllegalMove naming the rule, and a move that happens to be
legal for both seats (say a Shiftago insertion) is simply that seat's move.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games import GameState, IllegalMove, InvalidMove
from tests.testgames import installed

NEAR_MISS = "abcdefghinesrwpABCDEFGHINESWRP0123456789-/ x"
HUGE = (
    "a" * 1_000_000,
    "c3-c4" * 100_000,
    "9" * 5000,
    "\u202e" * 10_000,
    "En/" + "B" * 50_000,
    "🙂" * 100_000,
)


def positions(name: str) -> list[GameState]:
    """The start of a game and a few positions of a fixed random playout."""
    game = games.get(name)
    rng = random.Random(7)
    state = game.new(players=game.kind.min_players, seed=7)
    found = [state]
    while state.outcome() is None and len(found) < 12:
        state = state.play(rng.choice(state.legal_moves()))
        found.append(state)
    return [s for s in found if s.outcome() is None]


with installed():  # the test games join; conftest.py registers them while tests run
    NAMES = games.names()
    POSITIONS = {name: positions(name) for name in NAMES}


def refused_or_legal(state: GameState, text: str) -> None:
    """Parsing either gives a legal move or raises one of the two move errors."""
    try:
        move = state.parse_move(text)
    except (InvalidMove, IllegalMove) as error:
        assert str(error).strip(), "refusals must say why"
    else:
        assert move in state.legal_moves()


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(max_size=80), index=st.integers(min_value=0))
def test_random_text_is_refused_or_legal(name: str, text: str, index: int) -> None:
    states = POSITIONS[name]
    refused_or_legal(states[index % len(states)], text)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=150, deadline=None)
@given(text=st.text(alphabet=NEAR_MISS, max_size=12), index=st.integers(min_value=0))
def test_near_miss_text_is_refused_or_legal(name: str, text: str, index: int) -> None:
    states = POSITIONS[name]
    refused_or_legal(states[index % len(states)], text)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("text", HUGE, ids=lambda t: f"{len(t)}-chars")
def test_huge_text_is_invalid(name: str, text: str) -> None:
    for state in POSITIONS[name][:3]:
        with pytest.raises(InvalidMove):
            state.parse_move(text)


@pytest.mark.parametrize("name", NAMES)
def test_a_move_by_the_wrong_seat_is_refused_unless_it_is_also_ours(name: str) -> None:
    states = POSITIONS[name]
    checked = 0
    for before, now in zip(states, states[1:], strict=False):
        if before.current_player == now.current_player:
            continue
        ours = set(now.legal_moves())
        for theirs in before.legal_moves():
            if theirs in ours:
                continue
            with pytest.raises(IllegalMove):
                now.play(theirs)
            refused_or_legal(now, before.format_move(theirs))
            checked += 1
    assert checked or name != "skift", "Skift always has moves only one colour may make"
