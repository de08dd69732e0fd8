"""/premove: conditional premoves ("if they play X, I play Y"), entered, listed and cleared
privately; the service plays one right after the move it answers, and the thread shows
both moves as usual (see `bot.match.premoves`)."""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import words as chat_words
from bot.discord.actions import chosen_match, match_here, service_of
from bot.discord.autocomplete import MatchNumber, my_match_choices
from bot.discord.cogs.common import server_group
from bot.discord.replies import answer, begin
from bot.match.premoves import Premove
from bot.presentation.catalogue import fill

MATCH_HELP = "The match's number (default: this thread's)"


def premoves_text(match_id: int, held: Sequence[Premove]) -> str:
    """A member's premoves in a match, for them alone."""
    if not held:
        return fill(chat_words.NO_PREMOVES, match=match_id)
    lines = [fill(chat_words.PREMOVES_HEAD, match=match_id)]
    lines += [fill(chat_words.PREMOVE, if_move=p.if_move, then_move=p.then_move) for p in held]
    lines.append(fill(chat_words.PREMOVES_DROPPED))
    return "\n".join(lines)


async def match_id_of(interaction: discord.Interaction, number: int | None) -> int:
    """The match a premove command means: the one named by number, else this thread's."""
    chosen = await chosen_match(interaction, number)
    return chosen if chosen is not None else (await match_here(interaction)).id


class Premoves(commands.Cog):
    """Conditional premoves in two-player games without hidden information or chance."""

    premove = server_group(
        "premove", description="Answer your opponent's next move in advance, privately"
    )

    def __init__(self, bot: commands.Bot | commands.AutoShardedBot) -> None:
        self.bot = bot

    @premove.command(name="add")
    @app_commands.describe(
        if_they_play="Your opponent's next move that you want to answer",
        i_play="Your answer, played at once if they play that move",
        match=MATCH_HELP,
    )
    @app_commands.autocomplete(match=my_match_choices)
    async def add(
        self,
        interaction: discord.Interaction,
        if_they_play: app_commands.Range[str, 1, 100],
        i_play: app_commands.Range[str, 1, 100],
        match: MatchNumber | None = None,
    ) -> None:
        """If your opponent plays a move, play your answer at once (only you see it)."""
        await begin(interaction)
        match_id = await match_id_of(interaction, match)
        held = await service_of(interaction).premoves.add_premove(
            match_id, interaction.user.id, if_they_play, i_play
        )
        await answer(interaction, premoves_text(match_id, held))

    @premove.command(name="list")
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=my_match_choices)
    async def show(
        self, interaction: discord.Interaction, match: MatchNumber | None = None
    ) -> None:
        """Show your premoves in this thread's match (only you see them)."""
        await begin(interaction)
        match_id = await match_id_of(interaction, match)
        held = await service_of(interaction).premoves.premoves(match_id, interaction.user.id)
        await answer(interaction, premoves_text(match_id, held))

    @premove.command(name="clear")
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=my_match_choices)
    async def clear(
        self, interaction: discord.Interaction, match: MatchNumber | None = None
    ) -> None:
        """Delete your premoves in this thread's match."""
        await begin(interaction)
        match_id = await match_id_of(interaction, match)
        count = await service_of(interaction).premoves.clear_premoves(match_id, interaction.user.id)
        done = chat_words.PREMOVES_DELETED if count else chat_words.HAD_NO_PREMOVES
        await answer(interaction, fill(done, premoves=count, match=match_id))
