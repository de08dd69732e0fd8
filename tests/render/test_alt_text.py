"""Alt text: whose turn, the counts, what the last move did, within Discord's limit."""

from __future__ import annotations

import pytest

import games
import render
from games.skift import SKIFT, PieceMove, Rotation, TileMove
from render import _clip
from tests.games.skift_positions import GAP
from tests.render.positions import PUSH_OFF, SPLINTER, playout
from tests.testgames import installed

with installed():  # the test games join; conftest.py registers them while tests run
    NAMES = games.names()

NAMES = ("White", "Black")


def test_the_start_names_whose_turn_and_every_count() -> None:
    text = render.alt_text(SKIFT.new(2))
    assert text.startswith("Skift, move 1: White to move.")
    assert "White has 2 kings and 6 pawns; Black has 2 kings and 6 pawns." in text
    assert "Last move" not in text


@pytest.mark.parametrize("seed", range(6))
def test_mid_game_text_names_the_player_to_move_and_the_counts(seed: int) -> None:
    for state in playout("skift", 40, seed=seed)[5::7]:
        text = render.alt_text(state)
        assert len(text) <= render.ALT_TEXT_LIMIT
        if state.outcome() is None:
            assert f"{NAMES[state.current_player]} to move" in text
        for seat in (0, 1):
            kings, pawns = state.counts(seat)
            king_word = "king" if kings == 1 else "kings"
            pawn_word = "pawn" if pawns == 1 else "pawns"
            assert f"{NAMES[seat]} has {kings} {king_word} and {pawns} {pawn_word}" in text


def test_a_piece_move_is_told_with_its_squares_pushes_and_falls() -> None:
    after = SKIFT.from_text(GAP).play(PieceMove((0, 0), (1, 0)))
    text = render.alt_text(after)
    assert (
        "Last move: White moved a king from a1 to b1, pushing the Black pawn off the tiles." in text
    )


def test_a_pushed_chain_is_told_piece_by_piece() -> None:
    after = SKIFT.from_text(PUSH_OFF).play(PieceMove((0, 0), (1, 0)))
    assert (
        "pushing the Black pawn to c1, the White pawn to d1 and the Black king off the tiles."
        in render.alt_text(after)
    )


def test_a_splinter_is_told_with_the_tiles_and_pieces_lost() -> None:
    after = SKIFT.from_text(SPLINTER).play(TileMove("A", "w"))
    text = render.alt_text(after)
    assert "Last move: White moved tile A west; tile A split off and left with 2 pieces." in text


def test_a_rotation_and_tile_control_are_told() -> None:
    after = SKIFT.from_text(SPLINTER).play(Rotation("B"))
    text = render.alt_text(after)
    assert "Last move: White turned tile B half round." in text
    assert "Tile control: White A, B; Black C." in text


def test_the_start_tells_control_landlocked_tiles_and_squares() -> None:
    text = render.alt_text(SKIFT.new(2))
    assert "Landlocked: E." in text
    assert "White kings on c3, d4 and pawns on b2, d2, e3, b4, c5, e5" in text


def test_a_finished_game_names_the_winner_and_why() -> None:
    states = playout("skift", 400, seed=2)
    final = states[-1]
    assert final.outcome() is not None
    text = render.alt_text(final)
    assert f"over after {final.ply} moves" in text
    assert final.outcome().reason in text


@pytest.mark.parametrize("name", NAMES)
def test_every_game_with_a_picture_has_alt_text_within_the_limit(name: str) -> None:
    if not render.has_picture(name):
        pytest.skip(f"{name} has no picture module yet")
    for state in playout(name, 30, seed=4)[::10]:
        text = render.alt_text(state)
        assert 20 <= len(text) <= render.ALT_TEXT_LIMIT


def test_long_text_is_cut_at_a_sentence_end() -> None:
    text = " ".join(f"Sentence number {i} says something." for i in range(100))
    clipped = _clip(text, 1024)
    assert len(clipped) <= 1024
    assert clipped.endswith("says something.")
    assert text.startswith(clipped)
