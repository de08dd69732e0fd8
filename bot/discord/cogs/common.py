"""What the cogs share: command groups usable only in servers."""

from __future__ import annotations

from typing import Any

from discord import app_commands


def server_group(name: str, description: str, **extra: Any) -> app_commands.Group:
    """A slash command group that Discord offers only in servers, never in DMs."""
    return app_commands.Group(
        name=name,
        description=description,
        guild_only=True,
        allowed_contexts=app_commands.AppCommandContext(guild=True),
        **extra,
    )
