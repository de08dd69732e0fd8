"""Playing in a match's thread: move, board, resign, draw, takeback, abort, claim, hand."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.actions import act, match_here, poster_of, show_hand
from bot.discord.autocomplete import move_choices, theme_choices
from bot.discord.cogs.common import server_group
from bot.discord.pictures import board_picture
from bot.discord.posting import STYLE, as_file
from bot.discord.replies import THREAD_PERMISSIONS, Refusal, answer, begin, require_permissions
from bot.discord.text import board_caption
from bot.discord.views import resign_view
from bot.service.settings import check_theme


class Play(commands.Cog):
    """Commands used inside a match's thread."""

    draw = server_group("draw", description="Offer, accept or decline a draw")
    takeback = server_group("takeback", description="Ask to take back your last move, or answer")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="move")
    @app_commands.guild_only()
    @app_commands.describe(notation="Your move as on the board picture; pick from the list")
    @app_commands.autocomplete(notation=move_choices)
    async def move(self, interaction: discord.Interaction, notation: str) -> None:
        """Play your move in this thread's match (the list shows your legal moves)."""
        await act(interaction, None, "move", text=notation)

    @app_commands.command(name="board")
    @app_commands.guild_only()
    @app_commands.describe(theme="Show the board only to you, in this picture theme")
    @app_commands.choices(theme=theme_choices())
    async def board(self, interaction: discord.Interaction, theme: str | None = None) -> None:
        """Post the current board of this thread's match again (with a theme: only to you)."""
        await begin(interaction)
        match = await match_here(interaction)
        if theme is not None:
            picture = await board_picture(match.public_view(), theme=check_theme(theme))
            await answer(interaction, board_caption(match, STYLE), files=[as_file(picture)])
            return
        require_permissions(interaction.app_permissions, THREAD_PERMISSIONS)
        await poster_of(interaction).post_board(match, interaction.channel)
        await answer(interaction, "The board is posted.")

    @app_commands.command(name="resign")
    @app_commands.guild_only()
    async def resign(self, interaction: discord.Interaction) -> None:
        """Resign this thread's match (you confirm with a button)."""
        await begin(interaction)
        match = await match_here(interaction)
        if match.seat_of(interaction.user.id) is None:
            raise Refusal(f"You are not playing in match #{match.id}.")
        await answer(
            interaction,
            f"Do you really resign match #{match.id}? This cannot be undone.",
            view=resign_view(match),
        )

    @draw.command(name="offer")
    async def draw_offer(self, interaction: discord.Interaction) -> None:
        """Offer your opponents a draw."""
        await act(interaction, None, "offer_draw")

    @draw.command(name="accept")
    async def draw_accept(self, interaction: discord.Interaction) -> None:
        """Accept the draw you were offered."""
        await act(interaction, None, "accept_draw")

    @draw.command(name="decline")
    async def draw_decline(self, interaction: discord.Interaction) -> None:
        """Decline the draw you were offered (or withdraw your own offer)."""
        await act(interaction, None, "decline_draw")

    @takeback.command(name="ask")
    async def takeback_ask(self, interaction: discord.Interaction) -> None:
        """Ask to take back your last move."""
        await act(interaction, None, "ask_takeback")

    @takeback.command(name="grant")
    async def takeback_grant(self, interaction: discord.Interaction) -> None:
        """Let your opponent take back their last move."""
        await act(interaction, None, "grant_takeback")

    @takeback.command(name="refuse")
    async def takeback_refuse(self, interaction: discord.Interaction) -> None:
        """Refuse the takeback (or withdraw your own request)."""
        await act(interaction, None, "refuse_takeback")

    @app_commands.command(name="abort")
    @app_commands.guild_only()
    async def abort(self, interaction: discord.Interaction) -> None:
        """Call off this thread's match before everyone has moved (unrated)."""
        await act(interaction, None, "abort")

    @app_commands.command(name="claim")
    @app_commands.guild_only()
    async def claim(self, interaction: discord.Interaction) -> None:
        """Claim the win when the player to move has run out of time."""
        await act(interaction, None, "claim_timeout")

    @app_commands.command(name="hand")
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        """See what only you may see in this thread's match (your hand), privately."""
        await show_hand(interaction, None)
