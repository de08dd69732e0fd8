"""Playing leagues through in memory for the property tests: seeded random results."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random

from bot.league.records import Pairing, Result, Round

Pair = Callable[[int, Sequence[Round], Sequence[Result]], Round]


def random_result(rng: Random, number: int, pairing: Pairing) -> Result:
    """A random finish: a draw one time in five, otherwise random places."""
    if rng.random() < 0.2:
        return Result.draw(number, pairing)
    places = list(range(1, len(pairing.seats) + 1))
    rng.shuffle(places)
    return Result(number, pairing, tuple(places))


def play_through(pair: Pair, rounds: int, seed: int) -> tuple[list[Round], list[Result]]:
    """Pair `rounds` rounds one after another, each with random results."""
    rng = Random(seed)
    played: list[Round] = []
    results: list[Result] = []
    for number in range(1, rounds + 1):
        round_ = pair(number, played, results)
        played.append(round_)
        results.extend(random_result(rng, number, p) for p in round_.pairings)
    return played, results
