"""The bot's words: clocks, challenges, moves, results and lists, for Discord and the console.

Pure functions of the match service's records. A `Style` says how a member and a time are
written (Discord mentions and timestamps, or plain names and dates in the local console),
so both front ends say exactly the same things.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

import games
from bot.config import MAX_CLOCK_HOURS
from bot.discord.options import describe_option, format_options
from bot.service import (
    Challenge,
    GuildSettings,
    Match,
    MatchRecord,
    MatchResult,
    MatchRules,
    MatchUpdate,
    MemberSettings,
    PlayerStats,
    Reminder,
    Standing,
)
from bot.service.replay import standing_entries
from games.wording import join_words, plural

MAX_MESSAGE = 2000  # Discord's limit on a message's text


class ClockText(ValueError):
    """A clock typed by a player cannot be read; the message shows what works."""


@dataclass(frozen=True)
class Style:
    """How names and times are written: `mention(member_id)` and `when(datetime)`."""

    mention: Callable[[int], str]
    when: Callable[[datetime], str]


def discord_style() -> Style:
    """Mentions (`<@id>`) and Discord timestamps shown in each reader's own time zone."""

    def when(moment: datetime) -> str:
        stamp = int(moment.timestamp())
        return f"<t:{stamp}:f> (<t:{stamp}:R>)"

    return Style(mention=lambda member_id: f"<@{member_id}>", when=when)


def seat_name(game: str, seat: int) -> str:
    """What a seat of the game called `game` is called (its colour, or "Player N")."""
    return games.get(game).seat_name(seat)


# ---- clocks
_CLOCK = re.compile(r"(\d+)\s*(d|day|days|h|hr|hrs|hour|hours)?")


def parse_clock(text: str | None) -> int | None:
    """Hours per move from "3d", "2 days", "12h", "none" (0); None for empty text (default)."""
    raw = (text or "").strip().lower()
    if not raw or raw == "default":
        return None
    if raw in ("none", "no", "off", "0", "no clock"):
        return 0
    match = _CLOCK.fullmatch(raw)
    if match is None:
        raise ClockText(
            f"I cannot read the clock {text!r}: give days like 3d or hours like 12h, or none."
        )
    amount, unit = int(match[1]), match[2] or "d"
    hours = amount * 24 if unit.startswith("d") else amount
    if hours > MAX_CLOCK_HOURS:
        raise ClockText(f"A clock can be at most {MAX_CLOCK_HOURS // 24} days per move.")
    return hours


def format_clock(hours: int) -> str:
    """ "3 days per move", "12 hours per move" or "no clock"."""
    if hours <= 0:
        return "no clock"
    if hours % 24 == 0:
        return plural(hours // 24, "day") + " per move"
    return plural(hours, "hour") + " per move"


CLOCK_SUGGESTIONS = ("1d", "2d", "3d", "5d", "7d", "12h", "none")


def rules_words(rules: MatchRules) -> str:
    """The service-level rules of a match in words: clock, timeouts, takebacks."""
    words = [format_clock(rules.clock_hours)]
    if rules.clock_hours:
        words.append(
            "a timeout ends the match" if rules.auto_timeout else "a timeout can be claimed"
        )
    words.append("takebacks allowed" if rules.takebacks else "no takebacks")
    return ", ".join(words)


def _game_line(game_name: str, title: str, options: dict) -> str:
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
    lines = [f"{who} {verb} {join_words(others) or 'anyone'} to {game}: {rules_words(ch.rules)}."]
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
    return {
        "started": f"Accepted: match #{ch.match_id} has started.",
        "declined": "Declined.",
        "cancelled": "Withdrawn by the challenger.",
        "expired": "Expired: nobody filled the seats in time.",
    }.get(ch.status, f"Closed ({ch.status}).")


def thread_name(match: Match, names: Callable[[int], str]) -> str:
    """The match thread's name, within Discord's 100 characters."""
    title = f"{match.game_title} #{match.id}: " + " vs ".join(names(m) for m in match.members)
    return title if len(title) <= 100 else title[:99] + "…"


# ---- matches
def players_text(match: Match, style: Style) -> str:
    """Players in seat order with their colours: "White: @a, Black: @b"."""
    return ", ".join(
        f"{seat_name(match.game, s.seat)}: {style.mention(s.member_id)}"
        + (" (out)" if s.retired else "")
        for s in match.seats
    )


def start_text(match: Match, style: Style) -> str:
    """The first message in a match's thread."""
    game = _game_line(match.game, match.game_title, dict(match.options))
    return "\n".join(
        [
            f"Match #{match.id}: {game}, {rules_words(match.rules)}.",
            players_text(match, style) + ".",
            turn_text(match, style),
        ]
    )


def turn_text(match: Match, style: Style, *, again: bool = False) -> str:
    """Who acts next and until when ("to move again" with `again`: the same player acts
    twice in a row, as when a game has them score after a move); for an ended match, its
    result."""
    if not match.active:
        return result_text(match, style)
    if match.to_act is None:
        return ""
    seat = seat_name(match.game, match.current_seat or 0)
    line = f"{style.mention(match.to_act)} ({seat}) to move" + (" again" if again else "")
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
    return f"Match #{match.id}, {when}.\n" + turn_text(match, style)


_ENDINGS = ("resign", "timeout", "draw", "abort", "cancel")
_ACTIONS = {
    "resign": "{actor} resigned.",
    "timeout": "{actor} ran out of time.",
    "draw_offered": "{actor} offers a draw.",
    "draw_accepted": "{actor} agrees to a draw.",
    "draw_declined": "{actor} declined the draw.",
    "draw_withdrawn": "{actor} withdrew their draw offer.",
    "draw": "{actor} agreed: the match is drawn.",
    "takeback_asked": "{actor} asks to take back their last move.",
    "takeback_accepted": "{actor} agrees to the takeback.",
    "takeback_refused": "{actor} refused the takeback.",
    "takeback_withdrawn": "{actor} withdrew their takeback request.",
    "abort": "{actor} aborted the match.",
    "cancel": "A server admin cancelled the match.",
}


def update_text(update: MatchUpdate, style: Style) -> str:
    """What an action did, then who acts next (or the result)."""
    match = update.match
    actor = style.mention(update.actor_id) if update.actor_id is not None else "Someone"
    if update.action == "move":
        first = f"{actor} played `{update.notation}`: {update.words}."
    elif update.action == "takeback":
        first = f"The move `{update.notation}` was taken back."
    elif update.result is not None and update.action in _ENDINGS:
        first = ""  # the result's reason says it
    else:
        first = _ACTIONS.get(update.action, "{actor}: " + update.action).format(actor=actor)
    lines = [first]
    if match.proposal is not None and match.proposal.waiting_for:
        waiting = join_words([style.mention(m) for m in match.proposal.waiting_for])
        kind = "draw offer" if match.proposal.kind == "draw" else "takeback request"
        lines.append(f"Waiting for {waiting} to answer the {kind}.")
    again = update.action == "move" and match.to_act == update.actor_id
    lines.append(turn_text(match, style, again=again))
    return "\n".join(line for line in lines if line)


def result_text(match: Match, style: Style) -> str:
    """The result of an ended match and the rating changes."""
    result: MatchResult | None = match.result
    if result is None:
        return f"Match #{match.id} has ended."
    if result.draw:
        head = "Drawn"
    elif result.winners:
        winners = [
            f"{style.mention(m)} ({seat_name(match.game, match.seat_of(m) or 0)})"
            for m in result.winners
        ]
        head = f"{join_words(winners)} won"
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
            f"{style.mention(c.member_id)} {c.before} → {c.after} ({c.delta:+d})"
            for c in result.rating_changes
        )
        lines.append(f"Ratings: {changes}.")
    if not result.rated and result.how in ("abort", "cancel"):
        lines.append("Unrated.")
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
        return f"{who}, your time in match #{match.id} runs out {style.when(reminder.deadline)}."
    line = f"{who}, it is your move in match #{match.id}"
    if reminder.deadline is not None:
        return line + f"; your time runs out {style.when(reminder.deadline)}."
    return line + "."


# ---- lists
def matches_text(
    matches: Sequence[Match], member_id: int, style: Style, where: Callable[[Match], str]
) -> str:
    """A member's active matches: game, opponents, where (`where(match)`: "in #thread"),
    whose turn, deadline."""
    if not matches:
        return "You have no active matches. Start one with `/challenge`."
    lines = []
    for m in matches:
        others = [style.mention(o) for o in m.members if o != member_id]
        head = f"#{m.id} {m.game_title} vs {join_words(others)} {where(m)}: "
        if m.to_act == member_id:
            turn = "**your move**"
        else:
            turn = f"{style.mention(m.to_act)} to move" if m.to_act else "waiting"
        if m.deadline is not None:
            turn += f", before {style.when(m.deadline)}"
        lines.append(head + turn)
    return clip("\n".join(lines))


def history_text(matches: Sequence[Match], style: Style) -> str:
    """Finished matches, newest first, one line each."""
    if not matches:
        return "No finished matches yet."
    lines = []
    for m in matches:
        result = m.result
        if result is None or not (result.winners or result.draw):
            outcome = "no result"
        elif result.draw:
            outcome = "draw"
        else:
            outcome = join_words([style.mention(w) for w in result.winners]) + " won"
        players = " vs ".join(style.mention(x) for x in m.members)
        when = style.when(m.ended_at) if m.ended_at else ""
        moves = plural(m.ply, "move")
        lines.append(f"#{m.id} {m.game_title}: {players}: {outcome} ({moves}) {when}".rstrip())
    return clip("\n".join(lines))


def record_text(record: MatchRecord, style: Style) -> str:
    """A match's moves (without those taken back) and its state, for /history with a match."""
    match = record.match
    lines = [f"Match #{match.id}, {match.game_title}: {players_text(match, style)}."]
    moves = [e for e in standing_entries(record.log) if e.kind == "move"]
    lines.append(
        " ".join(f"{i}. {e.notation}" for i, e in enumerate(moves, start=1)) or "No moves yet."
    )
    lines.append(turn_text(match, style))
    return clip("\n".join(lines))


def standings_text(title: str, standings: Sequence[Standing], style: Style) -> str:
    """A server's table for one game."""
    if not standings:
        return f"Nobody has finished a rated {title} match here yet."
    lines = [f"**{title} standings**"]
    for s in standings:
        lines.append(
            f"{s.rank}. {style.mention(s.member_id)}: {s.rating} "
            f"({s.games} played: {s.wins} won, {s.draws} drawn, {s.losses} lost)"
        )
    return clip("\n".join(lines))


def stats_text(stats: PlayerStats, style: Style) -> str:
    """A member's ratings and results per game."""
    active = plural(stats.active_matches, "active match", "active matches")
    lines = [f"{style.mention(stats.member_id)}: {active}."]
    for g in stats.games:
        rank = f", rank {g.rank}" if g.rank else ""
        lines.append(
            f"{games.get(g.game).title}: rating {g.rating}{rank}; {g.games} played, "
            f"{g.wins} won, {g.draws} drawn, {g.losses} lost."
        )
    if not stats.games:
        lines.append("No finished rated matches yet.")
    return "\n".join(lines)


def rules_text(game: games.Game) -> str:
    """A game's summary, player counts and options, for /rules (it may be longer than one
    Discord message: send it with `split_message`)."""
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
    theme = f"the {member.picture_theme} theme" if member.picture_theme else "each server's theme"
    lines = [
        f"Reminders: {'on' if member.reminders else 'off'}.",
        f"Pictures shown only to you: {theme}.",
    ]
    if member.vacation is not None:
        lines.append(f"On vacation until {style.when(member.vacation.ends_at)}.")
    lines.append(f"Vacation days left this year: {member.vacation_days_left:g}.")
    return "\n".join(lines)


def guild_settings_text(guild: GuildSettings) -> str:
    """A server's defaults in words."""
    where = f"<#{guild.challenge_channel_id}>" if guild.challenge_channel_id else "any channel"
    return (
        f"Default clock: {format_clock(guild.clock_hours)}. Challenges: {where}. "
        f"Pictures: the {guild.picture_theme} theme."
    )


def split_message(text: str, limit: int = MAX_MESSAGE) -> list[str]:
    """`text` as messages of at most `limit` characters, cut between paragraphs where it
    can, else between lines, else between words."""
    pieces = []
    while len(text) > limit:
        for mark in ("\n\n", "\n", " "):
            cut = text.rfind(mark, 0, limit + 1)
            if cut >= limit // 2:
                break
        if cut <= 0:
            cut = limit
        pieces.append(text[:cut].rstrip())
        text = text[cut:].lstrip("\n ")
    return [*pieces, text]


def clip(text: str, limit: int = MAX_MESSAGE) -> str:
    """`text` cut to `limit` characters at a line break, with a note that more was left out."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 20].rsplit("\n", 1)[0]
    return cut + "\n… (more left out)"
