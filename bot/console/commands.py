"""The console's command table: the slash commands typed as text, and how a line is read.

A command is a slash command's name (groups as two words, "draw offer") followed by its
options as `name:value`, or in the table's order without names.
"""

from __future__ import annotations

import shlex

import games
from bot.match.actions import PLAYER_ACTIONS, MatchAction
from bot.match.shown import clean_name
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
    "board": ("theme",),
    "resign": ("confirm",),
    **{action.command: () for action in PLAYER_ACTIONS},
    "hand": (),
    "matches": (),
    "history": ("member", "game", "match"),
    "export": ("match",),
    "standings": ("game",),
    "stats": ("member",),
    "rules": ("game",),
    "settings show": (),
    "settings reminders": ("enabled",),
    "settings vacation": ("days",),
    "settings theme": ("theme",),
    "admin theme": ("theme",),
    "leave": (),
    "tick": ("time",),
}
#: The console's own commands, with what `help` says of each.
SESSION_COMMANDS: dict[str, tuple[str, str]] = {
    "as": ("as NAME", 'Play as another player (quote names with spaces: as "Mary Jane").'),
    "use": ("use N", "Go into match N's thread: it becomes the current match."),
    "help": ("help [COMMAND]", "The commands, or what one command does and its options."),
    "quit": ("quit", "End the console (the end of the input does too)."),
}
#: The match actions typed as their command.
ACTION_COMMANDS: dict[str, MatchAction] = {action.command: action for action in PLAYER_ACTIONS}
MAX_NUMBER = 999_999_999  # the largest number typed (a match, a challenge, days, seats)
MAX_NAME = 32  # characters, as Discord's display names
FREE_TEXT = {"notation", "prefix", "time"}  # options that take the rest of the line, spaces and all


class ConsoleError(Refusal, ValueError):
    """A line the console cannot read; the message says what to type."""


def split_line(line: str) -> list[str]:
    """A typed line as words, quoted words kept whole ("Mary Jane"); a ConsoleError for a
    quote left open."""
    try:
        return shlex.split(line)
    except ValueError as error:
        raise ConsoleError(f"I cannot read that line: {error}.") from None


def parse_line(line: str) -> tuple[str, dict[str, str]]:
    """A typed line as (command, options); raises ConsoleError for unknown commands and
    options."""
    words = split_line(line)
    if not words:
        return "", {}
    name = words[0].lower()
    if name not in COMMANDS and len(words) > 1 and f"{name} {words[1].lower()}" in COMMANDS:
        name, words = f"{name} {words[1].lower()}", words[1:]
    if name not in COMMANDS:
        raise ConsoleError(f"There is no command {name!r}; type help for the list.")
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
                f"{name} has no option for {word!r}: give all the game's options as one quoted "
                f'value, options:"{together}".'
            )
        elif position < len(params) and params[position] not in options:
            options[params[position]] = word
        else:
            known = f"its options are {', '.join(params)}" if params else "it takes no options"
            raise ConsoleError(f"{name} has no option for {word!r}; {known}.")
    return name, options


def player_name(text: str) -> str:
    """A player's name as typed, spaces tidied; a ConsoleError when empty or too long."""
    name = clean_name(text)
    if not name:
        raise ConsoleError('Give a name, quoted if it has spaces: as "Mary Jane".')
    if len(name) > MAX_NAME:
        raise ConsoleError(f"A name has at most {MAX_NAME} characters, as on Discord.")
    return name


def whole_number(text: str, what: str) -> int:
    """`text` read as a whole number from 0 to `MAX_NUMBER`, or a ConsoleError naming
    `what` was expected."""
    digits = text.strip()
    if not digits.isascii() or not digits.isdigit():
        raise ConsoleError(f"Give {what} as a whole number, not {text!r}.")
    if len(digits) > len(str(MAX_NUMBER)) or int(digits) > MAX_NUMBER:
        raise ConsoleError(f"Give {what} as a whole number up to {MAX_NUMBER:,}, not {digits}.")
    return int(digits)


def yes_or_no(text: str) -> bool:
    """`text` read as yes (True) or no (False), or a ConsoleError."""
    lowered = text.strip().lower()
    if lowered not in ("yes", "no", "true", "false", "on", "off"):
        raise ConsoleError(f"Answer yes or no, not {text!r}.")
    return lowered in ("yes", "true", "on")


def usage(name: str) -> str:
    """A command with its options in order: "board [theme]"."""
    return " ".join((name, *(f"[{p}]" for p in COMMANDS[name])))


def help_text() -> str:
    """Every console command with its options."""
    lines = [
        "Commands (options as name:value, or in this order without names; "
        "help COMMAND says what one does):"
    ]
    lines += [f"  {usage(name)}" for name in COMMANDS]
    lines += [f"  {line}" for line, _ in SESSION_COMMANDS.values()]
    lines.append(f"Games: {', '.join(games.names())}.")
    return "\n".join(lines)


def command_named(words: list[str]) -> str:
    """The command named by `words` ("draw offer"), or a ConsoleError."""
    name = " ".join(words).lower()
    if name not in COMMANDS and name not in SESSION_COMMANDS:
        raise ConsoleError(f"There is no command {name!r}; type help for the list.")
    return name
