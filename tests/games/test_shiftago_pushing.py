"""Shiftago insertions: entering at each edge, pushing the run up to the first gap, full lanes,
and reading the insertion notation."""

from __future__ import annotations

import pytest

from games import IllegalMove, InvalidMove, get
from games.shiftago import Insert, Score
from tests.games.shiftago_helpers import play, position, rows_of

# Column c holds, from the top: O, G, a gap, O, G, and two empty squares.
COLUMN_C = """
    . . O . . . .
    . . G . . . .
    . . . . . . .
    . . O . . . .
    . . G . . . .
    . . . . . . .
    . . . . . . .
"""


def test_registered_and_first_insertion_lands_on_the_edge_square() -> None:
    state = get("shiftago").new(2)
    after = state.play(state.parse_move("Nc"))
    assert rows_of(after)[0] == "..O...."
    assert after.current_player == 1
    assert after.supply == (21, 22)


def test_from_the_north_pushes_only_the_run_touching_the_edge() -> None:
    state = play(position(COLUMN_C, players=3, turn=2), "Nc")
    assert [row[2] for row in rows_of(state)] == list("BOGOG..")
    assert state.last.pushed == 2
    assert state.last.pushes() == ((2, 9), (9, 16))  # c1 -> c2, c2 -> c3


def test_from_the_south_pushes_up_to_the_first_gap() -> None:
    state = play(position(COLUMN_C, players=3, turn=2), "Sc")
    # Nothing touches the south edge: the marble just enters c7.
    assert [row[2] for row in rows_of(state)] == list("OG.OG.B")
    # Orange: c7 is taken, with a gap at c6; only the marble at c7 moves.
    state = play(state, "Sc")
    assert [row[2] for row in rows_of(state)] == list("OG.OGBO")
    # Green: c4 to c7 is one run now; it moves up into the gap at c3.
    state = play(state, "Sc")
    assert [row[2] for row in rows_of(state)] == list("OGOGBOG")
    assert state.last.pushed == 4


def test_from_the_west_and_the_east() -> None:
    rows = """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        O G . O . G G
        . . . . . . .
        . . . . . . .
        . . . . . . .
    """
    west = play(position(rows), "W4")
    assert rows_of(west)[3] == "OOGO.GG"
    assert west.last.pushed == 2
    east = play(position(rows), "e 4")
    assert rows_of(east)[3] == "OG.OGGO"
    assert east.last.pushed == 2


def test_describe_move_counts_the_pushed_marbles() -> None:
    state = position(COLUMN_C, players=3, turn=2)
    assert state.describe_move(Insert("N", 2)) == (
        "Blue enters from the north into column c, pushing 2 marbles"
    )
    assert state.describe_move(Insert("W", 3)) == "Blue enters from the west into row 4"
    assert state.describe_move(Insert("S", 2)) == "Blue enters from the south into column c"


def test_a_full_lane_is_refused_in_both_directions() -> None:
    rows = """
        O . . . . . .
        G . . . . . .
        O . . . . . .
        G . . . . . .
        O . . . . . .
        G . . . . . .
        O . . . . . .
    """
    state = position(rows, turn=1)
    for text in ("Na", "Sa"):
        with pytest.raises(IllegalMove, match="Column a is full"):
            state.parse_move(text)
        with pytest.raises(IllegalMove, match="full lane"):
            state.play(Insert(text[0], 0))
    assert Insert("N", 0) not in state.legal_moves()
    assert Insert("S", 0) not in state.legal_moves()
    assert len(state.legal_moves()) == 26
    # Row 1 is not full: entering from the west pushes the run a1 onwards.
    after = play(state, "W1")
    assert rows_of(after)[0] == "GO....."


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Nc", Insert("N", 2)),
        (" n C ", Insert("N", 2)),
        ("north c", Insert("N", 2)),
        ("S-g", Insert("S", 6)),
        ("w1", Insert("W", 0)),
        ("East 7", Insert("E", 6)),
    ],
)
def test_insertion_notation_is_forgiving(text: str, expected: Insert) -> None:
    state = get("shiftago").new(2)
    assert state.parse_move(text) == expected


@pytest.mark.parametrize("text", ["", "N3", "Wc", "E8", "Nh", "hello", "x c1", "q4", "x h1-h5"])
def test_unreadable_insertions_raise_invalid_move(text: str) -> None:
    state = get("shiftago").new(2)
    with pytest.raises(InvalidMove):
        state.parse_move(text)


def test_canonical_notation_round_trips_for_every_lane() -> None:
    state = get("shiftago").new(4)
    texts = [state.format_move(m) for m in state.legal_moves()]
    assert len(texts) == 28
    assert texts[:8] == ["Na", "Nb", "Nc", "Nd", "Ne", "Nf", "Ng", "Sa"]
    assert "W4" in texts and "E7" in texts
    assert all(state.parse_move(t) == m for t, m in zip(texts, state.legal_moves(), strict=True))


@pytest.mark.parametrize(
    "move",
    [
        Insert("Q", 2),
        Insert("N", 7),
        Insert("N", [1]),
        Score(0, 49),
        Score(0, 4, True),
        Score("a1", "e1"),
        "Nc",
        None,
    ],
)
def test_hand_built_nonsense_is_an_invalid_move(move: object) -> None:
    state = get("shiftago").new(2)
    for use in (state.play, state.format_move, state.describe_move):
        with pytest.raises(InvalidMove, match="is not a Shiftago move; read typed text"):
            use(move)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("c", "Name the edge too: Nc enters column c from the north, Sc from the south."),
        ("4", "Name the edge too: W4 enters row 4 from the west, E4 from the east."),
        ("c n", "Write the edge first: Nc."),
        ("4W", "Write the edge first: W4."),
        ("N3", "From the north a marble enters a column: name it with a letter a to g"),
        ("E8", "From the east a marble enters a row: name it with a number 1 to 7"),
        ("top c", "'top c' is not a Shiftago move. Type an insertion as the edge and the lane"),
    ],
)
def test_half_typed_insertions_say_what_to_type(text: str, message: str) -> None:
    with pytest.raises(InvalidMove, match=message):
        get("shiftago").new(2).parse_move(text)


def test_express_has_no_scoring_to_type() -> None:
    state = get("shiftago").new(3)
    with pytest.raises(IllegalMove, match="Express keeps no score: a line of 4 wins at once"):
        state.parse_move("x a1-d1")
