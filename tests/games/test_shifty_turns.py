"""Shifty turns: placing next to a friendly stone, and moving a stone along a queen line
(both adjacency conditions, blocked lines, the old point counting as empty), the looser
movement option, and the order and words of the legal moves."""

from __future__ import annotations

import pytest

from games import IllegalMove
from games.shifty import Place, Shift
from tests.games.shifty_helpers import move, moves_as_text, position

LONE = """
    . . . . . .
    . . . . . .
    . . B . . .
    . . . . . .
    . . . . . .
    . . . W . .
"""

# Black: b2, c2 side by side, e4 alone. White: b6, f6.
PAIR = """
    . . . . . .
    . B B . . .
    . . . . . .
    . . . . B .
    . . . . . .
    . W . . . W
"""

# Black: a row of three on b2, c2, d2. White: a6, f6.
ROW = """
    . . . . . .
    . B B B . .
    . . . . . .
    . . . . . .
    . . . . . .
    W . . . . W
"""


def refusal(state, text: str) -> str:
    with pytest.raises(IllegalMove) as error:
        state.parse_move(text)
    with pytest.raises(IllegalMove):
        state.play(move(state, text))
    return str(error.value)


def test_a_lone_stone_offers_only_its_four_orthogonal_neighbours() -> None:
    state = position(LONE)
    assert moves_as_text(state) == ["c2", "b3", "d3", "c4"]


def test_a_placement_away_from_friendly_stones_names_the_placement_rule() -> None:
    state = position(LONE)
    assert "placement rule" in refusal(state, "d4")
    assert "d4 has no Black stone above, below or beside it" in refusal(state, "d4")
    assert "taken" in refusal(state, "c3")


def test_a_placement_puts_the_stone_down_and_hands_the_turn_over() -> None:
    state = position(LONE)
    after = state.play(Place(state.grid.index(2, 3)))
    assert after.grid.names(after.stones[0]) == ["c3", "c4"]
    assert after.current_player == 1 and after.name_to_act() == "White"


def test_a_stone_without_a_friendly_orthogonal_neighbour_may_not_move() -> None:
    state = position(PAIR)
    message = refusal(state, "e4-e2")
    assert "Only a stone with a friendly orthogonal neighbour may move" in message
    assert "e4" in message
    assert not any(m.startswith("e4-") for m in moves_as_text(state))


def test_a_stone_beside_a_friend_moves_to_a_point_without_friendly_neighbours() -> None:
    state = position(PAIR)
    after = state.play(state.parse_move("b2-b4"))
    assert after.grid.names(after.stones[0]) == ["c2", "b4", "e4"]
    assert after.last == Shift(state.grid.index(1, 1), state.grid.index(1, 3))


def test_the_destination_may_not_touch_a_friendly_stone() -> None:
    state = position(PAIR)
    message = refusal(state, "b2-d4")  # d4 touches Black's e4
    assert "no friendly orthogonal neighbour (the movement rule)" in message
    assert "d4 is next to another Black stone" in message


def test_the_old_point_counts_as_empty_at_the_destination() -> None:
    state = position(PAIR)
    # c3 touches only c2, the moving stone's own point.
    assert "c2-c3" in moves_as_text(state)
    assert "c2-c1" in moves_as_text(state)


def test_a_move_must_follow_a_queen_line() -> None:
    message = refusal(position(PAIR), "b2-c4")
    assert "like a chess queen" in message and "c4 is on no such line from b2" in message


@pytest.mark.parametrize(
    ("blocker", "line"),
    [("e2", "c2-f2"), ("b4", "b2-b5"), ("d4", "b2-e5")],
    ids=["row", "column", "diagonal"],
)
def test_a_queen_line_blocked_by_any_stone_is_refused(blocker: str, line: str) -> None:
    rows = [row.split() for row in PAIR.strip().splitlines()]
    column, number = "abcdef".index(blocker[0]), int(blocker[1]) - 1
    rows[number][column] = "W"
    state = position("\n".join(" ".join(row) for row in rows))
    message = refusal(state, line)
    assert "only through empty points" in message
    assert f"the stone on {blocker} blocks the line" in message
    assert line not in moves_as_text(state)


def test_a_move_to_an_occupied_point_or_nowhere_is_refused() -> None:
    state = position(PAIR)
    assert "taken" in refusal(state, "b2-b6")
    assert "must go somewhere" in refusal(state, "b2-b2")
    assert "no Black stone on b6" in refusal(state, "b6-b5")


def test_looser_rule_allows_a_point_with_fewer_friendly_neighbours() -> None:
    strict, looser = position(ROW), position(ROW, looser_moves=True)
    # c2 has two friendly neighbours; d3 would have one (d2).
    assert "c2-d3" not in moves_as_text(strict)
    assert "c2-d3" in moves_as_text(looser)
    assert "no friendly orthogonal neighbour" in refusal(strict, "c2-d3")


def test_looser_rule_refuses_as_many_neighbours_and_names_both_counts() -> None:
    state = position(ROW, looser_moves=True)
    # b2 has one friendly neighbour (c2); c3 would have one too (c2).
    message = refusal(state, "b2-c3")
    assert "looser movement rule" in message
    assert "c3 would have 1 where b2 has 1" in message


def test_looser_rule_still_keeps_a_lone_stone_in_place() -> None:
    state = position(PAIR, looser_moves=True)
    assert not any(m.startswith("e4-") for m in moves_as_text(state))
    assert "looser movement rule" in refusal(state, "e4-e2")


def test_placements_come_first_then_moves_each_with_words() -> None:
    state = position(PAIR)
    moves = state.legal_moves()
    kinds = [isinstance(m, Place) for m in moves]
    assert kinds == sorted(kinds, reverse=True) and kinds[0] and not kinds[-1]
    words = {state.format_move(m): state.describe_move(m) for m in moves}
    assert words["b3"] == "Black places at b3"
    assert words["b2-b4"] == "Black moves b2 to b4 (queen line, 2 points)"
    assert words["c2-c3"] == "Black moves c2 to c3 (queen line, 1 point)"


def test_moves_are_listed_by_origin_then_destination() -> None:
    shifts = [m for m in position(PAIR).legal_moves() if isinstance(m, Shift)]
    assert shifts == sorted(shifts, key=lambda m: (m.origin, m.target))
