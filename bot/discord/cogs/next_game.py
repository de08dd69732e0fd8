"""/next: a link to the match that has waited longest for the member, in any server they
share with the bot."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.actions import service_of
from bot.discord.markup import STYLE
from bot.discord.replies import answer, begin
from bot.presentation.deadlines import next_game_text


async def answer_next_game(interaction: discord.Interaction) -> None:
    """Answer privately with the member's next game (see `MatchService.next_game`), among
    the servers the bot is in: each match's players were members there."""
    await begin(interaction)
    guilds = {guild.id for guild in interaction.client.guilds}
    found = await service_of(interaction).next_game(interaction.user.id, guilds)
    await answer(interaction, next_game_text(found, STYLE.when))


class NextGame(commands.Cog):
    """The match that waits for you."""

    def __init__(self, bot: commands.Bot | commands.AutoShardedBot) -> None:
        self.bot = bot

    @app_commands.command(name="next")
    @app_commands.guild_only()
    async def next_game(self, interaction: discord.Interaction) -> None:
        """Go to the match that has waited longest for your move (the nearest deadline first)."""
        await answer_next_game(interaction)
