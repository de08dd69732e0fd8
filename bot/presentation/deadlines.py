"""What players read about deadlines: warnings before a deadline, what happens when it
passes, the reminders of a turn that waited (or of a match that may be claimed), the
warnings a member chose, a server's timeouts, weekend pause and vacation allowance, a
vacation allowance spent, and the next game waiting for a member. Whole sentences with
named placeholders, then the functions that fill them (how much time is left is
`clocks`'; warning hours as typed are read in `parsing`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from bot.match.records import NO_SERVER, Match
from bot.presentation.catalogue import fill
from bot.presentation.writing import Style
from bot.service import DeadlineWarning, NextGame, Notices, Reminder

AT_DEADLINE_ENDS = "If you have not moved by then, you lose match #{match} on time."
AT_DEADLINE_CLAIM = "After that, your opponents may claim match #{match} on time."
AT_DEADLINE_WEEKENDS = (
    "Your clock stops on Saturday and Sunday ({zone} time): that deadline already leaves them out."
)
WARNING = "{who}, your time in match #{match} ({game}) runs out {when}."
WARNINGS_CHOSEN = "Warnings before a deadline: {hours} before it."
WARNINGS_NONE = "Warnings before a deadline: none."
TIMEOUTS_END = "Late turns: the match ends by itself (a challenge may choose claims instead)."
TIMEOUTS_CLAIM = "Late turns: a waiting player claims the match (a challenge may choose otherwise)."
VACATION_ALLOWANCE = "Vacation: {days} days a year per member."
VACATION_SPENT = (
    "{who} has spent the vacation days allowed here (by this server for the year, or by "
    "the league for the round): their clock in match #{match} runs again, until {when}."
)
VACATION_CAP = "vacations pause a clock at most {days} days a round"
WEEKENDS_PAUSED = "Weekends: clocks stop on Saturday and Sunday where the player to move lives."
WEEKENDS_RUN = "Weekends: clocks run through them."
RULES_WEEKENDS = "clocks paused at weekends"
NEXT_GAME = "Your next game: match #{match} ({game}), {until}: {link}"
NEXT_UNTIL = "your time runs out {when}"
NEXT_WAITING = "waiting for you since {when}"
NOTHING_WAITS = "Nothing waits for you: it is nobody's move but your opponents'."
WARNING_HOURS_FORMS = "Give hours before the deadline, like 24 8 1, or none for no warnings."

# ---- reminders: a turn that waited, time running low, a match that may be claimed
CLAIMABLE = "{player}: {late} has run out of time in match #{match}; `/claim` wins it."
THE_PLAYER_TO_MOVE = "The player to move"
LOW_TIME = "{player}, your time in match #{match} runs out {deadline}."
YOUR_MOVE_UNTIL = "{player}, it is your move in match #{match}; your time runs out {deadline}."
YOUR_MOVE = "{player}, it is your move in match #{match}."


def at_deadline(match: Match) -> str:
    """What happens when the deadline of the player to act passes, in one sentence (and
    one more, with the weekend pause, that the deadline leaves the weekends out)."""
    text = AT_DEADLINE_ENDS if match.rules.auto_timeout else AT_DEADLINE_CLAIM
    ending = fill(text, match=match.id)
    if match.clock_zone is None:
        return ending
    return f"{ending} {fill(AT_DEADLINE_WEEKENDS, zone=match.clock_zone)}"


def warning_text(
    warning: DeadlineWarning, mention: Callable[[int], str], when: Callable[[datetime], str]
) -> str:
    """A warning that a player's time runs out soon, and what happens then (`mention` and
    `when` are the face's Style's, see `bot.presentation.writing.Style`)."""
    match = warning.match
    assert match.deadline is not None  # a warning is only ever made before a deadline
    head = fill(
        WARNING,
        who=mention(warning.member_id),
        match=match.id,
        game=match.game_title,
        when=when(match.deadline),
    )
    return f"{head} {at_deadline(match)}"


def warnings_line(notices: Notices) -> str:
    """The warnings a member chose, in one sentence."""
    if not notices.warnings:
        return fill(WARNINGS_NONE)
    hours = ", ".join(f"{h} h" for h in notices.warnings)
    return fill(WARNINGS_CHOSEN, hours=hours)


def timeouts_line(auto_timeout: bool) -> str:
    """What a server's new matches do when a player's time runs out."""
    return fill(TIMEOUTS_END if auto_timeout else TIMEOUTS_CLAIM)


def weekends_line(paused: bool) -> str:
    """Whether a server's new matches pause their clocks at weekends."""
    return fill(WEEKENDS_PAUSED if paused else WEEKENDS_RUN)


def vacation_allowance_line(days: int) -> str:
    """The vacation days a year a server allows each member."""
    return fill(VACATION_ALLOWANCE, days=days)


def vacation_cap_words(days: int) -> str:
    """A league's vacation cap, in a few words."""
    return fill(VACATION_CAP, days=days)


def vacation_spent_text(
    match: Match, mention: Callable[[int], str], when: Callable[[datetime], str]
) -> str:
    """That the member to act has spent the server's vacation days, so their clock in
    `match` runs again until its deadline (`mention` and `when` are the face's Style's)."""
    assert match.to_act is not None and match.deadline is not None  # a clock that was paused
    return fill(
        VACATION_SPENT, who=mention(match.to_act), match=match.id, when=when(match.deadline)
    )


def next_game_text(found: NextGame | None, when: Callable[[datetime], str]) -> str:
    """The answer to /next: a link to the latest board of the match that has waited
    longest for the member (its thread when no board is remembered), or that nothing
    waits."""
    if found is None:
        return fill(NOTHING_WAITS)
    match = found.match
    if match.deadline is not None:
        until = fill(NEXT_UNTIL, when=when(match.deadline))
    else:
        assert match.turn_started_at is not None  # a match waiting for a player
        until = fill(NEXT_WAITING, when=when(match.turn_started_at))
    server = "@me" if match.guild_id == NO_SERVER else match.guild_id  # (a DM or group DM)
    link = f"https://discord.com/channels/{server}/{match.channel_id}"
    if match.channel_id is None:
        link = f"`/move match:{match.id}`"
    elif found.board_message_id is not None:
        link += f"/{found.board_message_id}"
    return fill(NEXT_GAME, match=match.id, game=match.game_title, until=until, link=link)


def reminder_text(reminder: Reminder, style: Style) -> str:
    """A ping for a player whose turn has waited or whose time runs low, or for a waiting
    player who may now claim the match on time."""
    match = reminder.match
    who = style.mention(reminder.member_id)
    if reminder.kind == "timeout_claimable":
        late = fill(THE_PLAYER_TO_MOVE)
        if match.to_act is not None:
            late = style.mention(match.to_act)
        return fill(CLAIMABLE, player=who, late=late, match=match.id)
    if reminder.deadline is None:
        return fill(YOUR_MOVE, player=who, match=match.id)
    deadline = style.when(reminder.deadline)
    line = LOW_TIME if reminder.kind == "low_time" else YOUR_MOVE_UNTIL
    return f"{fill(line, player=who, match=match.id, deadline=deadline)} {at_deadline(match)}"
