"""The slash commands of the match actions that take no option (draw, takeback, abort,
claim), made from `bot.match.actions.PLAYER_ACTIONS`: an action added there gets its
command here without another line of code. Two-word commands ("draw offer") become a
group with subcommands. They are offered in DMs and group DMs too (`anywhere`)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.actions import act
from bot.discord.cogs.common import anywhere, anywhere_group
from bot.match.actions import PLAYER_ACTIONS, MatchAction

#: What each group of action commands is for.
GROUP_HELP = {
    "draw": "Offer, accept or decline a draw",
    "takeback": "Take back your last action, or answer a request to",
}


def _command(action: MatchAction, name: str) -> app_commands.Command[Any, ..., None]:
    """A command that does `action` in the match of the thread it is used in."""

    async def run(interaction: discord.Interaction) -> None:
        await act(interaction, None, action)

    run.__doc__ = action.help
    command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name=name, description=action.help, callback=run
    )
    return anywhere(command)


def action_commands() -> list[app_commands.Command[Any, ..., None] | app_commands.Group]:
    """Every action command, grouped where its name has two words."""
    made: list[app_commands.Command[Any, ..., None] | app_commands.Group] = []
    groups: dict[str, app_commands.Group] = {}
    for action in PLAYER_ACTIONS:
        head, _, sub = action.command.partition(" ")
        if not sub:
            made.append(_command(action, head))
            continue
        if head not in groups:
            groups[head] = anywhere_group(head, description=GROUP_HELP[head])
            made.append(groups[head])
        groups[head].add_command(_command(action, sub))
    return made
