"""Standings and tie-breaks, checked on published examples and on the rules for tables,
byes and forfeits."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from itertools import count

from bot.league.records import Pairing, Result, Round
from bot.league.standings import (
    ROUND_ROBIN_TIE_BREAKS,
    SWISS_TIE_BREAKS,
    format_points,
    standings,
)


def rounds_of(
    results: Iterable[Result], byes: dict[int, tuple[int, ...]] | None = None
) -> list[Round]:
    """The rounds that hold these results (and byes by round number)."""
    byes = byes or {}
    numbers = sorted({r.round for r in results} | set(byes))
    return [
        Round(n, tuple(r.pairing for r in results if r.round == n), byes.get(n, ()))
        for n in numbers
    ]


def beat(number: int, winner: int, loser: int) -> Result:
    return Result.win(number, Pairing((winner, loser)), winner)


def test_sonneborn_berger_on_senseis_library_double_round_robin() -> None:
    """Sensei's Library, "Sonneborn-Berger" (https://senseis.xmp.net/?SonnebornBerger):
    four players, two cycles; A and B both win 4 games, A has SB 11 and B 9, C 3 wins
    and SB 6, D 1 win and SB 4, so A wins the tie-break."""
    a, b, c, d = 1, 2, 3, 4
    first = [beat(1, a, b), beat(1, c, d), beat(2, a, c), beat(2, b, d), beat(3, a, d)]
    first.append(beat(3, b, c))
    second = [beat(4, b, a), beat(4, c, d), beat(5, a, c), beat(5, b, d), beat(6, d, a)]
    second.append(beat(6, c, b))
    results = first + second
    table = standings([a, b, c, d], rounds_of(results), results, ROUND_ROBIN_TIE_BREAKS)
    assert [(s.place, s.player, s.points, s.tie_breaks) for s in table] == [
        (1, a, 4, (11,)),
        (2, b, 4, (9,)),
        (3, c, 3, (6,)),
        (4, d, 1, (4,)),
    ]
    assert all(s.games == 6 and s.byes == 0 for s in table)


def test_players_equal_on_points_and_sonneborn_berger_share_a_place() -> None:
    """fiveinline.com, "Sonneborn-Berger system" (http://www.fiveinline.com/sbps.html),
    example 2: a double round robin where A, B and D score 4 each with SB 8 each, and C
    scores nothing: three share first place."""
    a, b, c, d = 1, 2, 3, 4
    results = [
        beat(1, a, b), beat(1, d, c), beat(2, a, c), beat(2, b, d), beat(3, d, a),
        beat(3, b, c), beat(4, a, b), beat(4, d, c), beat(5, a, c), beat(5, b, d),
        beat(6, d, a), beat(6, b, c),
    ]  # fmt: skip
    table = standings([a, b, c, d], rounds_of(results), results, ROUND_ROBIN_TIE_BREAKS)
    assert [(s.place, s.points, s.tie_breaks) for s in table] == [
        (1, 4, (8,)), (1, 4, (8,)), (1, 4, (8,)), (4, 0, (0,)),
    ]  # fmt: skip
    assert table[-1].player == c


def swiss_player(
    player: int, targets: list[int], lost_to: set[int], ids: count[int]
) -> list[Result]:
    """Six rounds for `player` against opponents who finish on `targets` points, losing
    to those at the positions `lost_to`; each opponent's other games are against
    players met only once, won as often as its target needs."""
    results = []
    for number, target in enumerate(targets, start=1):
        opponent = next(ids)
        won = number - 1 in lost_to
        results.append(beat(number, opponent, player) if won else beat(number, player, opponent))
        others = [n for n in range(1, 7) if n != number]
        for index, other_round in enumerate(others):
            filler = next(ids)
            wins_needed = target - won
            if index < wins_needed:
                results.append(beat(other_round, opponent, filler))
            else:
                results.append(beat(other_round, filler, opponent))
    return results


def test_buchholz_and_median_buchholz_on_a_published_example() -> None:
    """Median-Buchholz explained (https://gist.github.com/Rapptz/197c80162358d1196145):
    two players each win 4 of 6 games; P1's opponents finish on 4, 2, 3, 4, 5 and 6
    points, so Buchholz 24 and median Buchholz 16 (the 6 and the 2 dropped); P2's on
    5, 4, 2, 6, 4 and 5: Buchholz 26, median 18. P2 ranks above P1."""
    ids = count(100)
    p1, p2 = 1, 2
    results = swiss_player(p1, [4, 2, 3, 4, 5, 6], {4, 5}, ids)
    results += swiss_player(p2, [5, 4, 2, 6, 4, 5], {0, 3}, ids)
    table = standings([p1, p2], rounds_of(results), results, SWISS_TIE_BREAKS)
    assert [(s.player, s.points, s.tie_breaks) for s in table] == [
        (p2, 4, (26, 18)),
        (p1, 4, (24, 16)),
    ]
    assert [s.place for s in table] == [1, 2]


def test_tables_score_by_place() -> None:
    table = Pairing((1, 2, 3, 4))
    places = Result(1, table, (1, 2, 3, 4))
    assert [places.points(p) for p in (1, 2, 3, 4)] == [1, Fraction(2, 3), Fraction(1, 3), 0]
    shared = Result(1, table, (1, 1, 3, 4))
    assert [shared.points(p) for p in (1, 2, 3, 4)] == [
        Fraction(5, 6), Fraction(5, 6), Fraction(1, 3), 0,
    ]  # fmt: skip
    lines = standings([1, 2, 3, 4], rounds_of([places]), [places], SWISS_TIE_BREAKS)
    # Buchholz of a table: the mean of the opponents' points
    assert lines[0].tie_breaks[0] == (Fraction(2, 3) + Fraction(1, 3) + 0) / 3


def test_a_bye_is_a_win_and_counts_as_the_player_itself_in_tie_breaks() -> None:
    results = [beat(1, 1, 2), beat(2, 3, 1)]
    rounds = rounds_of(results, byes={1: (3,), 2: (2,)})
    lines = {s.player: s for s in standings([1, 2, 3], rounds, results, SWISS_TIE_BREAKS)}
    assert (lines[3].points, lines[3].byes, lines[3].games) == (2, 1, 1)
    # 3 beat 1 (1 point) and had a bye (its own 2 points): Buchholz 3
    assert lines[3].tie_breaks[0] == 3
    assert lines[2].points == 1  # the bye


def test_a_forfeit_win_counts_the_winners_own_points_not_the_leavers() -> None:
    forfeit = Result(2, Pairing((1, 9)), (1, 2), forfeited=frozenset({9}))
    results = [beat(1, 1, 2), forfeit, beat(1, 9, 3)]
    lines = {
        s.player: s for s in standings([1, 2, 3, 9], rounds_of(results), results, SWISS_TIE_BREAKS)
    }
    assert lines[1].points == 2
    assert lines[9].points == 1  # the game 9 played stands
    # 1 met 2 (0 points) over the board; the forfeit counts as 1's own 2 points
    assert lines[1].tie_breaks[0] == 2


def test_points_read_as_players_write_them() -> None:
    assert format_points(Fraction(3)) == "3"
    assert format_points(Fraction(5, 2)) == "2½"
    assert format_points(Fraction(1, 2)) == "½"
    assert format_points(Fraction(4, 3)) == "1.33"
