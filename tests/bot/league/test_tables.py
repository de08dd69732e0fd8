"""Tables for games of three to five players: sizes, byes, seat order, the round robin of
tables and Swiss tables, over every round for 3 to 40 players."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from bot.league.records import Round, histories, meetings
from bot.league.tables import swiss_tables_round, table_round_robin, table_sizes
from tests.bot.league.helpers import play_through


def test_table_sizes() -> None:
    assert table_sizes(12, 4) == [4, 4, 4]
    assert table_sizes(10, 4) == [4, 3, 3]
    assert table_sizes(7, 5) == [5]  # 2 byes: a table of 2 or 3 is below 4
    assert table_sizes(7, 5, smallest=3) == [4, 3]
    assert table_sizes(5, 3) == [3, 2]
    assert table_sizes(2, 3, smallest=3) == []
    with pytest.raises(ValueError):
        table_sizes(9, 3, smallest=4)


def check_round(round_: Round, players: list[int], size: int) -> None:
    """Everyone once; tables of the chosen size or one less; byes only for leftovers."""
    assert sorted(round_.players()) == sorted(players)
    sizes = sorted((len(p.seats) for p in round_.pairings), reverse=True)
    assert sizes == table_sizes(len(players), size)
    assert all(size - 1 <= s <= size for s in sizes)


@pytest.mark.parametrize("size", [3, 4, 5])
def test_a_round_robin_of_tables_seats_everyone_with_everyone(size: int) -> None:
    for count in range(size, 41):
        players = list(range(50, 50 + count))
        rounds = table_round_robin(players, size, seed=count)
        for round_ in rounds:
            check_round(round_, players, size)
        met = meetings(rounds)
        assert len(met) == count * (count - 1) // 2  # every two players meet
        assert max(met.values()) <= 6
        per_round = sum(s * (s - 1) // 2 for s in table_sizes(count, size))
        assert len(rounds) <= 2 * math.ceil(len(met) / per_round)
        byes = Counter(p for r in rounds for p in r.byes)
        assert max(byes[p] for p in players) - min(byes[p] for p in players) <= 1
        firsts = Counter(p.seats[0] for r in rounds for p in r.pairings)
        fair: Counter[int] = Counter()  # one table of n seats: 1/n of a first seat each
        for round_ in rounds:
            for pairing in round_.pairings:
                fair.update({p: 1 / len(pairing.seats) for p in pairing.seats})
        assert all(abs(firsts[p] - fair[p]) < 2 for p in players)


def test_a_double_round_robin_of_tables_repeats_it_with_seats_reversed() -> None:
    rounds = table_round_robin(list(range(9)), 3, seed=2, cycles=2)
    half = len(rounds) // 2
    for a, b in zip(rounds[:half], rounds[half:], strict=True):
        assert [p.reversed() for p in a.pairings] == list(b.pairings)
        assert b.number == a.number + half


@pytest.mark.parametrize("size", [3, 4, 5])
def test_swiss_tables_keep_sizes_and_give_a_bye_at_most_once(size: int) -> None:
    for count in range(size, 41, 2):
        players = list(range(count))
        leftovers = count - sum(table_sizes(count, size))
        rounds = 6 if leftovers == 0 else min(6, count // leftovers)
        played, results = play_through(
            lambda n, r, res, players=players: swiss_tables_round(n, players, r, res, size, seed=1),
            rounds,
            seed=count,
        )
        for round_ in played:
            check_round(round_, players, size)
        for record in histories(players, played, results).values():
            assert record.byes <= 1


def test_swiss_tables_group_by_points_and_avoid_repeats() -> None:
    players = list(range(12))
    played, results = play_through(
        lambda n, r, res: swiss_tables_round(n, players, r, res, 4, seed=3), 2, seed=8
    )
    history = histories(players, played[:1], [r for r in results if r.round == 1])
    second = played[1]
    # the top table of round 2 holds the four best after round 1
    best = sorted(players, key=lambda p: -history[p].points)[:4]
    top = sorted(history[p].points for p in second.pairings[0].seats)
    assert top == sorted(history[p].points for p in best)
    met = meetings(played)
    assert max(met.values()) <= 2
