"""Two-player series of one player against another: levels of `ai` and the baseline.

A player is a level ("easy", "medium", "hard", "master") or "uct", the independent plain
UCT of `benchmarks/uct.py`, which thinks `uct_time` times `hard`'s time cap per move.
With `scale`, every level's budget (iterations and time cap), and so the baseline's
time, is multiplied by it: master
against hard at a tenth of both budgets keeps their ratio of search at a time a series
can afford. Game i of a series seats the first player in seat i mod 2 and deals seed i.

Budgets (issue 25): `hard` at least 90% against the baseline given its time, 70% given
four times its time; `medium` at least 60% given its time; each level at least 75%
against the one below. A budget counts as met only when the 95% interval's lower bound
clears it.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass, replace

import ai
import games
from benchmarks.rates import MAX_PLIES, result_share, wilson
from benchmarks.uct import PlainUCT
from games import GameState

#: The baseline's name as a player.
BASELINE = "uct"
#: Levels in order, weakest first (as `ai.Level` lists them).
LEVELS = tuple(level.name.lower() for level in ai.Level)
#: A level over the one just below it.
OVER_THE_LEVEL_BELOW = 0.75
#: A level against the baseline, by the baseline's time (times hard's cap) at most.
AGAINST_BASELINE = {"hard": ((1.0, 0.90), (4.0, 0.70)), "medium": ((1.0, 0.60),)}


@dataclass(frozen=True)
class Pit:
    """One game of a series: the game, both players, the baseline's time factor, the
    levels' budget scale, and the game's index (its seed and seating)."""

    game: str
    first: str
    second: str
    uct_time: float
    scale: float
    index: int

    @property
    def key(self) -> tuple[str, str, str]:
        """The series the game belongs to."""
        return self.game, self.first, self.second


def target(first: str, second: str, uct_time: float) -> float | None:
    """The score rate issue 25 asks of `first` against `second` (None: no budget)."""
    if second == BASELINE:
        return next(
            (goal for most, goal in AGAINST_BASELINE.get(first, ()) if uct_time <= most), None
        )
    if first in LEVELS and second in LEVELS and LEVELS.index(first) == LEVELS.index(second) + 1:
        return OVER_THE_LEVEL_BELOW
    return None


def two_player_games(only: str | None) -> list[str]:
    """The games a series is played in: `only`, or every game two can play."""
    names = [only] if only else games.names()
    return [n for n in names if games.get(n).min_players <= 2 <= games.get(n).max_players]


def scaled(level: str, scale: float) -> ai.Budget:
    """`level`'s budget with its iterations and time cap multiplied by `scale`."""
    budget = ai.Level.named(level).budget
    iterations = max(1, round(budget.iterations * scale))
    return replace(budget, iterations=iterations, seconds=budget.seconds * scale)


def play_pit(pit: Pit) -> tuple[Pit, float]:
    """Play one game of `pit`'s series: the first player's share of the result."""
    state: GameState = games.get(pit.game).new(players=2, seed=pit.index)
    rng = random.Random(f"{pit.key}/{pit.index}")
    seats = {pit.index % 2: pit.first, (pit.index + 1) % 2: pit.second}
    uct_seconds = scaled("hard", pit.scale).seconds * pit.uct_time
    while state.outcome() is None and state.ply < MAX_PLIES:
        seat = state.current_player
        assert seat is not None
        state = state.play(choice(seats[seat], state, seat, rng, uct_seconds, pit.scale))
    return pit, result_share(state, pit.index % 2)


def choice(
    player: str, state: GameState, seat: int, rng: random.Random, uct_seconds: float, scale: float
) -> Hashable:
    """What `player` plays in `state` as `seat`."""
    if player == BASELINE:
        return PlainUCT(uct_seconds, random.Random(rng.getrandbits(32))).choose(state, seat)
    return ai.choose_move(state, seat, scaled(player, scale), seed=rng.getrandbits(32))


def report(results: dict[tuple[str, str, str], list[float]], uct_time: float, scale: float) -> bool:
    """Print each series' score rate, its interval and budget; whether all were met."""
    print(f"baseline time: {uct_time} x hard's; levels' budgets scaled by {scale}")
    print(f"{'game':<16}{'player':<8}{'against':<8}{'games':>6}  {'score':>6}  95% interval")
    met = True
    for (name, first, second), shares in results.items():
        rate = sum(shares) / len(shares) if shares else 0.0
        low, high = wilson(sum(shares), len(shares))
        goal = target(first, second, uct_time)
        ok = goal is None or low >= goal
        met = met and ok
        verdict = (
            "no budget" if goal is None else f"budget {goal:.0%}: {'met' if ok else 'not met'}"
        )
        print(
            f"{name:<16}{first:<8}{second:<8}{len(shares):>6}  {rate:>6.1%}  "
            f"{low:.1%}-{high:.1%}  ({verdict})"
        )
    return met
