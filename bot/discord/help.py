"""The text of /help, made from the command tree itself (each command's description is its
help), so that it never lists a command that does not exist or forgets a new one."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from discord import app_commands

import games
from bot.discord import words as chat_words
from bot.presentation.catalogue import fill
from bot.presentation.labels import command_name, described

Command = app_commands.Command[Any, ..., Any] | app_commands.Group


def _is_admin(command: Command) -> bool:
    """Whether Discord offers the command only to members with some permission."""
    return command.default_permissions is not None and command.default_permissions.value != 0


def _name(command: Command) -> str:
    """A command's full name ("draw offer") as the member's Discord client shows it."""
    parent = f"{_name(command.parent)} " if command.parent is not None else ""
    return parent + command_name(command.name)


def _line(command: Command) -> str:
    """One line: `/name` and its description; a group names its subcommands (in the
    language spoken, as Discord shows them to the member)."""
    if isinstance(command, app_commands.Group):
        subs = " · ".join(command_name(sub.name) for sub in command.commands)
        return fill(
            chat_words.HELP_GROUP,
            command=_name(command),
            subcommands=subs,
            description=described(command.description),
        )
    return fill(
        chat_words.HELP_COMMAND, command=_name(command), description=described(command.description)
    )


def help_text(commands: Iterable[Command], admin: bool) -> str:
    """The guide: what to do first, every player's command, the admin commands when
    `admin`, and how to read each game's rules."""
    listed = sorted(commands, key=lambda c: command_name(c.name))
    players = [_line(c) for c in listed if not _is_admin(c)]
    parts = [fill(chat_words.HELP_INTRO), "\n".join([fill(chat_words.HELP_PLAYERS), *players])]
    if admin:
        gated = [c for c in listed if _is_admin(c)]
        subs = [
            _line(sub)
            for command in gated
            for sub in (command.commands if isinstance(command, app_commands.Group) else [command])
        ]
        parts.append("\n".join([fill(chat_words.HELP_ADMINS), *subs]))
    rules = [
        fill(chat_words.HELP_GAME, game=games.get(name).title, name=name) for name in games.names()
    ]
    parts.append("\n".join([fill(chat_words.HELP_GAMES), *rules]))
    return "\n\n".join(parts)
