"""Looking things up: your matches, history, export, analysis, standings, stats, rules and
help."""

from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import words as chat_words
from bot.discord.actions import (
    guild_id_of,
    last_match_here,
    match_of_server,
    match_of_thread,
    poster_of,
    private_theme,
    service_of,
)
from bot.discord.analysis import show_analysis
from bot.discord.autocomplete import GameOption, MatchNumber, my_match_choices
from bot.discord.cogs.common import anywhere
from bot.discord.help import help_text
from bot.discord.markup import STYLE
from bot.discord.pages import PageNumber, send_pages
from bot.discord.posting import as_file
from bot.discord.private import outside_servers, server_of
from bot.discord.replies import answer, begin
from bot.presentation.catalogue import fill
from bot.presentation.game_rules import rules_text
from bot.presentation.history import TOO_LONG_TO_REPLAY, history_text
from bot.presentation.pictures import example_picture, replay_picture
from bot.presentation.stats import stats_text


class Info(commands.Cog):
    """Commands that show things; their answers are seen only by whoever asked."""

    def __init__(self, bot: commands.Bot | commands.AutoShardedBot) -> None:
        self.bot = bot

    @app_commands.command(name="matches")
    @anywhere
    @app_commands.describe(page="Which page of a long list (default: the first)")
    async def matches(self, interaction: discord.Interaction, page: PageNumber = 1) -> None:
        """List your active matches everywhere: whose turn it is and the deadlines."""
        await begin(interaction)
        await send_pages(interaction, "matches", "me", page)

    @app_commands.command(name="history")
    @app_commands.autocomplete(match=my_match_choices)
    @anywhere
    @app_commands.describe(
        member="Whose finished matches (default: everyone's in this server)",
        game="Only this game",
        match="Show the moves of one match (default in a match's thread: that match)",
        page="Which page of a long match's moves (default: the first)",
    )
    async def history(
        self,
        interaction: discord.Interaction,
        member: discord.User | discord.Member | None = None,
        game: GameOption | None = None,
        match: MatchNumber | None = None,
        page: PageNumber = 1,
    ) -> None:
        """Show this server's finished matches, or one match's moves (in a match's thread:
        that match's).

        Without options in a match's thread, even one whose match has ended, it shows the
        moves of that match; `member` and `game` list finished matches as anywhere else.
        """
        await begin(interaction)
        service = service_of(interaction)
        if match is not None:
            match = (await match_of_server(interaction, match)).id
        elif member is None and game is None:
            here = await last_match_here(interaction)
            match = here.id if here is not None else None
        if match is not None:
            await send_pages(interaction, "history", str(match), page)
            return
        if outside_servers(interaction):  # (no one else's matches in a DM)
            member = interaction.user
        found = await service.queries.finished_matches(
            member_id=member.id if member else None,
            guild_id=server_of(interaction),
            game=game.name if game else None,
        )
        await answer(interaction, history_text(found, STYLE))

    @app_commands.command(name="export")
    @app_commands.guild_only()
    @app_commands.describe(
        match="The match's number (default: the match of this thread, even if it has ended)"
    )
    @app_commands.autocomplete(match=my_match_choices)
    async def export(
        self, interaction: discord.Interaction, match: MatchNumber | None = None
    ) -> None:
        """Get a match's record as a text file and its replay animation."""
        await begin(interaction)
        service = service_of(interaction)
        if match is None:
            match_id = (
                await match_of_thread(interaction, fill(chat_words.NO_MATCH_PLAYED_HERE))
            ).id
        else:
            match_id = (await match_of_server(interaction, match)).id
        record = await service.queries.match_record(match_id)
        names = await poster_of(interaction).names(interaction.guild, record.match.members)
        text = await service.queries.export(match_id, names)
        data = text.encode()
        record_file = discord.File(io.BytesIO(data), filename=f"match-{match_id}.txt")
        room = interaction.filesize_limit - len(data)  # both files go in one answer
        theme = await private_theme(interaction)
        replay = await replay_picture(record, theme, max_bytes=room) if room > 0 else None
        played = record.match
        when = fill(chat_words.REPLAYABLE[played.active and played.has_secrets])
        if replay is None:
            words = fill(
                chat_words.EXPORTED_NO_REPLAY,
                match=match_id,
                when=when,
                why=fill(TOO_LONG_TO_REPLAY),
            )
        else:
            animated = (
                chat_words.EXPORTED_ANIMATED if replay.complete else chat_words.EXPORTED_SAMPLED
            )
            words = fill(animated, match=match_id, when=when)
        files = [record_file] + ([as_file(replay)] if replay else [])
        await answer(interaction, words, files=files)

    @app_commands.command(name="analysis")
    @app_commands.guild_only()
    @app_commands.describe(
        match="The match's number (default: the match of this thread, even if it has ended)"
    )
    @app_commands.autocomplete(match=my_match_choices)
    async def analysis(
        self, interaction: discord.Interaction, match: MatchNumber | None = None
    ) -> None:
        """The bot's analysis of an ended match: each player's chances move by move."""
        await begin(interaction)
        if match is None:
            chosen = await match_of_thread(interaction, chat_words.NO_MATCH_PLAYED_HERE)
        else:
            chosen = await match_of_server(interaction, match)
        await show_analysis(interaction, chosen)

    @app_commands.command(name="standings")
    @app_commands.guild_only()
    @app_commands.describe(
        game="The game whose table to show", page="Which page of the table (default: the first)"
    )
    async def standings(
        self, interaction: discord.Interaction, game: GameOption, page: PageNumber = 1
    ) -> None:
        """Show this server's ratings table for a game."""
        await begin(interaction)
        await send_pages(interaction, "standings", game.name, page)

    @app_commands.command(name="stats")
    @app_commands.guild_only()
    @app_commands.describe(member="Whose statistics (default: yours)")
    async def stats(
        self, interaction: discord.Interaction, member: discord.Member | None = None
    ) -> None:
        """Show a player's ratings and results per game in this server."""
        await begin(interaction)
        who = member or interaction.user
        found = await service_of(interaction).queries.player_stats(guild_id_of(interaction), who.id)
        await answer(interaction, stats_text(found, STYLE))

    @app_commands.command(name="rules")
    @anywhere
    @app_commands.describe(game="The game to explain")
    async def rules(self, interaction: discord.Interaction, game: GameOption) -> None:
        """Explain a game in short, with a picture of an example position and its options."""
        await begin(interaction)
        picture = await example_picture(game, await private_theme(interaction))
        await answer(interaction, rules_text(game), files=[as_file(picture)])

    @app_commands.command(name="help")
    @anywhere
    async def help(self, interaction: discord.Interaction) -> None:
        """A short guide to Shiftcord's commands and games, shown only to you."""
        await begin(interaction)
        tree = self.bot.tree.get_commands()
        slash = [c for c in tree if not isinstance(c, app_commands.ContextMenu)]
        await answer(interaction, help_text(slash, interaction.permissions.manage_guild))
