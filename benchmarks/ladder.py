"""One Elo-like rating per level and baseline per game, fitted from every two-player series.

A Bradley-Terry model: player i beats player j with probability p_i / (p_i + p_j); the
strengths p are fitted by maximum likelihood (Hunter's minorize-maximize iteration), a
draw counting half a win to each. Every pairing also counts one draw more, so that a
clean sweep gives a large but finite gap. Ratings are 400 log10 p on the Elo scale,
`easy` anchored at 1000 (where a game has no `easy` results, its first baseline). Only
players linked to the anchor through played pairings are rated.

A level is the same player at any budget scale (the series measure the ratio of search,
see `benchmarks/series.py`); the baseline is a player per time it thinks, named by its
time per move at full budgets ("uct 1.5s": the time of hard's cap).
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

from benchmarks.record import Record
from benchmarks.series import BASELINE, Series

#: The anchor's rating.
ANCHOR_RATING = 1000.0
#: The player anchored, where a game has it.
ANCHOR = "easy"
#: Iterations of the fit (it converges long before).
ROUNDS = 2000


@dataclass(frozen=True)
class Rung:
    """A player's place on a ladder: its rating and the games it was fitted from."""

    player: str
    rating: float
    games: int


def opponent_name(series: Series) -> str:
    """The opponent as a player of the ladder (the baseline named by its time)."""
    assert series.opponent is not None
    if series.opponent != BASELINE:
        return series.opponent
    return f"uct {series.seconds(BASELINE) / series.scale:g}s"


def fit(results: dict[tuple[str, str], tuple[float, int]]) -> dict[str, float]:
    """Ratings from results: (a, b) -> (a's score, games), anchored as the module says."""
    score: dict[str, float] = defaultdict(float)
    meetings: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for (a, b), (won, games) in results.items():
        score[a] += won + 0.5  # one draw more per pairing
        score[b] += games - won + 0.5
        meetings[a][b] += games + 1
        meetings[b][a] += games + 1
    players = linked(meetings, anchor_of(meetings))
    strength = {p: 1.0 for p in players}
    for _ in range(ROUNDS):
        strength = {
            p: score[p] / sum(n / (strength[p] + strength[q]) for q, n in meetings[p].items())
            for p in players
        }
    anchor = strength[anchor_of(meetings)]
    return {p: ANCHOR_RATING + 400 * math.log10(s / anchor) for p, s in strength.items()}


def anchor_of(meetings: dict[str, dict[str, float]]) -> str:
    """The anchored player: `easy`, else the first baseline, else the first player."""
    if ANCHOR in meetings:
        return ANCHOR
    baselines = sorted(p for p in meetings if p.startswith(BASELINE))
    return baselines[0] if baselines else min(meetings)


def linked(meetings: dict[str, dict[str, float]], start: str) -> set[str]:
    """The players linked to `start` through pairings."""
    found, frontier = {start}, [start]
    while frontier:
        for other in meetings[frontier.pop()]:
            if other not in found:
                found.add(other)
                frontier.append(other)
    return found


def ladders(records: list[Record]) -> dict[str, list[Rung]]:
    """The ladder of every game with two-player results, strongest first."""
    by_game: dict[str, dict[tuple[str, str], tuple[float, int]]] = defaultdict(dict)
    games: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for one in records:
        series = one.series
        if series.players != 2 or series.opponent is None or not one.results:
            continue
        pair = (series.player, opponent_name(series))
        won, played = by_game[series.game].get(pair, (0.0, 0))
        by_game[series.game][pair] = (won + sum(one.shares), played + len(one.results))
        for who in pair:
            games[series.game][who] += len(one.results)
    return {
        game: sorted(
            (Rung(p, r, games[game][p]) for p, r in fit(results).items()),
            key=lambda rung: -rung.rating,
        )
        for game, results in by_game.items()
    }
