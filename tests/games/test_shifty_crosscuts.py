"""The crosscut rule: no placement and no move may make a 2x2 square with two friendly
stones on one diagonal and two enemy stones on the other, in any of its four
orientations; the refusal names the square."""

from __future__ import annotations

import pytest

from games import IllegalMove
from tests.games.shifty_helpers import moves_as_text, position

# The square d4-e5 on an 8x8 board: its corners, each corner's diagonal partner and the
# other diagonal, a friendly stone beside the corner outside the square (for a placement)
# and a far stone with a friend that can move onto the corner (for a move).
CORNERS = {
    "d4": {"partner": "e5", "enemy": ("e4", "d5"), "beside": "c4", "mover": ("d1", "c1")},
    "e4": {"partner": "d5", "enemy": ("d4", "e5"), "beside": "f4", "mover": ("e1", "f1")},
    "d5": {"partner": "e4", "enemy": ("d4", "e5"), "beside": "c5", "mover": ("d8", "c8")},
    "e5": {"partner": "d4", "enemy": ("e4", "d5"), "beside": "f5", "mover": ("e8", "f8")},
}


def board(black: list[str], white: list[str], size: int = 8) -> str:
    """A drawing of a board with stones on the named points."""
    rows = [["."] * size for _ in range(size)]
    for mark, points in (("B", black), ("W", white)):
        for name in points:
            rows[int(name[1:]) - 1]["abcdefgh".index(name[0])] = mark
    return "\n".join(" ".join(row) for row in rows)


def refused(state, text: str) -> str:
    with pytest.raises(IllegalMove) as error:
        state.parse_move(text)
    return str(error.value)


@pytest.mark.parametrize("corner", list(CORNERS))
def test_a_placement_making_a_crosscut_is_refused_naming_the_square(corner: str) -> None:
    case = CORNERS[corner]
    state = position(board([case["partner"], case["beside"]], list(case["enemy"])))
    message = refused(state, corner)
    assert message.startswith("No crosscut may be made (the crosscut rule)")
    assert f"a Black stone on {corner} would make a crosscut in the square d4-e5" in message
    assert corner not in moves_as_text(state)


@pytest.mark.parametrize("corner", list(CORNERS))
def test_without_the_second_enemy_stone_the_placement_is_legal(corner: str) -> None:
    case = CORNERS[corner]
    state = position(board([case["partner"], case["beside"]], [case["enemy"][0]]))
    assert corner in moves_as_text(state)


@pytest.mark.parametrize("corner", list(CORNERS))
def test_a_move_making_a_crosscut_is_refused_naming_the_square(corner: str) -> None:
    case = CORNERS[corner]
    origin, friend = case["mover"]
    state = position(board([case["partner"], origin, friend], list(case["enemy"])))
    message = refused(state, f"{origin}-{corner}")
    assert f"the Black stone moved to {corner} would make a crosscut in the square d4-e5" in (
        message
    )
    assert f"{origin}-{corner}" not in moves_as_text(state)
    lonely = position(board([origin, friend], list(case["enemy"])))
    assert f"{origin}-{corner}" in moves_as_text(lonely), "only the crosscut refused it"


def test_white_is_bound_by_the_crosscut_rule_too() -> None:
    state = position(board(["e4", "d5"], ["e5", "c4"]), "White")
    assert "square d4-e5" in refused(state, "d4")


def test_a_stone_leaving_the_diagonal_makes_no_crosscut() -> None:
    # Black's e5 (with a friend on f5) steps to d4: e5 is empty afterwards, so the
    # square d4-e5 holds one Black stone only.
    state = position(board(["e5", "f5"], ["e4", "d5"]))
    assert "e5-d4" in moves_as_text(state)
    after = state.play(state.parse_move("e5-d4"))
    assert after.grid.names(after.stones[0]) == ["d4", "f5"]
