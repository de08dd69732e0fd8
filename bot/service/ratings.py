"""Places and ratings: who finished where, and openskill (Plackett-Luce) updates per game.

Ratings are kept per server and game. Every seat of a rated match is ranked: the seats
still playing by the result (winners first, then by score where the game keeps one), and
below them the seats that left, the last to leave ranked best.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import aiosqlite
from openskill.models import PlackettLuce

from bot.service import tables
from bot.service.records import Match, RatingChange
from games import Outcome

MODEL = PlackettLuce()


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


async def apply_ratings(
    conn: aiosqlite.Connection,
    match: Match,
    ranks: Sequence[int],
    winners: Sequence[int],
    draw: bool,
) -> tuple[RatingChange, ...]:
    """Update the players' ratings and win/draw/loss counts; record and return the changes."""
    members = [s.member_id for s in match.seats]
    marks = ",".join("?" * len(members))
    known = {
        member: (mu, sigma)
        for member, mu, sigma in await tables.rows(
            conn,
            f"SELECT member_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ? "
            f"AND member_id IN ({marks})",
            (match.guild_id, match.game, *members),
        )
    }
    before = [MODEL.rating(*known[m]) if m in known else MODEL.rating() for m in members]
    after = MODEL.rate([[r] for r in before], ranks=list(ranks))
    changes = []
    for seat, member in enumerate(members):
        new = after[seat][0]
        change = RatingChange(
            member, match.game, before[seat].mu, before[seat].sigma, new.mu, new.sigma
        )
        changes.append(change)
        won = member in winners
        drew = draw and ranks[seat] == 1
        await conn.execute(
            "INSERT INTO ratings (guild_id, game, member_id, mu, sigma, games, wins, draws, "
            "losses) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?) "
            "ON CONFLICT (guild_id, game, member_id) DO UPDATE SET mu = excluded.mu, "
            "sigma = excluded.sigma, games = games + 1, wins = wins + excluded.wins, "
            "draws = draws + excluded.draws, losses = losses + excluded.losses",
            (
                match.guild_id,
                match.game,
                member,
                new.mu,
                new.sigma,
                int(won),
                int(drew),
                int(not won and not drew),
            ),
        )
        await tables.store_rating_change(conn, match.id, seat, change)
    return tuple(changes)
