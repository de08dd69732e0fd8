"""The rules core: every game behind one small interface (see `games.base`).

import games
game = games.get("skift")
state = game.new(players=2, seed=0)
state = state.play(state.parse_move("c3-c4"))
"""

from __future__ import annotations

from games.base import Game, GameState, IllegalMove, InvalidMove, Option, Outcome
from games.shiftago import SHIFTAGO
from games.skift import SKIFT

__all__ = [
    "Game",
    "GameState",
    "IllegalMove",
    "InvalidMove",
    "Option",
    "Outcome",
    "get",
    "names",
]

_REGISTRY: dict[str, Game] = {game.name: game for game in (SKIFT, SHIFTAGO)}


def names() -> list[str]:
    """The registered games' names, in the order they were added."""
    return list(_REGISTRY)


def get(name: str) -> Game:
    """The game called `name`; an unknown name raises KeyError naming the known games."""
    try:
        return _REGISTRY[name.strip().lower()]
    except KeyError:
        raise KeyError(f"No game called {name!r}; known games: {', '.join(_REGISTRY)}.") from None
