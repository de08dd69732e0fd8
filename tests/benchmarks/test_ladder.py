"""The ladder: Bradley-Terry ratings fitted from two-player series, easy at 1000."""

from __future__ import annotations

import math

import pytest

from benchmarks import ladder
from benchmarks.record import Record
from benchmarks.series import BASELINE, Series

#: The Elo gap of a player who scores 75% against another: 400 log10 3.
GAP_AT_75 = 400 * math.log10(3)


def test_a_known_order_and_gap_come_back() -> None:
    ratings = ladder.fit({("hard", "medium"): (300.0, 400), ("medium", "easy"): (300.0, 400)})
    assert ratings["easy"] == pytest.approx(1000)
    assert ratings["medium"] - ratings["easy"] == pytest.approx(GAP_AT_75, abs=3)
    assert ratings["hard"] - ratings["medium"] == pytest.approx(GAP_AT_75, abs=3)


def test_draws_count_half_and_a_sweep_stays_finite() -> None:
    even = ladder.fit({("medium", "easy"): (50.0, 100)})  # say, 100 draws
    assert even["medium"] == pytest.approx(1000)
    swept = ladder.fit({("medium", "easy"): (10.0, 10)})
    assert 1200 < swept["medium"] < 1800


def test_without_easy_the_baseline_is_the_anchor_and_strays_are_not_rated() -> None:
    ratings = ladder.fit({("hard", "uct 1.5s"): (15.0, 20), ("master", "medium"): (3.0, 4)})
    assert ratings.keys() == {"hard", "uct 1.5s"}
    assert ratings["uct 1.5s"] == 1000 and ratings["hard"] > 1000


def test_ladders_are_per_game_with_the_baseline_named_by_its_time() -> None:
    def played(one: Series, shares: list[float]) -> Record:
        return Record(one, {i: (share, None) for i, share in enumerate(shares)})

    records = [
        played(Series("skift", 2, "medium", "easy"), [1, 1, 1, 0]),
        played(Series("skift", 2, "medium", BASELINE, scale=0.1), [1, 1, 0]),
        played(Series("skift", 2, "hard", BASELINE, uct_time=4, scale=0.1), [1, 1, 0.5]),
        played(Series("skift", 2, "master", "hard", scale=0.03), []),  # not played yet
        played(Series("shifty", 2, "hard", "medium", scale=0.1), [1, 1, 1]),
        played(Series("shiftago", 3, "hard", "easy"), [1, 0, 0]),  # not two players
    ]
    ladders = ladder.ladders(records)
    assert ladders.keys() == {"skift", "shifty"}
    skift = {rung.player: rung for rung in ladders["skift"]}
    assert skift.keys() == {"medium", "easy", "uct 0.6s"}  # hard's 6 s baseline: unlinked
    assert [rung.player for rung in ladders["skift"]] == ["medium", "uct 0.6s", "easy"]
    assert skift["medium"].games == 7 and skift["easy"].rating == 1000
    assert [rung.player for rung in ladders["shifty"]] == ["hard", "medium"]
