"""Preview before you commit: `/move preview:True` shows the mover, privately, the
position their move would make, under Confirm and Cancel buttons.

The buttons carry the match, the ply of the position previewed and (Confirm) the move's
notation in their custom id, so no table is needed and they outlive a restart; the match
rules refuse a Confirm once the position has changed (the request carries that ply).
"""

from __future__ import annotations

import discord

from bot.discord import words as chat_words
from bot.discord.actions import act, match_here, named_for, private_theme, service_of
from bot.discord.posting import as_file
from bot.discord.replies import answer, begin
from bot.discord.views import disabled, preview_view, view_keyword
from bot.match.actions import MOVE
from bot.presentation.catalogue import fill
from bot.presentation.errors import Refusal
from bot.presentation.pictures import board_picture


async def preview(interaction: discord.Interaction, match_id: int | None, text: str) -> None:
    """Show the user the position after their move `text`, with Confirm and Cancel."""
    await begin(interaction)
    if match_id is None:
        match_id = (await match_here(interaction)).id
    service = service_of(interaction)
    match, after, notation = await service.play.preview_move(match_id, interaction.user.id, text)
    view = preview_view(match, notation)
    if view is None:
        raise Refusal(fill(chat_words.PREVIEW_TOO_LONG))
    seat = match.seat_of(interaction.user.id) if match.has_secrets else None
    after = await named_for(interaction, match, after)
    picture = await board_picture(after, seat=seat, theme=await private_theme(interaction))
    await answer(
        interaction,
        fill(chat_words.PREVIEW, move=notation, match=match.id),
        files=[as_file(picture)],
        view=view,
    )


async def close_preview(interaction: discord.Interaction) -> None:
    """Grey out the preview's buttons (either press uses them up)."""
    if interaction.message is None:
        return
    view = disabled(discord.ui.View.from_message(interaction.message, timeout=None))
    await interaction.response.edit_message(**view_keyword(view))


async def confirm_preview(
    interaction: discord.Interaction, match_id: int, ply: int, notation: str
) -> None:
    """Play the previewed move, unless the position changed since the preview."""
    await close_preview(interaction)
    await act(interaction, match_id, MOVE, text=notation, ply=ply)


async def cancel_preview(interaction: discord.Interaction) -> None:
    """Drop the preview: its buttons grey out and nothing is played."""
    await close_preview(interaction)
    await interaction.followup.send(fill(chat_words.NOTHING_PLAYED), ephemeral=True)
