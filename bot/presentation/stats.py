"""What players read about ratings: a server's standings for a game and a member's stats
(ratings, results and solo scores per game). Whole sentences with named placeholders,
then the functions that fill them.
"""

from __future__ import annotations

from collections.abc import Sequence

import games
from bot.match.ratings import PROVISIONAL_GAMES
from bot.presentation.catalogue import fill
from bot.presentation.writing import Style
from bot.service import PlayerStats, Standing

NO_STANDINGS = "Nobody has finished a rated {game} match here yet."
STANDINGS_HEAD = "**{game} standings**"
STANDING = "{rank}. {player}: {rating} ({played} played: {wins} won, {draws} drawn, {losses} lost)"
STATS_HEAD = "{player}: {active_matches}."
GAME_STATS = "{game}: rating {rating}; {played} played, {wins} won, {draws} drawn, {losses} lost."
GAME_STATS_RANKED = (
    "{game}: rating {rating}, rank {rank}; {played} played, {wins} won, {draws} drawn, "
    "{losses} lost."
)
SOLO_STATS = "{game} solo: {played} played, {won} won, {lost} lost."
SOLO_STATS_BEST = "{game} solo: {played} played, {won} won, {lost} lost, best score {best}."
NO_RATED_YET = "No finished rated matches yet."
PROVISIONAL = "A rating with ? is provisional: fewer than {games} rated games."


def standings_text(title: str, standings: Sequence[Standing], style: Style) -> str:
    """A server's table for one game."""
    if not standings:
        return fill(NO_STANDINGS, game=title)
    lines = [fill(STANDINGS_HEAD, game=title)]
    for s in standings:
        line = fill(
            STANDING,
            rank=s.rank,
            player=style.mention(s.member_id),
            rating=s.label,
            played=s.games,
            wins=s.wins,
            draws=s.draws,
            losses=s.losses,
        )
        lines.append(line)
    return "\n".join(lines)


def stats_text(stats: PlayerStats, style: Style) -> str:
    """A member's ratings and results per game."""
    player = style.mention(stats.member_id)
    lines = [fill(STATS_HEAD, player=player, active_matches=stats.active_matches)]
    for g in stats.games:
        line = fill(
            GAME_STATS_RANKED if g.rank else GAME_STATS,
            game=games.get(g.game).title,
            rating=g.label,
            rank=g.rank,
            played=g.games,
            wins=g.wins,
            draws=g.draws,
            losses=g.losses,
        )
        lines.append(line)
    for solo in stats.solo:
        line = fill(
            SOLO_STATS if solo.best_score is None else SOLO_STATS_BEST,
            game=games.get(solo.game).title,
            played=solo.played,
            won=solo.won,
            lost=solo.played - solo.won,
            best=solo.best_score,
        )
        lines.append(line)
    if not stats.games and not stats.solo:
        lines.append(fill(NO_RATED_YET))
    if any(g.label.endswith("?") for g in stats.games):
        lines.append(fill(PROVISIONAL, games=PROVISIONAL_GAMES))
    return "\n".join(lines)
