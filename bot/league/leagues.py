"""A server league as the bot keeps it: the `League` with its format and status, its
`Entrant`s and the `Board`s of its rounds (the records of its rounds and results are in
`bot.league.records`, which the format's planning reads).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.league.plan import LeagueFormat
from bot.league.records import Pairing, Result

SIGNUP = "signup"
RUNNING = "running"
OVER = "over"


@dataclass(frozen=True)
class League:
    """A server league as stored: where it posts, what it plays and how, its sign-up
    deadline, status ("signup", "running", "over"), the adjudication rule at a round's
    deadline ("draw" or "clock"), how many days a round lasts, and the most days a member's
    vacation may pause their clock during a round (None: no cap)."""

    id: int
    guild_id: int
    channel_id: int
    name: str
    game: str
    options: dict[str, Any]
    clock_hours: int
    format: LeagueFormat
    signup_ends: datetime
    status: str
    adjudication: str
    round_days: int
    created_by: int
    started_at: datetime | None
    vacation_cap_days: int | None = None

    @property
    def kind(self) -> str:
        """ "round robin", "double round robin" or "swiss"."""
        return self.format.kind


@dataclass(frozen=True)
class Entrant:
    """A member who signed up, and when they left (None: still in)."""

    member_id: int
    joined_at: datetime
    left_at: datetime | None


@dataclass(frozen=True)
class Board:
    """One pairing of a round as stored: its board number (from 1), the pairing, the match
    that plays it (None: decided by forfeit) and its result once known."""

    round: int
    board: int
    pairing: Pairing
    match_id: int | None
    result: Result | None
