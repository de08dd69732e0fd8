"""The recorded series as the Markdown tables of docs/players.md ("How strong the levels
are"): the ladder, a column per game, and every series with its figures
(`benchmarks/ai.py --markdown`). Rows and columns follow the levels' order, strongest
first, then the baselines by time."""

from __future__ import annotations

from collections.abc import Iterator

import games
from benchmarks import ladder
from benchmarks.rates import wilson
from benchmarks.record import Record
from benchmarks.series import AGAINST_BASELINE, BASELINE, LEVELS, RANDOM, Series, scaled


def baseline_title(seconds: float) -> str:
    """A baseline of the ladder by its time at full budgets: "plain UCT, 4 x hard's time"
    where that time is a factor the series use of a level's cap, else its seconds."""
    for level, goals in AGAINST_BASELINE.items():
        for factor, _ in goals:
            if abs(scaled(level, 1.0).seconds * factor - seconds) < 1e-9:
                times = "" if factor == 1 else f"{factor:g} x "
                return f"plain UCT, {times}{level}'s time"
    return f"plain UCT, {seconds:g} s"


def ladder_table(records: list[Record]) -> str:
    """Each player's rating per game with the games it rests on, as a Markdown table
    ("-" where a game has no rating for the player)."""
    ladders = ladder.ladders(records)
    names = sorted(ladders, key=lambda name: (games.get(name).kind.rank, name))
    ratings = {name: {rung.player: rung for rung in ladders[name]} for name in names}
    seconds = {
        float(player.removeprefix(f"{BASELINE} ").removesuffix("s"))
        for rungs in ladders.values()
        for rung in rungs
        if (player := rung.player).startswith(BASELINE)
    }
    players = [(f"`{level}`", level) for level in reversed(LEVELS)]
    players += [(baseline_title(s), f"{BASELINE} {s:g}s") for s in sorted(seconds, reverse=True)]
    lines = ["| player | " + " | ".join(games.get(n).title for n in names) + " |"]
    lines.append("| --- |" + " --- |" * len(names))
    for title, player in players:
        cells = []
        for name in names:
            rung = ratings[name].get(player)
            cells.append("-" if rung is None else f"{rung.rating:.0f} ({rung.games})")
        lines.append(f"| {title} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def against(series: Series) -> str:
    """Who the measured level met, in words."""
    if series.opponent is None:
        return "alone"
    if series.opponent == BASELINE:
        return f"plain UCT at {series.uct_time:g} x its time"
    if series.opponent == RANDOM:
        return "random players"
    return f"`{series.opponent}`"


def budget(one: Record) -> str:
    """The budget the series is asked to meet and whether it is, or its mean points."""
    series = one.series
    points = one.mean_points()
    if series.opponent is None and points is not None:
        return f"mean points {points:.1f}"
    goal = series.target()
    if goal is None:
        return "none"
    shares = one.shares
    return f"{goal:.0%}: {'met' if series.met(sum(shares), len(shares)) else 'not met'}"


def series_rows(records: list[Record]) -> Iterator[str]:
    """One row per series, by game, player count, level and opponent."""
    for one in sorted(records, key=lambda r: (games.get(r.series.game).title, r.series.name)):
        series, shares = one.series, one.shares
        if not shares:
            continue
        sides = [series.player] + ([series.opponent] if series.opponent else [])
        times = " / ".join(f"{series.seconds(who):.3g}" for who in sides)
        low, high = wilson(sum(shares), len(shares))
        loads = [load for run in one.runs for load in run["load"]]
        cells = (
            games.get(series.game).title,
            str(series.players),
            f"`{series.player}`",
            against(series),
            times,
            f"{series.scale:g}",
            str(len(shares)),
            "-".join(str(n) for n in one.tally()),
            f"{sum(shares) / len(shares):.0%}",
            f"{low:.0%}-{high:.0%}",
            budget(one),
            f"{min(loads):.1f}-{max(loads):.1f}" if loads else "",
        )
        yield "| " + " | ".join(cells) + " |"


def series_table(records: list[Record]) -> str:
    """Every series with its figures, as a Markdown table."""
    head = (
        "| game | players | level | against | time per move (s) | scale | games "
        "| won-drawn-lost | score | 95% interval | budget | load |"
    )
    return "\n".join([head, "|" + " --- |" * 12, *series_rows(records)])
