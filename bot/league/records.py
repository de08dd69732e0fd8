"""A league's rounds and results as immutable records, and each player's history.

Players are member ids. A `Pairing` is one match of a round: two seats for a two-player
game, three to five for a table; `seats[0]` moves first ("white"), and the league asks the
match engine to keep that order. A `Result` gives each seat its place (1 best, ties share
a place), so a two-player win is places (1, 2) and a draw (1, 1).

Points: every game is worth one point, shared by place. Against each other player at the
table a player scores 1 for a better place, 1/2 for the same place and 0 for a worse one;
their points for the game are the mean of those scores. Two players: win 1, draw 1/2,
loss 0; four players: places 1, 2, 3, 4 score 1, 2/3, 1/3, 0. A bye scores 1 (a win).
A player who forfeited (left the league before the game) scores 0 against everyone and
everyone else at the table scores 1 against them. Points are exact fractions."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from itertools import combinations
from random import Random

#: A bye, and a forfeit win, are worth a win.
WIN = Fraction(1)
HALF = Fraction(1, 2)


def lot(seed: int, player: int) -> float:
    """The player's drawing of lots for the league with this seed: it orders players of
    equal standing, the same in every round whoever else is still playing."""
    return Random(f"{seed}:{player}").random()


@dataclass(frozen=True)
class Pairing:
    """One match of a round: the players in seat order (seats[0] moves first)."""

    seats: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.seats) < 2 or len(set(self.seats)) != len(self.seats):
            raise ValueError("A pairing seats at least two different players.")

    def reversed(self) -> Pairing:
        """The same players with the seat order reversed (the colours swapped)."""
        return Pairing(tuple(reversed(self.seats)))


@dataclass(frozen=True)
class Round:
    """A round: its number (from 1), its pairings and the players who sit it out with a
    bye (each bye scores a win)."""

    number: int
    pairings: tuple[Pairing, ...]
    byes: tuple[int, ...] = ()

    def players(self) -> list[int]:
        """Every player of the round, seated or on a bye."""
        return [p for pairing in self.pairings for p in pairing.seats] + list(self.byes)


@dataclass(frozen=True)
class Result:
    """How one pairing of round `round` ended: each seat's place (1 best, ties share a
    place), and the players who forfeited it (they left the league before playing)."""

    round: int
    pairing: Pairing
    places: tuple[int, ...]
    forfeited: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if len(self.places) != len(self.pairing.seats) or min(self.places) < 1:
            raise ValueError("A result gives every seat a place from 1.")

    @classmethod
    def win(cls, round_number: int, pairing: Pairing, winner: int) -> Result:
        """`winner` first, everyone else shares second place."""
        places = tuple(1 if p == winner else 2 for p in pairing.seats)
        return cls(round_number, pairing, places)

    @classmethod
    def draw(cls, round_number: int, pairing: Pairing) -> Result:
        """Everyone shares first place."""
        return cls(round_number, pairing, (1,) * len(pairing.seats))

    @cached_property
    def _places(self) -> dict[int, int]:
        return dict(zip(self.pairing.seats, self.places, strict=True))

    def played(self, a: int, b: int) -> bool:
        """Whether players `a` and `b` met over the board (neither forfeited)."""
        return a not in self.forfeited and b not in self.forfeited

    def score(self, a: int, b: int) -> Fraction:
        """What player `a` scores against player `b` in this game: 1, 1/2 or 0."""
        if a in self.forfeited:
            return Fraction(0)
        if b in self.forfeited:
            return WIN
        place = self._places
        if place[a] == place[b]:
            return HALF
        return WIN if place[a] < place[b] else Fraction(0)

    def points(self, player: int) -> Fraction:
        """The player's points for this game (the mean of their scores against the
        others at the table)."""
        others = [p for p in self.pairing.seats if p != player]
        return sum((self.score(player, o) for o in others), Fraction(0)) / len(others)


@dataclass
class History:
    """One player's league so far: points, byes, who they met and how often, and the seat
    they had in each game played over the board, in round order."""

    points: Fraction = Fraction(0)
    byes: int = 0
    met: Counter[int] = field(default_factory=Counter)
    seats: list[int] = field(default_factory=list)

    @property
    def first_seat_balance(self) -> int:
        """Games in the first seat minus games in another seat (white minus black)."""
        firsts = self.seats.count(0)
        return firsts - (len(self.seats) - firsts)


def histories(
    players: Iterable[int], rounds: Sequence[Round], results: Iterable[Result]
) -> dict[int, History]:
    """Every player's history from the rounds so far and the results known."""
    found = {(r.round, r.pairing): r for r in results}
    history = {p: History() for p in players}
    for round_ in rounds:
        for player in round_.byes:
            history.setdefault(player, History())
            history[player].points += WIN
            history[player].byes += 1
        for pairing in round_.pairings:
            result = found.get((round_.number, pairing))
            for seat, player in enumerate(pairing.seats):
                record = history.setdefault(player, History())
                record.met.update(p for p in pairing.seats if p != player)
                if result is None:
                    record.seats.append(seat)
                    continue
                if sum(p not in result.forfeited for p in pairing.seats) > 1 and (
                    player not in result.forfeited
                ):
                    record.seats.append(seat)
                record.points += result.points(player)
    return history


def meetings(rounds: Iterable[Round]) -> Counter[frozenset[int]]:
    """How often each two players have sat at the same table."""
    count: Counter[frozenset[int]] = Counter()
    for round_ in rounds:
        for pairing in round_.pairings:
            count.update(frozenset(two) for two in combinations(pairing.seats, 2))
    return count


# --- leagues as stored ----------------------------------------------------------------
