"""Shiftago's opening book: keys shared by positions alike up to the tray's symmetries, the
book's move read back through them, the games it speaks for, and the shipped book's
cover of the first four insertions."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

import ai
from games.base import GameState
from games.shiftago import SHIFTAGO, book
from games.shiftago.geometry import BOARD_LINES, LANES
from games.shiftago.moves import Insert

#: The insertions the shipped book covers: the first four.
BOOK_PLIES = 4


def start() -> GameState:
    """Two-player Express with the default options: the game the book speaks for."""
    return SHIFTAGO.new(players=2)


def test_the_eight_symmetries_are_distinct_and_keep_lines_and_lanes() -> None:
    def as_sets(
        groups: Iterable[Iterable[int]], permutation: tuple[int, ...]
    ) -> set[frozenset[int]]:
        return {frozenset(permutation[i] for i in group) for group in groups}

    identity = tuple(range(49))
    assert len(set(book._PERMUTATIONS)) == 8
    for permutation in book._PERMUTATIONS:
        assert as_sets(BOARD_LINES, permutation) == as_sets(BOARD_LINES, identity)
        assert as_sets(LANES.values(), permutation) == as_sets(LANES.values(), identity)


def test_the_28_first_insertions_make_4_positions_up_to_symmetry() -> None:
    state = start()
    keys: dict[str, list[str]] = {}
    for move in state.legal_moves():
        keys.setdefault(state.play(move).book_key() or "", []).append(str(move))
    assert sorted(len(alike) for alike in keys.values()) == [4, 8, 8, 8]
    corners = next(alike for alike in keys.values() if "Insert(edge='N', lane=0)" in alike)
    assert "Insert(edge='E', lane=6)" in corners and "Insert(edge='W', lane=0)" in corners


def test_a_move_is_read_back_through_the_symmetry_that_names_the_position(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An entry made from one position answers each of its images with the image of its
    move: the positions after them are alike again."""
    first = start().play(Insert("N", 1))
    answer = Insert("W", 2)
    key = first.book_key()
    assert key is not None
    monkeypatch.setattr(book, "_entries", lambda: {key: first.book_notation(answer)})
    after = first.play(answer).book_key()
    images = [start().play(Insert(edge, lane)) for edge, lane in LANES if lane in (1, 5)]
    assert len(images) == 8
    for image in images:
        assert image.book_key() == key
        move = image.book_move()
        assert move in image.legal_moves()
        assert image.play(move).book_key() == after
    assert start().play(Insert("N", 2)).book_move() is None


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {}),
        (2, {"variant": "expert"}),
        (2, {"handicap_turns": 1}),
        (2, {"lone_colour": False}),
    ],
)
def test_the_book_speaks_only_for_two_player_express_with_default_options(
    players: int, options: dict[str, object]
) -> None:
    state = SHIFTAGO.new(players=players, options=options)
    assert state.book_key() is None and state.book_move() is None


def test_the_book_answers_every_position_of_the_first_insertions_where_one_side_follows_it() -> (
    None
):
    """Each side's book, as `benchmarks/book.py` walks it: every position where that side
    is to insert has a legal book move, after every insertion of the other side."""
    for side in range(2):
        layer = [start()]
        for _ in range(BOOK_PLIES):
            following = []
            for state in layer:
                if state.current_player == side:
                    move = state.book_move()
                    assert move in state.legal_moves(), state.to_text()
                    following.append(state.play(move))
                else:
                    following += [state.play(move) for move in state.legal_moves()]
            layer = following


def test_hard_plays_the_book_without_searching_and_medium_searches() -> None:
    state = start().play(Insert("S", 3))
    move = state.book_move()
    assert move is not None
    assert ai.advise(state, 1, ai.Level.HARD) == ai.Advice(move, None)
    assert ai.advise(state, 1, ai.Level.MEDIUM).estimate is not None
