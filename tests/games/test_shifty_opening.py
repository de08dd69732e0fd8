"""The Shifty opening: singletons anywhere, the pie rule's swap (offered once, right after
Black's first stone) and how seats keep their members while sides change names."""

from __future__ import annotations

import pytest

from games import IllegalMove
from games.shifty import SHIFTY, SWAP, Place, Swap
from games.steps import Composer
from tests.games.shifty_helpers import moves_as_text, typed


def test_the_start_offers_every_point_to_black_on_seat_0() -> None:
    state = SHIFTY.new(2)
    assert state.current_player == 0
    assert (state.seat_name(0), state.seat_name(1)) == ("Black", "White")
    moves = state.legal_moves()
    assert len(moves) == 100 and all(isinstance(m, Place) for m in moves)
    assert moves_as_text(state)[:3] == ["a1", "b1", "c1"]
    assert moves_as_text(state)[-1] == "j10"


def test_after_blacks_first_stone_the_second_player_may_swap_first_in_the_list() -> None:
    state = typed(SHIFTY.new(2), "e5")
    assert state.current_player == 1
    assert state.legal_moves()[0] == SWAP
    assert len(state.legal_moves()) == 1 + 99
    assert state.describe_move(SWAP) == (
        "The second player swaps sides (the pie rule), taking Black's stone on e5 and Black's edges"
    )


def test_the_composer_asks_the_pie_choice_first_while_the_swap_is_offered() -> None:
    composer = Composer(typed(SHIFTY.new(2, options={"size": 7}), "e5"))
    first = composer.choices(())
    assert [(c.step.key, c.step.label) for c in first] == [
        ("swap", "Swap: take over Black's stone and side"),
        ("on", "Play on: keep your side"),
    ]
    assert first[0].move == SWAP and first[1].move is None
    # Play on leads to the placements (the only kind of move now): a column, then the point
    assert composer.forward(("on",)) == ("on", "p")
    columns = composer.choices(("on", "p"))
    assert [c.step.label for c in columns] == [f"column {c}" for c in "abcdefg"]
    assert composer.move_at(("on", "p", "c", "c3")) == Place(composer.state.grid.index(2, 2))
    assert len(composer.moves) == 1 + 48
    # once the swap is gone (played or declined), moves start with their kind again
    for after in ("swap", "c3"):
        later = Composer(typed(SHIFTY.new(2, options={"size": 7}), "e5", after))
        assert {c.step.key for c in later.choices(())} <= {"p", "m"}


def test_the_swap_gives_seat_1_blacks_stone_and_name_and_seat_0_places_for_white() -> None:
    state = typed(SHIFTY.new(2), "e5", "swap")
    assert (state.seat_name(0), state.seat_name(1)) == ("White", "Black")
    assert state.current_player == 0
    assert state.name_to_act() == "White"
    assert state.grid.names(state.stones[0]) == ["e5"], "the stone stays Black's"
    placement = state.legal_moves()[0]
    assert state.describe_move(placement) == "White places at a1"
    after = state.play(state.parse_move("c3"))
    assert after.current_player == 1 and after.name_to_act() == "Black"
    assert after.grid.names(after.stones[1]) == ["c3"]


def test_the_swap_is_offered_once_only() -> None:
    swapped = typed(SHIFTY.new(2), "e5", "swap")
    assert SWAP not in swapped.legal_moves()
    with pytest.raises(IllegalMove, match="pie rule"):
        swapped.parse_move("swap")
    declined = typed(SHIFTY.new(2), "e5", "c3")
    with pytest.raises(IllegalMove, match="offered only once"):
        declined.play(Swap())
    with pytest.raises(IllegalMove, match="pie rule"):
        SHIFTY.new(2).parse_move("SWAP")


def test_after_the_first_two_stones_black_must_place_next_to_a_friend() -> None:
    state = typed(SHIFTY.new(2), "e5", "c3")
    assert state.current_player == 0
    assert moves_as_text(state) == ["e4", "d5", "f5", "e6"]
    with pytest.raises(IllegalMove, match="placement rule"):
        state.parse_move("a1")


def test_several_singletons_go_down_anywhere_alternately_then_turns_start_with_black() -> None:
    state = SHIFTY.new(2, options={"singletons": 3})
    state = typed(state, "a1", "j10", "a10", "j1", "e5")
    assert state.current_player == 1 and len(state.legal_moves()) == 95
    assert SWAP not in state.legal_moves(), "the swap came once, after Black's first"
    state = typed(state, "f5")
    assert state.in_opening() is False and state.current_player == 0
    assert moves_as_text(state) == ["b1", "a2", "e4", "d5", "e6", "a9", "b10"]
    with pytest.raises(IllegalMove, match="placement rule"):
        state.parse_move("c3")


def test_singletons_may_touch_but_may_not_make_a_crosscut() -> None:
    state = typed(SHIFTY.new(2, options={"singletons": 2}), "c3", "d3", "d4")
    assert "c4" not in moves_as_text(state)
    with pytest.raises(IllegalMove, match="crosscut in the square c3-d4"):
        state.parse_move("c4")
    assert typed(state, "e4").stones[1].bit_count() == 2, "touching d3 is fine"


def test_no_stone_moves_during_the_opening() -> None:
    opening = typed(SHIFTY.new(2, options={"singletons": 3}), "c3", "h8", "c4", "h7")
    with pytest.raises(IllegalMove, match="opening rule"):
        opening.parse_move("c3-a1")
    assert opening.in_opening() and all(isinstance(m, Place) for m in opening.legal_moves())


def test_the_swap_with_several_singletons_keeps_the_alternation() -> None:
    state = typed(SHIFTY.new(2, options={"singletons": 2}), "c3", "swap", "h8", "d4", "h7")
    assert (state.seat_name(0), state.seat_name(1)) == ("White", "Black")
    assert not state.in_opening()
    assert state.current_player == 1 and state.name_to_act() == "Black"
