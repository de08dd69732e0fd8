"""Issue 25's series: the budgets they are judged by (met only when the 95% interval's
lower bound clears them), the baseline's time, and results kept so a run resumes."""

from __future__ import annotations

from pathlib import Path

import pytest

import games
from ai.value import judge_name
from benchmarks import record, series
from benchmarks.record import Record, Run
from benchmarks.series import BASELINE, RANDOM, Played, Series


def test_each_series_asks_the_budget_of_issue_25() -> None:
    assert Series("skift", 2, "hard", BASELINE).target() == 0.9
    assert Series("skift", 2, "hard", BASELINE, uct_time=4.0).target() == 0.7
    assert Series("skift", 2, "medium", BASELINE).target() == 0.6
    assert Series("skift", 2, "easy", BASELINE).target() is None
    assert Series("skift", 2, "master", "hard", scale=0.1).target() == 0.75
    assert Series("skift", 2, "medium", "easy").target() == 0.75
    assert Series("skift", 2, "hard", "easy").target() is None  # two levels apart
    assert Series("shiftago", 4, "hard", RANDOM).target() == pytest.approx(2 / 4)
    assert Series("shifting-stones", 5, "hard", "easy").target() == pytest.approx(1.3 / 5)
    assert Series("shiftago", 3, "medium", RANDOM).target() is None
    assert Series("shifting-stones", 1, "hard", None).target() is None


def test_a_budget_is_met_only_when_the_lower_bound_clears_it() -> None:
    over_hard = Series("shifty", 2, "master", "hard")
    assert not over_hard.met(8, 10)  # 80% of 10 games proves little (interval 49%-94%)
    assert not over_hard.met(27, 30)  # 90% of 30: 74%-97%, not yet
    assert over_hard.met(28, 30)  # 93% of 30: 79%-98%
    against_baseline = Series("shifty", 2, "hard", BASELINE)
    assert not against_baseline.met(30, 30)  # even a clean sweep of 30 cannot show 90%
    assert against_baseline.met(35, 35)
    assert Series("shifting-stones", 1, "easy", None).met(0, 10)  # no budget


def test_a_run_from_the_first_game_plays_each_series_enough_games_to_show_its_budget() -> None:
    against_baseline = Series("skift", 2, "hard", BASELINE)  # 90%: 35 games
    over_medium = Series("skift", 2, "hard", "medium")  # 75%: 12 games
    alone = Series("shifting-stones", 1, "hard", None)  # no budget
    assert [s.fewest_games() for s in (against_baseline, over_medium, alone)] == [35, 12, 0]
    assert not against_baseline.met(34, 34) and against_baseline.met(35, 35)
    jobs = series.jobs_to_play([against_baseline, over_medium, alone], 30, {})
    counts = [sum(1 for s, _ in jobs if s == one) for one in (against_baseline, over_medium, alone)]
    assert counts == [35, 30, 30]
    assert jobs[-5:] == [(against_baseline, i) for i in range(30, 35)]  # its last round alone
    later = series.jobs_to_play([against_baseline], 10, {}, first=20)
    assert [i for _, i in later] == list(range(20, 30))  # a range asked is played as asked


def test_the_baseline_thinks_as_long_as_the_level_it_meets_at_the_same_scale() -> None:
    assert Series("skift", 2, "hard", BASELINE).seconds(BASELINE) == pytest.approx(1.5)
    assert Series("skift", 2, "medium", BASELINE).seconds(BASELINE) == pytest.approx(0.6)
    four_times = Series("skift", 2, "hard", BASELINE, uct_time=4.0, scale=0.1)
    assert four_times.seconds(BASELINE) == pytest.approx(0.6)
    assert four_times.seconds("hard") == pytest.approx(0.15)
    assert series.scaled("master", 0.03).iterations == 7200


def test_a_run_resumes_where_one_stopped_and_extends_a_series(tmp_path: Path) -> None:
    one = Series("shifty", 2, "medium", "easy")
    kept = Record(one)
    run = Run.starting(one)
    for index, share in ((0, 1.0), (2, 0.5), (3, 0.0)):
        record.add(kept, run, Played(one, index, share, None, 0.5, 1.0))
    record.save(kept, tmp_path)
    again = record.load(one, tmp_path)
    assert again.results == kept.results and again.tally() == (1, 1, 1)
    assert again.runs == [run.to_json()] and again.runs[0]["games"] == 3
    assert again.runs[0]["cpu_share"] == 0.5
    assert again.runs[0]["judge"] == judge_name(games.get("shifty")) != "heuristic"
    other = Series("shifty", 2, "hard", "medium", scale=0.1)
    jobs = series.jobs_to_play([one, other], 12, {one: set(again.results)})
    assert [i for s, i in jobs if s == one] == [1, 4, 5, 6, 7, 8, 9, 10, 11]
    assert jobs[:8] == [(one, 1), (one, 4)] + [(other, i) for i in range(5)] + [(one, 5)]
    later = series.jobs_to_play([one, other], 7, {one: set(again.results)}, first=3)
    assert [i for s, i in later if s == one] == [4, 5, 6, 7, 8, 9]  # 3 was played
    assert later[:6] == [(one, i) for i in (4, 5, 6, 7)] + [(other, 3), (other, 4)]
    assert [r.series for r in record.load_all(tmp_path)] == [one]


def test_a_pairing_is_played_at_tables_of_the_size_asked_in_every_game_that_seats_them() -> None:
    for players in (2, 3, 5):
        found = series.pairing("hard", "easy", players, None, uct_time=1.0, scale=0.1)
        seating = [
            name
            for name in games.names()
            if games.get(name).kind.min_players <= players <= games.get(name).kind.max_players
        ]
        assert seating and [s.game for s in found] == seating
        assert all(s.players == players and s.scale == 0.1 for s in found)
    only = games.names()[0]
    too_many = games.get(only).kind.max_players + 1
    assert series.pairing("hard", "easy", too_many, only, uct_time=1.0, scale=1.0) == []
