"""Leagues on Discord: the league's posts in its channel (standings after each result, a
message and a thread for each new match of a round). Their words, the standings and
schedule texts and the standings picture are the presentation's
(`bot.presentation.league_words`)."""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.discord.markup import STYLE
from bot.discord.parts import DiscordParts
from bot.discord.posting import Poster, as_file, pings
from bot.league.leagues import League
from bot.presentation import league_words
from bot.presentation.catalogue import fill
from bot.presentation.errors import Refusal
from bot.presentation.pictures import Picture
from bot.service import LeagueNews, LeagueTable, Match

log = logging.getLogger("shiftcord.leagues")


class LeaguePoster:
    """Posts a league's news in its channel; `after_match` is called after every ended
    match's result is posted, `post_news` for what the background task found."""

    def __init__(self, poster: Poster) -> None:
        self.poster = poster
        self.client = poster.client
        self.service: DiscordParts = poster.service

    async def standings_picture(self, table: LeagueTable) -> Picture:
        """The standings as a themed PNG, with the members' names as pictures draw them
        (`Poster.picture_names`)."""
        guild = self.client.get_guild(table.league.guild_id)
        names = await self.poster.picture_names(guild, [line.player for line in table.lines])
        theme = await self.service.settings.picture_theme(table.league.guild_id)
        return await asyncio.to_thread(league_words.standings_picture, table, names, theme)

    async def after_match(self, match: Match) -> None:
        """A match ended: if it plays in a league, record it and post the league's news."""
        news = await self.service.leagues.league_after(match.id)
        if news is not None:
            await self.post_news(news)

    async def post_news(self, news: LeagueNews) -> None:
        """Post the standings after a result, and a message with a thread for each match
        that has none yet (a new round's); failures are logged, the league goes on."""
        try:
            channel = await self._channel(news.league)
            with self.poster.languages.publicly(channel):
                if news.ended and news.result is None and news.paired is None:
                    table = await self.service.leagues.league_table_of(news.league.id)
                    if not table.rounds:
                        await channel.send(
                            fill(league_words.CALLED_OFF, league=news.league.name),
                            allowed_mentions=pings(()),
                        )
                        return
                if news.result is not None or news.ended:
                    table = await self.service.leagues.league_table_of(news.league.id)
                    picture = await self.standings_picture(table)
                    await channel.send(
                        league_words.standings_text(table, STYLE),
                        file=as_file(picture),
                        allowed_mentions=pings(()),
                    )
                if news.paired is not None:
                    byes = ", ".join(STYLE.mention(p) for p in news.paired.byes)
                    paired = league_words.PAIRED_BYES if byes else league_words.PAIRED
                    await channel.send(
                        fill(
                            paired, league=news.league.name, round=news.paired.number, players=byes
                        ),
                        allowed_mentions=pings(news.paired.byes),
                    )
                for match in news.unthreaded:
                    await self._open(channel, news.league, match)
        except (discord.HTTPException, Refusal) as error:
            log.warning("league %s: could not post: %s", news.league.id, error)

    async def _channel(self, league: League) -> discord.TextChannel:
        found = self.client.get_channel(league.channel_id)
        if found is None:
            found = await self.client.fetch_channel(league.channel_id)
        if not isinstance(found, discord.TextChannel):
            raise Refusal(fill(league_words.NOT_A_TEXT_CHANNEL, league=league.name))
        return found

    async def _open(self, channel: discord.TextChannel, league: League, match: Match) -> None:
        match = await self.service.queries.get_match(match.id)
        if match.channel_id is not None or not match.active:
            return  # opened meanwhile (by the news of another result), or over
        players = " vs ".join(STYLE.mention(m) for m in match.members)
        message = await channel.send(
            fill(league_words.NEW_MATCH, league=league.name, players=players, match=match.id),
            allowed_mentions=pings(match.members),
        )
        await self.poster.start_thread(message, match)
