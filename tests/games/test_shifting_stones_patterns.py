"""Shifting Stones pattern matching: exact orientation, "any" cells on the grid, edges."""

from __future__ import annotations

import pytest

from games.shifting_stones.cards import read_card
from games.shifting_stones.stones import cell_index, cell_name, grid_mask
from tests.games.shifting_stones_helpers import GRID, grid

#   a     b     c
# 1 sun   fish  horse
# 2 bird  boat  seed
# 3 horse tree  seed
BITS = grid_mask(grid(GRID))


def places(text: str) -> list[str]:
    """Where the card's pattern matches GRID, as the names of its top-left cells."""
    return [cell_name(c) for c in read_card(text).places_on(BITS)]


@pytest.mark.parametrize(
    ("card", "where"),
    [
        ("1: sun fish", ["a1"]),  # a row pair at the top-left edge
        ("1: boat seed", ["b2"]),  # reaching the right edge
        ("1: horse / bird", []),  # neither horse (c1, a3) has a bird below it
        ("1: sun / bird", ["a1"]),  # a column pair
        ("1: seed / seed", ["c2"]),  # bottom-right edge
        ("2: horse tree seed", ["a3"]),  # a full bottom row
        ("2: horse / seed / seed", ["c1"]),  # a full right column
        ("3: sun fish / bird boat", ["a1"]),
        ("5: sun fish horse / bird boat seed / horse tree seed", ["a1"]),
    ],
)
def test_fixed_patterns_match_where_they_appear(card: str, where: list[str]) -> None:
    assert places(card) == where


def test_no_rotation_and_no_mirror() -> None:
    assert places("1: fish sun") == []  # the mirror of sun fish
    assert places("1: fish / sun") == []  # sun fish turned a quarter
    assert places("1: bird / sun") == []  # sun / bird upside down
    assert places("3: fish sun / boat bird") == []  # mirrored square


@pytest.mark.parametrize(
    ("card", "where"),
    [
        ("1: any fish", ["a1"]),  # "any" left of b1: a1 exists
        ("1: fish any", ["b1"]),  # "any" right of b1: c1 exists
        ("1: horse any", ["a3"]),  # horse on a3 has b3; horse on c1 has no cell to its right
        ("1: any horse", ["b1"]),  # horse on c1 has b1 to its left; horse on a3 has none
        ("1: any / sun", []),  # nothing above a1
        ("1: sun / any", ["a1"]),
        ("2: any any / any seed", ["b1", "b2"]),  # seeds c2 and c3 end squares
        ("2: seed any / any any", []),  # seeds on c2, c3 have no cells to their right
        ("2: any any horse", ["a1"]),  # horse on c1 ends a row
        ("2: horse any any", ["a3"]),  # horse on a3 starts a row
        ("5: any any any / any boat any / any any any", ["a1"]),
        ("5: any any any / any any any / any any seed", ["a1"]),
        ("5: seed any any / any any any / any any any", []),
    ],
)
def test_any_cells_must_lie_on_the_grid(card: str, where: list[str]) -> None:
    assert places(card) == where


def test_a_pattern_found_twice_lists_both_places() -> None:
    # Horse is on c1 and a3: a single-column "horse / any" fits at c1 (c2 below) and not at
    # a3 (no row below), while "any / seed" fits with seed on c2 and on c3.
    assert places("1: horse / any") == ["c1"]
    assert places("1: any / seed") == ["c1", "c2"]


def test_cell_names() -> None:
    assert cell_index("a1") == 0 and cell_index("c3") == 8 and cell_index("b2") == 4
    assert cell_index("d1") is None and cell_index("a4") is None
