"""How steady the bot's analysis is: issue 43's bounds on its estimates.

In every game that seats two, seeded games between two equal levels (`--level`, medium
unless given; their iterations without their time cap, so that every run plays the same
games) are played, each analysed as a player's Analysis press does
(`bot.service.analysis.analyse`, at the analysis budget); for every seat, the change of
its estimate from one judged position to the next is measured. A seat's estimate is its
expected result, so in a game of equal players it should move a little with each move and
jump only where a move really decides (a blunder, a win seen coming). The table shows,
per game and over all, the mean change in points (percentage points of expected result)
and the share of changes over 40 points; the budgets are a mean of at most 12 points and
at most one jump in ten. The last line is one JSON object. Games run in `--jobs`
processes (times measured on a busy machine are pessimistic, and a busy machine cuts
searches at their time cap: run it under `nice -n 19`).

    nice -n 19 .venv/bin/python benchmarks/analysis.py [--games 4] [--only skift] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

if __name__ == "__main__":  # run as a script, its own folder is first on the path, where
    # `ai` would be benchmarks/ai.py: look in the project
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

import ai  # noqa: E402
import games  # noqa: E402
from benchmarks import strength  # noqa: E402
from bot.match.replay import MOVE  # noqa: E402
from bot.service.analysis import AnalysisQuestion, analyse  # noqa: E402

#: Issue 43's bounds: the mean change of a seat's estimate between consecutive judged
#: positions, and the share of changes larger than `JUMP`, both at most.
MEAN_CHANGE_BOUND = 0.12
JUMP = 0.40
JUMP_SHARE_BOUND = 0.10
#: A game still running after this many plies is analysed as far as it went.
MAX_PLIES = 600
#: The players' time cap, far past what their iterations take, so that every run plays
#: the same games (the analysis keeps its own cap: that is what players get).
PLAYING_CAP = 60.0


@dataclass(frozen=True)
class Task:
    """One game to play and analyse: the game's name, its number (its seed) and the
    level both seats play at."""

    game: str
    index: int
    level: str


@dataclass(frozen=True)
class Measured:
    """An analysed game: every seat's change of estimate between consecutive judged
    positions, and how long the analysis took."""

    task: Task
    changes: list[float]
    plies: int
    seconds: float


def play_and_analyse(task: Task) -> Measured:
    """Play the task's game between two seats of its level, then analyse it."""
    # the level's iterations without its time cap: the same games on a busy machine
    level = replace(ai.Level.named(task.level).budget, seconds=PLAYING_CAP)
    state = games.get(task.game).new(players=2, seed=task.index)
    entries: list[tuple[str, int, str]] = []
    while state.outcome() is None and state.ply < MAX_PLIES:
        seat = state.current_player
        assert seat is not None
        move = ai.choose_move(state, seat, level, seed=task.index * 100_003 + state.ply)
        entries.append((MOVE, seat, state.format_move(move)))
        state = state.play(move)
    started = time.perf_counter()
    analysis = analyse(AnalysisQuestion(task.game, 2, task.index, {}, tuple(entries)))
    seconds = time.perf_counter() - started
    changes = [
        abs(after - before)
        for first, second in zip(analysis.points, analysis.points[1:], strict=False)
        for before, after in zip(first.chances, second.chances, strict=True)
    ]
    return Measured(task, changes, len(entries), seconds)


def figures(changes: list[float]) -> tuple[float, float]:
    """The mean change and the share of jumps over `JUMP` (0 and 0 for none)."""
    if not changes:
        return 0.0, 0.0
    return sum(changes) / len(changes), sum(c > JUMP for c in changes) / len(changes)


def main() -> None:
    """Play and analyse the games, print the table and the JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games per game kind")
    parser.add_argument("--level", default="medium", help="the level both seats play at")
    parser.add_argument("--only", help="one game's name")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    args = parser.parse_args()
    names = [args.only] if args.only else games.names()
    two = [n for n in names if games.get(n).kind.min_players <= 2 <= games.get(n).kind.max_players]
    tasks = [Task(name, index, args.level) for name in two for index in range(args.games)]
    started = time.perf_counter()
    measured: dict[str, list[Measured]] = {name: [] for name in two}
    for done in strength.played_all(play_and_analyse, tasks, args.jobs):
        measured[done.task.game].append(done)
    print(f"{'game':<16}{'games':>6}{'plies':>7}{'steps':>7}  {'mean':>6}  {'>40':>6}  analysis s")
    report: dict[str, object] = {}
    every: list[float] = []
    for name, analysed in measured.items():
        changes = [c for m in analysed for c in m.changes]
        every += changes
        mean, jumps = figures(changes)
        plies = sum(m.plies for m in analysed)
        seconds = sum(m.seconds for m in analysed) / max(1, len(analysed))
        print(
            f"{name:<16}{len(analysed):>6}{plies:>7}{len(changes):>7}  {100 * mean:>6.1f}  "
            f"{jumps:>6.1%}  {seconds:.1f}"
        )
        report[name] = {"mean_change": round(mean, 4), "jump_share": round(jumps, 4)}
    mean, jumps = figures(every)
    within = mean <= MEAN_CHANGE_BOUND and jumps <= JUMP_SHARE_BOUND
    print(
        f"all: mean change {100 * mean:.1f} points (bound {100 * MEAN_CHANGE_BOUND:.0f}), "
        f"jumps over {100 * JUMP:.0f} points {jumps:.1%} (bound {JUMP_SHARE_BOUND:.0%}): "
        f"{'within' if within else 'OUTSIDE'} ({time.perf_counter() - started:.0f} s)"
    )
    report["mean_change"] = round(mean, 4)
    report["jump_share"] = round(jumps, 4)
    report["within_bounds"] = within
    print(json.dumps(report))


if __name__ == "__main__":
    main()
