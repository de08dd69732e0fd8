"""Game options typed as text ("variant=expert handicap=2"), for every game without game code.

A match's options are one string of `name=value` words. `parse_options` reads it against the
game's `Option` list (checking each value through the game itself); `option_value` writes a
value as it is typed.
"""

from __future__ import annotations

from typing import Any

import games
from bot.match.phrases import Message
from bot.presentation import sentences
from bot.presentation.catalogue import TypedWrong, fill
from games import Game, Option
from games.wording import quoted, reason_of


class OptionsError(TypedWrong):
    """The options text cannot be read; the message says which word and what is allowed."""


def game_named(name: str) -> Game:
    """The game called `name`, or an OptionsError listing the games there are."""
    try:
        return games.get(name)
    except KeyError:
        known = ", ".join(games.names())
        raise OptionsError(Message("options.no_game", game=quoted(name), games=known)) from None


def parse_options(game: Game, text: str | None) -> dict[str, Any]:
    """The options named in `text`, checked against `game.kind.options` (defaults are left out).

    Words are `name=value` (or `name:value`); a bare name of a yes/no option means yes.
    """
    known = {o.name: o for o in game.kind.options}
    chosen: dict[str, Any] = {}
    for word in (text or "").replace(",", " ").split():
        name, sep, value = word.replace(":", "=").partition("=")
        name = name.strip().lower()
        option = known.get(name)
        if option is None:
            names = ", ".join(known) or "none"
            raise OptionsError(
                Message("options.unknown", game=game.title, option=quoted(name), options=names)
            )
        if not sep:
            if option.type is not bool:
                raise OptionsError(
                    Message("options.no_value", option=name, example=example(option))
                )
            value = "yes"
        if name in chosen:
            raise OptionsError(Message("options.twice", option=name))
        try:
            chosen[name] = option.check(value)
        except ValueError as error:
            raise OptionsError(Message("game.refused", reason=reason_of(error))) from None
    return chosen


def format_options(game: Game, options: dict[str, Any]) -> str:
    """The options that differ from the defaults, as `name=value` words ("" for none).

    Options naming a player are left out: their number means a player in join order on a
    challenge and a seat in a match, and by itself it says nothing to a reader."""
    words = []
    for option in game.kind.options:
        value = options.get(option.name, option.default)
        if value != option.default and not option.names_player:
            words.append(f"{option.name}={option_value(value)}")
    return " ".join(words)


def example(option: Option) -> str:
    """One `name=value` word for `option` with a value other than the default if there is one."""
    others = [c for c in option.choices if c != option.default]
    return f"{option.name}={option_value(others[0] if others else option.default)}"


def describe_option(option: Option) -> str:
    """One line of help: name, allowed values, default and what it does."""
    default = option_value(option.default)
    if not option.choices:
        return fill(sentences.OPTION_FREE, option=option.name, default=default, help=option.help)
    choices = "/".join(option_value(c) for c in option.choices)
    return fill(
        sentences.OPTION_CHOICES,
        option=option.name,
        choices=choices,
        default=default,
        help=option.help,
    )


def option_value(value: Any) -> str:
    """A value of an option as it is typed: yes/no for a yes/no option."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
