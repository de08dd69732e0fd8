"""Standings: points, then tie-breaks, then shared places.

Points are as in `records` (win 1, draw 1/2, loss 0, bye 1; tables by place). The
tie-breaks weigh each game by the opponents' final points:

- Sonneborn-Berger (round robins): for every game, what the player scored against each
  opponent at the table times that opponent's points, averaged over the opponents at the
  table (two players: the points of the opponents beaten plus half of those drawn).
- Buchholz (Swiss): for every game, the mean points of the opponents at the table
  (two players: the sum of the opponents' points).
- Median Buchholz (Swiss, second): Buchholz without the best and the worst game's
  value, once there are three games or more.

A round not played over the board (a bye, a game won or lost by forfeit) counts in the
tie-breaks as a game against a stand-in opponent with the player's own points: it
neither helps nor harms players tied on points who had as many such rounds.
Players equal on points and every tie-break share a place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bot.league.records import Result, Round, histories

SONNEBORN_BERGER = "Sonneborn-Berger"
BUCHHOLZ = "Buchholz"
MEDIAN_BUCHHOLZ = "median Buchholz"
#: The tie-breaks of each kind of league, in order.
ROUND_ROBIN_TIE_BREAKS = (SONNEBORN_BERGER,)
SWISS_TIE_BREAKS = (BUCHHOLZ, MEDIAN_BUCHHOLZ)


@dataclass(frozen=True)
class Standing:
    """One line of the standings: place (shared by equals), player, points, the
    tie-breaks in the order asked for, games finished (forfeits included) and byes."""

    place: int
    player: int
    points: Fraction
    tie_breaks: tuple[Fraction, ...]
    games: int
    byes: int


def standings(
    players: Sequence[int],
    rounds: Sequence[Round],
    results: Sequence[Result],
    tie_breaks: Sequence[str],
) -> list[Standing]:
    """The standings of `players` (everyone who ever played in the league) after the
    results known so far, best first; `tie_breaks` are names from this module."""
    history = histories(players, rounds, results)
    points = {p: history[p].points for p in history}
    per_game: dict[int, list[tuple[Fraction, Fraction]]] = {p: [] for p in points}
    for result in results:
        seats = result.pairing.seats
        for player in seats:
            others = [o for o in seats if o != player]
            strength = [points[o] if result.played(player, o) else points[player] for o in others]
            scores = [result.score(player, o) for o in others]
            buchholz = sum(strength, Fraction(0)) / len(others)
            berger = sum((s * w for s, w in zip(scores, strength, strict=True)), Fraction(0))
            per_game[player].append((buchholz, berger / len(others)))
    for round_ in rounds:
        for player in round_.byes:
            per_game[player].append((points[player], points[player]))
    values: dict[int, tuple[Fraction, ...]] = {
        p: tuple(_tie_break(name, per_game[p]) for name in tie_breaks) for p in points
    }
    ranked = sorted(players, key=lambda p: (-points[p], tuple(-v for v in values[p])))
    lines: list[Standing] = []
    for index, player in enumerate(ranked):
        previous = lines[-1] if lines else None
        tied = previous is not None and (points[player], values[player]) == (
            previous.points,
            previous.tie_breaks,
        )
        place = previous.place if tied and previous is not None else index + 1
        games = len(per_game[player]) - history[player].byes
        lines.append(
            Standing(place, player, points[player], values[player], games, history[player].byes)
        )
    return lines


def _tie_break(name: str, games: list[tuple[Fraction, Fraction]]) -> Fraction:
    """One tie-break from each game's (Buchholz, Sonneborn-Berger) values."""
    if name == SONNEBORN_BERGER:
        return sum((berger for _, berger in games), Fraction(0))
    buchholz = sorted(value for value, _ in games)
    if name == BUCHHOLZ:
        return sum(buchholz, Fraction(0))
    if name == MEDIAN_BUCHHOLZ:
        return sum(buchholz[1:-1] if len(buchholz) > 2 else buchholz, Fraction(0))
    raise ValueError(f"There is no tie-break called {name!r}.")


def format_points(points: Fraction) -> str:
    """Points as players read them: "3", "2½", or two decimals for thirds and the like."""
    whole, part = divmod(points, 1)
    if part == 0:
        return str(int(whole))
    if part == Fraction(1, 2):
        return f"{int(whole)}½" if whole else "½"
    return f"{float(points):.2f}"
