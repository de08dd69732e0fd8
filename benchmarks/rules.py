"""Speed of the rules core, for every registered game.

For each game: the median time to list all legal moves of mid-game positions (each
timing on a fresh copy of the state, rebuilt from JSON, so no cached list is reused),
and random plies per second over fixed-seed random playouts (listing the moves,
choosing one, playing it). The last line printed is one JSON object of the figures.

    .venv/bin/python benchmarks/rules.py
"""

from __future__ import annotations

import json
import random
import statistics
import time
from typing import Any

import games
from games import Game, GameState
from games.shifting_stones.state import StonesState

POSITIONS = 10  # mid-game positions per game, one per seed
COPIES = 200  # fresh copies timed per position
MID_PLY = 16  # how far into a random playout a "mid-game" position lies
PLAYOUT_SECONDS = 3.0  # time spent measuring random plies per game
#: Budgets from the issues, in milliseconds for one full list of legal moves.
BUDGETS_MS = {"skift": 1.0, "shiftago": 0.5, "shifty": 2.0, "shifting-stones": 2.0}
#: Shifting Stones (issue 11): which cards of a hand score on the grid, in milliseconds.
HAND_SCORING_BUDGET_MS = 0.2
#: Further positions measured for games whose options make them much bigger: the options,
#: how far into a random playout the position lies, and the budget in milliseconds.
LARGE: dict[str, tuple[dict[str, Any], int, float]] = {"shifty": ({"size": 19}, 150, 10.0)}


def mid_game(
    game: Game, seed: int, options: dict[str, Any] | None = None, plies: int = MID_PLY
) -> GameState:
    """The position `plies` random plies into a fixed-seed playout (earlier if it ends)."""
    rng = random.Random(seed)
    state = game.new(players=game.kind.min_players, seed=seed, options=options)
    while state.ply < plies:
        after = state.play(rng.choice(state.legal_moves()))
        if after.outcome() is not None:
            break
        state = after
    return state


def legal_moves_timing(
    game: Game, options: dict[str, Any] | None = None, plies: int = MID_PLY
) -> tuple[float, float]:
    """(median milliseconds to list every legal move, mean number of legal moves)."""
    timings = []
    counts = []
    for seed in range(POSITIONS):
        data = mid_game(game, seed, options, plies).to_json()
        copies = [game.from_json(data) for _ in range(COPIES)]
        for state in copies:
            start = time.perf_counter()
            moves = state.legal_moves()
            timings.append(time.perf_counter() - start)
        counts.append(len(moves))
    return statistics.median(timings) * 1000, statistics.mean(counts)


def random_plies_per_second(game: Game) -> float:
    """Random plies per second: list the legal moves, choose one, play it."""
    plies = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < PLAYOUT_SECONDS:
        rng = random.Random(seed)
        state = game.new(players=game.kind.min_players, seed=seed)
        while state.outcome() is None:
            state = state.play(rng.choice(state.legal_moves()))
            plies += 1
        seed += 1
    return plies / (time.perf_counter() - start)


def hand_scoring_timing() -> float:
    """Shifting Stones: median milliseconds to find which cards of the hand to act score on
    the grid, and where (mid-game positions of 2 players, each on a fresh copy)."""
    game = games.get("shifting-stones")
    timings = []
    for seed in range(POSITIONS):
        rng = random.Random(seed)
        state = game.new(players=2, seed=seed)
        for _ in range(MID_PLY):
            state = state.play(rng.choice(state.legal_moves()))
        data = state.to_json()
        for copy in [game.from_json(data) for _ in range(COPIES)]:
            assert isinstance(copy, StonesState)
            start = time.perf_counter()
            copy.scoring_places(copy.turn)
            timings.append(time.perf_counter() - start)
    return statistics.median(timings) * 1000


def main() -> None:
    """Measure every game, print a line per game, then one JSON line of all figures."""
    figures: dict[str, Any] = {}
    for name in games.names():
        game = games.get(name)
        median_ms, moves = legal_moves_timing(game)
        plies = random_plies_per_second(game)
        entry: dict[str, Any] = {
            "legal_moves_median_ms": round(median_ms, 4),
            "legal_moves_count": round(moves, 1),
            "random_plies_per_s": round(plies),
        }
        budget = BUDGETS_MS.get(name)
        line = (
            f"{game.title}: all {moves:.0f} legal moves of a mid-game position in "
            f"{median_ms:.3f} ms (median); {plies:,.0f} random plies per second"
        )
        if budget is not None:
            entry["legal_moves_budget_ms"] = budget
            entry["within_budget"] = median_ms <= budget
            line += f"; budget {budget} ms: {'met' if median_ms <= budget else 'MISSED'}"
        figures[name] = entry
        print(line)
        if name in LARGE:
            options, plies, large_budget = LARGE[name]
            large_ms, large_moves = legal_moves_timing(game, options, plies)
            met = large_ms <= large_budget
            figures[f"{name}_large"] = {
                "options": options,
                "ply": plies,
                "legal_moves_median_ms": round(large_ms, 4),
                "legal_moves_count": round(large_moves, 1),
                "legal_moves_budget_ms": large_budget,
                "within_budget": met,
            }
            print(
                f"{game.title} {options}: all {large_moves:.0f} legal moves at ply {plies} in "
                f"{large_ms:.3f} ms (median); budget {large_budget} ms: "
                f"{'met' if met else 'MISSED'}"
            )
    scoring_ms = hand_scoring_timing()
    met = scoring_ms <= HAND_SCORING_BUDGET_MS
    figures["shifting-stones"].update(
        hand_scoring_median_ms=round(scoring_ms, 4),
        hand_scoring_budget_ms=HAND_SCORING_BUDGET_MS,
        hand_scoring_within_budget=met,
    )
    print(
        f"Shifting Stones: which cards of a hand score, and where, in {scoring_ms:.4f} ms "
        f"(median); budget {HAND_SCORING_BUDGET_MS} ms: {'met' if met else 'MISSED'}"
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
