"""Round robin schedules for two-player games: the circle method, colours balanced.

The players are put in the order of the league's drawing of lots. With an odd number a
bye joins them (whoever meets it sits the round out). With `m` the number of players
other than the last (odd), player `i` meets player `j` in round `(i + j) mod m`, and
meets the last player in the round where `2i = r (mod m)`: the circle method, one player
fixed, the others turning around it. Colours: `i` moves first against the `(m-1)/2`
players after it round the circle (`j - i mod m` in 1..(m-1)/2) and second against the
others, and the last player moves first in every other round. So everyone's first seats
are within one of half their games (exactly half with an odd number of players).

A double round robin plays the schedule twice, the second time with colours swapped.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.league.records import Pairing, Round, lot


def round_robin(players: Sequence[int], seed: int, cycles: int = 1) -> list[Round]:
    """Every round of a round robin (`cycles=2`: a double round robin)."""
    if len(set(players)) != len(players) or len(players) < 2:
        raise ValueError("A round robin needs at least two different players.")
    order: list[int | None] = [*sorted(players, key=lambda p: lot(seed, p))]
    if len(order) % 2:
        order.append(None)
    circle = len(order) - 1
    first_cycle = [_circle_round(order, circle, r) for r in range(circle)]
    rounds: list[Round] = []
    for cycle in range(cycles):
        for pairings, byes in first_cycle:
            if cycle % 2:
                pairings = [pairing.reversed() for pairing in pairings]
            rounds.append(Round(len(rounds) + 1, tuple(pairings), byes))
    return rounds


def _circle_round(
    order: Sequence[int | None], circle: int, r: int
) -> tuple[list[Pairing], tuple[int, ...]]:
    """The pairings of round `r` (from 0) and who has the bye."""
    fixed = order[circle]
    pairs: list[tuple[int | None, int | None]] = []
    for i in range(circle):
        j = (r - i) % circle
        if j == i:
            pairs.append((fixed, order[i]) if r % 2 else (order[i], fixed))
        elif i < j:
            i_first = (j - i) % circle <= (circle - 1) // 2
            pairs.append((order[i], order[j]) if i_first else (order[j], order[i]))
    pairings: list[Pairing] = []
    byes: list[int] = []
    for a, b in pairs:
        if a is None or b is None:
            byes.extend(p for p in (a, b) if p is not None)
        else:
            pairings.append(Pairing((a, b)))
    return pairings, tuple(byes)
