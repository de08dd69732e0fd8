"""Swiss pairings of two-player games: properties over every round for 2 to 40 players,
and scenarios for score groups, colours and byes."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from bot.league.matching import can_pair_all
from bot.league.records import History, Pairing, Result, Round, histories, lot, meetings
from bot.league.swiss import swiss_round
from tests.bot.league.helpers import play_through


def colours_fit(record: History, seat: int) -> bool:
    """Whether the player may take `seat`: white minus black stays within -2..2 (first
    seats within one of half the games) and no colour three times running."""
    balance = record.first_seat_balance + (1 if seat == 0 else -1)
    return abs(balance) <= 2 and record.seats[-2:] != [seat, seat]


def check_round(
    players: Sequence[int], before: list[Round], results: list[Result], round_: Round
) -> None:
    """The round's rules: everyone once, no repeat while a repeat-free pairing existed,
    colours in bounds while a repeat-free pairing kept them so, at most one bye each."""
    history = histories(players, before, results)
    assert sorted(round_.players()) == sorted(players)
    assert len(round_.byes) == len(players) % 2
    assert all(history[p].byes == 0 for p in round_.byes)
    seated = [p for p in players if p not in round_.byes]

    def new(a: int, b: int) -> bool:
        return history[a].met[b] == 0

    def fits(a: int, b: int) -> bool:
        return new(a, b) and any(
            colours_fit(history[x], 0) and colours_fit(history[y], 1) for x, y in ((a, b), (b, a))
        )

    repeats = [p for p in round_.pairings if not new(*p.seats)]
    if repeats:
        assert not can_pair_all(seated, new), repeats
    misfits = [
        p
        for p in round_.pairings
        if not (colours_fit(history[p.seats[0]], 0) and colours_fit(history[p.seats[1]], 1))
    ]
    if misfits:
        assert not can_pair_all(seated, fits), misfits


@pytest.mark.parametrize("count", range(2, 41))
def test_every_round_keeps_the_rules_while_it_can(count: int) -> None:
    players = list(range(1000, 1000 + count))
    rounds = count - 1 if count <= 24 else 12
    played, results = play_through(
        lambda n, r, res: swiss_round(n, players, r, res, seed=count), rounds, seed=count
    )
    for index, round_ in enumerate(played):
        earlier = [r for r in results if r.round <= index]
        check_round(players, played[:index], earlier, round_)


def test_a_short_swiss_never_repeats_and_keeps_colours_within_one_of_half() -> None:
    for count in range(4, 41, 3):
        players = list(range(count))
        rounds = min(count - 1, max(2, count // 3))
        played, results = play_through(
            lambda n, r, res, players=players: swiss_round(n, players, r, res, seed=5),
            rounds,
            seed=count,
        )
        assert max(meetings(played).values()) == 1
        for record in histories(players, played, results).values():
            firsts = record.seats.count(0)
            assert abs(firsts - len(record.seats) / 2) <= 1
            assert record.byes <= 1


def win(number: int, first: int, second: int, winner: int) -> Result:
    return Result.win(number, Pairing((first, second)), winner)


def test_round_one_pairs_the_top_half_against_the_bottom_half() -> None:
    players = list(range(8))
    round_ = swiss_round(1, players, [], [], seed=3)
    order = sorted(players, key=lambda p: lot(3, p))
    expected = {frozenset((order[i], order[i + 4])) for i in range(4)}
    assert {frozenset(p.seats) for p in round_.pairings} == expected
    # colours alternate down the boards: the higher-ranked player is white on board 1
    assert [p.seats[0] in order[:4] for p in round_.pairings] == [True, False, True, False]


def test_winners_meet_winners_and_colours_alternate() -> None:
    players = [1, 2, 3, 4]
    first = Round(1, (Pairing((1, 3)), Pairing((4, 2))))
    results = [win(1, 1, 3, 1), win(1, 4, 2, 2)]
    second = swiss_round(2, players, [first], results, seed=0)
    pairs = {frozenset(p.seats) for p in second.pairings}
    assert pairs == {frozenset((1, 2)), frozenset((3, 4))}
    seat_of = {p: s for pairing in second.pairings for s, p in enumerate(pairing.seats)}
    # 1 and 4 moved first in round 1, so they move second now
    assert (seat_of[1], seat_of[2], seat_of[3], seat_of[4]) == (1, 0, 0, 1)


def test_the_bye_goes_to_the_lowest_scored_player_who_has_not_had_one() -> None:
    players = [1, 2, 3, 4, 5]
    first = Round(1, (Pairing((1, 2)), Pairing((3, 4))), byes=(5,))
    results = [win(1, 1, 2, 1), win(1, 3, 4, 3)]
    second = swiss_round(2, players, [first], results, seed=0)
    # 2 and 4 have no points; 5 had the bye already
    assert second.byes in {(2,), (4,)}
    assert 5 not in second.byes


def test_pairing_is_deterministic_for_a_seed() -> None:
    players = list(range(12))

    def run(seed: int) -> list[Round]:
        return play_through(
            lambda n, r, res: swiss_round(n, players, r, res, seed=seed), 5, seed=1
        )[0]

    assert run(4) == run(4)
    assert run(4) != run(9)
