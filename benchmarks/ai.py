"""Strength and speed of the playing engine (`ai`), for every game and player count.

For each game and player count from 2: `hard` against uniform random players, against
issue 13's one-ply greedy players (a win in one, else the move that raises their own
running score most where the game keeps one, such as Shifting Stones' points, else
random; they decide from their own view like the bot) and against `easy`, in series of
`--games` games with the bot's seat alternated (game i: seat i mod players), all
opponents in the other seats. A win counts 1, a shared win or a draw its share; the table
shows that score rate with a 95% Wilson interval. A solo game has no opponents: `hard`
and `easy` each play the same deals alone (win rate and mean points, no budget). Then
the p95 time of `hard` and `easy` moves, overall and per game (moves with a single move
worth searching are not searched and not counted). Budgets from issue 13 are checked at
the end (a rate's budget is met only when its interval's lower bound clears it); the last
line is one JSON object. Games run in `--jobs` processes (default: one a core; times
measured on a busy machine are pessimistic).

With `--series` it plays issue 25's series instead (`benchmarks/series.py`): the levels
against each other and against the independent baseline (`benchmarks/uct.py`) in every
two-player game, `hard` against random and `easy` players at tables of 3 to 5, and each
level alone in solo Shifting Stones; every game is saved in `benchmarks/results/` as it
ends (`benchmarks/record.py`), so a run resumes where one stopped, `--games` extends the
series (a run from the first game plays each at least the games that could show its
budget, 35 where 90% is asked) and `--first` starts it at that game. It prints every
recorded series with its 95% interval and budget, and the ladder of ratings fitted from
all of them (`benchmarks/ladder.py`); `--ladder` only prints them, and `--markdown`
prints them as the tables of docs/players.md. `--pit A B` plays one pairing the same
way: A a level, B a level, `uct` or `random` (in every other seat at tables of
`--players`, 2 unless given).

    .venv/bin/python benchmarks/ai.py --games 100 [--only shiftago] [--players 3]
    .venv/bin/python benchmarks/ai.py --quick --only shifty --against greedy --jobs 1
    .venv/bin/python benchmarks/ai.py --games 10 --first 10 ...   # the next ten games
    nice -n 19 .venv/bin/python benchmarks/ai.py --series --games 30 --scale 0.1 --jobs 2
    .venv/bin/python benchmarks/ai.py --pit hard uct --games 30 [--uct-time 4] [--scale 0.1]
    .venv/bin/python benchmarks/ai.py --pit hard easy --players 3 --games 30 --only shiftago
    .venv/bin/python benchmarks/ai.py --ladder
"""

from __future__ import annotations

import argparse
import json
import math
import os
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
from benchmarks import record, series, strength, tables  # noqa: E402
from benchmarks.rates import MAX_PLIES, result_share, wilson  # noqa: E402
from games import GameState  # noqa: E402

OPPONENTS = ("random", "greedy", "easy")
#: In a solo game each level plays alone, on the same deals.
SOLO = ("hard", "easy")
#: Games per series with --quick.
QUICK_GAMES = 10
#: Budgets from issue 13.
HARD_P95_SECONDS = 2.0
EASY_P95_SECONDS = 0.2
TWO_PLAYER_VS_RANDOM = 0.95
TWO_PLAYER_VS_GREEDY = 0.75
HARD_VS_EASY = 0.70


@dataclass(frozen=True)
class Task:
    """One game of a series: the game, players, opponent kind and the game's index."""

    game: str
    players: int
    opponent: str
    index: int

    @property
    def key(self) -> tuple[str, int, str]:
        """The series the game belongs to."""
        return self.game, self.players, self.opponent


@dataclass(frozen=True)
class Played:
    """A game played: its task, the bot's share of the result, its final points (where
    the game counts them) and the times of the searched moves of each level."""

    task: Task
    share: float
    times: dict[str, list[float]]
    points: int | None


def greedy_move(state: GameState, seat: int, rng: random.Random) -> Hashable:
    """Issue 13's one-ply greedy player: a win in one, else a move that raises its own
    score the most (in a game that keeps a running score), else a random move. Like the
    bot it decides from its own view (a deal of the unseen cards for the win check)."""
    view = state.view(seat)
    deal = view.determinize(rng)
    win = deal.winning_move()
    if win is not None:
        return win
    moves = list(view.legal_moves())
    now = deal.points_so_far(seat)
    if now is not None:
        gains = {m: (deal.play(m).points_so_far(seat) or 0) - now for m in moves}
        best = max(gains.values())
        if best > 0:
            moves = [m for m in moves if gains[m] == best]
    return moves[rng.randrange(len(moves))]


def play_game(task: Task) -> Played:
    """Play one game of `task`'s series."""
    game = games.get(task.game)
    state = game.new(players=task.players, seed=task.index)
    bot = task.index % task.players
    rng = random.Random(f"{task.game}/{task.players}/{task.opponent}/{task.index}")
    times: dict[str, list[float]] = {"hard": [], "easy": []}
    while state.outcome() is None and state.ply < MAX_PLIES:
        seat = state.current_player
        assert seat is not None
        kind = "hard" if seat == bot and task.players > 1 else task.opponent
        if kind == "random":
            move = rng.choice(state.legal_moves())
        elif kind == "greedy":
            move = greedy_move(state, seat, rng)
        else:
            level = ai.Level.HARD if kind == "hard" else ai.Level.EASY
            searched = len(state.view(seat).search_moves()) > 1
            start = time.perf_counter()
            move = ai.choose_move(state, seat, level, seed=rng.getrandbits(32))
            if searched:
                times[kind].append(time.perf_counter() - start)
        state = state.play(move)
    outcome = state.outcome()
    scores = None if outcome is None else outcome.scores
    return Played(task, result_share(state, bot), times, None if scores is None else scores[bot])


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank); 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def target(players: int, opponent: str) -> float | None:
    """The score rate issue 13 asks of `hard` against `opponent` with `players` seats
    (None: no budget, as for the solo game, where the levels play alone); with 3 or more,
    issue 25's fair shares (`series.FAIR_SHARES`), and nothing against greedy players."""
    if players == 1:
        return None
    if players == 2:
        goals = {"random": TWO_PLAYER_VS_RANDOM, "greedy": TWO_PLAYER_VS_GREEDY}
        return goals.get(opponent, HARD_VS_EASY)
    shares = series.FAIR_SHARES.get(opponent)
    return None if shares is None else shares / players


def series_of(args: argparse.Namespace) -> list[tuple[str, int, str]]:
    """The series to play: (game, players, opponent), or for a solo game (game, 1, level
    playing alone)."""
    names = [args.only] if args.only else games.names()
    found = []
    for name in names:
        game = games.get(name)
        for players in range(game.kind.min_players, game.kind.max_players + 1):
            if args.players not in (None, players):
                continue
            kinds = SOLO if players == 1 else OPPONENTS
            found += [(name, players, k) for k in kinds if args.against in (None, k)]
    return found


def main() -> None:
    """Run the series, print the table and the JSON line (or issue 25's series and ladder)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per series")
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_GAMES} games per series")
    parser.add_argument("--only", help="one game's name")
    parser.add_argument("--players", type=int, help="one player count (--pit: 2 unless given)")
    against = tuple(dict.fromkeys(OPPONENTS + SOLO))
    parser.add_argument("--against", choices=against, help="one opponent kind (alone: a level)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--first", type=int, default=0, help="the first game's number (its seed)")
    parser.add_argument("--series", action="store_true", help="issue 25's series, then the ladder")
    parser.add_argument("--ladder", action="store_true", help="only print the recorded series")
    parser.add_argument("--markdown", action="store_true", help="the docs' tables of them")
    opponents = series.LEVELS + (series.BASELINE, series.RANDOM)
    parser.add_argument("--pit", nargs=2, metavar=("LEVEL", "OPPONENT"), help="one pairing")
    parser.add_argument("--uct-time", type=float, default=1.0, help="baseline's time / level's")
    parser.add_argument("--scale", type=float, default=1.0, help="levels' budgets times this")
    parser.add_argument("--master-scale", type=float, default=0.05, help="master against hard")
    args = parser.parse_args()
    count = QUICK_GAMES if args.quick else args.games
    if args.pit and (args.pit[0] not in series.LEVELS or args.pit[1] not in opponents):
        parser.error(f"--pit takes a level and one of {', '.join(opponents)}")
    if args.pit:
        level, opponent = args.pit
        players = args.players or 2
        pairing = series.pairing(
            level, opponent, players, args.only, uct_time=args.uct_time, scale=args.scale
        )
        if not pairing:
            parser.error(f"no game seats {players} players")
        strength.run(pairing, count, args.jobs, args.first)
    if args.series:
        plan = series.plan(args.scale, args.master_scale, args.only)
        strength.run(plan, count, args.jobs, args.first)
    if args.markdown:
        records = record.load_all()
        print(tables.ladder_table(records), tables.series_table(records), sep="\n\n")
        return
    if args.series or args.pit or args.ladder:
        met = strength.report(record.load_all())
        print(f"all budgets met: {met}")
        return
    indices = range(args.first, args.first + count)
    started = time.perf_counter()
    kinds = series_of(args)
    tasks = [Task(*key, index) for key in kinds for index in indices]
    results: dict[tuple[str, int, str], list[Played]] = {key: [] for key in kinds}
    for played in strength.played_all(play_game, tasks, args.jobs):
        results[played.task.key].append(played)
    report(results, time.perf_counter() - started)


def report(results: dict[tuple[str, int, str], list[Played]], seconds: float) -> None:
    """Print the table, the move times, the budget lines and the JSON line."""
    figures: dict[str, object] = {}
    met = True
    print(f"{'game':<16}{'players':>8}  {'against':<8}{'games':>6}  {'score':>6}  95% interval")
    for (name, players, opponent), played in results.items():
        shares = [p.share for p in played]
        rate = sum(shares) / len(shares) if shares else 0.0
        low, high = wilson(sum(shares), len(shares))
        goal = target(players, opponent)
        ok = goal is None or low >= goal  # met only when the interval clears it
        met = met and ok
        verdict = "no budget" if goal is None else f"budget {goal:.0%}: {'met' if ok else 'MISSED'}"
        points = [p.points for p in played if p.points is not None]
        mean_points = sum(points) / len(points) if points else None
        extra = "" if mean_points is None else f", mean points {mean_points:.1f}"
        print(
            f"{name:<16}{players:>8}  {opponent:<8}{len(shares):>6}  {rate:>6.1%}  "
            f"{low:.1%}-{high:.1%}  ({verdict}{extra})"
        )
        figures[f"{name}/{players}/{opponent}"] = {
            "games": len(shares),
            "score_rate": round(rate, 3),
            "interval95": [round(low, 3), round(high, 3)],
            "budget": None if goal is None else round(goal, 3),
            "met": ok,
            "mean_points": None if mean_points is None else round(mean_points, 2),
        }
    timing_ok = True
    times: dict[str, float] = {}
    for level, limit in (("hard", HARD_P95_SECONDS), ("easy", EASY_P95_SECONDS)):
        by_game: dict[str, list[float]] = {}
        for (name, players, _), played in results.items():
            for p in played:
                by_game.setdefault(f"{name}/{players}", []).extend(p.times[level])
        every = [t for values in by_game.values() for t in values]
        shown = ", ".join(f"{key} {p95(values):.2f}" for key, values in by_game.items() if values)
        print(f"{level}: {len(every)} moves, p95 {p95(every):.3f} s (budget {limit} s); {shown}")
        timing_ok = timing_ok and p95(every) <= limit
        times[level] = round(p95(every), 3)
    print(f"all budgets met: {met and timing_ok} ({seconds:.0f} s)")
    figures["move_time_p95_s"] = times
    figures["within_budget"] = met and timing_ok
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
