"""Round robins of two-player games by the circle method: every round, 2 to 40 players."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.league.records import meetings
from bot.league.roundrobin import round_robin


@pytest.mark.parametrize("cycles", [1, 2])
def test_everyone_meets_everyone_once_per_cycle_with_colours_balanced(cycles: int) -> None:
    for count in range(2, 41):
        players = list(range(100, 100 + count))
        rounds = round_robin(players, seed=count, cycles=cycles)
        per_cycle = count - 1 + count % 2
        assert [r.number for r in rounds] == list(range(1, cycles * per_cycle + 1))
        met = meetings(rounds)
        assert len(met) == count * (count - 1) // 2
        assert set(met.values()) == {cycles}
        firsts: Counter[int] = Counter()
        games: Counter[int] = Counter()
        byes: Counter[int] = Counter()
        for round_ in rounds:
            assert sorted(round_.players()) == players  # everyone once a round
            byes.update(round_.byes)
            assert len(round_.byes) == count % 2
            for pairing in round_.pairings:
                firsts[pairing.seats[0]] += 1
                games.update(pairing.seats)
        for player in players:
            assert abs(firsts[player] - games[player] / 2) <= 1
            assert byes[player] == cycles * (count % 2)


def test_the_second_cycle_swaps_colours() -> None:
    rounds = round_robin([1, 2, 3, 4, 5, 6], seed=7, cycles=2)
    first, second = rounds[:5], rounds[5:]
    for a, b in zip(first, second, strict=True):
        assert [p.reversed() for p in a.pairings] == list(b.pairings)


def test_the_seed_decides_the_schedule_and_the_same_seed_repeats_it() -> None:
    players = list(range(10))
    assert round_robin(players, seed=1) == round_robin(players, seed=1)
    assert round_robin(players, seed=1) != round_robin(players, seed=2)
    assert round_robin(players, seed=1) == round_robin(list(reversed(players)), seed=1)


def test_too_few_or_repeated_players_are_refused() -> None:
    with pytest.raises(ValueError):
        round_robin([1], seed=0)
    with pytest.raises(ValueError):
        round_robin([1, 1, 2], seed=0)
