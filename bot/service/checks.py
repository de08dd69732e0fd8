"""Checks of a match's setup that need no database, shared by the parts that start
matches or set a default for them (challenges, leagues, a server's settings)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import games
from bot.match.errors import BadOption
from bot.match.phrases import Message
from bot.match.records import MAX_CLOCK_HOURS
from games.wording import reason_of


def check_clock(
    hours: int, increment_hours: int | None = None, cap_hours: int | None = None
) -> int:
    """A clock in hours per turn (0: none), or with `increment_hours` a time bank starting
    at `hours` (at most `cap_hours`); BadOption saying what is allowed."""
    for figure in (hours, increment_hours, cap_hours):
        if figure is None:
            continue
        if not isinstance(figure, int) or isinstance(figure, bool) or figure < 0:
            raise BadOption(Message("clock.not_whole", figure=repr(figure)))
        if figure > MAX_CLOCK_HOURS:
            raise BadOption(Message("clock.too_long", days=MAX_CLOCK_HOURS // 24, figure=figure))
    if increment_hours is None and cap_hours is not None:
        raise BadOption(Message("clock.cap_without_bank"))
    if increment_hours is not None and not hours:
        raise BadOption(Message("clock.empty_bank"))
    if cap_hours is not None and cap_hours < hours:
        raise BadOption(Message("clock.cap_below_start"))
    return hours


def checked_setup(
    game: games.Game, seats: int, invited: int, options: Mapping[str, Any] | None
) -> dict[str, Any]:
    """The game's options for `seats` players, checked by making a position; BadOption
    saying why when the count or an option does not fit."""
    if seats < 1 + invited:
        raise BadOption(Message("challenge.no_room", players=seats, opponents=invited))
    try:
        game.check_players(seats)
        resolved = game.resolve_options(options)
        for option in game.kind.options:
            if option.names_player and resolved[option.name] >= seats:
                raise BadOption(
                    Message(
                        "challenge.option_player",
                        option=option.name,
                        player=resolved[option.name] + 1,
                        players=seats,
                    )
                )
        game.new(seats, seed=0, options=resolved)
    except ValueError as error:
        raise BadOption(Message("game.refused", reason=reason_of(error))) from None
    return resolved
