"""What the cogs share: where Discord offers a command (command groups usable only in
servers; `anywhere` for those that work in DMs and group DMs too)."""

from __future__ import annotations

from typing import Any, TypeVar

from discord import app_commands

T = TypeVar("T")


def server_group(name: str, description: str, **extra: Any) -> app_commands.Group:
    """A slash command group that Discord offers only in servers, never in DMs."""
    return app_commands.Group(
        name=name,
        description=description,
        guild_only=True,
        allowed_contexts=app_commands.AppCommandContext(guild=True),
        **extra,
    )


def anywhere(command: T) -> T:
    """Offer a command wherever the app is: in servers it was added to, and, for members
    who added it to their account (a user install), in any server, DM or group DM
    (`bot.discord.private`: where the bot is not a member it posts only in answers)."""
    installed = app_commands.allowed_installs(guilds=True, users=True)
    return installed(
        app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)(command)
    )


def servers_only(command: app_commands.Command[Any, ..., Any] | app_commands.Group) -> None:
    """Offer a command only in servers the app was added to (no user install), unless it
    says where else it is offered (`anywhere`)."""
    if command.allowed_installs is None:
        command.allowed_installs = app_commands.AppInstallationType(guild=True, user=False)
    if command.allowed_contexts is None:
        command.allowed_contexts = app_commands.AppCommandContext(guild=True)


def anywhere_group(name: str, description: str) -> app_commands.Group:
    """A slash command group offered wherever the app is (see `anywhere`)."""
    return app_commands.Group(
        name=name,
        description=description,
        allowed_installs=app_commands.AppInstallationType(guild=True, user=True),
        allowed_contexts=app_commands.AppCommandContext(
            guild=True, dm_channel=True, private_channel=True
        ),
    )
