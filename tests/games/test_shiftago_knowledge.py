"""What Shiftago tells the playing engine: lines found on bitboards, lines one insertion
away, and the estimate of who is nearer to a line."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from games.base import GameState
from games.shiftago import SHIFTAGO
from games.shiftago.lines import completions, has_line, marbles, windows
from games.shiftago.moves import Insert
from games.shiftago.rules import lines_of
from tests.games.shiftago_helpers import position

OPEN_FOUR = """
    . . . . . . .
    . O O O O . .
    . . . . . . .
    . . . . . . .
    . G . G . G .
    . . . . . . .
    G . . . . . O
"""

BLOCKED_FOUR = """
    . . . . . . .
    G O O O O G .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
"""


def test_a_line_on_the_bitboard_is_a_line_on_the_tray() -> None:
    rng = random.Random(7)
    checked = 0
    for game in range(40):
        players = 2 + game % 3
        state = SHIFTAGO.new(players, seed=game, options={"lone_colour": False})
        while state.outcome() is None:
            state = state.play(rng.choice(state.legal_moves()))
            for seat in range(players):
                mask = marbles(state.board, seat)
                for length in range(3, 8):
                    found = bool(lines_of(state.board, seat, length))
                    assert has_line(mask, length) == found, (state.to_text(), seat, length)
                    checked += found
    assert checked > 1000  # lines were there to find, not only their absence


@pytest.mark.parametrize("variant", ["express", "extreme"])
def test_the_bitboards_a_move_leaves_are_the_trays(variant: str) -> None:
    """A position after a move works its bitboards out from the position before (the
    push shifts a run, a scored line leaves): they match the tray counted afresh."""
    rng = random.Random(11)
    pushes = scorings = 0
    for game in range(30):
        players = 2 + game % 3
        options = {"variant": variant, "lone_colour": game % 2 == 0}
        state = SHIFTAGO.new(players, seed=game, options=options)
        while state.outcome() is None:
            state = state.play(rng.choice(state.legal_moves()))
            assert state.colours == tuple(marbles(state.board, s) for s in range(players))
            assert state.colours == SHIFTAGO.from_json(state.to_json()).colours
            last = state.last
            assert last is not None
            pushes += isinstance(last.move, Insert) and last.pushed > 1
            scorings += not isinstance(last.move, Insert)
    assert pushes > 100
    assert scorings > 20 if variant == "extreme" else scorings == 0


def test_the_win_in_one_read_on_bitboards_is_the_one_found_by_playing() -> None:
    rng = random.Random(5)
    wins = 0
    for game in range(40):
        players = 2 + game % 3
        state = SHIFTAGO.new(players, seed=game, options={"lone_colour": game % 2 == 0})
        while state.outcome() is None:
            found = state.winning_move()
            assert found == GameState.winning_move(state), state.to_text()
            wins += found is not None
            state = state.play(rng.choice(state.legal_moves()))
    assert wins > 100


def test_no_run_wraps_from_one_row_into_the_next() -> None:
    state = position(
        """
        . . . . . O O
        O O O . . . .
        . . . . . . O
        . . . . . O .
        . . . . . . .
        . . . . . . .
        O . . . . . .
        """
    )
    assert not has_line(marbles(state.board, 0), 4)
    assert has_line(marbles(state.board, 0), 3)


@pytest.mark.parametrize(("length", "count"), [(4, 88), (5, 60), (7, 16)])
def test_every_stretch_of_a_length_is_counted_once(length: int, count: int) -> None:
    found = windows(length)
    assert len(found) == len(set(found)) == count
    assert all(stretch.bit_count() == length for stretch in found)


def test_the_lines_one_insertion_away_are_the_insertions_that_make_one() -> None:
    """`completions` looks only at lanes crossing a stretch that misses one marble of the
    colour: it finds every insertion that playing each one finds, for either seat."""
    rng = random.Random(3)
    found = 0
    for game in range(12):
        players = 2 + game % 3
        length = 5 if players == 2 else 4
        state = SHIFTAGO.new(players, seed=game, options={"lone_colour": False})
        while state.outcome() is None:
            occupied = sum(state.colours)
            for seat in range(players):
                making = sum(
                    has_line(marbles(replace(state, turn=seat).play(move).board, seat), length)
                    for move in state.legal_moves()
                )
                assert completions(state.colours[seat], occupied, length, 99) == making
                assert completions(state.colours[seat], occupied, length, 2) == min(making, 2)
                found += making > 0
            state = state.play(rng.choice(state.legal_moves()))
    assert found > 200  # there were lines to make, not only their absence


def test_a_line_one_insertion_away_wins_for_the_mover_and_threatens_for_the_other() -> None:
    mover = position(OPEN_FOUR, turn=0).heuristic(0)
    waiting = position(OPEN_FOUR, turn=1).heuristic(0)
    assert mover > 0.99
    assert 0.5 < waiting < 0.9  # Green may block it, but a second threat would not be met
    expert = position(OPEN_FOUR, turn=0, options={"variant": "expert"}).heuristic(0)
    assert expert == pytest.approx(waiting)  # a line scores points there, it does not win


def test_four_in_an_open_row_is_ahead_of_scattered_marbles() -> None:
    state = position(OPEN_FOUR)
    assert state.heuristic(0) > 0.8
    assert state.heuristic(0) + state.heuristic(1) == pytest.approx(1.0)


def test_a_row_closed_at_both_ends_is_worth_less_than_an_open_one() -> None:
    assert position(BLOCKED_FOUR).heuristic(0) < position(OPEN_FOUR).heuristic(0)


def test_mirrored_positions_are_even_and_an_empty_tray_is_a_fair_share() -> None:
    for players in (2, 3, 4):
        assert SHIFTAGO.new(players).heuristic(0) == pytest.approx(1 / players)
    swapped = OPEN_FOUR.replace("O", "x").replace("G", "O").replace("x", "G")
    for turn in (0, 1):
        mirrored = position(swapped, turn=1 - turn).heuristic(1)
        assert mirrored == pytest.approx(position(OPEN_FOUR, turn=turn).heuristic(0))


def test_points_count_in_expert() -> None:
    expert = {"variant": "expert"}
    ahead = position(OPEN_FOUR, options=expert, scores=(0, 5))
    assert ahead.heuristic(1) > position(OPEN_FOUR, options=expert).heuristic(1)


# Orange's Ne pushes e1-e4 down: e5 turns Orange and closes Green's a5-e5.
GREEN_FOUR_ON_ROW_5 = """
    . . . . O . .
    . . . . G . .
    . . . . O . .
    . . . . O . .
    G G G G . . .
    . . . . . . .
    . . . . . . O
"""

GREEN_THREE_ON_ROW_5 = """
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . G G G . . .
    . . . . . . .
    O . . O . . .
"""


def test_a_hint_names_the_line_an_insertion_blocks() -> None:
    state = position(GREEN_FOUR_ON_ROW_5)
    assert state.hint_reason(Insert("N", 4)) == "it blocks Green's line of 4"
    assert state.hint_reason(Insert("E", 4)) is None  # a5-e5 stays open
    assert state.hint_reason(Insert("N", 0)) is None  # far from every line


def test_a_hint_names_the_line_an_insertion_builds() -> None:
    state = position(GREEN_THREE_ON_ROW_5, turn=1)
    assert state.hint_reason(Insert("W", 4)) == "it brings a line of yours to 4 of 5"
    assert state.hint_reason(Insert("E", 4)) is None  # b5-f5 still holds three


def test_a_hint_names_the_line_an_expert_insertion_scores() -> None:
    state = position(OPEN_FOUR, options={"variant": "expert"})
    assert state.hint_reason(Insert("W", 1)) == "it makes a line of 5 to score"
