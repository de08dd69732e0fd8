"""The engine repeats itself for a seed, and decides from the bot's own view only."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import ai
import games
from games import GameState
from games.shifting_stones import StonesState

BUDGET = ai.Budget(iterations=120, seconds=60.0, lookahead=1, playout_plies=6)


def midgame(name: str, players: int, seed: int, plies: int = 12) -> GameState:
    """A position `plies` random moves into a seeded game (earlier if it would end)."""
    rng = random.Random(seed)
    state = games.get(name).new(players=players, seed=seed)
    for _ in range(plies):
        after = state.play(rng.choice(state.legal_moves()))
        if after.outcome() is not None:
            break
        state = after
    return state


@pytest.mark.parametrize(
    ("name", "players"),
    [("skift", 2), ("shiftago", 2), ("shiftago", 4), ("shifty", 2), ("shifting-stones", 3)],
)
def test_the_same_seed_gives_the_same_move_and_estimate(name: str, players: int) -> None:
    state = midgame(name, players, seed=5)
    seat = state.current_player
    assert seat is not None
    moves = {ai.choose_move(state, seat, BUDGET, seed=s) for s in (7, 7, 7)}
    assert len(moves) == 1 and moves <= set(state.legal_moves())
    first, second = (ai.evaluate(state, seat, BUDGET, seed=3) for _ in range(2))
    assert first == second and 0.0 <= first <= 1.0


def shuffled_secrets(state: StonesState, seat: int, rng: random.Random) -> StonesState:
    """`state` with the cards `seat` cannot see (others' hands, the draw pile) shuffled
    among those places, and another seed for later reshuffles."""
    places = [(s, p) for s in range(state.players) if s != seat for p in range(4)]
    places = [(s, p) for s, p in places if p < len(state.hands[s])]
    places = [(s, p) for s, p in places if state.hands[s][p] is not None]
    secret = [state.hands[s][p] for s, p in places] + list(state.draw)
    rng.shuffle(secret)
    hands = [list(hand) for hand in state.hands]
    for s, p in places:
        hands[s][p] = secret.pop()
    return replace(
        state,
        hands=tuple(tuple(h) for h in hands),
        draw=tuple(secret),
        seed=rng.getrandbits(32),
    )


@pytest.mark.parametrize("players", [2, 4])
def test_shifting_stones_decides_the_same_whatever_the_hidden_cards(players: int) -> None:
    rng = random.Random(players)
    for start in range(3):
        state = midgame("shifting-stones", players, seed=start, plies=5 + start)
        assert isinstance(state, StonesState)
        seat = state.current_player
        assert seat is not None
        chosen = ai.choose_move(state, seat, BUDGET, seed=11)
        changed_any = False
        for _ in range(3):
            other = shuffled_secrets(state, seat, rng)
            assert other.view(seat) == state.view(seat)
            changed_any = changed_any or other.hands != state.hands or other.draw != state.draw
            assert ai.choose_move(other, seat, BUDGET, seed=11) == chosen
        assert changed_any, "the secrets never changed: the test would prove nothing"


def test_a_move_out_of_turn_or_after_the_end_is_refused() -> None:
    state = games.get("skift").new(players=2)
    with pytest.raises(ValueError, match="turn"):
        ai.choose_move(state, 1, BUDGET)


def test_levels_are_named_and_ordered() -> None:
    assert ai.Level.named(" Hard ") is ai.Level.HARD
    with pytest.raises(ValueError, match="no level"):
        ai.Level.named("expert")
    easy, medium, hard, master = (level.budget for level in ai.Level)
    assert easy.iterations < medium.iterations < hard.iterations < master.iterations
    assert easy.seconds <= 0.2 and hard.seconds <= 2.0 and master.seconds <= 30.0
