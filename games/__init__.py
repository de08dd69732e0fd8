"""The rules core: every game behind one small interface (see `games.base`).

import games
game = games.get("skift")
state = game.new(players=2, seed=0)
state = state.play(state.parse_move("c3-c4"))
"""

from __future__ import annotations

from pathlib import Path

from games.base import Game, GameState, IllegalMove, InvalidMove, Option, Outcome
from games.shiftago import SHIFTAGO
from games.shifting_stones import SHIFTING_STONES
from games.shifty import SHIFTY
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
    "register",
    "unregister",
    "use_data_folder",
]

_REGISTRY: dict[str, Game] = {
    game.name: game for game in (SKIFT, SHIFTAGO, SHIFTY, SHIFTING_STONES)
}


def register(game: Game) -> None:
    """Add a game to the registry (a game of the project's, or a test's own); a second
    game of the same name raises ValueError."""
    if game.name in _REGISTRY and _REGISTRY[game.name] is not game:
        raise ValueError(f"A game called {game.name!r} is registered already.")
    _REGISTRY[game.name] = game


def unregister(name: str) -> None:
    """Remove the game called `name` (tests that registered their own); unknown: no-op."""
    _REGISTRY.pop(name, None)


def use_data_folder(folder: Path) -> None:
    """Give every registered game its folder for files a server admin puts in place:
    `folder / <game name>` (read only by games that take such files, e.g. decks)."""
    for game in _REGISTRY.values():
        game.data_folder = folder / game.name


def names() -> list[str]:
    """The registered games' names, in the order they were added."""
    return list(_REGISTRY)


def get(name: str) -> Game:
    """The game called `name`; an unknown name raises KeyError naming the known games."""
    try:
        return _REGISTRY[name.strip().lower()]
    except KeyError:
        raise KeyError(f"No game called {name!r}; known games: {', '.join(_REGISTRY)}.") from None
