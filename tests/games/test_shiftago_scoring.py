"""Shiftago Expert and Extreme: compulsory scoring at full length, one line per scoring,
the removal of marbles, the extra insertion, ten points, and the endings on points."""

from __future__ import annotations

import pytest

from games import IllegalMove
from games.shiftago import Score
from tests.games.shiftago_helpers import (
    GREEN_COLUMN_FOR_ORANGE_TO_PUSH,
    NEARLY_FULL,
    NEARLY_OUT,
    play,
    position,
    rows_of,
    run_in_row_4,
)

EXPERT = {"variant": "expert"}
EXTREME = {"variant": "extreme"}

# Orange's row 1 and column e meet at e1, which is empty; Green has a marble elsewhere.
CROSSING = """
    O O O O . . .
    . . . . O . .
    . . . . O . .
    . . . . O . .
    . . . . O . .
    . . . . . . .
    G . . . . . .
"""


def cell(name: str) -> int:
    """The cell index of a square name such as "c5" (row by row from a1)."""
    return (int(name[1]) - 1) * 7 + "abcdefg".index(name[0])


def test_two_players_a_line_of_five_must_be_scored_for_two_points() -> None:
    rows = CROSSING.replace(". . . . O . .", ". . . . . . .")
    state = play(position(rows, options=EXPERT), "Ne")
    assert state.scoring and state.current_player == 0
    assert state.legal_moves() == (Score(cell("a1"), cell("e1")),)
    assert state.format_move(state.legal_moves()[0]) == "x a1-e1"
    with pytest.raises(IllegalMove, match="must first score a line"):
        state.parse_move("Sa")
    assert state.describe_move(state.legal_moves()[0]) == (
        "Orange scores the line a1-e1 (5 marbles) for 2 points, keeping both end marbles"
    )
    scored = play(state, "x e1 a1")
    assert rows_of(scored)[0] == "O...O.."
    assert scored.scores == (2, 0)
    assert scored.supply == (22 - 2, 21)
    assert scored.last.removed() == (cell("b1"), cell("c1"), cell("d1"))
    assert scored.last.describe() == (
        "Orange scored the line a1-e1 (5 marbles) for 2 points, keeping both end marbles"
    )
    assert state.last.describe() == "Orange entered from the north into column e"
    # The same player inserts again; a quiet insertion then ends the turn.
    assert scored.current_player == 0 and not scored.scoring
    again = play(scored, "Sd")
    assert again.current_player == 1
    assert [a.move for a in again.recent] == [
        state.last.move,
        Score(cell("a1"), cell("e1")),
        again.last.move,
    ]


def test_several_lines_the_player_chooses_one_and_only_one_is_scored() -> None:
    state = play(position(CROSSING, options=EXPERT), "Ne")
    row, column = Score(cell("a1"), cell("e1")), Score(cell("e1"), cell("e5"))
    assert state.legal_moves() == (row, column)
    with pytest.raises(IllegalMove, match="Say which line"):
        state.parse_move("x")
    after_row = play(state, "x a1-e1")
    # The column still stands but is not scored now: the player inserts again.
    assert not after_row.scoring and after_row.scores == (2, 0)
    assert [r[4] for r in rows_of(after_row)][:5] == list("OOOOO")
    after_column = play(state, "X E1-E5")
    assert rows_of(after_column)[0] == "OOOOO.."
    assert [r[4] for r in rows_of(after_column)][:5] == list("O...O")


def test_a_line_is_scored_at_its_full_length() -> None:
    rows = """
        O O O O O . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        G . . . . . .
    """
    state = play(position(rows, options=EXPERT), "Nf")
    assert state.legal_moves() == (Score(cell("a1"), cell("f1")),)
    with pytest.raises(IllegalMove, match="full length"):
        state.parse_move("x a1-e1")
    scored = play(state, "x a1-f1")
    assert scored.scores == (5, 0)
    assert rows_of(scored)[0] == "O....O."


def test_four_players_remove_all_but_the_end_marble_of_choice() -> None:
    rows = """
        . . . . . . .
        . . . . . . .
        B B B . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . O
    """
    state = play(position(rows, players=4, turn=2, options=EXPERT), "W3")
    assert [state.format_move(m) for m in state.legal_moves()] == [
        "x a3-d3 keep a3",
        "x a3-d3 keep d3",
    ]
    with pytest.raises(IllegalMove, match="Say which end marble stays"):
        state.parse_move("x a3-d3")
    with pytest.raises(IllegalMove, match="must be an end of the line, not b3: x a3-d3 keep a3 or"):
        state.parse_move("x a3-d3 keep b3")
    with pytest.raises(IllegalMove, match="not one of Blue's scoring choices"):
        state.play(Score(cell("a3"), cell("d3"), cell("b3")))
    keep_first = play(state, "x a3-d3 keep a3")
    keep_last = play(state, "x d3 a3 k d3")
    assert rows_of(keep_first)[2] == "B......"
    assert rows_of(keep_last)[2] == "...B..."
    assert keep_first.scores == keep_last.scores == (0, 0, 2, 0)
    assert keep_first.supply[2] == keep_last.supply[2] == 22 - 1
    assert keep_first.current_player == 2
    assert state.describe_move(state.legal_moves()[1]).endswith("for 2 points, keeping d3")


def test_two_players_may_not_name_a_kept_marble() -> None:
    rows = CROSSING.replace(". . . . O . .", ". . . . . . .")
    state = play(position(rows, options=EXPERT), "Ne")
    with pytest.raises(IllegalMove, match="both end marbles stay"):
        state.parse_move("x a1-e1 keep a1")


def test_scoring_is_refused_when_nothing_is_pending() -> None:
    state = position(CROSSING, options=EXPERT)
    with pytest.raises(IllegalMove, match="no line to score"):
        state.parse_move("x a1-d1")


def test_extreme_two_players_a_line_of_four_scores_zero_and_plays_again() -> None:
    rows = """
        O O O . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        G . . . . . .
    """
    assert play(position(rows, options=EXPERT), "Nd").current_player == 1
    state = play(position(rows, options=EXTREME), "Nd")
    assert state.scoring
    scored = play(state, "x a1-d1")
    assert scored.scores == (0, 0) and scored.current_player == 0
    assert rows_of(scored)[0] == "O..O..."


def test_extreme_four_players_a_line_of_three_scores_zero() -> None:
    rows = """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        G . . . . . .
        G . . . . . .
        . . . . . . .
        O . . . . . .
    """
    state = play(position(rows, players=4, turn=1, options=EXTREME), "W6")
    assert [state.format_move(m) for m in state.legal_moves()] == [
        "x a4-a6 keep a4",
        "x a4-a6 keep a6",
    ]
    scored = play(state, "x a4-a6 keep a6")
    assert scored.scores == (0, 0, 0, 0) and scored.current_player == 1
    assert [r[0] for r in rows_of(scored)] == list(".....GO")


def test_lines_made_for_another_player_are_scored_after_their_own_insertion() -> None:
    # Orange pushes Green's column into a line of five; Green must score it on its turn.
    state = play(position(GREEN_COLUMN_FOR_ORANGE_TO_PUSH, options=EXPERT), "Nb")
    assert not state.scoring and state.current_player == 1
    green = play(state, "E3")
    assert green.scoring and green.current_player == 1
    assert green.format_move(green.legal_moves()[0]) == "x b2-b6"


def test_ten_points_wins_at_once() -> None:
    rows = """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . O
        W W W W . . .
    """
    state = position(rows, players=4, turn=3, options=EXPERT, scores=(0, 0, 0, 8))
    state = play(state, "W7", "x a7-e7 keep e7")
    outcome = state.outcome()
    assert outcome.winners == (3,) and not outcome.draw
    assert outcome.scores == (0, 0, 0, 13)
    assert outcome.reason == "White reached 13 points."
    assert state.current_player is None


def test_a_line_of_seven_is_worth_ten_with_two_players() -> None:
    rows = """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . G G G G G G
        . . . . . . .
        . . . . . . .
        O . . . . . .
    """
    state = play(position(rows, turn=1, options=EXPERT), "W4", "x a4-g4")
    assert state.outcome().winners == (1,)
    assert state.outcome().scores == (0, 10)


@pytest.mark.parametrize(
    ("scores", "winners", "reason"),
    [
        ((3, 5), (1,), "Green wins with 5 points."),
        ((4, 4), (), "Orange and Green tie on 4 points, a draw."),
    ],
)
def test_out_of_marbles_ends_on_points(
    scores: tuple[int, int], winners: tuple[int, ...], reason: str
) -> None:
    state = play(position(NEARLY_OUT, options=EXPERT, scores=scores), "Sf")
    outcome = state.outcome()
    assert outcome.winners == winners and outcome.draw == (not winners)
    assert outcome.reason == f"Green has no marbles left to insert: {reason}"
    assert outcome.scores == scores


def test_a_full_tray_ends_on_points_among_four() -> None:
    state = position(NEARLY_FULL, players=4, options=EXPERT, scores=(2, 7, 5, 7))
    outcome = play(state, "W5").outcome()
    assert outcome.draw and outcome.winners == ()
    assert outcome.reason == "The tray is full: Green and White tie on 7 points, a draw."
    everyone = position(NEARLY_FULL, players=4, options=EXPERT, scores=(7, 7, 7, 7))
    assert play(everyone, "W5").outcome().reason == (
        "The tray is full: Orange, Green, Blue and White tie on 7 points, a draw."
    )
    single = position(NEARLY_FULL, players=4, options=EXPERT, scores=(2, 8, 5, 7))
    assert play(single, "W5").outcome().winners == (1,)


@pytest.mark.parametrize("text", ["x a1-e1", "X E1 A1", "a1-e1", "score a1 to e1", "x a1e1", "x"])
def test_scoring_notation_is_forgiving(text: str) -> None:
    rows = CROSSING.replace(". . . . O . .", ". . . . . . .")
    state = play(position(rows, options=EXPERT), "Ne")
    assert state.parse_move(text) == Score(cell("a1"), cell("e1"))


#: The rulings' tables, written out again: (variant, players) -> line length -> points.
RULINGS_TABLES = {
    ("expert", 2): {5: 2, 6: 5, 7: 10},
    ("expert", 3): {4: 2, 5: 5, 6: 8, 7: 10},
    ("extreme", 2): {4: 0, 5: 2, 6: 5, 7: 10},
    ("extreme", 3): {3: 0, 4: 2, 5: 5, 6: 8, 7: 10},
}


@pytest.mark.parametrize("length", range(2, 8))
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["expert", "extreme"])
def test_each_line_length_scores_as_the_rulings_table_says(
    variant: str, players: int, length: int
) -> None:
    state = play(run_in_row_4(length - 1, players, {"variant": variant}), "W4")
    points = RULINGS_TABLES[variant, min(players, 3)].get(length)
    if points is None:
        assert not state.scoring and state.current_player == 1, "too short to score"
        return
    assert state.scoring and state.current_player == 0
    scored = state.play(state.legal_moves()[0])
    assert scored.scores[0] == points
    assert len(scored.last.line()) == length
    assert (scored.outcome() is not None) == (points >= 10)
