"""League formats and the next round, as the service will ask for them."""

from __future__ import annotations

import pytest

from bot.league.plan import (
    DOUBLE_ROUND_ROBIN,
    ROUND_ROBIN,
    SWISS,
    LeagueFormat,
    next_round,
    schedule,
)
from bot.league.records import Result, Round
from bot.league.standings import BUCHHOLZ, SONNEBORN_BERGER


def test_formats_are_checked() -> None:
    for bad in (
        dict(kind="knockout"),
        dict(kind=SWISS),
        dict(kind=ROUND_ROBIN, swiss_rounds=3),
        dict(kind=ROUND_ROBIN, seats=6),
        dict(kind=ROUND_ROBIN, seats=4, smallest_table=5),
    ):
        with pytest.raises(ValueError):
            LeagueFormat(**bad)
    with pytest.raises(ValueError):
        LeagueFormat(SWISS, swiss_rounds=5).check_players(5 - 1)  # 4 meet 3 others at most
    LeagueFormat(SWISS, swiss_rounds=5).check_players(5)  # each has a bye once
    with pytest.raises(ValueError):
        LeagueFormat(ROUND_ROBIN, seats=4).check_players(2)
    assert LeagueFormat(SWISS, swiss_rounds=3).tie_breaks[0] == BUCHHOLZ
    assert LeagueFormat(DOUBLE_ROUND_ROBIN).tie_breaks == (SONNEBORN_BERGER,)


def play(league: LeagueFormat, entrants: list[int], leaver: int | None = None) -> list[Round]:
    """Ask for rounds until the league is over; everyone draws; `leaver` leaves after
    round 1 (a Swiss stops pairing them)."""
    rounds: list[Round] = []
    results: list[Result] = []
    while True:
        playing = [p for p in entrants if not (rounds and p == leaver)]
        round_ = next_round(league, entrants, playing, rounds, results)
        if round_ is None:
            return rounds
        assert round_.number == len(rounds) + 1
        rounds.append(round_)
        results += [Result.draw(round_.number, p) for p in round_.pairings]


def test_a_round_robin_is_its_schedule_round_by_round() -> None:
    league = LeagueFormat(DOUBLE_ROUND_ROBIN, seed=4)
    entrants = [11, 12, 13, 14, 15]
    assert play(league, entrants) == schedule(league, entrants)
    assert len(schedule(league, entrants)) == 10


def test_a_swiss_runs_its_rounds_and_drops_a_leaver() -> None:
    league = LeagueFormat(SWISS, swiss_rounds=3, seed=2)
    rounds = play(league, list(range(1, 9)), leaver=8)
    assert len(rounds) == 3
    assert all(8 not in r.players() for r in rounds[1:])
    assert schedule(league, list(range(1, 9))) == []


def test_a_swiss_of_tables() -> None:
    league = LeagueFormat(SWISS, seats=4, swiss_rounds=2, seed=2)
    rounds = play(league, list(range(1, 11)))
    assert [sorted(len(p.seats) for p in r.pairings) for r in rounds] == [[3, 3, 4], [3, 3, 4]]
