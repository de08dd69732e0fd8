"""Shifting Stones secrets: views over whole random games never hold another seat's cards,
the draw pile or the seed, and still answer what the match engine asks of them."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games import IllegalMove
from games.shifting_stones import SHIFTING_STONES, End, Flip, Score, StonesState
from games.shifting_stones.rules import HIDDEN
from tests.games.test_conformance import choose


def game_states(players: int, seed: int) -> list[StonesState]:
    """Every position of a seeded random game."""
    rng = random.Random(seed)
    state = SHIFTING_STONES.new(players, seed=seed)
    states = [state]
    while state.outcome() is None:
        state = state.play(choose(rng, state, state.legal_moves()))
        states.append(state)
    return states


def hidden_ids(state: StonesState, seat: int | None) -> set[int]:
    """The cards `seat` may not know where they are: other hands and the draw pile."""
    others = {c for s, hand in enumerate(state.hands) if s != seat for c in hand if c is not None}
    return others | set(state.draw)


def numbers_in(data: Any, key: str = "") -> list[tuple[str, int]]:
    """Every whole number in a JSON value, with the key it sits under."""
    if isinstance(data, dict):
        return [pair for k, v in data.items() for pair in numbers_in(v, k)]
    if isinstance(data, list):
        return [pair for v in data for pair in numbers_in(v, key)]
    return [(key, data)] if type(data) is int else []


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_views_of_whole_games_never_hold_hidden_cards(players: int) -> None:
    for seed in range(2 if players > 1 else 12):
        for state in game_states(players, seed)[::7]:
            for seat in [None, *range(players)]:
                view = state.view(seat)
                data = view.to_json()
                assert data["seed"] is None and set(data["draw"]) <= {"?"}
                for other in range(players):
                    if other != seat:
                        assert set(data["hands"][other]) <= {"?", None}
                secret = hidden_ids(state, seat)
                in_hands = {c for hand in data["hands"] for c in hand if type(c) is int}
                assert not in_hands & secret
                assert SHIFTING_STONES.from_json(json.loads(json.dumps(data))) == view
                assert SHIFTING_STONES.from_text(view.to_text()) == view
                assert view.current_player == state.current_player
                assert view.ply == state.ply and view.outcome() == state.outcome()
                assert len(view.draw) == len(state.draw)
                assert [view.hand_size(s) for s in range(players)] == [
                    state.hand_size(s) for s in range(players)
                ]


def test_the_seats_own_view_shows_its_hand_and_its_legal_moves() -> None:
    state = SHIFTING_STONES.new(3, seed=8)
    mine = state.view(1)
    assert mine.hands[1] == state.hands[1]
    assert all(c == HIDDEN for c in mine.hands[0] + mine.hands[2])
    assert state.view(0).legal_moves() == state.legal_moves()


def test_descriptions_name_a_card_only_where_the_view_shows_it() -> None:
    state = SHIFTING_STONES.new(2, seed=5)
    card = state.cards[state.hands[0][0]]  # type: ignore[index]
    for move in (Score(0), Flip(4, 0)):
        assert card.words() in state.view(0).describe_move(move)
        public = state.view(None).describe_move(move)
        assert card.words() not in public and "card 1" in public
        assert card.words() not in state.view(1).describe_move(move)
        assert state.view(None).format_move(move) == state.format_move(move)


def test_views_refuse_to_draw_or_to_play_hidden_cards() -> None:
    public = SHIFTING_STONES.new(2, seed=5).view(None)
    with pytest.raises(IllegalMove, match="view"):
        public.play(End())
    with pytest.raises(IllegalMove, match="view"):
        public.play(Flip(0, 0))
    with pytest.raises(IllegalMove, match="hidden in this view"):
        public.parse_move("score 1")
