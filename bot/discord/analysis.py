"""The bot's analysis of an ended match, on Discord: `/analysis match:N` and the Analysis
button under a result answer the member privately. A kept analysis comes at once; else
the answer says how long it takes, and is edited into the analysis when the worker pool
has made it (the interaction was answered within Discord's 3 seconds, so the command
waits for the workers without holding anyone else up)."""

from __future__ import annotations

import discord

from bot.discord.actions import engine_player_of, poster_of, private_theme, service_of
from bot.discord.markup import STYLE
from bot.discord.posting import as_file
from bot.discord.replies import answer, begin
from bot.presentation.analysis import ANALYSING, analysis_pictures, analysis_text
from bot.presentation.catalogue import fill
from bot.service import Match
from bot.service.analysis import expected_seconds


async def show_analysis(interaction: discord.Interaction, match: Match) -> None:
    """Answer the member with the analysis of `match` (refused while it runs): the words,
    the chart and the boards of the moments it swung most."""
    await begin(interaction)
    engine = engine_player_of(interaction)
    analysis = await engine.stored_analysis(match)
    record = await service_of(interaction).queries.match_record(match.id)
    poster = poster_of(interaction)
    ratings = await poster.service.queries.seat_ratings(match)
    players = await poster.seat_labels(interaction.guild, match, ratings)
    theme = await private_theme(interaction)
    if analysis is None:
        seconds = expected_seconds(record, engine.budget)
        await answer(interaction, fill(ANALYSING, match=match.id, seconds=seconds))
        analysis = await engine.analyse(record)
        pictures = await analysis_pictures(record, analysis, theme, players)
        text, files = analysis_text(record, analysis, STYLE), [as_file(p) for p in pictures]
        if interaction.response.type is discord.InteractionResponseType.deferred_message_update:
            await answer(interaction, text, files=files)  # (a DM's button: no answer to edit)
            return
        await interaction.edit_original_response(content=text, attachments=files)
        return
    pictures = await analysis_pictures(record, analysis, theme, players)
    await answer(
        interaction,
        analysis_text(record, analysis, STYLE),
        files=[as_file(picture) for picture in pictures],
    )
