"""/settings: a member's reminders, private picture theme and vacation."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.actions import service_of
from bot.discord.autocomplete import theme_choices
from bot.discord.cogs.common import server_group
from bot.discord.posting import STYLE
from bot.discord.replies import answer, begin
from bot.discord.text import settings_text

#: The choice of following each server's picture theme.
SERVER_THEME = app_commands.Choice(name="server (each server's own theme)", value="server")


class MemberSettingsCog(commands.Cog, name="Settings"):
    """A member's own settings; they apply to all their matches everywhere."""

    settings = server_group("settings", description="Your reminders, picture theme and vacation")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @settings.command(name="show")
    async def show(self, interaction: discord.Interaction) -> None:
        """Show your reminder setting, vacation and vacation days left this year."""
        await begin(interaction)
        mine = await service_of(interaction).member_settings(interaction.user.id)
        await answer(interaction, settings_text(mine, STYLE))

    @settings.command(name="reminders")
    @app_commands.describe(enabled="Whether the bot pings you when a turn has waited long")
    async def reminders(self, interaction: discord.Interaction, enabled: bool) -> None:
        """Turn reminder pings about your turns on or off."""
        await begin(interaction)
        mine = await service_of(interaction).set_reminders(interaction.user.id, enabled)
        await answer(interaction, settings_text(mine, STYLE))

    @settings.command(name="theme")
    @app_commands.describe(theme="The picture theme of what the bot shows only you")
    @app_commands.choices(theme=theme_choices(SERVER_THEME))
    async def theme(self, interaction: discord.Interaction, theme: str) -> None:
        """Choose the picture theme of boards and replays shown only to you, in every server."""
        await begin(interaction)
        chosen = None if theme == SERVER_THEME.value else theme
        mine = await service_of(interaction).set_member_theme(interaction.user.id, chosen)
        await answer(interaction, settings_text(mine, STYLE))

    @settings.command(name="vacation")
    @app_commands.describe(days="Days to pause all your clocks; 0 ends your vacation now")
    async def vacation(
        self, interaction: discord.Interaction, days: app_commands.Range[int, 0, 366]
    ) -> None:
        """Pause all your clocks for some days (your next move ends the vacation)."""
        await begin(interaction)
        service = service_of(interaction)
        if days == 0:
            mine = await service.end_vacation(interaction.user.id)
        else:
            mine = await service.start_vacation(interaction.user.id, days)
        await answer(interaction, settings_text(mine, STYLE))
