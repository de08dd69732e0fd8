"""Tables for games of three to five players: table sizes, seat order, byes, and the two
ways to fill tables round by round (a round robin of tables, and Swiss tables).

Sizes: every table seats the chosen size where the number of players allows it; otherwise
the tables are as equal as possible (sizes differ by one at most), never below
`smallest` (by default one less than the chosen size; the game's fewest players at
least). Players left over, fewer than `smallest`, sit the round out with a bye (a win).

Byes go to the players with the fewest byes so far: in a round robin of tables those with
the fewest players left to meet, then the lots; in a Swiss the lowest-ranked.

Seat order: at each table the player who has moved first least often moves first, then
the one whose seats so far were latest on average, the lots breaking ties.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from random import Random

from bot.league.records import History, Pairing, Result, Round, histories, lot

#: Random starts of the local search for each round of a round robin of tables.
RESTARTS = 3
#: What a first meeting is worth to the local search, against one per meeting before.
NEW_MEETING = 2


def table_sizes(players: int, size: int, smallest: int | None = None) -> list[int]:
    """The sizes of the tables for `players` players (largest first); the players not
    seated have byes."""
    smallest = size - 1 if smallest is None else smallest
    if not 2 <= smallest <= size:
        raise ValueError("The smallest table seats from 2 players up to the chosen size.")
    for seated in range(players, smallest - 1, -1):
        tables = -(-seated // size)
        base, extra = divmod(seated, tables)
        if base >= smallest:
            return [base + 1] * extra + [base] * (tables - extra)
    return []


def seat_table(members: Sequence[int], history: dict[int, History], seed: int) -> Pairing:
    """The table in seat order: who has moved first least often first (see above)."""

    def key(player: int) -> tuple[int, float, float]:
        seats = history[player].seats
        latest = sum(seats) / len(seats) if seats else 0.0
        return (seats.count(0), -latest, lot(seed, player))

    return Pairing(tuple(sorted(members, key=key)))


def table_round_robin(
    players: Sequence[int], size: int, seed: int, cycles: int = 1, smallest: int | None = None
) -> list[Round]:
    """A round robin of tables: rounds until every two players have met, each round's
    tables chosen so that the pairs who have met least often meet (a local search from
    seeded random tables), so most pairs meet once and the rest twice. The second cycle
    repeats the first with every table's seat order reversed."""
    sizes = table_sizes(len(players), size, smallest)
    if not sizes:
        raise ValueError("There are too few players for one table.")
    rng = Random(seed)
    count = len(players)
    met = [[0] * count for _ in range(count)]
    unmet = count * (count - 1) // 2
    byes = [0] * count
    history = {p: History() for p in players}
    cycle: list[Round] = []
    while unmet:
        strangers = [met[i].count(0) - 1 for i in range(count)]
        by_byes = sorted(range(count), key=lambda i: (byes[i], strangers[i], rng.random()))
        resting = by_byes[: count - sum(sizes)]
        seated = [i for i in range(count) if i not in resting]
        pairings = []
        for table in _least_met_tables(seated, sizes, met, rng):
            for i, j in combinations(table, 2):
                unmet -= met[i][j] == 0
                met[i][j] += 1
                met[j][i] += 1
            pairing = seat_table([players[i] for i in table], history, seed)
            for seat, player in enumerate(pairing.seats):
                history[player].seats.append(seat)
            pairings.append(pairing)
        for i in resting:
            byes[i] += 1
        sitting_out = tuple(players[i] for i in sorted(resting))
        cycle.append(Round(len(cycle) + 1, tuple(pairings), sitting_out))
    rounds = list(cycle)
    for repeat in range(1, cycles):
        for round_ in cycle:
            pairings = [p.reversed() if repeat % 2 else p for p in round_.pairings]
            rounds.append(Round(len(rounds) + 1, tuple(pairings), round_.byes))
    return rounds


def _least_met_tables(
    seated: list[int], sizes: list[int], met: list[list[int]], rng: Random
) -> list[list[int]]:
    """Tables of the given sizes whose pairs have met least often so far: the best of
    a few seeded random starts, each improved by swapping players between tables while a
    swap lowers the cost (a pair's meetings so far, a first meeting `-NEW_MEETING`)."""
    cost = [[times or -NEW_MEETING for times in row] for row in met]
    best: list[list[int]] = []
    best_cost = 0
    for _ in range(RESTARTS + 60 // len(seated)):
        shuffled = rng.sample(seated, len(seated))
        tables = [shuffled[sum(sizes[:t]) : sum(sizes[: t + 1])] for t in range(len(sizes))]
        improved = True
        while improved:
            improved = False
            for t, u in combinations(tables, 2):
                for i, a in enumerate(t):
                    for j, b in enumerate(u):
                        gain = sum(cost[a][x] - cost[b][x] for x in t if x != a) + sum(
                            cost[b][y] - cost[a][y] for y in u if y != b
                        )
                        if gain > 0:
                            t[i], u[j] = a, b = b, a
                            improved = True
        total = sum(cost[a][b] for t in tables for a, b in combinations(t, 2))
        if not best or total < best_cost:
            best, best_cost = tables, total
    return best


def swiss_tables_round(
    number: int,
    players: Sequence[int],
    rounds: Sequence[Round],
    results: Sequence[Result],
    size: int,
    seed: int,
    smallest: int | None = None,
) -> Round:
    """Round `number` of a Swiss of tables: players ranked by points (then lots); byes to
    the lowest-ranked with the fewest byes; then each table, from the top, takes the
    highest-ranked player left and fills up with the players who have met its members
    least often, nearest in points, highest ranked."""
    history = histories(players, rounds, results)
    order = sorted(players, key=lambda p: (-history[p].points, lot(seed, p)))
    sizes = table_sizes(len(order), size, smallest)
    resting = sorted(reversed(order), key=lambda p: history[p].byes)[: len(order) - sum(sizes)]
    waiting = [p for p in order if p not in resting]
    tables: list[Pairing] = []
    for seats in sizes:
        table = [waiting.pop(0)]
        while len(table) < seats:

            def fit(player: int, table: list[int] = table) -> tuple[int, Fraction]:
                meetings = sum(history[player].met[member] for member in table)
                return (meetings, abs(history[player].points - history[table[0]].points))

            table.append(waiting.pop(waiting.index(min(waiting, key=fit))))
        tables.append(seat_table(table, history, seed))
    return Round(number, tuple(tables), tuple(p for p in order if p in resting))
