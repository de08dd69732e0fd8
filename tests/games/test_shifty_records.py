"""Shifty notation, options, board sizes, and positions stored as JSON and text: round
trips, forgiving input, and corrupt or oversized records refused with ValueError."""

from __future__ import annotations

import pytest

from games import IllegalMove, InvalidMove
from games.shifty import PASS, SHIFTY, SWAP, Place, Shift, ShiftyState
from tests.games.shifty_helpers import move, moves_as_text, point, random_game, typed

MID = random_game(40, 3)


def test_every_legal_move_round_trips_through_its_notation() -> None:
    for state in (SHIFTY.new(2), typed(SHIFTY.new(2), "e5"), MID):
        for legal in state.legal_moves():
            assert state.parse_move(state.format_move(legal)) == legal


@pytest.mark.parametrize("text", ["E5 - H8", "e5h8", "e5 h8", "  e5-H8 ", "e5 to h8"])
def test_case_and_spaces_do_not_matter(text: str) -> None:
    state = MID
    assert move(state, text) == Shift(point(state, "e5"), point(state, "h8"))


def test_placements_swap_and_pass_are_read_in_any_case() -> None:
    state = typed(SHIFTY.new(2), " E5 ")
    assert state.stones[0] == 1 << point(state, "e5")
    assert state.parse_move("Swap") == SWAP
    assert state.format_move(SWAP) == "swap" and state.format_move(PASS) == "pass"


def test_points_are_named_from_a1_at_the_top_left() -> None:
    state = SHIFTY.new(2)
    assert state.format_move(Place(0)) == "a1"
    assert state.format_move(Place(9)) == "j1"
    assert state.format_move(Place(90)) == "a10"


@pytest.mark.parametrize("text", ["k1", "a11", "a0", "z9", "e5-k5"])
def test_points_off_the_board_are_invalid_and_say_the_range(text: str) -> None:
    with pytest.raises(InvalidMove, match="columns run a to j from the left, rows 1 to 10"):
        SHIFTY.new(2).parse_move(text)


@pytest.mark.parametrize("text", ["", "e", "55", "e5-", "e5-h8-h9", "pas", "x" * 41, "5e"])
def test_unreadable_text_is_invalid_with_a_hint(text: str) -> None:
    with pytest.raises(InvalidMove, match="Type a point to place a stone"):
        MID.parse_move(text)


def test_size_6_and_size_19_boards() -> None:
    small = SHIFTY.new(2, options={"size": 6})
    assert len(small.legal_moves()) == 36 and moves_as_text(small)[-1] == "f6"
    with pytest.raises(InvalidMove):
        small.parse_move("g1")
    big = SHIFTY.new(2, options={"size": 19})
    assert len(big.legal_moves()) == 361 and moves_as_text(big)[-1] == "s19"
    state = typed(big, "s19", "a1", "s18")
    assert state.grid.names(state.stones[0]) == ["s18", "s19"]
    assert moves_as_text(state) == ["b1", "a2"]
    black = moves_as_text(typed(state, "b1"))
    assert black[:3] == ["s17", "r18", "r19"] and "s19-s17" not in black
    played = random_game(300, 1, size=19)
    assert SHIFTY.from_json(played.to_json()) == played
    assert SHIFTY.from_text(played.to_text()) == played


@pytest.mark.parametrize(
    "options",
    [{"size": 5}, {"size": 20}, {"singletons": 0}, {"singletons": 5}, {"looser_moves": "maybe"}],
)
def test_options_out_of_range_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="Option"):
        SHIFTY.new(2, options=options)


def test_options_say_where_they_come_from() -> None:
    helps = {option.name: option.help for option in SHIFTY.kind.options}
    assert "designer" in helps["size"] and "ruling" in helps["size"]
    assert "designer's suggested variant" in helps["singletons"]
    assert "Abstract Play" in helps["looser_moves"] and "ruling" in helps["looser_moves"]
    assert SHIFTY.kind.rated and not SHIFTY.kind.hidden_information and not SHIFTY.kind.chance


@pytest.mark.parametrize(
    "state",
    [
        SHIFTY.new(2),
        typed(SHIFTY.new(2), "e5", "swap"),
        MID,
        random_game(60, 4, singletons=3, looser_moves=True, size=7),
    ],
)
def test_positions_round_trip_through_json_and_text(state: ShiftyState) -> None:
    assert SHIFTY.from_json(state.to_json()) == state
    assert SHIFTY.from_text(state.to_text()) == state
    assert SHIFTY.from_text(state.to_text()).legal_moves() == state.legal_moves()


def test_the_text_shows_the_board_with_its_coordinates() -> None:
    text = typed(SHIFTY.new(2, options={"size": 6}), "b2", "swap").to_text()
    assert text.splitlines()[:4] == [
        "Shifty, size 6, singletons 1, looser moves no",
        "    a b c d e f",
        "  1 . . . . . .",
        "  2 . B . . . .",
    ]
    assert "swapped: yes" in text and "ply 2: White to act, 0 passes" in text


def corrupt(**changes: object) -> dict[str, object]:
    data = MID.to_json()
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (corrupt(board=["." * 10] * 100_000), "10 rows of 10"),
        (corrupt(board=["X" * 10] * 10), "Unknown stone"),
        (corrupt(to_act="Red"), "Black or White"),
        (corrupt(ply=-1), "between"),
        (corrupt(ply=True), "whole number"),
        (corrupt(passes=3), "between"),
        (corrupt(last="e5-" * 1000), "Unreadable last move"),
        (corrupt(last=7), "notation"),
        (corrupt(options={"size": 99}), "Option size"),
        (corrupt(players=3), "between"),
        (corrupt(version=2), "format version"),
        (corrupt(passes=1), "right after a pass"),
    ],
)
def test_corrupt_json_is_refused_saying_why(data: dict[str, object], why: str) -> None:
    with pytest.raises(ValueError, match=why):
        SHIFTY.from_json(data)


def test_impossible_boards_are_refused() -> None:
    start = SHIFTY.new(2, options={"size": 6}).to_json()
    crosscut = dict(start, board=["BW....", "WB....", *["......"] * 4], ply=9, last="a1")
    with pytest.raises(ValueError, match="crosscut"):
        SHIFTY.from_json(crosscut)
    white_first = dict(start, board=["W.....", *["......"] * 5], ply=1, last="a1")
    with pytest.raises(ValueError, match="in turn"):
        SHIFTY.from_json(white_first)
    both_won = dict(
        start, board=["B.....", "B.....", "B.....", "B.....", "B.....", "BWWWWW"], ply=20
    )
    with pytest.raises(ValueError):
        SHIFTY.from_json(both_won)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "Shifty, size 10, singletons 1, looser moves no",
        "Shifty, size 99, singletons 1, looser moves no\n" + "x\n" * 200,
        MID.to_text().replace("swapped: no", "swapped: perhaps"),
        MID.to_text().replace("ply", "turn"),
        MID.to_text().replace("  5 ", "  6 "),
    ],
)
def test_corrupt_text_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        SHIFTY.from_text(text)


def test_a_finished_game_refuses_every_move_saying_it_is_over() -> None:
    state = random_game(2000, 5, size=6)
    assert state.outcome() is not None
    with pytest.raises(IllegalMove, match="The game is over"):
        state.parse_move("a1")
