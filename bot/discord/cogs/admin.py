"""/admin: for members who may manage the server: cancel a match, set server defaults."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import MAX_VACATION_DAYS
from bot.discord import words as chat_words
from bot.discord.actions import announce, guild_id_of, match_of_server, poster_of, service_of
from bot.discord.autocomplete import (
    MatchNumber,
    clock_choices,
    server_match_choices,
    theme_choices,
)
from bot.discord.cogs.common import server_group
from bot.discord.markup import STYLE
from bot.discord.replies import answer, begin
from bot.discord.speech import languages_of
from bot.presentation.catalogue import fill
from bot.presentation.errors import Refusal
from bot.presentation.language import LANGUAGE_NAMES
from bot.presentation.parsing import parse_clock
from bot.presentation.settings import guild_settings_text
from bot.service import GuildSettings

#: The choice of `/admin language` that follows the server's language on Discord.
AUTO = "auto"


def language_choices() -> list[app_commands.Choice[str]]:
    """The choices of `/admin language`: auto, then each language by its own name."""
    named = [app_commands.Choice(name=name, value=code) for code, name in LANGUAGE_NAMES.items()]
    return [app_commands.Choice(name=AUTO, value=AUTO), *named]


async def show_settings(interaction: discord.Interaction, guild: GuildSettings) -> None:
    """Answer with the server's settings, the language of its public posts among them."""
    public = languages_of(interaction).public(interaction.guild)
    await answer(interaction, guild_settings_text(guild, STYLE, public))


class Admin(commands.Cog):
    """Server administration; only members with Manage Server may use it."""

    admin = server_group(
        "admin",
        description="Server settings and match moderation (Manage Server)",
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: commands.Bot | commands.AutoShardedBot) -> None:
        self.bot = bot

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Refuse anyone without Manage Server, whatever the server's command settings say."""
        if not interaction.permissions.manage_guild:
            raise app_commands.MissingPermissions(["manage_guild"])
        return True

    @admin.command(name="cancel")
    @app_commands.describe(match="The number of the match to cancel")
    @app_commands.autocomplete(match=server_match_choices)
    async def cancel(self, interaction: discord.Interaction, match: MatchNumber) -> None:
        """Cancel an active match of this server (unrated)."""
        await begin(interaction)
        await match_of_server(interaction, match)
        update = await service_of(interaction).play.cancel_match(
            match, guild_id_of(interaction), interaction.user.id
        )
        poster = poster_of(interaction)
        told = await poster.announcement(update)
        await answer(
            interaction,
            fill(chat_words.CANCELLED, match=match) + await announce(interaction, told, poster),
        )

    @admin.command(name="clock")
    @app_commands.describe(clock="Time per move for new challenges: 3d, 12h or none")
    @app_commands.autocomplete(clock=clock_choices)
    async def clock(self, interaction: discord.Interaction, clock: str) -> None:
        """Set the default clock of new challenges in this server."""
        chosen = parse_clock(clock)
        if chosen is None:
            raise Refusal(fill(chat_words.GIVE_A_CLOCK))
        if chosen.increment_hours is not None:
            raise Refusal(fill(chat_words.SERVER_CLOCK_PER_MOVE))
        await begin(interaction)
        service = service_of(interaction)
        guild = await service.settings.set_guild_clock(guild_id_of(interaction), chosen.hours)
        await show_settings(interaction, guild)

    @admin.command(name="timeouts")
    @app_commands.describe(
        automatic="True: a late turn ends the match by itself; False: a waiting player claims it"
    )
    async def timeouts(self, interaction: discord.Interaction, automatic: bool) -> None:
        """Choose what new matches here do when a player's time runs out."""
        await begin(interaction)
        service = service_of(interaction)
        guild = await service.settings.set_guild_auto_timeout(guild_id_of(interaction), automatic)
        await show_settings(interaction, guild)

    @admin.command(name="weekends")
    @app_commands.describe(
        paused="True: clocks stop on Saturday and Sunday in the time zone of the player to move"
    )
    async def weekends(self, interaction: discord.Interaction, paused: bool) -> None:
        """Choose whether new matches here pause their clocks at weekends."""
        await begin(interaction)
        service = service_of(interaction)
        guild = await service.settings.set_guild_weekend_pause(guild_id_of(interaction), paused)
        await show_settings(interaction, guild)

    @admin.command(name="vacation")
    @app_commands.describe(days="Vacation days a year each member may pause this server's matches")
    async def vacation(
        self, interaction: discord.Interaction, days: app_commands.Range[int, 0, MAX_VACATION_DAYS]
    ) -> None:
        """Choose how many vacation days a year each member may take in this server."""
        await begin(interaction)
        service = service_of(interaction)
        guild = await service.settings.set_guild_vacation_days(guild_id_of(interaction), days)
        await show_settings(interaction, guild)

    @admin.command(name="language")
    @app_commands.describe(
        language="auto: the server's language on Discord; else the one public posts use"
    )
    @app_commands.choices(language=language_choices())
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        """Choose the language of this server's public posts (threads, challenges, news)."""
        await begin(interaction)
        chosen = None if language == AUTO else language
        guild_id = guild_id_of(interaction)
        guild = await service_of(interaction).settings.set_guild_language(guild_id, chosen)
        languages_of(interaction).choose(guild_id, chosen)
        await show_settings(interaction, guild)

    @admin.command(name="channel")
    @app_commands.describe(channel="The only channel for challenges; leave empty to allow any")
    async def channel(
        self, interaction: discord.Interaction, channel: discord.TextChannel | None = None
    ) -> None:
        """Choose the channel where challenges may be posted (or allow any channel)."""
        await begin(interaction)
        guild = await service_of(interaction).settings.set_challenge_channel(
            guild_id_of(interaction), channel.id if channel else None
        )
        await show_settings(interaction, guild)

    @admin.command(name="theme")
    @app_commands.describe(theme="The picture theme of boards, replays and examples here")
    @app_commands.choices(theme=theme_choices())
    async def theme(self, interaction: discord.Interaction, theme: str) -> None:
        """Choose the picture theme of this server's boards, replays and rules examples."""
        await begin(interaction)
        guild = await service_of(interaction).settings.set_guild_theme(
            guild_id_of(interaction), theme
        )
        await show_settings(interaction, guild)

    @admin.command(name="show")
    async def show(self, interaction: discord.Interaction) -> None:
        """Show this server's settings: clock, challenges, theme, timeouts, weekends, vacation,
        language."""
        await begin(interaction)
        guild = await service_of(interaction).settings.guild_settings(guild_id_of(interaction))
        await show_settings(interaction, guild)
