"""The console's command table: the slash commands typed as text, and how a line is read.

A command is a slash command's name (groups as two words, "draw offer") followed by its
options as `name:value`, or in the table's order without names.
"""

from __future__ import annotations

import shlex

import games
from bot.console import words as console_words
from bot.match.actions import PLAYER_ACTIONS, MatchAction
from bot.match.shown import clean_name
from bot.presentation.catalogue import fill
from bot.presentation.errors import Refusal

#: Every command with its option names in order (groups as two words, "draw offer"); the
#: match actions without options come from `bot.match.actions.PLAYER_ACTIONS`.
COMMANDS: dict[str, tuple[str, ...]] = {
    "challenge": (
        "game",
        "opponent",
        "opponent2",
        "opponent3",
        "opponent4",
        "players",
        "options",
        "clock",
        "takebacks",
        "auto_timeout",
        "rated",
        "bots",
        "level",
        "weekend_pause",
    ),
    "accept": ("challenge",),
    "decline": ("challenge",),
    "move": ("notation",),
    "moves": ("prefix",),
    "play": (),
    "choose": ("number",),
    "back": (),
    "confirm": (),
    "undo": (),
    "cancel": (),
    "board": ("theme",),
    "resign": ("confirm",),
    **{action.command: () for action in PLAYER_ACTIONS},
    "hand": (),
    "hint": (),
    "matches": (),
    "history": ("member", "game", "match"),
    "export": ("match",),
    "analysis": ("match",),
    "standings": ("game",),
    "stats": ("member",),
    "rules": ("game",),
    "settings show": (),
    "settings reminders": ("enabled",),
    "settings preview": ("show",),
    "settings alttext": ("show",),
    "settings vacation": ("days",),
    "settings theme": ("theme",),
    "admin theme": ("theme",),
    "leave": (),
    "tick": ("time",),
}
#: The console's own commands, with what `help` says of each.
SESSION_COMMANDS = console_words.SESSION_HELP
#: The match actions typed as their command.
ACTION_COMMANDS: dict[str, MatchAction] = {action.command: action for action in PLAYER_ACTIONS}
MAX_NUMBER = 999_999_999  # the largest number typed (a match, a challenge, days, seats)
MAX_NAME = 32  # characters, as Discord's display names
#: What is read as yes and as no, in every language the console speaks: what is typed is
#: the same in every language, but a German player answering "ja" means yes.
YES = frozenset({"yes", "true", "on", "ja", "oui", "sí", "si"})
NO = frozenset({"no", "false", "off", "nein", "non"})
FREE_TEXT = {"notation", "prefix", "time"}  # options that take the rest of the line, spaces and all


class ConsoleError(Refusal, ValueError):
    """A line the console cannot read; the message says what to type."""


def split_line(line: str) -> list[str]:
    """A typed line as words, quoted words kept whole ("Mary Jane"); a ConsoleError for a
    quote left open."""
    try:
        return shlex.split(line)
    except ValueError as error:
        raise ConsoleError(fill(console_words.UNREADABLE_LINE, error=error)) from None


def parse_line(line: str) -> tuple[str, dict[str, str]]:
    """A typed line as (command, options); raises ConsoleError for unknown commands and
    options."""
    words = split_line(line)
    if not words:
        return "", {}
    if len(words) == 1 and words[0].isdigit():  # a number alone chooses in the composer
        return "choose", {"number": words[0]}
    name = words[0].lower()
    if name not in COMMANDS and len(words) > 1 and f"{name} {words[1].lower()}" in COMMANDS:
        name, words = f"{name} {words[1].lower()}", words[1:]
    if name not in COMMANDS:
        raise ConsoleError(fill(console_words.NO_COMMAND, command=repr(name)))
    params = COMMANDS[name]
    rest = words[1:]
    if len(params) == 1 and params[0] in FREE_TEXT and rest:
        text = " ".join(rest)
        key, sep, value = text.partition(":")
        return name, {params[0]: value.strip() if sep and key == params[0] else text}
    options: dict[str, str] = {}
    for position, word in enumerate(rest):
        key, sep, value = word.partition(":")
        if sep and key in params:
            options[key] = value
        elif "=" in word and "options" in params and params[position:][:1] != ("options",):
            together = f"{options.get('options', '')} {word}".strip()
            raise ConsoleError(
                fill(
                    console_words.OPTIONS_IN_ONE_VALUE,
                    command=name,
                    word=repr(word),
                    together=together,
                )
            )
        elif position < len(params) and params[position] not in options:
            options[params[position]] = word
        else:
            if not params:
                raise ConsoleError(fill(console_words.NO_OPTIONS, command=name, word=repr(word)))
            known = ", ".join(params)
            raise ConsoleError(
                fill(console_words.NO_SUCH_OPTION, command=name, word=repr(word), options=known)
            )
    return name, options


def player_name(text: str) -> str:
    """A player's name as typed, spaces tidied; a ConsoleError when empty or too long."""
    name = clean_name(text)
    if not name:
        raise ConsoleError(fill(console_words.GIVE_A_NAME))
    if len(name) > MAX_NAME:
        raise ConsoleError(fill(console_words.NAME_TOO_LONG, most=MAX_NAME))
    return name


def whole_number(text: str, what: str) -> int:
    """`text` read as a whole number from 0 to `MAX_NUMBER`, or a ConsoleError naming
    `what` was expected."""
    digits = text.strip()
    if not digits.isascii() or not digits.isdigit():
        raise ConsoleError(fill(console_words.NOT_A_NUMBER, what=what, typed=repr(text)))
    if len(digits) > len(str(MAX_NUMBER)) or int(digits) > MAX_NUMBER:
        raise ConsoleError(
            fill(console_words.NUMBER_TOO_LARGE, what=what, most=MAX_NUMBER, typed=digits)
        )
    return int(digits)


def yes_or_no(text: str) -> bool:
    """`text` read as yes (True) or no (False), in any language the console speaks, or a
    ConsoleError."""
    lowered = text.strip().lower()
    if lowered not in YES and lowered not in NO:
        raise ConsoleError(fill(console_words.YES_OR_NO, typed=repr(text)))
    return lowered in YES


def confirms(text: str) -> bool:
    """Whether `text` confirms what was asked (resigning): yes in any language the console
    speaks, or the word confirm, as help writes `resign [confirm]`."""
    lowered = text.strip().lower()
    return lowered in YES or lowered == "confirm"


def usage(name: str) -> str:
    """A command with its options in order: "board [theme]"."""
    return " ".join((name, *(f"[{p}]" for p in COMMANDS[name])))


def help_text() -> str:
    """Every console command with its options."""
    lines = [fill(console_words.HELP_HEAD)]
    lines += [fill(console_words.HELP_LINE, usage=usage(name)) for name in COMMANDS]
    lines += [fill(console_words.HELP_LINE, usage=line) for line, _ in SESSION_COMMANDS.values()]
    lines.append(fill(console_words.HELP_NUMBER))
    lines.append(fill(console_words.HELP_GAMES, games=", ".join(games.names())))
    return "\n".join(lines)


def command_named(words: list[str]) -> str:
    """The command named by `words` ("draw offer"), or a ConsoleError."""
    name = " ".join(words).lower()
    if name not in COMMANDS and name not in SESSION_COMMANDS:
        raise ConsoleError(fill(console_words.NO_COMMAND, command=repr(name)))
    return name
