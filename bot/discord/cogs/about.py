"""/about: which Shiftcord this is and how it is doing (version, uptime, latency, servers)."""

from __future__ import annotations

import math
import time
from datetime import timedelta

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.replies import answer, begin
from bot.presentation.text import span_words
from bot.version import shiftcord_version
from games.wording import plural


class About(commands.Cog):
    """The bot's own facts, shown only to whoever asked."""

    def __init__(self, bot: commands.Bot | commands.AutoShardedBot) -> None:
        self.bot = bot
        self.started = time.monotonic()

    @app_commands.command(name="about")
    @app_commands.guild_only()
    async def about(self, interaction: discord.Interaction) -> None:
        """Which Shiftcord this is: its version, how long it has run, its latency, its servers."""
        await begin(interaction)
        await answer(interaction, self.about_text())

    def about_text(self) -> str:
        """The answer of /about, read now."""
        latency = self.bot.latency
        measured = f"{latency * 1000:.0f} ms" if math.isfinite(latency) else "not measured yet"
        return (
            f"**Shiftcord {shiftcord_version()}**\n"
            f"Running for {uptime_words(time.monotonic() - self.started)}.\n"
            f"Latency to Discord's gateway: {measured}.\n"
            f"Servers: {len(self.bot.guilds)}."
        )


def uptime_words(seconds: float) -> str:
    """How long the bot has run: "3 minutes" under an hour, else "2 days 5 hours"."""
    if seconds < 3600:
        return plural(int(seconds // 60), "minute")
    return span_words(timedelta(seconds=seconds))
