"""The bot's words: clocks, challenges, moves, results and lists, for Discord and the console.

Pure functions of the match service's records. A `Style`, supplied by each face, says how a
member, a channel and a time are written (Discord mentions and timestamps, or plain names
and dates in the local console), so both faces say exactly the same things.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import games
from bot.match import actions
from bot.match.decision import time_left
from bot.match.engine_seats import engine_name, takeback_refuser
from bot.match.events import (
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
from bot.match.phrases import Message
from bot.match.ratings import PROVISIONAL_GAMES, rating_label
from bot.match.records import MAX_CLOCK_HOURS
from bot.match.replay import standing_entries
from bot.match.shown import shorten
from bot.presentation import catalogue, messages
from bot.presentation.composer import PREVIEW_SETTING
from bot.presentation.deadlines import (
    RULES_WEEKENDS,
    at_deadline,
    clock_pause,
    timeouts_line,
    vacation_allowance_line,
    warnings_line,
    weekends_line,
)
from bot.presentation.options import describe_option, format_options
from bot.service import (
    Challenge,
    GuildSettings,
    Match,
    MatchRecord,
    MatchResult,
    MatchRules,
    MatchUpdate,
    MemberSettings,
    Notices,
    PlayerStats,
    Reminder,
    Standing,
)
from games.wording import join_words, plural, quoted

#: The longest text shown in one message (Discord's limit; the console shows the same).
MAX_MESSAGE = 2000
#: Discord's limit on a thread's name (the console shows the same).
MAX_THREAD_NAME = 100


class ClockText(catalogue.TypedWrong):
    """A clock typed by a player cannot be read; the message shows what works."""


@dataclass(frozen=True)
class Style:
    """How names, channels and times are written: `mention(member_id)`,
    `channel(channel_id)` and `when(datetime)`."""

    mention: Callable[[int], str]
    when: Callable[[datetime], str]
    channel: Callable[[int], str]

    def words(self, message: Message) -> str:
        """A message of the lower layers (a refusal naming members) written in this
        style."""
        return catalogue.write(message, self.mention, self.channel)


# ---- clocks
_FIGURE = r"(\d{1,6})\s*(d|day|days|h|hr|hrs|hour|hours)?"
_CLOCK = re.compile(rf"{_FIGURE}(?:\s*\+\s*{_FIGURE}(?:\s+max\s+{_FIGURE})?)?")


@dataclass(frozen=True)
class ClockSpec:
    """A clock as typed: `hours` per turn (0: none), or with `increment_hours` a time
    bank starting at `hours`, refilled by the increment each turn, at most `cap_hours`."""

    hours: int
    increment_hours: int | None = None
    cap_hours: int | None = None


def _figure_hours(amount: str, unit: str | None) -> int:
    """One figure of a clock in hours (days when no unit), at most 30 days."""
    hours = int(amount) * (1 if unit and unit.startswith("h") else 24)
    if hours > MAX_CLOCK_HOURS:
        raise ClockText(Message("clock.at_most", days=MAX_CLOCK_HOURS // 24))
    return hours


def parse_clock(text: str | None) -> ClockSpec | None:
    """A clock from "3d", "2 days", "12h", "3d+1d", "3d+12h max 7d" or "none" (0 hours);
    None for empty text (the default). Raises ClockText."""
    raw = (text or "").strip().lower()
    if not raw or raw == "default":
        return None
    if raw in ("none", "no", "off", "0", "no clock"):
        return ClockSpec(0)
    match = _CLOCK.fullmatch(raw)
    if match is None:
        raise ClockText(Message("clock.unreadable", clock=quoted(raw)))
    hours = _figure_hours(match[1], match[2])
    if match[3] is None:
        return ClockSpec(hours)
    cap = _figure_hours(match[5], match[6]) if match[5] else None
    return ClockSpec(hours, _figure_hours(match[3], match[4]), cap)


def parse_time_given(text: str) -> int:
    """The hours of time to give, from "1d", "2 days" or "12h". Raises ClockText."""
    raw = text.strip().lower()
    match = re.fullmatch(_FIGURE, raw)
    if match is None:
        raise ClockText(Message("clock.time_unreadable", time=quoted(raw)))
    return _figure_hours(match[1], match[2])


def span_words(span: timedelta) -> str:
    """A span in days and hours: "2 days 12 hours", "12 hours", "0 hours"."""
    hours = int(span.total_seconds() // 3600)
    days, hours = divmod(hours, 24)
    parts = [plural(days, "day")] if days else []
    if hours or not days:
        parts.append(plural(hours, "hour"))
    return " ".join(parts)


def format_clock(hours: int) -> str:
    """ "3 days per move", "12 hours per move" or "no clock"."""
    if hours <= 0:
        return "no clock"
    if hours % 24 == 0:
        return plural(hours // 24, "day") + " per move"
    return plural(hours, "hour") + " per move"


def clock_words(hours: int, increment_hours: int | None, cap_hours: int | None) -> str:
    """A clock in words: "3 days per move", or a time bank ("a time bank of 3 days, plus
    1 day per move, at most 7 days"; no cap given: at most 30 days)."""
    if not hours or increment_hours is None:
        return format_clock(hours)
    start = span_words(timedelta(hours=hours))
    increment = span_words(timedelta(hours=increment_hours))
    cap = span_words(timedelta(hours=cap_hours or MAX_CLOCK_HOURS))
    return f"a time bank of {start}, plus {increment} per move, at most {cap}"


def banks_text(match: Match, style: Style) -> str:
    """Each player's time bank ("" without one); the player to act's is what their turn
    began with (their deadline says when it runs out)."""
    if not match.active or not match.banks:
        return ""
    parts = []
    for seat in match.seats:
        if seat.retired:
            continue
        left = span_words(timedelta(seconds=match.banks[seat.seat]))
        running = " (running since this turn began)" if seat.seat == match.current_seat else ""
        parts.append(f"{style.mention(seat.member_id)} {left}{running}")
    return "Time banks: " + ", ".join(parts) + "."


def clock_line(match: Match, now: datetime) -> str | None:
    """How much time each player has, in plain words for the picture's clock strip
    ("White: 2 days 4 hours left · Black: 3 days"); None for a match without a clock or
    that has ended. The player to act has until their deadline (less the weekends it
    leaves out), and their clock may say why it stands still; a waiting player with a
    time bank has their bank."""
    if not match.active or not match.rules.clock_hours:
        return None
    parts = []
    for seat in match.seats:
        if seat.retired:
            continue
        name = match.seat_name(seat.seat)
        if seat.seat == match.current_seat and match.deadline is not None:
            pause = clock_pause(match, now)
            paused = "" if pause is None else f", {pause}"
            parts.append(f"{name}: {span_words(time_left(match, now))} left{paused}")
        elif match.banks:
            parts.append(f"{name}: {span_words(timedelta(seconds=match.banks[seat.seat]))}")
    return " · ".join(parts) or None


CLOCK_SUGGESTIONS = ("1d", "2d", "3d", "5d", "7d", "12h", "3d+1d max 7d", "none")


def rules_words(rules: MatchRules, players: int = 2, members: Sequence[int] = ()) -> str:
    """The service-level rules of a match in words: clock, timeouts, takebacks (refused by
    a bot seat among `members` whose level refuses them all), rated."""
    words = [clock_words(rules.clock_hours, rules.increment_hours, rules.cap_hours)]
    if rules.clock_hours:
        words.append(
            "a timeout ends the match" if rules.auto_timeout else "a timeout can be claimed"
        )
        if rules.weekend_pause:
            words.append(RULES_WEEKENDS)
    if players > 1:
        refuser = takeback_refuser(members)
        if rules.takebacks and refuser is not None:
            words.append(f"takebacks refused by {engine_name(refuser)}")
        else:
            words.append("takebacks allowed" if rules.takebacks else "no takebacks")
        words.append("rated" if rules.rated else "casual (unrated)")
    return ", ".join(words)


def _game_line(game_name: str, title: str, options: dict[str, Any]) -> str:
    chosen = format_options(games.get(game_name), options)
    return f"**{title}**" + (f" ({chosen})" if chosen else "")


# ---- challenges
def challenge_text(ch: Challenge, style: Style) -> str:
    """The public challenge message: who, what, which seats are free, until when."""
    who = style.mention(ch.challenger_id)
    game = _game_line(ch.game, ch.game_title, dict(ch.options))
    others = [style.mention(m) for m in (*ch.joined[1:], *ch.invited)]
    if ch.pending and ch.open_seats:
        others.append(f"{ch.open_seats} more" if others else "anyone")
    verb = "challenges" if ch.pending else "challenged"
    rules = rules_words(ch.rules, ch.players, (*ch.joined, *ch.invited))
    if ch.players == 1:
        lines = [f"{who} plays {game} alone: {rules}."]
    else:
        lines = [f"{who} {verb} {join_words(others) or 'anyone'} to {game}: {rules}."]
    free = len(ch.invited) + ch.open_seats
    if ch.pending:
        if ch.open_seats and len(ch.joined) > 1:
            lines.append(f"Joined so far: {join_words([style.mention(m) for m in ch.joined])}.")
        expires = style.when(ch.expires_at)
        lines.append(f"{plural(free, 'seat')} to fill; the challenge expires {expires}.")
    else:
        lines.append(challenge_status(ch))
    return "\n".join(lines)


def challenge_status(ch: Challenge) -> str:
    """One sentence on how a closed challenge ended."""
    sentence = messages.CHALLENGE_CLOSED.get(ch.status, messages.CHALLENGE_CLOSED_OTHERWISE)
    return sentence.format(match=ch.match_id, status=ch.status)


def thread_name(match: Match, names: Callable[[int], str]) -> str:
    """The match thread's name, within Discord's 100 characters."""
    title = f"{match.game_title} #{match.id}: " + " vs ".join(names(m) for m in match.members)
    return shorten(title, MAX_THREAD_NAME)


# ---- matches
def players_text(match: Match, style: Style) -> str:
    """Players in seat order with their colours: "White: @a, Black: @b"."""
    return ", ".join(
        f"{match.seat_name(s.seat)}: {style.mention(s.member_id)}" + (" (out)" if s.retired else "")
        for s in match.seats
    )


def start_text(match: Match, style: Style) -> str:
    """The first message in a match's thread."""
    game = _game_line(match.game, match.game_title, dict(match.options))
    lines = [
        f"Match #{match.id}: {game}, {rules_words(match.rules, len(match.seats), match.members)}.",
        players_text(match, style) + ".",
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
    who = f"{style.mention(match.to_act)} ({seat})"
    line = f"{who} to move" + (" again" if goes_on else "")
    if match.paused:
        return line + "; their clock is paused (vacation)."
    if match.deadline is not None:
        return line + f", before {style.when(match.deadline)}."
    return line + "."


def board_caption(match: Match, style: Style) -> str:
    """The caption of a board posted on request."""
    if not match.active:
        when = f"final position after {plural(match.ply, 'move')}"
    elif match.ply:
        when = f"after {plural(match.ply, 'move')}"
    else:
        when = "before the first move"
    banks = banks_text(match, style)
    return (
        f"Match #{match.id}, {when}.\n" + (banks + "\n" if banks else "") + turn_text(match, style)
    )


def event_line(event: Event, style: Style) -> str:
    """One event of an action in words ("" for those the turn line or result tells)."""
    match event:
        case Played(member=member, notation=notation, words=words):
            return messages.PLAYED.format(player=style.mention(member), move=notation, words=words)
        case Left(member=member, how=how):
            left = messages.RESIGNED_OTHERS_PLAY_ON
            if how != "resign":
                left = messages.TIMED_OUT_OTHERS_PLAY_ON
            return left.format(player=style.mention(member))
        case Proposed(kind=kind, member=member):
            return messages.PROPOSED[kind].format(player=style.mention(member))
        case Agreed(kind=kind, member=member):
            return messages.AGREED[kind].format(player=style.mention(member))
        case Declined(kind=kind, member=member):
            return messages.DECLINED[kind].format(player=style.mention(member))
        case Withdrawn(kind=kind, member=member):
            return messages.WITHDRAWN[kind].format(player=style.mention(member))
        case TakenBack(member=member, notation=notation, alone=True):
            return messages.TOOK_BACK.format(player=style.mention(member), move=notation)
        case TakenBack(notation=notation):
            return messages.TAKEN_BACK.format(move=notation)
        case TimeGiven(member=member, hours=hours):
            given = span_words(timedelta(hours=hours))
            return messages.GAVE_TIME.format(player=style.mention(member), time=given)
        case _:  # TurnPassed and Ended: the turn line or the result says it
            return ""


def update_text(update: MatchUpdate, style: Style) -> str:
    """What an action did, then who acts next (or the result)."""
    match = update.match
    lines = [event_line(event, style) for event in update.events]
    if match.active and match.proposal is not None and match.proposal.waiting_for:
        waiting = join_words([style.mention(m) for m in match.proposal.waiting_for])
        lines.append(messages.WAITING_FOR[match.proposal.kind].format(players=waiting))
    passed = any(isinstance(e, TurnPassed) for e in update.events)
    goes_on = update.action is actions.MOVE and not passed
    if update.action is actions.GIVE_TIME:
        lines.append(banks_text(match, style))
    lines.append(turn_text(match, style, goes_on=goes_on))
    return "\n".join(line for line in lines if line)


def already_done(update: MatchUpdate) -> str:
    """The answer to a request seen again (`MatchUpdate.repeated`) where the member saw
    the first answer: it was done then, and not again."""
    return messages.ALREADY_DONE.format(done=confirmation(update))


def confirmation(update: MatchUpdate) -> str:
    """The private answer to the member who acted: what their action did."""
    for event in update.events:
        match event:
            case Played(notation=notation):
                return messages.YOU_PLAYED.format(move=notation)
            case Proposed(kind=kind):
                return messages.YOU_PROPOSED[kind]
            case Agreed(kind=kind):
                return messages.YOU_AGREED[kind]
            case Declined(kind=kind):
                return messages.YOU_DECLINED[kind]
            case Withdrawn(kind=kind):
                return messages.YOU_WITHDREW[kind]
            case TakenBack(notation=notation, alone=True):
                return messages.YOU_TOOK_BACK.format(move=notation)
            case TakenBack(notation=notation):
                return messages.YOU_GRANTED_TAKEBACK.format(move=notation)
            case TimeGiven(hours=hours):
                return messages.YOU_GAVE_TIME.format(time=span_words(timedelta(hours=hours)))
            case Left(how="resign") | Ended(how="resign"):
                return messages.YOU_RESIGNED
            case Left(how="timeout") | Ended(how="timeout"):
                return messages.YOU_CLAIMED_ON_TIME
            case Ended(how="draw"):
                return messages.YOU_AGREED_DRAWN
            case Ended(how="abort"):
                return messages.YOU_ABORTED
            case Ended(how="cancel"):
                return messages.MATCH_CANCELLED
    return messages.DONE


def result_text(match: Match, style: Style) -> str:
    """The result of an ended match and the rating changes."""
    result: MatchResult | None = match.result
    if result is None:
        return f"Match #{match.id} has ended."
    if result.draw:
        head = "Drawn"
    elif result.winners:
        winners = [
            f"{style.mention(m)} ({match.seat_name(match.seat_of(m) or 0)})" for m in result.winners
        ]
        head = f"{join_words(winners)} won"
    elif match.solo and result.how not in ("abort", "cancel"):
        head = f"{style.mention(match.members[0])} lost"
    else:
        head = "Ended without a result"
    lines = [f"**{head}**: {result.reason}"]
    if result.scores is not None:
        scores = ", ".join(
            f"{style.mention(s.member_id)} {result.scores[s.seat]}" for s in match.seats
        )
        lines.append(f"Scores: {scores}.")
    if result.rating_changes:
        changes = ", ".join(
            f"{style.mention(c.member_id)} {c.before} → "
            f"{rating_label(c.mu_after, c.games_after)} ({c.delta:+d})"
            for c in result.rating_changes
        )
        lines.append(f"Ratings: {changes}.")
    elif match.solo:
        lines.append("Solo matches are never rated.")
    elif not result.rated:
        lines.append("Unrated." if result.how in ("abort", "cancel") else "Casual: unrated.")
    return "\n".join(lines)


def reminder_text(reminder: Reminder, style: Style) -> str:
    """A ping for a player whose turn has waited or whose time runs low, or for a waiting
    player who may now claim the match on time."""
    match = reminder.match
    who = style.mention(reminder.member_id)
    if reminder.kind == "timeout_claimable":
        late = style.mention(match.to_act) if match.to_act is not None else "The player to move"
        return f"{who}: {late} has run out of time in match #{match.id}; `/claim` wins it."
    if reminder.kind == "low_time" and reminder.deadline is not None:
        line = f"{who}, your time in match #{match.id} runs out {style.when(reminder.deadline)}."
        return f"{line} {at_deadline(match)}"
    line = f"{who}, it is your move in match #{match.id}"
    if reminder.deadline is not None:
        line += f"; your time runs out {style.when(reminder.deadline)}."
        return f"{line} {at_deadline(match)}"
    return line + "."


# ---- lists
def match_place(match: Match, style: Style) -> str:
    """Where a match is played: a link to its thread (or how to play it without one)."""
    if match.channel_id is None:
        return f"(it has no thread: play it with `/move match:{match.id}`)"
    return f"in {style.channel(match.channel_id)}"


def matches_text(matches: Sequence[Match], member_id: int, style: Style) -> str:
    """A member's active matches: game, opponents, where, whose turn, deadline."""
    if not matches:
        return "You have no active matches. Start one with `/challenge`."
    lines = []
    for m in matches:
        others = [style.mention(o) for o in m.members if o != member_id]
        head = f"#{m.id} {m.game_title} vs {join_words(others)} {match_place(m, style)}: "
        if m.to_act == member_id:
            turn = "**your move**"
        else:
            turn = f"{style.mention(m.to_act)} to move" if m.to_act else "waiting"
        if m.deadline is not None:
            turn += f", before {style.when(m.deadline)}"
        lines.append(head + turn)
    return "\n".join(lines)


def history_text(matches: Sequence[Match], style: Style) -> str:
    """Finished matches, newest first, one line each."""
    if not matches:
        return "No finished matches yet."
    lines = []
    for m in matches:
        result = m.result
        if m.solo and result is not None and result.how not in ("abort", "cancel"):
            outcome = "won" if result.winners else "lost"
        elif result is None or not (result.winners or result.draw):
            outcome = "no result"
        elif result.draw:
            outcome = "draw"
        else:
            outcome = join_words([style.mention(w) for w in result.winners]) + " won"
        players = " vs ".join(style.mention(x) for x in m.members)
        when = style.when(m.ended_at) if m.ended_at else ""
        moves = plural(m.ply, "move")
        if len(m.seats) > 1 and not m.rules.rated:
            moves += ", casual"
        lines.append(f"#{m.id} {m.game_title}: {players}: {outcome} ({moves}) {when}".rstrip())
    return clip("\n".join(lines))


def record_text(record: MatchRecord, style: Style) -> str:
    """A match's moves (without those taken back), numbered one a line, and its state, for
    /history with a match (as long as the match: Discord shows it in `pages`)."""
    match = record.match
    lines = [f"Match #{match.id}, {match.game_title}: {players_text(match, style)}."]
    moves = [e for e in standing_entries(record.log) if e.kind == "move"]
    lines += [f"{i}. {e.notation}" for i, e in enumerate(moves, start=1)] or ["No moves yet."]
    lines.append(turn_text(match, style))
    return "\n".join(lines)


def standings_text(title: str, standings: Sequence[Standing], style: Style) -> str:
    """A server's table for one game."""
    if not standings:
        return f"Nobody has finished a rated {title} match here yet."
    lines = [f"**{title} standings**"]
    for s in standings:
        lines.append(
            f"{s.rank}. {style.mention(s.member_id)}: {s.label} "
            f"({s.games} played: {s.wins} won, {s.draws} drawn, {s.losses} lost)"
        )
    return "\n".join(lines)


def stats_text(stats: PlayerStats, style: Style) -> str:
    """A member's ratings and results per game."""
    active = plural(stats.active_matches, "active match", "active matches")
    lines = [f"{style.mention(stats.member_id)}: {active}."]
    for g in stats.games:
        rank = f", rank {g.rank}" if g.rank else ""
        lines.append(
            f"{games.get(g.game).title}: rating {g.label}{rank}; {g.games} played, "
            f"{g.wins} won, {g.draws} drawn, {g.losses} lost."
        )
    for solo in stats.solo:
        best = f", best score {solo.best_score}" if solo.best_score is not None else ""
        lines.append(
            f"{games.get(solo.game).title} solo: {solo.played} played, {solo.won} won, "
            f"{solo.played - solo.won} lost{best}."
        )
    if not stats.games and not stats.solo:
        lines.append("No finished rated matches yet.")
    if any(g.label.endswith("?") for g in stats.games):
        lines.append(f"A rating with ? is provisional: fewer than {PROVISIONAL_GAMES} rated games.")
    return "\n".join(lines)


def rules_text(game: games.Game) -> str:
    """A game's summary, player counts and options, for /rules (it may be longer than one
    message)."""
    counts = (
        str(game.min_players)
        if game.min_players == game.max_players
        else f"{game.min_players} to {game.max_players}"
    )
    text = f"**{game.title}** ({counts} players)\n{game.summary.strip()}".strip()
    if game.options:
        options = [f"- {describe_option(o)}" for o in game.options]
        text += "\n\nOptions for `/challenge options:`\n" + "\n".join(options)
    return text


def settings_text(member: MemberSettings, style: Style) -> str:
    """A member's settings in words."""
    theme = member.picture_theme
    lines = [
        messages.REMINDERS[member.reminders],
        messages.OWN_THEME.format(theme=theme) if theme else messages.SERVER_THEME,
        PREVIEW_SETTING[member.skip_preview],
    ]
    if member.refuses_everyone:
        lines.append(messages.REFUSE_EVERYONE)
    if member.refuses:
        names = join_words([style.mention(m) for m in member.refuses[:20]])
        if len(member.refuses) > 20:
            more = len(member.refuses) - 20
            lines.append(messages.REFUSE_MEMBERS_AND_MORE.format(members=names, more=more))
        else:
            lines.append(messages.REFUSE_MEMBERS.format(members=names))
    lines.append(notices_line(member.notices))
    lines.append(warnings_line(member.notices))
    if member.vacation is not None:
        lines.append(messages.ON_VACATION_UNTIL.format(until=style.when(member.vacation.ends_at)))
    lines.append(messages.VACATION_DAYS_LEFT.format(days=f"{member.vacation_days_left:g}"))
    return "\n".join(lines)


def notices_line(notices: Notices) -> str:
    """A member's notices in one sentence."""
    how = messages.NOTICES_BY[notices.dm]
    if notices.dm != "off" and notices.dm_refused:
        how = messages.NOTICES_DMS_CLOSED
    digest = messages.NONE
    if notices.digest_hour is not None:
        digest = messages.DIGEST_AT.format(hour=notices.digest_hour)
    quiet = messages.NONE
    if notices.quiet_start is not None and notices.quiet_end is not None:
        quiet = messages.QUIET_FROM_TO.format(start=notices.quiet_start, end=notices.quiet_end)
    return messages.NOTICES.format(zone=notices.time_zone, how=how, digest=digest, quiet=quiet)


def guild_settings_text(guild: GuildSettings, style: Style) -> str:
    """A server's defaults in words."""
    channel = guild.challenge_channel_id
    where = style.channel(channel) if channel else messages.ANY_CHANNEL
    settings = messages.SERVER_SETTINGS.format(
        clock=format_clock(guild.clock_hours), where=where, theme=guild.picture_theme
    )
    timeouts, weekends = timeouts_line(guild.auto_timeout), weekends_line(guild.weekend_pause)
    return f"{settings} {timeouts} {weekends} {vacation_allowance_line(guild.vacation_days)}"


def clip(text: str, limit: int = MAX_MESSAGE) -> str:
    """`text` cut to `limit` characters at a line break, with a note that more was left out."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 20].rsplit("\n", 1)[0]
    return cut + "\n… (more left out)"
