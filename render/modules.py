"""The picture module of each game, and how the rest of `render` calls one.

A game's module is registered under the game's name (the project's own in `_MODULES`,
others, such as the tests' games, with `register`); see `render` for what a module
provides. `ending` (how a match ended) reaches only the functions that take it: a
module that does not take it draws and describes its positions as they stand.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Hashable
from functools import lru_cache
from types import ModuleType
from typing import Any

from PIL import Image

from render import shiftago, shifting_stones, shifty, skift
from render.theme import RGB, Theme

#: The per-game picture modules, by game name.
_MODULES: dict[str, ModuleType] = {
    "skift": skift,
    "shiftago": shiftago,
    "shifty": shifty,
    "shifting-stones": shifting_stones,
}


def register(game_name: str, module: ModuleType) -> None:
    """Draw the game called `game_name` with `module` (see `render` for what it provides)."""
    _MODULES[game_name] = module


def unregister(game_name: str) -> None:
    """Forget the picture module of `game_name` (tests that registered their own)."""
    _MODULES.pop(game_name, None)


def has_picture(game_name: str) -> bool:
    """Whether the game called `game_name` has a board picture."""
    return game_name in _MODULES


def module_of(state: Any) -> ModuleType:
    """The picture module of the state's game; ValueError if it has none."""
    name = state.game.name
    try:
        return _MODULES[name]
    except KeyError:
        raise ValueError(f"There is no board picture for the game {name!r} yet.") from None


def extra_colours(module: ModuleType, theme: Theme) -> tuple[RGB, ...]:
    """The colours a game's pictures use beyond the theme's (its `extra_colours`)."""
    extra = getattr(module, "extra_colours", None)
    return tuple(extra(theme)) if extra else ()


@lru_cache(maxsize=64)
def _takes_ending(function: Callable[..., Any]) -> bool:
    return "ending" in inspect.signature(function).parameters


def _ending(function: Callable[..., Any], ending: str | None) -> dict[str, str]:
    """The `ending` keyword for `function`, if there is one to give and it takes it."""
    return {"ending": ending} if ending is not None and _takes_ending(function) else {}


def draw(
    module: ModuleType,
    state: Any,
    *,
    last_move: Hashable | None,
    seat: int | None,
    size: int,
    theme: Theme,
    ending: str | None = None,
    **layout: Any,
) -> Image.Image:
    """The module's RGB picture of `state` (`layout`: its `replay_layout` keywords)."""
    more = _ending(module.draw, ending)
    picture: Image.Image = module.draw(
        state, last_move=last_move, seat=seat, size=size, theme=theme, **more, **layout
    )
    return picture


def describe(
    module: ModuleType, state: Any, last_move: Hashable | None, ending: str | None = None
) -> str:
    """The module's words for `state`."""
    words: str = module.describe(state, last_move, **_ending(module.describe, ending))
    return words
