"""Playing in a match's thread: move, board, resign, hand, hint and clock give."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import words as chat_words
from bot.discord.actions import (
    act,
    chosen_match,
    engine_player_of,
    here_of,
    match_here,
    named_or_here,
    poster_of,
    show_hand,
)
from bot.discord.activity import OPENS_ACTIVITY, launched
from bot.discord.autocomplete import MatchNumber, move_choices, my_match_choices, theme_choices
from bot.discord.cogs.common import anywhere, server_group
from bot.discord.markup import STYLE
from bot.discord.posting import as_file
from bot.discord.preview import preview as show_preview
from bot.discord.private import outside_servers
from bot.discord.replies import THREAD_PERMISSIONS, answer, begin, require_permissions
from bot.discord.views import resign_view
from bot.match.actions import GIVE_TIME, MOVE
from bot.presentation import matches
from bot.presentation.catalogue import fill
from bot.presentation.errors import Refusal
from bot.presentation.hints import hint_text
from bot.presentation.matches import board_caption
from bot.presentation.parsing import parse_time_given
from bot.presentation.pictures import board_picture
from bot.presentation.refusals import REFUSALS
from bot.service.settings import check_theme


class Play(commands.Cog):
    """Commands used inside a match's thread (the action commands without options, draw,
    takeback, abort and claim, are made in `bot.discord.match_commands`)."""

    clock = server_group("clock", description="The clocks of this thread's match")

    def __init__(self, bot: commands.Bot | commands.AutoShardedBot) -> None:
        self.bot = bot

    @clock.command(name="give")
    @app_commands.describe(
        time="How much more time each opponent gets: days like 1d or hours like 12h",
        match="The match's number (default: this thread's)",
    )
    @app_commands.autocomplete(match=my_match_choices)
    async def give(
        self,
        interaction: discord.Interaction,
        time: app_commands.Range[str, 1, 20],
        match: MatchNumber | None = None,
    ) -> None:
        """Give your opponents more time on their clocks (like 1d or 12h)."""
        hours = parse_time_given(time)
        number = await chosen_match(interaction, match)
        await act(interaction, number, GIVE_TIME, hours=hours)

    @app_commands.command(name="move")
    @anywhere
    @app_commands.describe(
        notation="Your move as on the board picture; pick from the list",
        match="The match's number (default: this thread's; needed where a match has no thread)",
        preview="Show you the position after the move first, with Confirm and Cancel buttons",
    )
    @app_commands.autocomplete(notation=move_choices)
    @app_commands.autocomplete(match=my_match_choices)
    async def move(
        self,
        interaction: discord.Interaction,
        notation: str,
        match: MatchNumber | None = None,
        preview: bool = False,
    ) -> None:
        """Play your move in this thread's match (the list shows your legal moves)."""
        number = await chosen_match(interaction, match)
        if preview:
            await show_preview(interaction, number, notation)
            return
        await act(interaction, number, MOVE, text=notation)

    @app_commands.command(name="board", extras={OPENS_ACTIVITY: True})
    @anywhere
    @app_commands.describe(theme="Show the board only to you, in this picture theme")
    @app_commands.choices(theme=theme_choices())
    async def board(self, interaction: discord.Interaction, theme: str | None = None) -> None:
        """Post the current board of this thread's match again (with a theme: only to you)."""
        if await launched(interaction):  # (Activities on: not acknowledged before)
            return
        await begin(interaction)
        match = await match_here(interaction)
        if theme is not None:
            poster = poster_of(interaction)
            ratings = await poster.service.queries.seat_ratings(match)
            players = await poster.seat_labels(interaction.guild, match, ratings)
            picture = await board_picture(
                match.public_view(), theme=check_theme(theme), players=players
            )
            await answer(interaction, board_caption(match, STYLE), files=[as_file(picture)])
            return
        if not outside_servers(interaction):
            require_permissions(interaction.app_permissions, THREAD_PERMISSIONS)
        await poster_of(interaction).post_board(match, here_of(interaction))
        await answer(interaction, fill(chat_words.BOARD_POSTED))

    @app_commands.command(name="resign")
    @anywhere
    @app_commands.describe(match="The match's number (default: this thread's)")
    @app_commands.autocomplete(match=my_match_choices)
    async def resign(
        self, interaction: discord.Interaction, match: MatchNumber | None = None
    ) -> None:
        """Resign this thread's match (you confirm with a button)."""
        await begin(interaction)
        playing = await named_or_here(interaction, match)
        if playing.seat_of(interaction.user.id) is None:
            raise Refusal(fill(REFUSALS["match.not_playing"], match=playing.id))
        await answer(
            interaction,
            fill(matches.CONFIRM_RESIGN, match=playing.id),
            view=resign_view(playing),
        )

    @app_commands.command(name="hand")
    @anywhere
    async def hand(self, interaction: discord.Interaction) -> None:
        """See what only you may see in this thread's match (your hand), privately."""
        await show_hand(interaction, None)

    @app_commands.command(name="hint")
    @anywhere
    @app_commands.describe(match="The match's number (default: this thread's)")
    @app_commands.autocomplete(match=my_match_choices)
    async def hint(
        self, interaction: discord.Interaction, match: MatchNumber | None = None
    ) -> None:
        """The bot's choice of move for you, and why, privately (casual and solo matches)."""
        await begin(interaction)
        playing = await named_or_here(interaction, match)
        hint = await engine_player_of(interaction).hint(playing, interaction.user.id)
        await answer(interaction, hint_text(playing.id, hint))
