"""/about: which Shiftcord this is and how it is doing (version, uptime, latency, servers)."""

from __future__ import annotations

import math
import time
from datetime import timedelta

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import words as chat_words
from bot.discord.cogs.common import anywhere
from bot.discord.replies import answer, begin
from bot.presentation import clocks
from bot.presentation.catalogue import fill
from bot.presentation.clocks import span_words
from bot.version import shiftcord_version


class About(commands.Cog):
    """The bot's own facts, shown only to whoever asked."""

    def __init__(self, bot: commands.Bot | commands.AutoShardedBot) -> None:
        self.bot = bot
        self.started = time.monotonic()

    @app_commands.command(name="about")
    @anywhere
    async def about(self, interaction: discord.Interaction) -> None:
        """Which Shiftcord this is: its version, how long it has run, its latency, its servers."""
        await begin(interaction)
        await answer(interaction, self.about_text())

    def about_text(self) -> str:
        """The answer of /about, read now."""
        latency = self.bot.latency
        measured = fill(chat_words.NOT_MEASURED_YET)
        if math.isfinite(latency):
            measured = fill(chat_words.LATENCY_MS, ms=f"{latency * 1000:.0f}")
        return fill(
            chat_words.ABOUT,
            version=shiftcord_version(),
            uptime=uptime_words(time.monotonic() - self.started),
            latency=measured,
            servers=len(self.bot.guilds),
        )


def uptime_words(seconds: float) -> str:
    """How long the bot has run: "3 minutes" under an hour (whole minutes run), else
    "2 days 5 hours"."""
    if seconds < 3600:
        return fill(clocks.SPAN_MINUTES, minutes=int(seconds // 60))
    return span_words(timedelta(seconds=seconds))
