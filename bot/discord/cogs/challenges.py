"""/challenge: invite members to a match, or post an open challenge anyone may join."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.autocomplete import GameOption, clock_choices, option_choices
from bot.discord.options import parse_options
from bot.discord.posting import STYLE, pings
from bot.discord.replies import CHALLENGE_PERMISSIONS, Refusal, answer, begin, require_permissions
from bot.discord.text import challenge_text, parse_clock
from bot.discord.views import challenge_view


class Challenges(commands.Cog):
    """Challenges: the start of every match."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="challenge")
    @app_commands.guild_only()
    @app_commands.describe(
        game="The game to play",
        opponent="Whom to challenge (leave empty for an open challenge anyone may join)",
        opponent2="A second opponent, for games of three or more",
        opponent3="A third opponent, for games of four or more",
        players="How many players in all; seats beyond the named opponents are open to anyone",
        options="The game's options as name=value words, e.g. variant=expert (see /rules)",
        clock="Time per move: 3d (days), 12h (hours) or none; empty: the server's default",
        takebacks="Whether a player may ask to take back their last move (default: yes)",
        auto_timeout="End the match when time runs out (default: the waiting player claims it)",
    )
    @app_commands.autocomplete(options=option_choices, clock=clock_choices)
    async def challenge(
        self,
        interaction: discord.Interaction,
        game: GameOption,
        opponent: discord.Member | None = None,
        opponent2: discord.Member | None = None,
        opponent3: discord.Member | None = None,
        players: app_commands.Range[int, 2, 8] | None = None,
        options: str | None = None,
        clock: str | None = None,
        takebacks: bool = True,
        auto_timeout: bool = False,
    ) -> None:
        """Challenge members to a match, or post an open challenge that anyone may join."""
        game_options = parse_options(game, options)
        clock_hours = parse_clock(clock)
        opponents = list(dict.fromkeys(m for m in (opponent, opponent2, opponent3) if m))
        if any(m.bot for m in opponents):
            raise Refusal("Bots cannot play; challenge a person.")
        if not isinstance(interaction.channel, discord.TextChannel):
            raise Refusal(
                "Post challenges in a text channel, not in a thread: every match gets a "
                "thread of its own."
            )
        require_permissions(interaction.app_permissions, CHALLENGE_PERMISSIONS)
        await begin(interaction)
        service = self.bot.service
        posted = await service.create_challenge(
            interaction.guild_id,
            interaction.channel_id,
            interaction.user.id,
            game.name,
            opponents=[m.id for m in opponents],
            players=players,
            options=game_options,
            clock_hours=clock_hours,
            auto_timeout=auto_timeout,
            takebacks=takebacks,
        )
        try:
            message = await interaction.channel.send(
                challenge_text(posted, STYLE),
                view=challenge_view(posted),
                allowed_mentions=pings(posted.invited),
            )
        except discord.HTTPException:
            await service.cancel_challenge(posted.id, interaction.user.id)
            raise
        await service.set_challenge_message(posted.id, message.id)
        await answer(interaction, f"Challenge #{posted.id} is posted: {message.jump_url}")
