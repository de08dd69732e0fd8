"""Seating a challenge's players: a random first player, then play goes round in join
order (the rulings' "random first player, play clockwise"), and the options that name a
player follow that player to their seat.

Pure: the random choice comes in as `first` (a join index) and the seed as `seed`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import games


def seat_order(players: int, first: int) -> list[int]:
    """The seat of each join index when join index `first` plays first: seats go round
    in join order from there (seat_of_join[j])."""
    return [(join - first) % players for join in range(players)]


def seated_options(
    game: games.Game, options: Mapping[str, Any], seat_of_join: list[int]
) -> dict[str, Any]:
    """The match's options, with every option that names a player (by join index)
    turned into that player's seat."""
    seated = dict(options)
    for option in game.kind.options:
        if option.names_player:
            seated[option.name] = seat_of_join[seated[option.name]]
    return seated
