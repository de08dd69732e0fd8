"""Leagues on Discord: the texts of standings and schedules, the standings picture, and
the league's posts in its channel (standings after each result, a message and a thread for
each new match of a round)."""

from __future__ import annotations

import asyncio
import logging
from fractions import Fraction

import discord

from bot.discord.markup import STYLE
from bot.discord.posting import Poster, as_file, pings
from bot.league.leagues import OVER, SIGNUP, Board, League
from bot.league.plan import SWISS
from bot.league.standings import format_points
from bot.presentation.deadlines import vacation_cap_words
from bot.presentation.errors import Refusal
from bot.presentation.pictures import Picture
from bot.service import LeagueNews, LeagueTable, Match, MatchService
from render.table import draw_table

log = logging.getLogger("shiftcord.leagues")


def format_line(league: League) -> str:
    """What a league plays, in one line: "Pie Lines, round robin, 7 days a round"."""
    kind = league.kind
    if kind == SWISS:
        kind = f"Swiss of {league.format.swiss_rounds} rounds"
    seats = f", tables of {league.format.seats}" if league.format.seats > 2 else ""
    clock = f"{league.clock_hours}h a move" if league.clock_hours else "no clock"
    cap = league.vacation_cap_days
    vacation = "" if cap is None else f", {vacation_cap_words(cap)}"
    return (
        f"{league.game}, {kind}{seats}, {clock}{vacation}, {league.round_days} days a round "
        f"(then {league.adjudication} adjudication)"
    )


def plain_points(points: Fraction) -> str:
    """Points for the picture (its font has no ½): "2.5", "3", or two decimals."""
    if points.denominator == 1:
        return str(points.numerator)
    return f"{float(points):.1f}" if points.denominator == 2 else f"{float(points):.2f}"


def _standings_title(table: LeagueTable) -> str:
    """ "final standings", or "standings after round 2 (of 3)"."""
    league = table.league
    if league.status == OVER:
        return "final standings"
    played = len(table.rounds)
    if league.kind == SWISS:
        return f"standings after round {played} of {league.format.swiss_rounds}"
    return f"standings after round {played}"


def standings_text(table: LeagueTable) -> str:
    """The standings as a message: place, player, points, tie-breaks, games and byes."""
    league = table.league
    if league.status == SIGNUP:
        names = ", ".join(STYLE.mention(e.member_id) for e in table.entrants)
        return (
            f"League **{league.name}** ({format_line(league)}) is open for sign-up until "
            f"{STYLE.when(league.signup_ends)}: {names or 'nobody yet'}."
        )
    lines = [f"League **{league.name}**: {_standings_title(table)}."]
    left = {e.member_id for e in table.entrants if e.left_at is not None}
    for line in table.lines:
        breaks = ", ".join(
            f"{name} {format_points(value)}"
            for name, value in zip(table.tie_breaks, line.tie_breaks, strict=True)
        )
        extra = f", {line.byes} bye" + ("s" if line.byes > 1 else "") if line.byes else ""
        gone = " (left)" if line.player in left else ""
        lines.append(
            f"{line.place}. {STYLE.mention(line.player)}{gone}: {format_points(line.points)} "
            f"({breaks}; {line.games} games{extra})"
        )
    if league.status == OVER:
        lines.append("The league is over.")
    return "\n".join(lines)


def board_result(board: Board) -> str:
    """A board's score in seat order ("1–0", "½–½"; forfeits marked), or "playing"."""
    result = board.result
    if result is None:
        return "playing" if board.match_id is not None else "to play"
    score = "–".join(format_points(result.points(p)) for p in board.pairing.seats)
    return f"{score} (forfeit)" if result.forfeited else score


def schedule_text(table: LeagueTable) -> str:
    """Every round so far: its deadline, its boards with their scores, its byes."""
    league = table.league
    if not table.rounds:
        return f"League **{league.name}** has not started yet."
    lines = [f"League **{league.name}** ({format_line(league)}):"]
    for round_, deadline in table.rounds:
        lines.append(f"**Round {round_.number}** (deadline {STYLE.when(deadline)}):")
        for board in (b for b in table.boards if b.round == round_.number):
            players = " vs ".join(STYLE.mention(p) for p in board.pairing.seats)
            match = f" (match #{board.match_id})" if board.match_id is not None else ""
            lines.append(f"- {players}: {board_result(board)}{match}")
        if round_.byes:
            lines.append(f"- bye: {', '.join(STYLE.mention(p) for p in round_.byes)}")
    return "\n".join(lines)


def _picture(table: LeagueTable, names: dict[int, str], theme: str) -> Picture:
    headings = ["#", "Player", "Points", *table.tie_breaks, "Games"]
    rows = [
        [
            str(line.place),
            names.get(line.player, str(line.player)),
            plain_points(line.points),
            *(plain_points(v) for v in line.tie_breaks),
            str(line.games),
        ]
        for line in table.lines
    ]
    title = f"{table.league.name}: {_standings_title(table)}"
    data = draw_table(
        title, headings, rows, numeric=[True, False, *[True] * (len(headings) - 2)], theme=theme
    )
    description = "; ".join(
        f"{line.place}. {names.get(line.player, line.player)} {plain_points(line.points)}"
        for line in table.lines
    )
    return Picture(
        data, "standings.png", f"Standings of league {table.league.name}: {description}"[:1000]
    )


class LeaguePoster:
    """Posts a league's news in its channel; `after_match` is called after every ended
    match's result is posted, `post_news` for what the background task found."""

    def __init__(self, poster: Poster) -> None:
        self.poster = poster
        self.client = poster.client
        self.service: MatchService = poster.service

    async def standings_picture(self, table: LeagueTable) -> Picture:
        """The standings as a themed PNG, with the members' display names."""
        guild = self.client.get_guild(table.league.guild_id)
        names = await self.poster.names(guild, [line.player for line in table.lines])
        theme = await self.service.picture_theme(table.league.guild_id)
        return await asyncio.to_thread(_picture, table, names, theme)

    async def after_match(self, match: Match) -> None:
        """A match ended: if it plays in a league, record it and post the league's news."""
        news = await self.service.league_after(match.id)
        if news is not None:
            await self.post_news(news)

    async def post_news(self, news: LeagueNews) -> None:
        """Post the standings after a result, and a message with a thread for each match
        that has none yet (a new round's); failures are logged, the league goes on."""
        try:
            channel = await self._channel(news.league)
            if news.ended and news.result is None and news.paired is None:
                table = await self.service.league_table_of(news.league.id)
                if not table.rounds:
                    await channel.send(
                        f"League **{news.league.name}** is called off: too few players "
                        "signed up before its sign-up ended.",
                        allowed_mentions=pings(()),
                    )
                    return
            if news.result is not None or news.ended:
                table = await self.service.league_table_of(news.league.id)
                picture = await self.standings_picture(table)
                await channel.send(
                    standings_text(table), file=as_file(picture), allowed_mentions=pings(())
                )
            if news.paired is not None:
                await channel.send(
                    f"League **{news.league.name}**: round {news.paired.number} is paired; "
                    "its matches start now."
                    + (
                        f" Bye: {', '.join(STYLE.mention(p) for p in news.paired.byes)}."
                        if news.paired.byes
                        else ""
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
            raise Refusal(f"League {league.name}'s channel is not a text channel.")
        return found

    async def _open(self, channel: discord.TextChannel, league: League, match: Match) -> None:
        match = await self.service.get_match(match.id)
        if match.channel_id is not None or not match.active:
            return  # opened meanwhile (by the news of another result), or over
        players = " vs ".join(STYLE.mention(m) for m in match.members)
        message = await channel.send(
            f"League **{league.name}**: {players}, match #{match.id}.",
            allowed_mentions=pings(match.members),
        )
        await self.poster.start_thread(message, match)
