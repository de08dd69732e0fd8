"""The pictures of each game (`render.pictures.Pictures`), and how the rest of `render`
calls them.

A game's pictures live in a package under `render/` that declares them as `PICTURES`;
importing `render` finds and registers every such package (`discover`), so there is no
list to edit. Others, such as the tests' games, are registered with `register`.
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any

import games
from games.base import GameState
from render.pictures import Pictures
from render.theme import THEMES

#: The registered pictures, by game name.
_PICTURES: dict[str, Pictures[Any]] = {}


def discover(package: ModuleType) -> list[Pictures[Any]]:
    """The pictures declared (as `PICTURES`) by the modules and packages directly inside
    `package` (`games.declared`); they are not registered."""
    return games.declared(package, "PICTURES", Pictures)


def _check_styles(pictures: Pictures[Any]) -> None:
    """ValueError unless every theme has a style for each seat name of the game."""
    if pictures.pieces is None:
        return
    game = games.get(pictures.game)
    for theme in THEMES.values():
        named = {style.name for style in pictures.styles(theme)}
        missing = [name for name in game.kind.seat_names if name not in named]
        if missing or not game.kind.seat_names:
            raise ValueError(
                f"The pictures of {game.name} draw seat pieces, but the {theme.name} theme "
                f"has no seat style for {', '.join(missing) or 'its unnamed seats'}."
            )


def register(pictures: Pictures[Any]) -> None:
    """Draw the game called `pictures.game` with `pictures` (registered in `games`
    first); a seat name without a seat style in some theme raises ValueError."""
    _check_styles(pictures)
    _PICTURES[pictures.game] = pictures


def unregister(game_name: str) -> None:
    """Forget the pictures of `game_name` (tests that registered their own)."""
    _PICTURES.pop(game_name, None)


def has_picture(game_name: str) -> bool:
    """Whether the game called `game_name` has a board picture."""
    return game_name in _PICTURES


def registered() -> list[Pictures[Any]]:
    """Every registered game's pictures, by game name."""
    return [_PICTURES[name] for name in sorted(_PICTURES)]


def pictures_of(state: GameState) -> Pictures[Any]:
    """The pictures of the state's game; ValueError if it has none."""
    name = state.game.name
    try:
        return _PICTURES[name]
    except KeyError:
        raise ValueError(f"There is no board picture for the game {name!r} yet.") from None


for _pictures in discover(sys.modules["render"]):
    register(_pictures)
