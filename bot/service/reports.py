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


#: How turn notices may come by direct message: not at all, as well as the thread ping,
#: or instead of it.
DM_CHOICES = ("off", "also", "instead")
#: The warnings before a deadline unless a member chooses: hours before it.
DEFAULT_WARNINGS = (24, 8, 1)
#: The earliest warning a member may choose, in hours before the deadline.
MAX_WARNING_HOURS = 24


@dataclass(frozen=True)
class Notices:
    """How a member wants to be told: their time zone (an IANA name), turn notices by
    direct message (`dm`, one of DM_CHOICES), the local hour of their daily digest and
    their quiet hours (local hours; None: none), and whether Discord refused them a DM
    (then they get the thread pings until they change their notices). `warnings`: how
    many hours before each of their deadlines they are warned, most first (empty: never)."""

    time_zone: str = "UTC"
    dm: str = "off"
    digest_hour: int | None = None
    quiet_start: int | None = None
    quiet_end: int | None = None
    dm_refused: bool = False
    warnings: tuple[int, ...] = DEFAULT_WARNINGS

    @property
    def by_dm(self) -> bool:
        """Whether turn notices go to them by direct message."""
        return self.dm != "off" and not self.dm_refused


@dataclass(frozen=True)
class MemberSettings:
    """A member's preferences and vacation: reminders on/off, vacation and days left, the
    picture theme of what the bot shows them privately (None: each server's own), whose
    challenges they refuse (`refuses_everyone`, or the members in `refuses`), and whether
    a move composed by taps is played without its preview (`skip_preview`)."""

    member_id: int
    reminders: bool
    vacation: Vacation | None
    vacation_days_left: float
    picture_theme: str | None = None
    skip_preview: bool = False
    refuses_everyone: bool = False
    refuses: tuple[int, ...] = ()
    notices: Notices = Notices()


@dataclass(frozen=True)
class GuildSettings:
    """A server's defaults: the clock of new challenges, where challenges may be posted,
    the picture theme of its public pictures (a name in `render.THEMES`), and whether a
    late turn ends a new match by itself (`auto_timeout`) or waits for a claim, and
    whether new matches' clocks pause at weekends (`weekend_pause`), the vacation days
    a year each member may spend pausing its matches, and the language its admins chose
    for its public posts (None: Discord's preferred locale of the server)."""

    guild_id: int
    clock_hours: int
    challenge_channel_id: int | None
    picture_theme: str = "default"
    auto_timeout: bool = True
    weekend_pause: bool = False
    vacation_days: int = 0
    language: str | None = None


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

    @property
    def claim(self) -> tuple[str, str]:
        """The background work it is (`bot.store.claims`): this turn's reminders of its kind."""
        started = self.match.turn_started_at
        stamp = "" if started is None else f"{started.timestamp():.6f}"
        return "reminder", f"{self.match.id}:{stamp}:{self.bits}"


@dataclass(frozen=True)
class DeadlineWarning:
    """A warning to `member_id` that their time in `match` runs out at its deadline: the
    one of their chosen warnings (`hours` before it) due now, sent by direct message
    (`by_dm`) and/or as a ping in the match's thread (`ping`)."""

    match: Match
    member_id: int
    hours: int
    by_dm: bool
    ping: bool

    @property
    def claim(self) -> tuple[str, str]:
        """The background work it is (`bot.store.claims`): this warning before this
        deadline (a new turn, a takeback, time given or a vacation make a new deadline,
        whose warnings are new; a ply is never part of the key)."""
        deadline = self.match.deadline
        stamp = "" if deadline is None else f"{deadline.timestamp():.6f}"
        return "warning", f"{self.match.id}:{stamp}:{self.hours}"


@dataclass(frozen=True)
class NextGame:
    """The match that has waited longest for a member, and the message of its latest
    board (None: no board remembered; link to its thread instead)."""

    match: Match
    board_message_id: int | None


@dataclass(frozen=True)
class Post:
    """A message posted in a match's thread, as `MatchService.posted_news` remembers it:
    the ply of the board it shows (None: no board) and whether its buttons act in the
    match."""

    message_id: int
    ply: int | None
    buttons: bool


@dataclass(frozen=True)
class HeldNotices:
    """Notices held back during a member's quiet hours, to send now in one message
    (`last_id`: what to report to `release_held` once sent)."""

    member_id: int
    texts: tuple[str, ...]
    last_id: int

    @property
    def claim(self) -> tuple[str, str]:
        """The background work it is (`bot.store.claims`): sending these notices."""
        return "held", f"{self.member_id}:{self.last_id}"


@dataclass(frozen=True)
class Digest:
    """A member's daily digest for their local `day` (ISO date): the matches waiting for
    their move and the challenges waiting for their answer."""

    member_id: int
    day: str
    matches: tuple[Match, ...]
    challenges: tuple[Challenge, ...]

    @property
    def claim(self) -> tuple[str, str]:
        """The background work it is (`bot.store.claims`): the member's digest of the day."""
        return "digest", f"{self.member_id}:{self.day}"


@dataclass(frozen=True)
class TickReport:
    """Everything `tick()` found due: reminders to send, matches ended, challenges expired,
    vacations ended, notices held back whose quiet hours are over, digests, warnings
    before deadlines, and matches whose clock runs again because the member to act has
    spent the vacation days their server allows (`vacations_cut`)."""

    reminders: tuple[Reminder, ...] = ()
    timeouts: tuple[MatchUpdate, ...] = ()
    expired_challenges: tuple[Challenge, ...] = ()
    vacations_ended: tuple[int, ...] = ()
    vacations_cut: tuple[Match, ...] = ()
    held: tuple[HeldNotices, ...] = ()
    digests: tuple[Digest, ...] = ()
    warnings: tuple[DeadlineWarning, ...] = ()


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
