"""/next: a link to the match that has waited longest for the member, in any server they
share with the bot."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.next_game import answer_next_game


class NextGame(commands.Cog):
    """The match that waits for you."""

    def __init__(self, bot: commands.Bot | commands.AutoShardedBot) -> None:
        self.bot = bot

    @app_commands.command(name="next")
    @app_commands.guild_only()
    async def next_game(self, interaction: discord.Interaction) -> None:
        """Go to the match that has waited longest for your move (the nearest deadline first)."""
        await answer_next_game(interaction)
