"""Swiss pairings for two-player games, one round at a time.

Players are ranked by points, then by the league's drawing of lots (`records.lot`). With
an odd number the bye goes to the lowest-ranked player who has not had one. Then the
top unpaired player is paired first, with the partner that keeps to these rules, most
important first:

1. no one meets the same opponent twice while any pairing of the round avoids it;
2. no one's colours (first seats) drift more than one game from an even split (white
   minus black within -2..2), and no one gets the same colour three times running,
   while any repeat-free pairing of the round allows it;
3. opponents on equal points (score groups), or the nearest points (a floater);
4. opponents whose colour wishes fit (one is due white, the other black);
5. within a score group the top half meets the bottom half (1 v n/2+1, 2 v n/2+2...).

Rules 1 and 2 are kept for the whole round: a partner is taken only if everyone left can
still be paired within them (see `matching`). Colours: the player who has had fewer
first seats moves first; if even, the one who moved second last time; if still even,
the higher-ranked player on odd boards of odd rounds and so on alternately.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.league.matching import Allowed, can_pair_all, preferred_pairs
from bot.league.records import History, Pairing, Result, Round, histories, lot

#: Colours may drift this far from an even split (white minus black).
MAX_IMBALANCE = 2


def swiss_round(
    number: int,
    players: Sequence[int],
    rounds: Sequence[Round],
    results: Sequence[Result],
    seed: int,
) -> Round:
    """Round `number` of a Swiss for the players still in the league, given the rounds
    before it and their results (a round is paired once its results are all in)."""
    history = histories(players, rounds, results)
    order = sorted(players, key=lambda p: (-history[p].points, lot(seed, p)))
    rules = _PairingRules(history)
    byes: tuple[int, ...] = ()
    waiting = order
    if len(order) % 2:
        bye = _bye(order, history, rules.levels)
        byes = (bye,)
        waiting = [p for p in order if p != bye]
    for allowed in rules.levels:
        pairs = preferred_pairs(waiting, allowed, rules.preference)
        if pairs is not None:
            break
    else:  # pragma: no cover - the last level allows every pair
        raise AssertionError("Every pair is allowed at the last level.")
    pairings = tuple(
        rules.seat(a, b, odd_board=(number + board) % 2 == 1) for board, (a, b) in enumerate(pairs)
    )
    return Round(number, pairings, byes)


def _bye(order: Sequence[int], history: dict[int, History], levels: Sequence[Allowed]) -> int:
    """The lowest-ranked of the players with the fewest byes who leaves the others a
    pairing at the strictest level possible."""
    fewest = min(history[p].byes for p in order)
    candidates = [p for p in reversed(order) if history[p].byes == fewest]
    for allowed in levels[:-1]:
        for player in candidates:
            if can_pair_all([p for p in order if p != player], allowed):
                return player
    return candidates[0]


class _PairingRules:
    """The rules above, for one round, as `levels` of allowed pairs (strictest first), a
    `preference` among allowed partners and the seat order of a pair."""

    def __init__(self, history: dict[int, History]) -> None:
        self.history = history
        self.points = {p: float(record.points) for p, record in history.items()}
        self.may_sit = {p: (self._may_sit(p, 0), self._may_sit(p, 1)) for p in history}
        self.due = {p: self._due_first(p) for p in history}
        self.levels: tuple[Allowed, ...] = (
            lambda a, b: self._new(a, b) and self._colours_fit(a, b),
            self._new,
            lambda a, b: True,
        )
        self._groups: dict[tuple[int, int], int] = {}

    def _new(self, a: int, b: int) -> bool:
        return self.history[a].met[b] == 0

    def _may_sit(self, player: int, seat: int) -> bool:
        record = self.history[player]
        balance = record.first_seat_balance + (1 if seat == 0 else -1)
        running = record.seats[-2:] == [seat, seat]
        return abs(balance) <= MAX_IMBALANCE and not running

    def _colours_fit(self, a: int, b: int) -> bool:
        return bool(self._colourings(a, b))

    def _colourings(self, a: int, b: int) -> list[tuple[int, int]]:
        return [
            (first, second)
            for first, second in ((a, b), (b, a))
            if self.may_sit[first][0] and self.may_sit[second][1]
        ]

    def _due_first(self, player: int) -> int:
        """How strongly the player is due the first seat (negative: the second)."""
        record = self.history[player]
        last = 0 if not record.seats else (1 if record.seats[-1] else -1)
        return -2 * record.first_seat_balance + last

    def preference(self, first: int, partner: int, waiting: Sequence[int]) -> tuple[float, ...]:
        """Smaller is better: meetings so far and colours out of bounds (when a round
        cannot avoid them), points apart, clashing colour wishes, distance from the
        Dutch partner in the score group."""
        key = (first, len(waiting))
        if key not in self._groups:
            self._groups[key] = sum(1 for p in waiting if self.points[p] == self.points[first])
        return (
            self.history[first].met[partner],
            0 if self._colours_fit(first, partner) else 1,
            abs(self.points[first] - self.points[partner]),
            1 if self.due[first] * self.due[partner] > 0 else 0,
            abs(waiting.index(partner) - max(1, self._groups[key] // 2)),
        )

    def seat(self, higher: int, lower: int, odd_board: bool) -> Pairing:
        """The pair in seat order by the colour rules (`higher` is ranked higher)."""
        fitting = self._colourings(higher, lower)
        options: list[tuple[int, int]] = fitting or [(higher, lower), (lower, higher)]

        def due(option: tuple[int, int]) -> tuple[int, bool]:
            first, second = option
            return (self.due[first] - self.due[second], (first == higher) == odd_board)

        chosen = max(options, key=due)
        return Pairing(chosen)
