"""Strength and speed of the playing engine (`ai`), for every game and player count.

For each game and player count from 2: `hard` against uniform random players, against
one-ply greedy players (an immediate win, else the move the game's heuristic likes best
right after it, else random; they decide from their own view like the bot) and against
`easy`, in series of `--games` games with the bot's seat alternated (game i: seat
i mod players), all opponents in the other seats. A win counts 1, a shared win or a draw
its share; the table shows that score rate with a 95% Wilson interval, and the time of
`hard` and `easy` moves (p95; moves with a single legal choice are not searched and not
counted). Budgets from issue 13 are checked at the end; the last line is one JSON object.
Games run in a process pool on every core.

    .venv/bin/python benchmarks/ai.py --games 100 [--only shiftago] [--players 3]
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path

# This file is called ai.py like the package it measures: Python puts the script's own
# folder first on the path, where it would find this file as `ai`. Look in the project.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import ai  # noqa: E402
import games  # noqa: E402
from ai.rewards import outcome_rewards  # noqa: E402
from ai.search import winning_move  # noqa: E402
from games import GameState  # noqa: E402

OPPONENTS = ("random", "greedy", "easy")
#: Budgets from issue 13.
HARD_P95_SECONDS = 2.0
EASY_P95_SECONDS = 0.2
TWO_PLAYER_VS_RANDOM = 0.95
TWO_PLAYER_VS_GREEDY = 0.75
MANY_PLAYERS_VS_RANDOM_FAIR_SHARES = 2.0  # Shiftago with 3 and 4
HARD_VS_EASY = 0.70
#: A game still running after this many plies is stopped and scored as a draw.
MAX_PLIES = 3000


@dataclass(frozen=True)
class Task:
    """One game of a series: the game, players, opponent kind and the game's index."""

    game: str
    players: int
    opponent: str
    index: int


def greedy_move(state: GameState, seat: int, rng: random.Random) -> Hashable:
    """A win in one, else the move the heuristic rates best right after it, else random."""
    view = state.view(seat)
    deal = view.determinize(rng)
    win = winning_move(deal)
    if win is not None:
        return win
    moves = list(view.legal_moves())
    if deal.heuristic(seat) is None:
        return rng.choice(moves)
    rng.shuffle(moves)
    return max(moves, key=lambda m: _after(deal, m, seat))


def _after(state: GameState, move: Hashable, seat: int) -> float:
    """The heuristic's value for `seat` after `move` (its result if the game ends)."""
    after = state.play(move)
    outcome = after.outcome()
    if outcome is not None:
        return outcome_rewards(outcome, after.players)[seat]
    value = after.heuristic(seat)
    return 0.5 if value is None else value


def play_game(task: Task) -> tuple[Task, float, list[float], list[float]]:
    """Play one game: (task, the bot's share of the result, hard and easy move times)."""
    game = games.get(task.game)
    state = game.new(players=task.players, seed=task.index)
    bot = task.index % task.players
    rng = random.Random(f"{task.game}/{task.players}/{task.opponent}/{task.index}")
    times: dict[str, list[float]] = {"hard": [], "easy": []}
    while state.outcome() is None and state.ply < MAX_PLIES:
        seat = state.current_player
        assert seat is not None
        kind = "hard" if seat == bot else task.opponent
        if kind == "random":
            move = rng.choice(state.legal_moves())
        elif kind == "greedy":
            move = greedy_move(state, seat, rng)
        else:
            level = ai.Level.HARD if kind == "hard" else ai.Level.EASY
            searched = len(state.view(seat).legal_moves()) > 1
            start = time.perf_counter()
            move = ai.choose_move(state, seat, level, seed=rng.getrandbits(32))
            if searched:
                times[kind].append(time.perf_counter() - start)
        state = state.play(move)
    return task, result_share(state, bot), times["hard"], times["easy"]


def result_share(state: GameState, seat: int) -> float:
    """`seat`'s share of the result: 1 for a win alone, its share of a shared win or a
    draw (a game stopped at MAX_PLIES counts as a draw), 0 for a loss."""
    outcome = state.outcome()
    if outcome is None or outcome.draw:
        return 1 / state.players
    return 1 / len(outcome.winners) if seat in outcome.winners else 0.0


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate."""
    if trials == 0:
        return 0.0, 1.0
    z = 1.96
    rate = successes / trials
    centre = (rate + z * z / (2 * trials)) / (1 + z * z / trials)
    spread = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials))
    return max(0.0, centre - spread / (1 + z * z / trials)), min(
        1.0, centre + spread / (1 + z * z / trials)
    )


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank); 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def target(players: int, opponent: str) -> float:
    """The score rate issue 13 asks of `hard` against `opponent` with `players` seats."""
    if players == 2:
        goals = {"random": TWO_PLAYER_VS_RANDOM, "greedy": TWO_PLAYER_VS_GREEDY}
        return goals.get(opponent, HARD_VS_EASY)
    # With 3 or more the issue asks twice the fair share against random players; against
    # easy (one hard among several easy) we ask the same, against greedy nothing.
    return MANY_PLAYERS_VS_RANDOM_FAIR_SHARES / players if opponent != "greedy" else 0.0


def main() -> None:
    """Run the series, print the table and the JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per series")
    parser.add_argument("--only", help="one game's name")
    parser.add_argument("--players", type=int, help="one player count")
    args = parser.parse_args()
    names = [args.only] if args.only else games.names()
    seatings = [
        (name, players)
        for name in names
        for players in range(max(2, games.get(name).min_players), games.get(name).max_players + 1)
        if args.players in (None, players)
    ]
    tasks = [
        Task(name, players, opponent, index)
        for name, players in seatings
        for opponent in OPPONENTS
        for index in range(args.games)
    ]
    scores: dict[tuple[str, int, str], list[float]] = {}
    hard_times: list[float] = []
    easy_times: list[float] = []
    with multiprocessing.Pool() as pool:
        for task, share, hard, easy in pool.imap_unordered(play_game, tasks):
            scores.setdefault((task.game, task.players, task.opponent), []).append(share)
            hard_times += hard
            easy_times += easy
    report(seatings, scores, hard_times, easy_times)


def report(
    seatings: list[tuple[str, int]],
    scores: dict[tuple[str, int, str], list[float]],
    hard_times: list[float],
    easy_times: list[float],
) -> None:
    """Print the table, the budget lines and the JSON line."""
    figures: dict[str, object] = {}
    met = True
    print(f"{'game':<18}{'players':>8}  {'opponent':<8}{'games':>6}  {'score':>6}  95% interval")
    for name, players in seatings:
        for opponent in OPPONENTS:
            results = scores.get((name, players, opponent), [])
            rate = sum(results) / len(results) if results else 0.0
            low, high = wilson(sum(results), len(results))
            goal = target(players, opponent)
            ok = rate >= goal
            met = met and ok
            print(
                f"{name:<18}{players:>8}  {opponent:<8}{len(results):>6}  {rate:>6.1%}  "
                f"{low:.1%}-{high:.1%}  (budget {goal:.0%}: {'met' if ok else 'MISSED'})"
            )
            figures[f"{name}/{players}/{opponent}"] = {
                "games": len(results),
                "score_rate": round(rate, 3),
                "interval95": [round(low, 3), round(high, 3)],
                "budget": round(goal, 3),
                "met": ok,
            }
    hard, easy = p95(hard_times), p95(easy_times)
    timing_ok = hard <= HARD_P95_SECONDS and easy <= EASY_P95_SECONDS
    print(f"hard: {len(hard_times)} moves, p95 {hard:.2f} s (budget {HARD_P95_SECONDS} s)")
    print(f"easy: {len(easy_times)} moves, p95 {easy:.3f} s (budget {EASY_P95_SECONDS} s)")
    print(f"all budgets met: {met and timing_ok}")
    figures["move_time_p95_s"] = {"hard": round(hard, 3), "easy": round(easy, 3)}
    figures["within_budget"] = met and timing_ok
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
