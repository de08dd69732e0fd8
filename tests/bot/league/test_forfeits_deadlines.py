"""Leaving mid-league, round deadlines and adjudication."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.league.deadlines import (
    CLOCK,
    DRAW,
    adjudicate,
    adjudicate_round,
    round_deadline,
    round_over,
    unfinished,
)
from bot.league.forfeits import forfeit_result, playing_on
from bot.league.records import Pairing, Result, Round
from bot.league.roundrobin import round_robin
from bot.league.standings import ROUND_ROBIN_TIE_BREAKS, standings

T0 = datetime(2026, 3, 1, 12, tzinfo=UTC)


def test_a_leaver_forfeits_the_rest_of_a_round_robin_and_their_played_games_stand() -> None:
    players = [1, 2, 3, 4]
    rounds = round_robin(players, seed=3)
    leaver = 4
    results: list[Result] = []
    for round_ in rounds[:1]:  # round 1 is played: the first seat wins every game
        results += [Result.win(1, p, p.seats[0]) for p in round_.pairings]
    for round_ in rounds[1:]:
        for pairing in round_.pairings:
            if leaver in pairing.seats:
                assert playing_on(pairing, {leaver}) is None
                results.append(forfeit_result(round_.number, pairing, {leaver}))
            else:
                results.append(Result.draw(round_.number, pairing))
    lines = {s.player: s for s in standings(players, rounds, results, ROUND_ROBIN_TIE_BREAKS)}
    played_first = next(p for p in rounds[0].pairings if leaver in p.seats)
    assert lines[leaver].points == (1 if played_first.seats[0] == leaver else 0)
    assert lines[leaver].games == 3
    opponents_later = [p for r in rounds[1:] for p in r.pairings if leaver in p.seats]
    for pairing in opponents_later:
        other = next(p for p in pairing.seats if p != leaver)
        result = next(r for r in results if r.pairing == pairing)
        assert result.points(other) == 1 and result.points(leaver) == 0
        assert not result.played(other, leaver)


def test_a_table_plays_on_without_the_leaver_who_is_placed_last() -> None:
    table = Pairing((5, 6, 7, 8))
    assert playing_on(table, {6}) == Pairing((5, 7, 8))
    result = forfeit_result(3, table, {6}, places={5: 2, 7: 1, 8: 3})
    assert result.places == (2, 4, 1, 3)
    assert result.points(6) == 0
    assert result.points(7) == 1
    assert result.played(5, 7) and not result.played(5, 6)
    with pytest.raises(ValueError):
        forfeit_result(3, table, {6})  # three stayed: they must play it out
    with pytest.raises(ValueError):
        forfeit_result(3, table, {6}, places={5: 1, 7: 2})


def test_two_leavers_of_one_pairing_both_score_nothing() -> None:
    result = forfeit_result(2, Pairing((1, 2)), {1, 2})
    assert result.points(1) == result.points(2) == 0


def test_a_round_ends_when_its_last_match_ends_or_at_its_deadline() -> None:
    round_ = Round(2, (Pairing((1, 2)), Pairing((3, 4))))
    deadline = round_deadline(T0, 14)
    assert deadline == T0 + timedelta(days=14)
    first_done = [Result.win(2, Pairing((1, 2)), 1)]
    assert unfinished(round_, first_done) == [Pairing((3, 4))]
    assert not round_over(round_, first_done, deadline, T0 + timedelta(days=3))
    assert round_over(round_, first_done, deadline, deadline)
    both = first_done + [Result.draw(2, Pairing((3, 4)))]
    assert round_over(round_, both, deadline, T0)
    # a result of the same pairing in another round does not finish this one
    assert unfinished(round_, [Result.draw(1, Pairing((3, 4)))] + first_done)


def test_adjudication_by_draw_or_by_the_longest_clock() -> None:
    pairing = Pairing((1, 2))
    clocks = {1: timedelta(hours=30), 2: timedelta(hours=12)}
    assert adjudicate(4, pairing, clocks, DRAW) == Result.draw(4, pairing)
    assert adjudicate(4, pairing, clocks, CLOCK) == Result.win(4, pairing, 2)
    equal = {1: timedelta(hours=5), 2: timedelta(hours=5)}
    assert adjudicate(4, pairing, equal, CLOCK) == Result.draw(4, pairing)
    with pytest.raises(ValueError):
        adjudicate(4, pairing, clocks, "coin")


def test_adjudicating_a_table_puts_the_slowest_last_and_the_rest_level() -> None:
    table = Pairing((1, 2, 3))
    clocks = {1: timedelta(hours=2), 2: timedelta(hours=9), 3: timedelta(hours=4)}
    assert adjudicate(1, table, clocks, CLOCK).places == (1, 2, 1)


def test_adjudicate_round_judges_only_the_unfinished_matches() -> None:
    round_ = Round(1, (Pairing((1, 2)), Pairing((3, 4))))
    done = [Result.win(1, Pairing((1, 2)), 2)]
    clocks = {p: timedelta(hours=p) for p in (1, 2, 3, 4)}
    assert adjudicate_round(round_, done, clocks, CLOCK) == [Result.win(1, Pairing((3, 4)), 3)]
