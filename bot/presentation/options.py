"""Game options in words, for every game without game code: a match's options are one
string of `name=value` words ("variant=expert handicap=2"). `format_options` writes those
that differ from the defaults, `option_value` a value as it is typed, `describe_option` a
line of help with its sentences here; reading what a player typed is
`parsing.parse_options`'.
"""

from __future__ import annotations

from typing import Any

from bot.presentation.catalogue import fill
from games import Game, Option

OPTION_CHOICES = "{option} ({choices}; default {default}): {help}"
OPTION_FREE = "{option} (default {default}): {help}"


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
        return fill(OPTION_FREE, option=option.name, default=default, help=option.help)
    choices = "/".join(option_value(c) for c in option.choices)
    return fill(
        OPTION_CHOICES,
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
