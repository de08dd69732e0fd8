"""Places and ratings: who finished where, and openskill (Plackett-Luce) updates.

Ratings are kept per server and game. Every seat of a rated match is ranked: the seats
still playing by the result (winners first, then by score where the game keeps one), and
below them the seats that left, the last to leave ranked best.

The number players see is the estimate itself, 1500 + 40 x (mu - 25): it moves with
results only (a draw between equals changes nothing), unlike the conservative mu - 3
sigma, which rises with every game played. Until a player has `PROVISIONAL_GAMES` rated
games in a game it is shown with a question mark ("1480?").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from openskill.models import PlackettLuce

from games import Outcome

MODEL = PlackettLuce()
#: Rated games before a rating stops being provisional.
PROVISIONAL_GAMES = 5
#: A newcomer's displayed rating.
START_RATING = 1500


def display_rating(mu: float) -> int:
    """The rating players see: 1500 + 40 x (mu - 25), rounded (a newcomer shows 1500)."""
    return round(START_RATING + 40 * (mu - MODEL.mu))


def rating_label(mu: float, games_played: int) -> str:
    """The rating as shown: "1532", or "1480?" while it is provisional."""
    mark = "?" if games_played < PROVISIONAL_GAMES else ""
    return f"{display_rating(mu)}{mark}"


def outcome_places(outcome: Outcome, playing: Sequence[int]) -> dict[int, int]:
    """Places (1 best) of the seats still playing, from the game's outcome."""
    if outcome.draw:
        return dict.fromkeys(playing, 1)
    places = {seat: 1 for seat in playing if seat in outcome.winners}
    others = [seat for seat in playing if seat not in places]
    if outcome.scores is None:
        places.update(dict.fromkeys(others, 2))
    else:
        distinct = sorted({outcome.scores[seat] for seat in others}, reverse=True)
        places.update({seat: 2 + distinct.index(outcome.scores[seat]) for seat in others})
    return places


def seat_ranks(players: int, places: Mapping[int, int], left: Sequence[int]) -> tuple[int, ...]:
    """Every seat's rank: `places` for seats still playing, then `left` (first to leave
    first) below them, the last to leave ranked best."""
    ranks = dict(places)
    below = max(places.values(), default=0)
    for offset, seat in enumerate(reversed(left), start=1):
        ranks[seat] = below + offset
    missing = sorted(set(range(players)) - set(ranks))
    if missing:
        raise ValueError(f"seats {missing} have no place")
    return tuple(ranks[seat] for seat in range(players))


def rate(
    before: Sequence[tuple[float, float] | None], ranks: Sequence[int]
) -> list[tuple[float, float]]:
    """Each seat's (mu, sigma) after a match, from (mu, sigma) before (None: a newcomer)
    and the seats' ranks (1 best, ties share a rank)."""
    teams = [[MODEL.rating(*r) if r is not None else MODEL.rating()] for r in before]
    after = MODEL.rate(teams, ranks=list(ranks))
    return [(team[0].mu, team[0].sigma) for team in after]
