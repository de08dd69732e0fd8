"""The test games (tests/testgames) play by their rules, and `installed` registers them."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

import games
import render
from games import IllegalMove
from tests.testgames import FIVE, HAND, PICTURES, SECRET, SOLO, SWAP, TEST_GAMES, installed
from tests.testgames.five import Claim
from tests.testgames.hand import End, HandState, Play
from tests.testgames.solo import DRAWS, Discard, Draw, Place, bag
from tests.testgames.swap import Swap


def typed(state: Any, *moves: str) -> Any:
    """The position after the typed moves."""
    for text in moves:
        state = state.play(state.parse_move(text))
    return state


def test_installed_registers_games_and_pictures_and_removes_what_it_added() -> None:
    names = [game.name for game in TEST_GAMES]
    assert names == ["test-five", "test-hand", "test-solo", "test-swap"]
    assert set(PICTURES) == set(names)
    for name in names:  # this package's conftest has them installed: start without them
        render.unregister(name)
        games.unregister(name)
    try:
        with installed() as added:
            assert added == TEST_GAMES
            assert [games.get(name) for name in names] == TEST_GAMES
            assert all(render.has_picture(name) for name in names)
            with installed():  # nested: leaving the inner one keeps the outer's games
                pass
            assert all(name in games.names() and render.has_picture(name) for name in names)
        assert not set(names) & set(games.names())
        assert not any(render.has_picture(name) for name in names)
    finally:
        for game in TEST_GAMES:
            games.register(game)
            render.register(PICTURES[game.name])


def test_solo_draws_from_the_seeded_bag_and_a_draw_reveals() -> None:
    state = SOLO.new(1, seed=5)
    assert state.reveals(Draw()) and not state.reveals(Discard())
    drawn = state.play(Draw())
    assert drawn.held == bag(5)[0] and drawn.current_player == 0
    with pytest.raises(IllegalMove, match="before you draw again"):
        drawn.play(Draw())


def test_solo_is_lost_after_the_last_draw_short_of_the_target() -> None:
    state = SOLO.new(1, seed=1)
    for _ in range(DRAWS):
        state = typed(state, "draw", "discard")
    result = state.outcome()
    assert result is not None and result.winners == () and not result.draw
    assert result.scores == (0,) and state.current_player is None


def test_solo_is_won_at_the_target_and_a_column_stops_at_ten() -> None:
    snapshot = {"seed": 2, "columns": [10, 10, 0], "held": None, "draws": 2, "moves": 4}
    state = SOLO.from_json({"game": "test-solo", **snapshot}).play(Draw())
    assert state.held == bag(2)[2] == 4
    assert Place(0) not in state.legal_moves()
    with pytest.raises(IllegalMove, match="may not go over 10"):
        state.play(Place(0))
    result = state.play(Place(2)).outcome()
    assert result is not None and result.winners == (0,) and result.scores == (24,)


def test_five_players_claim_in_a_ring_and_a_retired_seat_is_skipped() -> None:
    state = typed(FIVE.new(5), "a1", "b1", "c1")
    assert state.current_player == 3
    retired = state.retire(4)
    assert retired is not None and retired.current_player == 3
    after = typed(retired, "d1")
    assert after.current_player == 0, "seat 4 retired: the ring skips it"
    assert retired.retire(3) is not None and FIVE.new(2).retire(0) is None


def test_five_scores_a_claim_beside_your_own_cells_higher() -> None:
    state = typed(FIVE.new(2), "a1", "e3")
    assert state.describe_move(Claim(1)) == "claim b1 for 2 points"
    assert typed(state, "b1").scores == (3, 1)


def test_swap_renames_the_seats_and_blue_moves_next() -> None:
    state = SWAP.new(2)
    assert (state.seat_name(0), state.seat_name(1)) == ("Red", "Blue")
    opened = typed(state, "b2")
    assert Swap() in opened.legal_moves() and opened.current_player == 1
    swapped = typed(opened, "swap")
    assert (swapped.seat_name(0), swapped.seat_name(1)) == ("Blue", "Red")
    assert swapped.current_player == 0 and Swap() not in swapped.legal_moves()
    with pytest.raises(IllegalMove, match="only as the reply"):
        swapped.play(Swap())
    final = typed(swapped, "a1", "b1", "c1", "b3")
    result = final.outcome()
    assert result is not None and result.winners == (1,)
    assert result.reason.startswith("Red made three in a row"), "seat 1 plays Red now"


def test_swap_picture_header_names_the_seat_by_its_colour_now() -> None:
    swapped = typed(SWAP.new(2), "b2", "swap")
    with installed():
        assert "Blue to move" in render.alt_text(swapped)
        png = render.board_png(swapped)
    assert Image.open(io.BytesIO(png)).width == render.DEFAULT_SIZE


def test_hand_turn_is_several_actions_and_end_draws() -> None:
    state = HAND.new(3, seed=2)
    played = typed(state, "play 2")
    assert played.current_player == 0 and played.total == 2 and played.hand_sizes[0] == 1
    assert not state.reveals(Play(2)) and state.reveals(End())
    ended = typed(played, "end")
    assert ended.current_player == 1 and ended.hand_sizes[0] == 2 and ended.deck_size == 5
    with pytest.raises(IllegalMove, match="only 3 cards"):
        ended.play(Play(4))


def test_hand_views_show_only_the_seats_own_hand() -> None:
    state = HAND.new(2, seed=4)
    mine = state.view(0)
    assert mine.hands[0] == state.hands[0] and mine.hands[1] is None and mine.deck is None
    public = state.view(None)
    assert public.hands == (None, None) and SECRET not in str(public.to_json())
    assert SECRET in state.describe_move(Play(1)), "the full state names the cards"
    assert SECRET not in public.describe_move(Play(1))
    assert isinstance(HAND.from_json(public.to_json()), HandState)


def test_hand_alt_text_and_public_picture_keep_the_secrets() -> None:
    state = typed(HAND.new(2, seed=4), "play 1")
    with installed():
        assert SECRET not in render.alt_text(state)
        public = render.board_png(state, seat=None)
        own = render.board_png(state, seat=0)
    assert public != own, "the seat's own picture shows its hand"
