"""The bot's words: clocks, challenges, moves, results and lists, for Discord and the console.

Pure functions of the match service's records. A `Style`, supplied by each face, says how a
member, a channel and a time are written (Discord mentions and timestamps, or plain names
and dates in the local console), so both faces say exactly the same things.
"""

from __future__ import annotations

from collections.abc import Sequence

import games
from bot.match.ratings import PROVISIONAL_GAMES
from bot.match.replay import standing_turns
from bot.presentation import messages, results, sentences
from bot.presentation.catalogue import fill
from bot.presentation.clocks import format_clock
from bot.presentation.composer import PREVIEW_SETTING
from bot.presentation.deadlines import (
    at_deadline,
    timeouts_line,
    vacation_allowance_line,
    warnings_line,
    weekends_line,
)
from bot.presentation.language import LANGUAGE_NAMES, localised
from bot.presentation.matches import players_text, turn_text
from bot.presentation.options import describe_option
from bot.presentation.writing import Style, clip, listed, unwrapped
from bot.service import (
    GuildSettings,
    Match,
    MatchRecord,
    MemberSettings,
    Notices,
    PlayerStats,
    Reminder,
    Standing,
)

# ---- clocks


# ---- challenges


# ---- matches


def reminder_text(reminder: Reminder, style: Style) -> str:
    """A ping for a player whose turn has waited or whose time runs low, or for a waiting
    player who may now claim the match on time."""
    match = reminder.match
    who = style.mention(reminder.member_id)
    if reminder.kind == "timeout_claimable":
        late = fill(sentences.THE_PLAYER_TO_MOVE)
        if match.to_act is not None:
            late = style.mention(match.to_act)
        return fill(sentences.CLAIMABLE, player=who, late=late, match=match.id)
    if reminder.deadline is None:
        return fill(sentences.YOUR_MOVE, player=who, match=match.id)
    deadline = style.when(reminder.deadline)
    line = sentences.LOW_TIME if reminder.kind == "low_time" else sentences.YOUR_MOVE_UNTIL
    return f"{fill(line, player=who, match=match.id, deadline=deadline)} {at_deadline(match)}"


# ---- lists
def match_place(match: Match, style: Style) -> str:
    """Where a match is played: a link to its thread (or how to play it without one)."""
    if match.channel_id is None:
        return fill(sentences.NO_THREAD, match=match.id)
    return fill(sentences.IN_CHANNEL, channel=style.channel(match.channel_id))


def matches_text(matches: Sequence[Match], member_id: int, style: Style) -> str:
    """A member's active matches: game, opponents, where, whose turn, deadline."""
    if not matches:
        return fill(sentences.NO_ACTIVE_MATCHES)
    lines = []
    for m in matches:
        others = listed([style.mention(o) for o in m.members if o != member_id])
        if m.to_act == member_id:
            turn = fill(sentences.YOUR_MOVE_MARK)
        elif m.to_act:
            turn = fill(sentences.OTHER_TO_MOVE, player=style.mention(m.to_act))
        else:
            turn = fill(sentences.WAITING)
        if m.deadline is not None:
            turn = fill(sentences.TURN_DEADLINE, turn=turn, deadline=style.when(m.deadline))
        place = match_place(m, style)
        line = fill(
            sentences.ACTIVE_MATCH,
            match=m.id,
            game=m.game_title,
            opponents=others,
            place=place,
            turn=turn,
        )
        lines.append(line)
    return "\n".join(lines)


def history_text(matches: Sequence[Match], style: Style) -> str:
    """Finished matches, newest first, one line each."""
    if not matches:
        return fill(sentences.NO_FINISHED)
    lines = []
    for m in matches:
        result = m.result
        if m.solo and result is not None and result.how not in ("abort", "cancel"):
            outcome = (
                fill(sentences.SOLO_WON) if result.winners else fill(sentences.SOLO_LOST_OUTCOME)
            )
        elif result is None or not (result.winners or result.draw):
            outcome = fill(sentences.OUTCOME_NONE)
        elif result.draw:
            outcome = fill(sentences.OUTCOME_DRAW)
        else:
            winners = listed([style.mention(w) for w in result.winners])
            outcome = fill(results.WON, players=winners)
        casual = len(m.seats) > 1 and not m.rules.rated
        line = fill(
            sentences.FINISHED_CASUAL if casual else sentences.FINISHED_MATCH,
            match=m.id,
            game=m.game_title,
            players=" vs ".join(style.mention(x) for x in m.members),
            outcome=outcome,
            moves=m.moves_played,
            ended=style.when(m.ended_at) if m.ended_at else "",
        )
        lines.append(line.rstrip())
    return clip("\n".join(lines))


def record_text(record: MatchRecord, style: Style) -> str:
    """A match's moves (without those taken back) a turn a line, numbered, each with its
    seat and the member who played it (a turn of several actions on one line), and its
    state, for /history with a match (as long as the match: Discord shows it in `pages`)."""
    match = record.match
    players = players_text(match, style)
    lines = [fill(sentences.RECORD_HEAD, match=match.id, game=match.game_title, players=players)]
    turns = standing_turns(record)
    for turn in turns:
        first = turn.moves[0]
        line = fill(
            sentences.RECORD_TURN[match.numbered_seats],
            number=turn.number,
            seat=match.in_words(turn.start).seat_name(first.seat),  # the side played then
            player=style.mention(first.member_id),
            moves=", ".join(e.notation for e in turn.moves),
        )
        lines.append(line)
    if not turns:
        lines.append(fill(sentences.NO_MOVES_YET))
    lines.append(turn_text(match, style))
    return "\n".join(lines)


def standings_text(title: str, standings: Sequence[Standing], style: Style) -> str:
    """A server's table for one game."""
    if not standings:
        return fill(sentences.NO_STANDINGS, game=title)
    lines = [fill(sentences.STANDINGS_HEAD, game=title)]
    for s in standings:
        line = fill(
            sentences.STANDING,
            rank=s.rank,
            player=style.mention(s.member_id),
            rating=s.label,
            played=s.games,
            wins=s.wins,
            draws=s.draws,
            losses=s.losses,
        )
        lines.append(line)
    return "\n".join(lines)


def stats_text(stats: PlayerStats, style: Style) -> str:
    """A member's ratings and results per game."""
    player = style.mention(stats.member_id)
    lines = [fill(sentences.STATS_HEAD, player=player, active_matches=stats.active_matches)]
    for g in stats.games:
        line = fill(
            sentences.GAME_STATS_RANKED if g.rank else sentences.GAME_STATS,
            game=games.get(g.game).title,
            rating=g.label,
            rank=g.rank,
            played=g.games,
            wins=g.wins,
            draws=g.draws,
            losses=g.losses,
        )
        lines.append(line)
    for solo in stats.solo:
        line = fill(
            sentences.SOLO_STATS if solo.best_score is None else sentences.SOLO_STATS_BEST,
            game=games.get(solo.game).title,
            played=solo.played,
            won=solo.won,
            lost=solo.played - solo.won,
            best=solo.best_score,
        )
        lines.append(line)
    if not stats.games and not stats.solo:
        lines.append(fill(sentences.NO_RATED_YET))
    if any(g.label.endswith("?") for g in stats.games):
        lines.append(fill(sentences.PROVISIONAL, games=PROVISIONAL_GAMES))
    return "\n".join(lines)


def rules_text(game: games.Game) -> str:
    """A game's summary, player counts, options and how to type its moves, for /rules (it
    may be longer than one message)."""
    summary = localised(game.kind.summary).strip()
    if game.kind.min_players == game.kind.max_players:
        head, counts = sentences.RULES_HEAD, {"player_count": game.kind.min_players}
    else:
        head, counts = (
            sentences.RULES_HEAD_RANGE,
            {"least": game.kind.min_players, "most": game.kind.max_players},
        )
    text = fill(head, game=game.title, summary=summary, **counts)
    if game.kind.options:
        options = [
            fill(sentences.OPTION_LINE, option=describe_option(o)) for o in game.kind.options
        ]
        text += "\n\n" + "\n".join([fill(sentences.OPTIONS_HEAD), *options])
    if game.kind.notation_help:
        text += "\n\n" + "\n".join(
            [fill(sentences.HOW_TO_MOVE), unwrapped(localised(game.kind.notation_help))]
        )
    return text.strip()


def settings_text(member: MemberSettings, style: Style) -> str:
    """A member's settings in words."""
    theme = member.picture_theme
    lines = [
        fill(messages.REMINDERS[member.reminders]),
        fill(messages.OWN_THEME, theme=theme) if theme else messages.SERVER_THEME,
        PREVIEW_SETTING[member.skip_preview],
    ]
    if member.refuses_everyone:
        lines.append(fill(messages.REFUSE_EVERYONE))
    if member.refuses:
        names = listed([style.mention(m) for m in member.refuses[:20]])
        if len(member.refuses) > 20:
            more = len(member.refuses) - 20
            lines.append(fill(messages.REFUSE_MEMBERS_AND_MORE, members=names, more=more))
        else:
            lines.append(fill(messages.REFUSE_MEMBERS, members=names))
    lines.append(notices_line(member.notices))
    lines.append(warnings_line(member.notices))
    if member.vacation is not None:
        lines.append(fill(messages.ON_VACATION_UNTIL, until=style.when(member.vacation.ends_at)))
    lines.append(fill(messages.VACATION_DAYS_LEFT, days=f"{member.vacation_days_left:g}"))
    return "\n".join(lines)


def notices_line(notices: Notices) -> str:
    """A member's notices in one sentence."""
    how = fill(messages.NOTICES_BY[notices.dm])
    if notices.dm != "off" and notices.dm_refused:
        how = fill(messages.NOTICES_DMS_CLOSED)
    digest = fill(messages.NONE)
    if notices.digest_hour is not None:
        digest = fill(messages.DIGEST_AT, hour=notices.digest_hour)
    quiet = fill(messages.NONE)
    if notices.quiet_start is not None and notices.quiet_end is not None:
        quiet = fill(messages.QUIET_FROM_TO, start=notices.quiet_start, end=notices.quiet_end)
    return fill(messages.NOTICES, zone=notices.time_zone, how=how, digest=digest, quiet=quiet)


def guild_settings_text(guild: GuildSettings, style: Style, public: str | None = None) -> str:
    """A server's defaults in words; `public`, the language its public posts are written
    in where its admins chose none (a face that knows it), names it too."""
    channel = guild.challenge_channel_id
    where = style.channel(channel) if channel else fill(messages.ANY_CHANNEL)
    settings = fill(
        messages.SERVER_SETTINGS,
        clock=format_clock(guild.clock_hours),
        where=where,
        theme=guild.picture_theme,
    )
    timeouts, weekends = timeouts_line(guild.auto_timeout), weekends_line(guild.weekend_pause)
    allowance = vacation_allowance_line(guild.vacation_days)
    text = f"{settings} {timeouts} {weekends} {allowance}"
    if guild.language is not None:
        language = LANGUAGE_NAMES.get(guild.language, guild.language)
        return f"{text} {fill(messages.LANGUAGE_CHOSEN, language=language)}"
    if public is not None:
        return f"{text} {fill(messages.LANGUAGE_AUTO, language=LANGUAGE_NAMES[public])}"
    return text
