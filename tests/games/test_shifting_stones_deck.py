"""Shifting Stones decks: the standard deck's design, the value test, deck files and the
`deck` option."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from pathlib import Path

import pytest

from games.shifting_stones import SHIFTING_STONES
from games.shifting_stones.cards import SHAPES
from games.shifting_stones.deck import read_deck, standard_deck
from games.shifting_stones.stones import grid_mask, random_grid

GRIDS = 6000


def test_the_standard_deck_has_the_rulings_mix_of_distinct_cards() -> None:
    cards = standard_deck()
    assert len(cards) == 72
    assert Counter(c.value for c in cards) == {1: 28, 2: 26, 3: 13, 5: 5}
    assert len(set(cards)) == 72, "no two cards alike"
    assert {(c.height, c.width) for c in cards} <= set(SHAPES)
    assert len({(c.height, c.width) for c in cards}) == len(SHAPES), "every shape is used"


def _ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def test_value_rises_as_the_share_of_grids_where_a_card_scores_falls() -> None:
    rng = random.Random(20240611)
    grids = [grid_mask(random_grid(rng)) for _ in range(GRIDS)]
    cards = standard_deck()
    shares = [sum(1 for g in grids if card.scores_on(g)) / GRIDS for card in cards]
    assert all(share > 0 for share in shares), "every card can be made"
    means = {
        value: statistics.mean(s for s, c in zip(shares, cards, strict=True) if c.value == value)
        for value in (1, 2, 3, 5)
    }
    assert means[1] > means[2] > means[3] > means[5]
    rho = statistics.correlation(_ranks([c.value for c in cards]), _ranks(shares))
    assert rho < -0.85, f"Spearman rank correlation of value and share is only {rho:.2f}"


def deck_text(lines: list[str]) -> str:
    cards = [c.text() for c in standard_deck()]
    return "\n".join([*lines, *cards[len(lines) :]])


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("2 sun moon", "a card is its value, a colon"),
        ("4: sun fish", "the value '4' is not one of 1, 2, 3, 5"),
        ("one: sun fish", "is not one of"),
        ("1: sun dragon", "'dragon' is no symbol"),
        ("1: sun fish / horse", "not all equally long"),
        ("1: sun fish horse boat", "1x4 cells is none of"),
        ("2: sun fish / horse boat / seed tree", "3x2 cells is none of"),
        ("1: any any", "names no symbol"),
        ("1: sun moon", "needs 2 Sun/Moon stones and the game has 1 stone"),
        ("2: fish bird fish", "needs 3 Fish/Bird stones"),
        ("1: bird / horse", "the same card as line 1"),
    ],
)
def test_a_bad_card_is_refused_with_its_line_and_the_reason(line: str, reason: str) -> None:
    text = deck_text(["1: bird / horse", "# a comment", "", line])
    with pytest.raises(ValueError) as error:
        read_deck(text, "mine.txt")
    assert str(error.value).startswith("Line 4 of mine.txt: ")
    assert reason in str(error.value)


def test_too_few_or_too_many_cards_and_too_few_for_solo_are_refused() -> None:
    cards = [c.text() for c in standard_deck()]
    with pytest.raises(ValueError, match="holds 20 cards; a deck needs 30 to 200"):
        read_deck("\n".join(cards[:20]), "small.txt")
    no_fives = [c.text() for c in standard_deck() if c.value != 5]
    with pytest.raises(ValueError, match="holds 0 cards worth 5; .* solo game"):
        read_deck("\n".join(no_fives), "fives.txt")
    words = ("horse", "boat", "seed", "tree", "any")
    rows = [f"{a} {b} {c}" for a in words for b in words for c in words][:-1]  # not all any
    many = [f"{value}: {row}" for value in (1, 2) for row in rows]
    assert len(many) == 248
    with pytest.raises(ValueError, match="at most 200 cards"):
        read_deck("\n".join(many), "big.txt")


def test_the_deck_option_loads_a_file_from_the_data_folder(tmp_path: Path) -> None:
    folder = tmp_path / "shifting-stones"
    folder.mkdir()
    own = [c for c in standard_deck() if c.value != 1][:40]
    own += [c for c in standard_deck() if c.value == 1][:10]
    (folder / "ours.txt").write_text("\n".join(c.text() for c in own), "utf-8")
    SHIFTING_STONES.data_folder = folder
    try:
        state = SHIFTING_STONES.new(3, seed=4, options={"deck": "Ours"})
        assert state.cards == tuple(own)
        assert state.options["deck"] == "ours"
        (folder / "ours.txt").unlink()
        again = SHIFTING_STONES.from_json(state.to_json())
        assert again == state, "a running match never reads the deck file again"
        with pytest.raises(ValueError, match="no deck 'ours': the file ours.txt is missing"):
            SHIFTING_STONES.new(3, options={"deck": "ours"})
        (folder / "bad.txt").write_text("1: sun fish\n1: sun sun\n", "utf-8")
        with pytest.raises(ValueError, match=r"Line 2 of bad.txt: .*Sun/Moon"):
            SHIFTING_STONES.new(2, options={"deck": "bad"})
        with pytest.raises(ValueError, match="letters, digits, - and _"):
            SHIFTING_STONES.new(2, options={"deck": "../ours"})
    finally:
        SHIFTING_STONES.data_folder = None


def test_without_a_data_folder_only_the_standard_deck_exists() -> None:
    assert SHIFTING_STONES.new(2).cards == standard_deck()
    with pytest.raises(ValueError, match="keeps no deck files"):
        SHIFTING_STONES.new(2, options={"deck": "ours"})
