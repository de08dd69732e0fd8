"""The rules core: every game behind one small interface (see `games.base`).

import games
game = games.get("skift")
state = game.new(players=2, seed=0)
state = state.play(state.parse_move("c3-c4"))

Each game is a package `games/<name>/` that declares itself as `GAME` (its `Game`, whose
`kind` is its declared `GameType`); importing `games` finds and registers every such
package (`discover`), so there is no list to edit, and a fresh process (the engine's
spawned workers) knows every game too. `declared` is how packages are searched, for a
game's pictures (`render.modules`) as for its rules.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path
from types import ModuleType
from typing import TypeVar

from games.base import (
    Engine,
    Game,
    GameState,
    GameType,
    IllegalMove,
    InvalidMove,
    Option,
    Outcome,
)

__all__ = [
    "Engine",
    "Game",
    "GameState",
    "GameType",
    "IllegalMove",
    "InvalidMove",
    "Option",
    "Outcome",
    "declared",
    "discover",
    "get",
    "names",
    "register",
    "unregister",
    "use_data_folder",
]

T = TypeVar("T")

_REGISTRY: dict[str, Game] = {}


def declared(package: ModuleType, name: str, kind: type[T]) -> list[T]:
    """The values called `name` of type `kind` that the modules and packages directly
    inside `package` declare, in listing order of the modules. A package inside it that
    declares none raises TypeError: every package there is one (a game, its pictures)."""
    found: list[T] = []
    for info in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
        value = getattr(importlib.import_module(info.name), name, None)
        if isinstance(value, kind):
            found.append(value)
        elif info.ispkg:
            raise TypeError(
                f"The package {info.name} declares no {name} (a {kind.__module__}.{kind.__name__})."
            )
    return found


def discover(package: ModuleType) -> list[Game]:
    """The games declared (as `GAME`) by the modules and packages directly inside
    `package` (`declared`), in listing order (`GameType.rank`, then name); they are not
    registered."""
    found = declared(package, "GAME", Game)  # type: ignore[type-abstract]  # instances of it
    return sorted(found, key=lambda game: (game.kind.rank, game.name))


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


for _game in discover(sys.modules[__name__]):
    register(_game)
