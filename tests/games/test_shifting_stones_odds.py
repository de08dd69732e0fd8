"""Shifting Stones card-pattern odds: how many changes a card is from scoring, a hand's worth."""

from __future__ import annotations

import pytest

from games.shifting_stones.cards import read_card
from games.shifting_stones.odds import FAR, distance, hand_worth
from tests.games.shifting_stones_helpers import GRID, grid

#   a     b     c
# 1 sun   fish  horse
# 2 bird  boat  seed
# 3 horse tree  seed
LAYOUT = grid(GRID)


@pytest.mark.parametrize(
    ("card", "changes"),
    [
        ("2: sun fish", 0),  # shows at a1
        ("1: bird / horse", 0),  # a2 over a3
        ("2: fish sun", 1),  # swapping a1 and b1 puts both in place
        ("1: moon fish", 1),  # flip the Sun at a1
        ("1: sun / seed", 2),  # the seed of c2 two shifts from a2 (or the sun from b1)
        ("1: boat / any / bird", 3),  # no bird two rows below a boat: the stones must travel
        ("3: seed moon horse", FAR),  # the one Sun/Moon stone and two more far off
    ],
)
def test_a_card_is_as_many_changes_away_as_it_takes_to_make_its_pattern(
    card: str, changes: int
) -> None:
    assert distance(LAYOUT, read_card(card)) == changes


def test_making_a_pattern_moves_the_card_closer() -> None:
    card = read_card("1: sun / seed")
    once = grid("sun fish horse / bird seed boat / horse tree seed")  # b2 and c2 shifted
    assert distance(LAYOUT, card) == 2
    assert distance(once, card) == 1


def test_a_near_card_is_worth_more_than_the_same_card_far_off() -> None:
    near, far = read_card("2: fish sun"), read_card("2: moon any boat")
    assert distance(LAYOUT, near) < distance(LAYOUT, far)
    assert hand_worth(LAYOUT, [near]) > hand_worth(LAYOUT, [far])


def test_a_hand_is_worth_more_with_a_dearer_card_as_near() -> None:
    cheap, dear = read_card("1: sun fish"), read_card("3: sun fish / bird boat")
    assert distance(LAYOUT, cheap) == distance(LAYOUT, dear) == 0
    assert hand_worth(LAYOUT, [dear]) == 3 * hand_worth(LAYOUT, [cheap]) > 0


def test_cards_too_far_off_are_worth_nothing() -> None:
    assert hand_worth(LAYOUT, [read_card("3: seed moon horse")]) == 0
    assert hand_worth(LAYOUT, []) == 0
