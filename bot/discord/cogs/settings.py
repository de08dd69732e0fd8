"""/settings: a member's reminders, private picture theme, vacation and whose challenges
they refuse."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.actions import service_of
from bot.discord.autocomplete import theme_choices
from bot.discord.cogs.common import server_group
from bot.discord.posting import STYLE
from bot.discord.replies import Refusal, answer, begin
from bot.discord.text import settings_text

#: The choice of following each server's picture theme.
SERVER_THEME = app_commands.Choice(name="server (each server's own theme)", value="server")


class MemberSettingsCog(commands.Cog, name="Settings"):
    """A member's own settings; they apply to all their matches everywhere."""

    settings = server_group(
        "settings",
        description="Your reminders, picture theme, vacation and whose challenges you take",
    )

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

    @settings.command(name="block")
    @app_commands.describe(
        member="Refuse challenges from this member",
        everyone="Refuse challenges from everyone (open challenges stay yours to join)",
    )
    async def block(
        self,
        interaction: discord.Interaction,
        member: discord.Member | None = None,
        everyone: bool = False,
    ) -> None:
        """Refuse challenges that name you, from one member or from everyone."""
        await self._block(interaction, member, everyone, True)

    @settings.command(name="unblock")
    @app_commands.describe(
        member="Take challenges from this member again",
        everyone="Take challenges from everyone again (members you blocked stay blocked)",
    )
    async def unblock(
        self,
        interaction: discord.Interaction,
        member: discord.Member | None = None,
        everyone: bool = False,
    ) -> None:
        """Take challenges again, from one member or from everyone."""
        await self._block(interaction, member, everyone, False)

    async def _block(
        self,
        interaction: discord.Interaction,
        member: discord.Member | None,
        everyone: bool,
        on: bool,
    ) -> None:
        await begin(interaction)
        if (member is None) == (not everyone):
            raise Refusal("Name one member, or choose everyone: True.")
        target = None if everyone else member.id if member else None
        mine = await service_of(interaction).set_block(interaction.user.id, target, on)
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
