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
from bot.presentation import league_words
from bot.presentation.catalogue import fill
from bot.presentation.deadlines import vacation_cap_words
from bot.presentation.errors import Refusal
from bot.presentation.pictures import Picture, picture_words
from bot.service import LeagueNews, LeagueTable, Match, MatchService
from render.table import draw_table

log = logging.getLogger("shiftcord.leagues")


def format_line(league: League) -> str:
    """What a league plays, in one line: "Pie Lines, round robin, 7 days a round"."""
    kind = league.kind
    if kind == SWISS:
        kind = fill(league_words.SWISS_OF, rounds=league.format.swiss_rounds)
    clock = fill(league_words.NO_CLOCK)
    if league.clock_hours:
        clock = fill(league_words.HOURS_A_MOVE, hours=league.clock_hours)
    if league.vacation_cap_days is not None:
        cap = vacation_cap_words(league.vacation_cap_days)
        clock = fill(league_words.CLOCK_AND_VACATION_CAP, clock=clock, cap=cap)
    tables = league.format.seats > 2
    return fill(
        league_words.FORMAT_TABLES if tables else league_words.FORMAT,
        game=league.game,
        kind=kind,
        seats=league.format.seats,
        clock=clock,
        round_days=league.round_days,
        adjudication=league.adjudication,
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
        return fill(league_words.FINAL_STANDINGS)
    played = len(table.rounds)
    if league.kind == SWISS:
        rounds = league.format.swiss_rounds
        return fill(league_words.AFTER_ROUND_OF, played=played, rounds=rounds)
    return fill(league_words.AFTER_ROUND, played=played)


def standings_text(table: LeagueTable) -> str:
    """The standings as a message: place, player, points, tie-breaks, games and byes."""
    league = table.league
    if league.status == SIGNUP:
        names = ", ".join(STYLE.mention(e.member_id) for e in table.entrants)
        return fill(
            league_words.OPEN_FOR_SIGNUP,
            league=league.name,
            format=format_line(league),
            until=STYLE.when(league.signup_ends),
            players=names or fill(league_words.NOBODY_YET),
        )
    lines = [fill(league_words.STANDINGS_HEAD, league=league.name, title=_standings_title(table))]
    left = {e.member_id for e in table.entrants if e.left_at is not None}
    for line in table.lines:
        breaks = ", ".join(
            fill(league_words.TIE_BREAK, name=name, value=format_points(value))
            for name, value in zip(table.tie_breaks, line.tie_breaks, strict=True)
        )
        standing = {
            (False, False): league_words.STANDING,
            (False, True): league_words.STANDING_BYES,
            (True, False): league_words.STANDING_LEFT,
            (True, True): league_words.STANDING_LEFT_BYES,
        }[line.player in left, bool(line.byes)]
        written = fill(
            standing,
            place=line.place,
            player=STYLE.mention(line.player),
            points=format_points(line.points),
            breaks=breaks,
            games=line.games,
            byes=line.byes,
        )
        lines.append(written)
    if league.status == OVER:
        lines.append(fill(league_words.LEAGUE_OVER))
    return "\n".join(lines)


def board_result(board: Board) -> str:
    """A board's score in seat order ("1–0", "½–½"; forfeits marked), or "playing"."""
    result = board.result
    if result is None:
        return (
            fill(league_words.PLAYING) if board.match_id is not None else fill(league_words.TO_PLAY)
        )
    score = "–".join(format_points(result.points(p)) for p in board.pairing.seats)
    return fill(league_words.FORFEIT, score=score) if result.forfeited else score


def schedule_text(table: LeagueTable) -> str:
    """Every round so far: its deadline, its boards with their scores, its byes."""
    league = table.league
    if not table.rounds:
        return fill(league_words.NOT_STARTED, league=league.name)
    lines = [fill(league_words.SCHEDULE_HEAD, league=league.name, format=format_line(league))]
    for round_, deadline in table.rounds:
        when = STYLE.when(deadline)
        lines.append(fill(league_words.ROUND_HEAD, round=round_.number, deadline=when))
        for board in (b for b in table.boards if b.round == round_.number):
            players = " vs ".join(STYLE.mention(p) for p in board.pairing.seats)
            line = league_words.BOARD if board.match_id is None else league_words.BOARD_MATCH
            result = board_result(board)
            lines.append(fill(line, players=players, result=result, match=board.match_id))
        if round_.byes:
            byes = ", ".join(STYLE.mention(p) for p in round_.byes)
            lines.append(fill(league_words.BYE, players=byes))
    return "\n".join(lines)


def _picture(table: LeagueTable, names: dict[int, str], theme: str) -> Picture:
    headings = [
        *(fill(heading) for heading in league_words.PICTURE_HEADINGS),
        *table.tie_breaks,
        fill(league_words.PICTURE_GAMES),
    ]
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
    title = fill(
        league_words.PICTURE_TITLE, league=table.league.name, title=_standings_title(table)
    )
    numeric = [True, False, *[True] * (len(headings) - 2)]
    data = draw_table(title, headings, rows, numeric=numeric, theme=theme, words=picture_words())
    description = "; ".join(
        fill(
            league_words.PICTURE_LINE,
            place=line.place,
            player=names.get(line.player, line.player),
            points=plain_points(line.points),
        )
        for line in table.lines
    )
    alt = fill(league_words.PICTURE_ALT, league=table.league.name, lines=description)
    return Picture(data, "standings.png", alt[:1000])


class LeaguePoster:
    """Posts a league's news in its channel; `after_match` is called after every ended
    match's result is posted, `post_news` for what the background task found."""

    def __init__(self, poster: Poster) -> None:
        self.poster = poster
        self.client = poster.client
        self.service: MatchService = poster.service

    async def standings_picture(self, table: LeagueTable) -> Picture:
        """The standings as a themed PNG, with the members' names as pictures draw them
        (`Poster.picture_names`)."""
        guild = self.client.get_guild(table.league.guild_id)
        names = await self.poster.picture_names(guild, [line.player for line in table.lines])
        theme = await self.service.settings.picture_theme(table.league.guild_id)
        return await asyncio.to_thread(_picture, table, names, theme)

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
                        standings_text(table), file=as_file(picture), allowed_mentions=pings(())
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
