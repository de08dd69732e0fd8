"""Skift's moves for simulated play: found without listing every legal move, and the same
as the ones listing them finds."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games import GameState
from games.skift import SKIFT, Piece, PieceMove, Rotation, SkiftState, TileMove
from games.skift.geometry import PIECE_STEPS
from games.skift.playouts import captures, quiet_step
from tests.games.skift_positions import GAP, ROW

#: Every step a typed move could ask for: the eight directions, standing still, two squares.
ASKED_STEPS = [*PIECE_STEPS.values(), (0, 0), (2, 0), (0, -2)]


#: A game to play: indices into the legal moves, one a ply.
MOVE_CHOICES = st.lists(st.integers(min_value=0), min_size=1, max_size=80)


def running_positions(choices: list[int]) -> list[SkiftState]:
    """The positions of a game played by `choices` (indices into the legal moves), the
    last one left out when the game ended there."""
    state = SKIFT.new(players=2)
    seen = [state]
    for choice in choices:
        moves = state.legal_moves()
        state = state.play(moves[choice % len(moves)])
        if state.outcome() is not None:
            break
        seen.append(state)
    return seen


def pushed_off(state: SkiftState, move: PieceMove) -> list[Piece]:
    """The pieces the move pushes off the tiles."""
    after = state.play(move)
    assert after.last is not None
    return [piece for _, piece in after.last.fallen]


@settings(max_examples=40, deadline=None)
@given(choices=MOVE_CHOICES)
def test_a_piece_move_is_judged_legal_alone_as_in_the_list_of_every_move(
    choices: list[int],
) -> None:
    for state in running_positions(choices):
        legal = set(state.legal_moves())
        table = state._table()
        for src in [*state.pieces, (99, 99)]:
            for dx, dy in ASKED_STEPS:
                move = PieceMove(src, (src[0] + dx, src[1] + dy))
                assert table.allows_piece_move(move) == (move in legal), move


@settings(max_examples=25, deadline=None)
@given(choices=MOVE_CHOICES)
def test_a_tile_move_or_rotation_is_judged_legal_alone_as_in_the_list_of_every_move(
    choices: list[int],
) -> None:
    for state in running_positions(choices):
        legal = set(state.legal_moves())
        table = state._table()
        names = [*table.tiles, "Z"]
        for name in names:
            assert table.allows_tile_action(Rotation(name)) == (Rotation(name) in legal)
            for direction in ["n", "e", "s", "w", "x"]:
                for keep in [None, *names]:
                    move = TileMove(name, direction, keep)
                    assert table.allows_tile_action(move) == (move in legal), move


@settings(max_examples=40, deadline=None)
@given(choices=MOVE_CHOICES)
def test_the_captures_are_the_piece_moves_that_push_an_opponents_piece_off(
    choices: list[int],
) -> None:
    for state in running_positions(choices):
        opponent = 1 - state.to_move
        expected = {}
        for move in state.legal_moves():
            if isinstance(move, PieceMove):
                fallen = pushed_off(state, move)
                if [piece.seat for piece in fallen] == [opponent]:
                    expected[move] = fallen[0]
        found = captures(state._table())
        assert len(found) == len(expected) and dict(found) == expected


@settings(max_examples=40, deadline=None)
@given(
    choices=MOVE_CHOICES,
    seed=st.integers(min_value=0, max_value=1000),
)
def test_a_quiet_step_is_legal_and_keeps_the_movers_pieces_on(
    choices: list[int], seed: int
) -> None:
    rng = random.Random(seed)
    for state in running_positions(choices):
        step = quiet_step(state._table(), rng)
        if step is not None:
            assert step in state.legal_moves()
            assert state.to_move not in [piece.seat for piece in pushed_off(state, step)]


def test_simulated_play_takes_a_piece_off_when_it_can() -> None:
    state = SKIFT.from_text(GAP)  # the pawn on b1 falls pushed east into the gap or north
    taking = {state.parse_move("a1-b1"), state.parse_move("b2-b1")}
    assert {move for move, _ in captures(state._table())} == taking
    for seed in range(20):
        assert state.playout_move(random.Random(seed)) in taking


def test_a_win_in_one_is_read_off_the_piece_a_move_pushes_off() -> None:
    state = SKIFT.from_text(ROW)  # Black's only king stands on d1, at the front of the line
    win = state.parse_move("a1-b1")
    assert state.winning_move() == GameState.winning_move(state) == win
    assert state.play(win).outcome() is not None
