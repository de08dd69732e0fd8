"""The text of /help, made from the command tree itself (each command's description is its
help), so that it never lists a command that does not exist or forgets a new one."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from discord import app_commands

import games

INTRO = (
    "**Shiftcord: how to play**\n"
    "Challenge someone with `/challenge`; when every seat is taken the match gets its own "
    "thread, where you play with `/move` (the list shows your legal moves). Answers to you "
    "alone, like this one, are seen by nobody else."
)
#: Where each part of the help starts.
PLAYERS = "**Commands**"
ADMINS = "**For server admins** (Manage Server)"
GAMES = "**Games** (their rules: `/rules game:`)"

Command = app_commands.Command[Any, ..., Any] | app_commands.Group


def _is_admin(command: Command) -> bool:
    """Whether Discord offers the command only to members with some permission."""
    return command.default_permissions is not None and command.default_permissions.value != 0


def _line(command: Command) -> str:
    """One line: `/name` and its description; a group names its subcommands."""
    if isinstance(command, app_commands.Group):
        subs = " · ".join(sub.name for sub in command.commands)
        return f"- `/{command.name}` {subs}: {command.description}"
    return f"- `/{command.qualified_name}`: {command.description}"


def help_text(commands: Iterable[Command], admin: bool) -> str:
    """The guide: what to do first, every player's command, the admin commands when
    `admin`, and how to read each game's rules."""
    listed = sorted(commands, key=lambda c: c.name)
    players = [_line(c) for c in listed if not _is_admin(c)]
    parts = [INTRO, PLAYERS + "\n" + "\n".join(players)]
    if admin:
        gated = [c for c in listed if _is_admin(c)]
        subs = [
            _line(sub)
            for command in gated
            for sub in (command.commands if isinstance(command, app_commands.Group) else [command])
        ]
        parts.append(ADMINS + "\n" + "\n".join(subs))
    rules = [f"- {games.get(name).title}: `/rules game:{name}`" for name in games.names()]
    parts.append(GAMES + "\n" + "\n".join(rules))
    return "\n\n".join(parts)
