"""Running issue 25's series in worker processes and printing what they show.

`run` plays the games a list of series still lacks (see `benchmarks/series.py`) and saves
each as it ends (`benchmarks/record.py`); `report` prints every recorded series with its
95% interval and budget, then the ladder per game (`benchmarks/ladder.py`).
"""

from __future__ import annotations

import multiprocessing
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import nullcontext
from typing import TypeVar

from benchmarks import ladder, record
from benchmarks.rates import wilson
from benchmarks.record import Record, Run
from benchmarks.series import Series, cpu_clock, jobs_to_play, play

T = TypeVar("T")
R = TypeVar("R")


def played_all(
    play: Callable[[T], R],
    tasks: list[T],
    jobs: int,
    initializer: Callable[[], None] | None = None,
) -> Iterator[R]:
    """Each task played, in `jobs` processes (each set up by `initializer`), as they
    finish; the count so far on stderr."""
    started = time.monotonic()
    pooled = jobs > 1 or initializer is not None
    with multiprocessing.Pool(jobs, initializer) if pooled else nullcontext() as pool:
        played = pool.imap_unordered(play, tasks) if pool else map(play, tasks)
        for done, result in enumerate(played, 1):
            elapsed = time.monotonic() - started
            print(f"{done}/{len(tasks)} games, {elapsed:.0f} s", end="\r", file=sys.stderr)
            yield result


def run(series: list[Series], games: int, jobs: int, first: int = 0) -> None:
    """Play games `first` to `first` + `games` - 1 of every series, but those already
    recorded."""
    records = {one: record.load(one) for one in series}
    played = {one: set(r.results) for one, r in records.items()}
    runs = {one: Run.starting(one) for one in series}
    to_play = jobs_to_play(series, games, played, first)
    for done in played_all(play, to_play, jobs, cpu_clock):
        add_to = records[done.series]
        record.add(add_to, runs[done.series], done)
        record.save(add_to)


def report(records: list[Record]) -> bool:
    """Print each series' score, its interval and budget, and the ladders; whether every
    budget was met."""
    print("time per move: CPU seconds of one process (the level's cap; it may stop sooner)")
    print("a series named scaleF ran with every level's budget and the baseline's time times F")
    print(f"{'series':<48}{'s/move':>14}{'games':>6}  {'W-D-L':<9}{'score':>6}  95% interval")
    met = True
    for one in records:
        series = one.series
        shares = one.shares
        low, high = wilson(sum(shares), len(shares))
        rate = sum(shares) / len(shares) if shares else 0.0
        goal = series.target()
        ok = series.met(sum(shares), len(shares))
        met = met and ok
        verdict = (
            "no budget" if goal is None else f"budget {goal:.0%}: {'met' if ok else 'NOT MET'}"
        )
        points = one.mean_points()
        if series.opponent is None and points is not None:
            verdict = f"mean points {points:.1f}"
        sides = [series.player] + ([series.opponent] if series.opponent else [])
        times = "/".join(f"{series.seconds(who):.3g}" for who in sides)
        tally = "-".join(str(n) for n in one.tally())
        loads = [load for run in one.runs for load in run["load"]]
        load = f"load {min(loads):.1f}-{max(loads):.1f}" if loads else ""
        print(
            f"{series.name:<48}{times:>14}{len(shares):>6}  {tally:<9}{rate:>6.1%}  "
            f"{low:.1%}-{high:.1%}  ({verdict}; {load})"
        )
    for game, rungs in ladder.ladders(records).items():
        print(f"\nladder, {game} (Bradley-Terry; easy at 1000, else the first baseline):")
        for rung in rungs:
            print(f"  {rung.player:<24}{rung.rating:>7.0f}  ({rung.games} games)")
    return met
