"""What an action did, as typed events: the faces turn them into words, pings and pictures.

Events name seats and members by number; none holds a secret (a move's notation and words
come from the public view of the position it was played in).
"""

from __future__ import annotations

from dataclasses import dataclass

#: The kinds of proposal.
DRAW = "draw"
TAKEBACK = "takeback"


@dataclass(frozen=True)
class Played:
    """`member` (in `seat`) played a move: its notation and a phrase in words."""

    seat: int
    member: int
    notation: str
    words: str


@dataclass(frozen=True)
class TurnPassed:
    """The turn passed to `member` (in `seat`): the one time they are called to act."""

    seat: int
    member: int


@dataclass(frozen=True)
class Left:
    """`member` left the match (`how`: "resign" or "timeout") and the others play on."""

    seat: int
    member: int
    how: str


@dataclass(frozen=True)
class Proposed:
    """`member` made a proposal (`kind`: DRAW or TAKEBACK)."""

    kind: str
    member: int


@dataclass(frozen=True)
class Agreed:
    """`member` agreed to the pending proposal; others still have to answer."""

    kind: str
    member: int


@dataclass(frozen=True)
class Declined:
    """`member` turned the pending proposal down: it is dropped."""

    kind: str
    member: int


@dataclass(frozen=True)
class Withdrawn:
    """`member` withdrew their own proposal."""

    kind: str
    member: int


@dataclass(frozen=True)
class TakenBack:
    """The move `notation` of `member` was taken back: `alone` within their own turn
    (nobody's consent needed), else because everyone agreed, `agreed_by` last; `replies`:
    how many moves played after it (the bot's answers) were taken back with it."""

    seat: int
    member: int
    notation: str
    words: str
    alone: bool
    replies: int = 0
    agreed_by: int | None = None


@dataclass(frozen=True)
class TimeGiven:
    """`member` (in `seat`) gave each of their opponents `hours` more on the clock."""

    seat: int
    member: int
    hours: int


@dataclass(frozen=True)
class Ended:
    """The match ended (`how`: "game", "resign", "timeout", "draw", "abort" or "cancel");
    the match's `result` says how."""

    how: str


Event = (
    Played
    | TurnPassed
    | Left
    | Proposed
    | Agreed
    | Declined
    | Withdrawn
    | TakenBack
    | TimeGiven
    | Ended
)
