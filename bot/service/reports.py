"""What the service reports besides matches and challenges: member and server settings,
the reminders and timeouts a clock tick found, standings and player statistics.

Immutable records, free of Discord and SQL; times are timezone-aware UTC datetimes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.match.ratings import rating_label
from bot.match.records import Challenge, Match, MatchUpdate


@dataclass(frozen=True)
class Vacation:
    """A running vacation: all the member's clocks are paused until `ends_at` or their move."""

    started_at: datetime
    ends_at: datetime


@dataclass(frozen=True)
class MemberSettings:
    """A member's preferences and vacation: reminders on/off, vacation and days left, the
    picture theme of what the bot shows them privately (None: each server's own), and
    whose challenges they refuse (`refuses_everyone`, or the members in `refuses`)."""

    member_id: int
    reminders: bool
    vacation: Vacation | None
    vacation_days_left: float
    picture_theme: str | None = None
    refuses_everyone: bool = False
    refuses: tuple[int, ...] = ()


@dataclass(frozen=True)
class GuildSettings:
    """A server's defaults: the clock of new challenges, where challenges may be posted,
    and the picture theme of its public pictures (a name in `render.THEMES`)."""

    guild_id: int
    clock_hours: int
    challenge_channel_id: int | None
    picture_theme: str = "default"


@dataclass(frozen=True)
class Reminder:
    """A ping to send to `member_id`: `kind` is "idle" (the turn has waited long), "low_time"
    (a tenth of the time is left) or "timeout_claimable" (sent to the waiting players: the
    one to act ran out of time and they may claim the win)."""

    match: Match
    member_id: int
    kind: str
    deadline: datetime | None
    bits: int = 0  # the reminders this one stands for, as `bot.store.clocks` marks them


@dataclass(frozen=True)
class TickReport:
    """Everything `tick()` found due: reminders to send, matches ended, challenges expired."""

    reminders: tuple[Reminder, ...] = ()
    timeouts: tuple[MatchUpdate, ...] = ()
    expired_challenges: tuple[Challenge, ...] = ()
    vacations_ended: tuple[int, ...] = ()


@dataclass(frozen=True)
class Standing:
    """One line of a server's standings in one game (`rating` as displayed, see
    `bot.match.ratings`; `label` marks it provisional: "1480?")."""

    rank: int
    member_id: int
    rating: int
    mu: float
    sigma: float
    games: int
    wins: int
    draws: int
    losses: int

    @property
    def label(self) -> str:
        """The rating as shown, with "?" while provisional."""
        return rating_label(self.mu, self.games)


@dataclass(frozen=True)
class GameStats:
    """A member's rated record in one game of one server (`label`: the rating as shown)."""

    game: str
    rating: int
    rank: int | None
    games: int
    wins: int
    draws: int
    losses: int
    label: str = ""


@dataclass(frozen=True)
class SoloStats:
    """A member's solo matches of one game in one server: never rated, only counted."""

    game: str
    played: int
    won: int
    best_score: int | None


@dataclass(frozen=True)
class PlayerStats:
    """A member's statistics in one server: per game, solo results, and active matches
    everywhere."""

    member_id: int
    guild_id: int
    games: tuple[GameStats, ...]
    active_matches: int
    solo: tuple[SoloStats, ...] = ()
