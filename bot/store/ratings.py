"""Rows of ratings: each member's openskill rating and record per server and game, the
changes a match made, standings, and the results of solo matches (never rated)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.match.engine_seats import rating_member
from bot.match.ratings import MODEL, rate, rating_label
from bot.match.records import Match, RatingChange
from bot.store import matches as match_rows
from bot.store.sql import Connection, rows


async def apply_ratings(
    conn: Connection,
    match: Match,
    ranks: Sequence[int],
    winners: Sequence[int],
    draw: bool,
) -> tuple[RatingChange, ...]:
    """Update the players' ratings and win/draw/loss counts from their ranks; record and
    return the changes (two round trips besides the read). A bot seat is rated as its
    level (`engine_seats.rating_member`); a level that plays several seats of one match
    is updated once, from its first seat (the others count as opponents only)."""
    members = [s.member_id for s in match.seats]
    raters = [rating_member(m) for m in members]
    marks = ",".join("?" * len(raters))
    found = await rows(
        conn,
        f"SELECT member_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ? "
        f"AND member_id IN ({marks})",
        (match.guild_id, match.game, *raters),
    )
    known = {row["member_id"]: (row["mu"], row["sigma"], row["games"]) for row in found}
    before = [known[r][:2] if r in known else None for r in raters]
    after = rate(before, ranks)
    changes = []
    counted = []  # (each rater once: a level from its first seat)
    for seat, member in enumerate(members):
        rater = raters[seat]
        mu, sigma = after[seat]
        old = before[seat] or (MODEL.mu, MODEL.sigma)  # a newcomer starts where the model does
        played = (known[rater][2] if rater in known else 0) + 1
        changes.append(RatingChange(member, match.game, old[0], old[1], mu, sigma, played))
        if rater in raters[:seat]:
            continue  # the level was rated from its first seat
        won = member in winners
        drew = draw and ranks[seat] == 1
        lost = not won and not drew
        counted.append(
            (match.guild_id, match.game, rater, mu, sigma, int(won), int(drew), int(lost))
        )
    await match_rows.store_rating_changes(conn, match.id, changes)
    await conn.run_many(
        "INSERT INTO ratings (guild_id, game, member_id, mu, sigma, games, wins, draws, "
        "losses) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?) "
        "ON CONFLICT (guild_id, game, member_id) DO UPDATE SET mu = excluded.mu, "
        "sigma = excluded.sigma, games = ratings.games + 1, "
        "wins = ratings.wins + excluded.wins, draws = ratings.draws + excluded.draws, "
        "losses = ratings.losses + excluded.losses",
        counted,
    )
    return tuple(changes)


async def seat_ratings(conn: Connection, match: Match) -> dict[int, str]:
    """Each seat's member's rating as shown ("1532", "1500?" for a newcomer) in the
    match's server and game, by member (a bot seat shows its level's); empty for an
    unrated match."""
    if not match.moves_ratings:
        return {}
    raters = {m: rating_member(m) for m in match.members}
    marks = ",".join("?" * len(raters))
    found = await rows(
        conn,
        f"SELECT member_id, mu, games FROM ratings WHERE guild_id = ? AND game = ? "
        f"AND member_id IN ({marks})",
        (match.guild_id, match.game, *raters.values()),
    )
    known = {row["member_id"]: rating_label(row["mu"], row["games"]) for row in found}
    newcomer = rating_label(MODEL.mu, 0)
    return {member: known.get(rater, newcomer) for member, rater in raters.items()}


_STANDING = ("member_id", "mu", "sigma", "games", "wins", "draws", "losses")


async def standings_rows(
    conn: Connection, guild_id: int, game: str, limit: int
) -> list[tuple[Any, ...]]:
    """(member, mu, sigma, games, wins, draws, losses) of a server's rated players in one
    game, best estimate first."""
    found = await rows(
        conn,
        f"SELECT {', '.join(_STANDING)} FROM ratings "
        "WHERE guild_id = ? AND game = ? ORDER BY mu DESC, member_id LIMIT ?",
        (guild_id, game, limit),
    )
    return [tuple(row[column] for column in _STANDING) for row in found]


_STATS = ("game", "mu", "games", "wins", "draws", "losses", "better")


async def stats_rows(conn: Connection, guild_id: int, member_id: int) -> list[tuple[Any, ...]]:
    """(game, mu, games, wins, draws, losses, players rated better) per game of a member."""
    found = await rows(
        conn,
        "SELECT game, mu, games, wins, draws, losses, (SELECT COUNT(*) FROM ratings o "
        "WHERE o.guild_id = r.guild_id AND o.game = r.game AND ROUND(40 * o.mu) > "
        "ROUND(40 * r.mu)) AS better FROM ratings r WHERE guild_id = ? AND member_id = ? "
        "ORDER BY game",
        (guild_id, member_id),
    )
    return [tuple(row[column] for column in _STATS) for row in found]


async def solo_rows(conn: Connection, guild_id: int, member_id: int) -> list[Any]:
    """(game, played, won, best score or None) of a member's finished solo matches per
    game, by game (the results' JSON is read here, the same on either database)."""
    found = await rows(
        conn,
        "SELECT m.game, m.result FROM matches m JOIN match_players p ON p.match_id = m.id "
        "WHERE m.guild_id = ? AND p.member_id = ? AND m.players = 1 "
        "AND m.status = 'finished' ORDER BY m.game, m.id",
        (guild_id, member_id),
    )
    per_game: dict[str, list[Any]] = {}
    for row in found:
        game, result = row["game"], json.loads(row["result"])
        totals = per_game.setdefault(game, [game, 0, 0, None])
        totals[1] += 1
        totals[2] += bool(result["winners"])
        score = result["scores"][0] if result["scores"] else None
        if score is not None and (totals[3] is None or score > totals[3]):
            totals[3] = score
    return list(per_game.values())
