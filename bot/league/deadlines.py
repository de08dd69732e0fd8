"""Round deadlines and adjudication: what happens to matches still going at a round's
deadline.

A round ends when every one of its pairings has a result, or at its deadline, whichever
comes first. At the deadline every unfinished match is adjudicated by the league's rule:
`DRAW` (everyone at the table shares first place), or `CLOCK`: the player whose clock ran
longest in the match loses (placed last; several with exactly the longest share last
place) and the others share first place; all clocks equal is a draw.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta

from bot.league.records import Pairing, Result, Round

DRAW = "draw"
CLOCK = "clock"
RULES = (DRAW, CLOCK)


def round_deadline(started: datetime, days: int) -> datetime:
    """When a round that started at `started` and lasts `days` days ends."""
    return started + timedelta(days=days)


def unfinished(round_: Round, results: Iterable[Result]) -> list[Pairing]:
    """The pairings of the round that have no result yet, in board order."""
    done = {r.pairing for r in results if r.round == round_.number}
    return [p for p in round_.pairings if p not in done]


def round_over(round_: Round, results: Iterable[Result], deadline: datetime, now: datetime) -> bool:
    """Whether the round is over: every pairing has a result, or the deadline has come."""
    return now >= deadline or not unfinished(round_, results)


def adjudicate(
    round_number: int, pairing: Pairing, clock_used: Mapping[int, timedelta], rule: str
) -> Result:
    """The result of a match still going at its round's deadline, by the league's rule;
    `clock_used` is each player's total thinking time in the match so far."""
    if rule == DRAW:
        return Result.draw(round_number, pairing)
    if rule != CLOCK:
        raise ValueError(f"There is no adjudication rule called {rule!r}.")
    used = [clock_used[p] for p in pairing.seats]
    longest = max(used)
    if min(used) == longest:
        return Result.draw(round_number, pairing)
    return Result(round_number, pairing, tuple(2 if u == longest else 1 for u in used))


def adjudicate_round(
    round_: Round,
    results: Iterable[Result],
    clock_used: Mapping[int, timedelta],
    rule: str,
) -> list[Result]:
    """The adjudicated results of every match of the round still going at the deadline."""
    return [
        adjudicate(round_.number, pairing, clock_used, rule)
        for pairing in unfinished(round_, results)
    ]
