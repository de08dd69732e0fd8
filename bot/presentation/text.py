"""The bot's words: clocks, challenges, moves, results and lists, for Discord and the console.

Pure functions of the match service's records. A `Style`, supplied by each face, says how a
member, a channel and a time are written (Discord mentions and timestamps, or plain names
and dates in the local console), so both faces say exactly the same things.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import timedelta

import games
from bot.match import actions, endings
from bot.match.engine_seats import engine_name, rating_member, thinks_long
from bot.match.events import (
    TAKEBACK,
    Agreed,
    Declined,
    Ended,
    Event,
    Left,
    Played,
    Proposed,
    TakenBack,
    TimeGiven,
    TurnPassed,
    Withdrawn,
)
from bot.match.ratings import PROVISIONAL_GAMES, rating_label
from bot.match.records import RatingChange
from bot.match.replay import standing_turns
from bot.match.shown import shorten
from bot.presentation import hints, messages, sentences
from bot.presentation.catalogue import fill
from bot.presentation.challenges import game_line, rules_words
from bot.presentation.clocks import banks_text, format_clock, span_words
from bot.presentation.composer import PREVIEW_SETTING
from bot.presentation.deadlines import (
    at_deadline,
    timeouts_line,
    vacation_allowance_line,
    warnings_line,
    weekends_line,
)
from bot.presentation.language import LANGUAGE_NAMES, localised
from bot.presentation.options import describe_option
from bot.presentation.writing import MAX_THREAD_NAME, Style, clip, listed, unwrapped
from bot.service import (
    GuildSettings,
    Match,
    MatchRecord,
    MatchResult,
    MatchUpdate,
    MemberSettings,
    Notices,
    PlayerStats,
    Reminder,
    Standing,
)

# ---- clocks


# ---- challenges


def thread_name(match: Match, names: Callable[[int], str]) -> str:
    """The match thread's name, within Discord's 100 characters."""
    players = " vs ".join(names(m) for m in match.members)
    title = fill(sentences.THREAD_NAME, game=match.game_title, match=match.id, players=players)
    return shorten(title, MAX_THREAD_NAME)


# ---- matches
def players_text(match: Match, style: Style) -> str:
    """Players in seat order with their colours: "White: @a, Black: @b" (seats only
    numbered: "@a, @b")."""
    numbered = match.numbered_seats
    return ", ".join(
        fill(
            sentences.SEAT_PLAYER[numbered, s.retired],
            seat=match.seat_name(s.seat),
            player=style.mention(s.member_id),
        )
        for s in match.seats
    )


def start_text(match: Match, style: Style) -> str:
    """The first message in a match's thread."""
    game = game_line(match.game, match.game_title, dict(match.options))
    rules = rules_words(match.rules, len(match.seats), match.members)
    lines = [
        fill(sentences.MATCH_START, match=match.id, game=game, rules=rules),
        fill(sentences.PLAYERS, players=players_text(match, style)),
        banks_text(match, style),
        turn_text(match, style),
    ]
    return "\n".join(line for line in lines if line)


def turn_text(match: Match, style: Style, *, goes_on: bool = False) -> str:
    """Who acts next and until when; with `goes_on`, that the player to act is still
    playing their turn (a turn of several actions); for an ended match, its result."""
    if not match.active:
        return result_text(match, style)
    if match.to_act is None or match.current_seat is None:
        return ""
    seat = match.seat_name(match.current_seat)
    player = style.mention(match.to_act)
    if thinks_long(match.to_act):
        return fill(hints.THINKING[match.numbered_seats], player=player, seat=seat)
    to_move = fill(sentences.TO_MOVE[match.numbered_seats, goes_on], player=player, seat=seat)
    if match.paused:
        return fill(sentences.TURN_PAUSED, to_move=to_move)
    if match.deadline is not None:
        return fill(sentences.TURN_BEFORE, to_move=to_move, deadline=style.when(match.deadline))
    return fill(sentences.TURN_PLAIN, to_move=to_move)


def board_caption(match: Match, style: Style) -> str:
    """The caption of a board posted on request."""
    if not match.active:
        when = fill(sentences.CAPTION_FINAL, match=match.id, moves=match.moves_played)
    elif match.moves_played:
        when = fill(sentences.CAPTION_AFTER, match=match.id, moves=match.moves_played)
    else:
        when = fill(sentences.CAPTION_FIRST, match=match.id)
    lines = [when, banks_text(match, style), turn_text(match, style)]
    return "\n".join(line for line in lines if line)


def event_line(event: Event, style: Style) -> str:
    """One event of an action in words ("" for those the turn line or result tells)."""
    match event:
        case Played(member=member, notation=notation, words=words):
            player, words = style.mention(member), style.named(words)
            return fill(messages.PLAYED, player=player, move=notation, words=words)
        case Left(member=member, how=how):
            left = messages.RESIGNED_OTHERS_PLAY_ON
            if how != "resign":
                left = messages.TIMED_OUT_OTHERS_PLAY_ON
            return fill(left, player=style.mention(member))
        case Proposed(kind=kind, member=member):
            return fill(messages.PROPOSED[kind], player=style.mention(member))
        case Agreed(kind=kind, member=member):
            return fill(messages.AGREED[kind], player=style.mention(member))
        case Declined(kind=kind, member=member):
            return fill(messages.DECLINED[kind], player=style.mention(member))
        case Withdrawn(kind=kind, member=member):
            return fill(messages.WITHDRAWN[kind], player=style.mention(member))
        case TakenBack(member=member, notation=notation, alone=True):
            return fill(messages.TOOK_BACK, player=style.mention(member), move=notation)
        case TakenBack(notation=notation, agreed_by=None):  # (stored before it was named)
            return fill(messages.TAKEN_BACK, move=notation)
        case TakenBack(notation=notation, replies=replies, agreed_by=int(agreed_by)):
            line = sentences.AGREED_TAKEN_BACK_WITH_REPLIES
            if not replies:
                line = sentences.AGREED_TAKEN_BACK
            player = style.mention(agreed_by)
            return fill(line, player=player, move=notation, replies=replies)
        case TimeGiven(member=member, hours=hours):
            given = span_words(timedelta(hours=hours))
            return fill(messages.GAVE_TIME, player=style.mention(member), time=given)
        case _:  # TurnPassed and Ended: the turn line or the result says it
            return ""


def update_text(update: MatchUpdate, style: Style) -> str:
    """What an action did, then who acts next (or the result)."""
    match = update.match
    lines = [event_line(event, style) for event in update.events]
    pending = match.proposal if match.active else None
    if pending is not None and pending.waiting_for:
        waiting = listed([style.mention(m) for m in pending.waiting_for])
        lines.append(fill(messages.WAITING_FOR[pending.kind], players=waiting))
    passed = any(isinstance(e, TurnPassed) for e in update.events)
    goes_on = update.action is actions.MOVE and not passed
    if update.action is actions.GIVE_TIME:
        lines.append(banks_text(match, style))
    # An offer or a request changes nothing of the turn, and its answer says who moves then.
    proposed = any(isinstance(e, Proposed) for e in update.events)
    if not proposed and (pending is None or pending.kind != TAKEBACK):
        lines.append(turn_text(match, style, goes_on=goes_on))
    return "\n".join(line for line in lines if line)


def newcomer_hint(match: Match, member_id: int, style: Style) -> str:
    """How to play, for a member on their first turn of their first match of the game."""
    return fill(
        messages.NEWCOMER_HINT,
        player=style.mention(member_id),
        game=match.game_title,
        name=match.game,
    )


def already_done(update: MatchUpdate) -> str:
    """The answer to a request seen again (`MatchUpdate.repeated`) where the member saw
    the first answer: it was done then, and not again."""
    return fill(messages.ALREADY_DONE, done=confirmation(update))


def confirmation(update: MatchUpdate) -> str:
    """The private answer to the member who acted: what their action did."""
    for event in update.events:
        match event:
            case Played(notation=notation):
                return fill(messages.YOU_PLAYED, move=notation)
            case Proposed(kind=kind):
                return fill(messages.YOU_PROPOSED[kind])
            case Agreed(kind=kind):
                return fill(messages.YOU_AGREED[kind])
            case Declined(kind=kind):
                return fill(messages.YOU_DECLINED[kind])
            case Withdrawn(kind=kind):
                return fill(messages.YOU_WITHDREW[kind])
            case TakenBack(notation=notation, alone=True):
                return fill(messages.YOU_TOOK_BACK, move=notation)
            case TakenBack(notation=notation):
                return fill(messages.YOU_GRANTED_TAKEBACK, move=notation)
            case TimeGiven(hours=hours):
                return fill(messages.YOU_GAVE_TIME, time=span_words(timedelta(hours=hours)))
            case Left(how="resign") | Ended(how="resign"):
                return fill(messages.YOU_RESIGNED)
            case Left(how="timeout") | Ended(how="timeout"):
                return fill(messages.YOU_CLAIMED_ON_TIME)
            case Ended(how="draw"):
                return fill(messages.YOU_AGREED_DRAWN)
            case Ended(how="abort"):
                return fill(messages.YOU_ABORTED)
            case Ended(how="cancel"):
                return fill(messages.MATCH_CANCELLED)
    return fill(messages.DONE)


def ending_reason(match: Match, result: MatchResult) -> str:
    """Why `match` ended, in the language spoken (a stored result keeps only the English
    sentence): where the game ended it, the game's own words from the final position;
    where a seat, an agreement or an admin ended it, that sentence of `endings` with the
    seat it names; else the result's sentence as it is."""
    outcome = match.in_words(match.state).outcome() if result.how == "game" else None
    if outcome is not None and outcome.reason == result.reason:
        return localised(outcome.reason)
    read = endings.reading(result.reason)
    if read is None:
        return result.reason
    sentence, named = read
    seats = [match.seat_name(seat) for seat in range(len(match.seats))]
    seat = next((name for name in seats if name == named), named)
    return fill(sentence, seat=seat)


def result_text(match: Match, style: Style) -> str:
    """The result of an ended match and the rating changes."""
    result: MatchResult | None = match.result
    if result is None:
        return fill(sentences.MATCH_ENDED, match=match.id)
    if result.draw:
        head = fill(sentences.DRAWN)
    elif result.winners:
        winners = [
            fill(
                sentences.WINNER[match.numbered_seats],
                player=style.mention(m),
                seat=match.seat_name(match.seat_of(m) or 0),
            )
            for m in result.winners
        ]
        head = fill(sentences.WON, players=listed(winners))
    elif match.solo and result.how not in ("abort", "cancel"):
        head = fill(sentences.SOLO_LOST, player=style.mention(match.members[0]))
    else:
        head = fill(sentences.NO_RESULT)
    lines = [fill(sentences.RESULT, head=head, reason=style.named(ending_reason(match, result)))]
    if result.scores is not None:
        scores = [
            fill(
                sentences.SCORE,
                player=style.mention(s.member_id),
                score_points=result.scores[s.seat],
            )
            for s in match.seats
        ]
        lines.append(fill(sentences.SCORES, scores=", ".join(scores)))
    if result.rating_changes:
        lines.append(fill(sentences.RATINGS, changes=", ".join(_rating_changes(result, style))))
    elif match.solo:
        lines.append(fill(sentences.SOLO_NEVER_RATED))
    elif not result.rated:
        ended = result.how in ("abort", "cancel")
        lines.append(fill(sentences.UNRATED) if ended else fill(sentences.CASUAL_UNRATED))
    return "\n".join(lines)


def _rating_changes(result: MatchResult, style: Style) -> list[str]:
    """Each rating the result moved, once: a person's, and the bot's level's, which all its
    seats in the match share and its first seat's result alone moves (said as such)."""
    moved: dict[int, list[RatingChange]] = {}
    for change in result.rating_changes:
        moved.setdefault(rating_member(change.member_id), []).append(change)
    written = []
    for member, changes in moved.items():
        first = changes[0]
        values = {
            "before": first.before,
            "after": rating_label(first.mu_after, first.games_after),
            "delta": first.delta,
        }
        if len(changes) > 1:
            engine = engine_name(member)
            line = sentences.RATING_CHANGE_SHARED
            written.append(fill(line, player=engine, seats=len(changes), **values))
        else:
            written.append(fill(sentences.RATING_CHANGE, player=style.mention(member), **values))
    return written


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
            outcome = fill(sentences.WON, players=winners)
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
