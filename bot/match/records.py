"""Matches and challenges as the match rules and the service see them: immutable records,
free of Discord and SQL (settings, reminders and standings are in `bot.service.reports`).

Times are timezone-aware UTC datetimes. Seats are 0-based (seat 0 acts first); member ids
are Discord user ids. A `Match`'s `state` is the full game state, secrets included, for
the match rules and the service: use `public_view()` for anything posted in public and
`view_for(seat)` for what one player may see alone.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import games
from bot.match.actions import MatchAction
from bot.match.events import Ended, Event
from bot.match.phrases import member_mark
from bot.match.ratings import display_rating
from games import GameState

#: The most time anyone may have on the clock, in hours (30 days): every figure of a clock,
#: a time bank, and the time left after `/clock give`.
MAX_CLOCK_HOURS = 30 * 24
#: The server id of a match or challenge outside any server (in a DM or a group DM): such
#: matches are stored, rated (in a pool of their own) and listed like the others.
NO_SERVER = 0

#: Match statuses.
ACTIVE = "active"
FINISHED = "finished"
ABORTED = "aborted"
CANCELLED = "cancelled"

#: Challenge statuses.
PENDING = "pending"
STARTED = "started"
DECLINED = "declined"
WITHDRAWN = "cancelled"
EXPIRED = "expired"


@dataclass(frozen=True)
class MatchRules:
    """The service-level settings of a match (the game's own options live in `options`).

    `clock_hours` is the time per turn in hours, 0 for no clock. With `increment_hours`
    (None: a fixed time per turn) the clock is a time bank: each seat starts with
    `clock_hours`, a turn's deadline is its start plus the seat's bank, and a turn that
    ends leaves the seat what it did not use plus `increment_hours`, at most `cap_hours`
    (None: `MAX_CLOCK_HOURS`). `auto_timeout`: when time runs out the match ends by itself
    (True) or a waiting player may claim it (False). `weekend_pause`: the clock of the
    player to act does not run on Saturday and Sunday in their time zone
    (`bot.match.weekends`).
    `takebacks`: whether a player may ask to take back their last move. `rated`: whether
    the result may move ratings (a casual match's never does; solo matches never do).
    """

    clock_hours: int
    auto_timeout: bool
    takebacks: bool
    rated: bool = True
    increment_hours: int | None = None
    cap_hours: int | None = None
    weekend_pause: bool = False

    @property
    def bank(self) -> bool:
        """Whether the clock is a time bank (else a fixed time per turn, or none)."""
        return self.clock_hours > 0 and self.increment_hours is not None

    @property
    def bank_cap_hours(self) -> int:
        """The most a seat's bank may hold, in hours."""
        return self.cap_hours or MAX_CLOCK_HOURS


#: A challenge's rules unless its challenger chooses: timeouts that end the match, takebacks,
#: rated (a challenge takes its server's default clock and timeouts unless it names them).
DEFAULT_RULES = MatchRules(0, auto_timeout=True, takebacks=True)


@dataclass(frozen=True)
class Seat:
    """One player of a match: seat (turn order), member, join order and whether they left
    (`left_at`: the index of the log entry of their leaving, so the order is known).
    `bot_level` is the level of a seat the bot plays (None for a person; see
    `bot.match.engine_seats`)."""

    seat: int
    member_id: int
    join_index: int
    retired: bool = False
    retire_reason: str | None = None
    left_at: int | None = None
    bot_level: str | None = None


@dataclass(frozen=True)
class Proposal:
    """A pending draw offer or takeback request and who has still to answer it."""

    kind: str  # "draw" or "takeback"
    by_member: int
    agreed: tuple[int, ...]
    waiting_for: tuple[int, ...]


@dataclass(frozen=True)
class RatingChange:
    """One player's rating in one game before and after a match (openskill Plackett-Luce)."""

    member_id: int
    game: str
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float

    games_after: int = 0

    @property
    def before(self) -> int:
        """The displayed rating before the match (see `display_rating`)."""
        return display_rating(self.mu_before)

    @property
    def after(self) -> int:
        """The displayed rating after the match."""
        return display_rating(self.mu_after)

    @property
    def delta(self) -> int:
        """The change of the displayed rating."""
        return self.after - self.before


@dataclass(frozen=True)
class MatchResult:
    """How a match ended: `how` is "game", "resign", "timeout", "draw", "abort" or "cancel".

    `winners` are member ids (empty on a draw, an abort/cancel, or a lost solo game);
    `ranks` maps each seat to its place (1 best, ties share a place) for endings that
    place the players; `reason` is a sentence.
    """

    how: str
    reason: str
    winners: tuple[int, ...]
    draw: bool
    ranks: tuple[int, ...] | None
    scores: tuple[int, ...] | None
    rating_changes: tuple[RatingChange, ...] = ()

    @property
    def rated(self) -> bool:
        """Whether ratings changed (casual, solo, aborted and cancelled matches: never)."""
        return bool(self.rating_changes)


#: The encoder of a position's stored text, made once (`json.dumps` with separators of its
#: own makes a new encoder for each position written).
_COMPACT = json.JSONEncoder(separators=(",", ":"))


class Snapshot:
    """A match's game state as stored: its compact JSON `text`, and the `state` it holds,
    read from the text when first asked for unless the state it was made from is known.
    A position is read from its text once: the states last written or read are kept by
    their text (`_Positions`), so the next action of a match finds its position read."""

    __slots__ = ("game", "text", "_known")

    def __init__(self, game: str, text: str, state: GameState | None = None) -> None:
        self.game = game
        self.text = text
        self._known = state

    @classmethod
    def of(cls, state: GameState) -> Snapshot:
        """The snapshot of a state that is known."""
        text = _COMPACT.encode(state.to_json())
        _positions.keep(state.game.name, text, state)
        return cls(state.game.name, text, state)

    def knowing(self, state: GameState) -> Snapshot:
        """The same snapshot, its state known to be `state` (no need to read the text)."""
        return Snapshot(self.game, self.text, state)

    @property
    def state(self) -> GameState:
        """The full game state (secrets included), read from the text once."""
        if self._known is None:
            self._known = _positions.get(self.game, self.text)
            if self._known is None:
                self._known = games.get(self.game).from_json(json.loads(self.text))
                _positions.keep(self.game, self.text, self._known)
        return self._known


class _Positions:
    """The game states last written or read, by game and stored text (positions are
    immutable, and the text is the whole state, so a state kept answers every read of its
    text): at most `size`, the least recently used dropped first. Shared by the event
    loop and the database thread, hence the lock."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._states: OrderedDict[tuple[str, str], GameState] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game: str, text: str) -> GameState | None:
        """The state of `text` if kept."""
        with self._lock:
            state = self._states.get((game, text))
            if state is not None:
                self._states.move_to_end((game, text))
            return state

    def keep(self, game: str, text: str, state: GameState) -> None:
        """Keep `state` as the state of `text`."""
        with self._lock:
            self._states[game, text] = state
            self._states.move_to_end((game, text))
            if len(self._states) > self.size:
                self._states.popitem(last=False)


#: The positions of the matches played lately (a few hundred positions: a few MB at most).
_positions = _Positions(256)


@dataclass(frozen=True)
class Match:
    """A match as stored: who plays which seat, its clock, status and (when over) result.

    `to_act` is the member to act (None once the match is over); `deadline` is when their
    time runs out (None without a clock); while `paused` (their vacation) it is not
    running, and it moves later by the length of the pause when the vacation ends.
    A turn is every action of one seat in a row: `turns` counts the turns completed and
    `turn_ply` is the ply the current turn began at (actions since then are the turn's).
    `banks` (a time-bank clock only, else empty) holds each seat's bank in seconds: for
    the seat to act, what it had when its turn began (its `deadline` is what counts).
    `clock_zone` is the time zone whose weekends pause the turn's clock (the player to
    act's when the turn began; None without the weekend pause). `returns_at` is when the
    vacation that pauses their clock ends (read with the match; None when not paused).
    `channel_id` is the thread or channel the match lives in (None until attached);
    `origin_channel_id` is where the challenge was posted. `snapshot` is the game state
    as stored, `state` the state itself (secrets included): never post it.
    """

    id: int
    guild_id: int
    origin_channel_id: int
    channel_id: int | None
    game: str
    game_title: str
    options: Mapping[str, Any]
    rules: MatchRules
    seats: tuple[Seat, ...]
    seed: int
    status: str
    ply: int
    version: int
    turns: int
    turn_ply: int
    current_seat: int | None
    to_act: int | None
    turn_started_at: datetime | None
    deadline: datetime | None
    paused_at: datetime | None
    proposal: Proposal | None
    created_at: datetime
    ended_at: datetime | None
    result: MatchResult | None
    snapshot: Snapshot = field(repr=False, compare=False)
    _reminded: int = field(default=0, repr=False, compare=False)
    #: The message whose buttons act in this match now (to disable once they are stale).
    buttons_message_id: int | None = field(default=None, compare=False)
    banks: tuple[float, ...] = ()
    clock_zone: str | None = None
    returns_at: datetime | None = field(default=None, compare=False)

    @property
    def state(self) -> GameState:
        """The full game state (secrets included): for the rules and the service, never
        post it."""
        return self.snapshot.state

    @property
    def moves_played(self) -> int:
        """How many moves have been played, counted as every place numbers them: by turns
        (`GameState.turn_number`), a turn of several actions being one move."""
        return self.state.turn_number - 1

    @property
    def has_secrets(self) -> bool:
        """Whether the game hides information from some players (cards in a hand): then
        only `public_view()` may be posted, and a player sees their own view privately."""
        return games.get(self.game).kind.hidden_information

    @property
    def solo(self) -> bool:
        """Whether one player plays alone."""
        return len(self.seats) == 1

    @property
    def moves_ratings(self) -> bool:
        """Whether the match's result moves ratings: a rated match of two or more players
        in a game that is rated."""
        return self.rules.rated and not self.solo and games.get(self.game).kind.rated

    @property
    def numbered_seats(self) -> bool:
        """Whether the game's seats are only numbered (`GameType.numbered_seats`): its texts
        then call each seat by its member, and none pairs a seat with its member."""
        return games.get(self.game).kind.numbered_seats

    def seat_name(self, seat: int) -> str:
        """What `seat` is called now (a colour); after a swap of sides, its new name. In a
        game whose seats are only numbered, its member, marked for the faces to name
        (`bot.match.phrases.member_mark`)."""
        return self.in_words(self.state).seat_name(seat)

    def in_words(self, state: GameState) -> GameState:
        """`state` (a position of this match) calling its seats as the match's texts do
        (see `seat_name`): the words of a move or of an ending made from it name the
        members of a game whose seats are only numbered."""
        return state.named([member_mark(s.member_id) for s in self.seats])

    @property
    def paused(self) -> bool:
        """Whether the clock of the player to act is paused by their vacation."""
        return self.paused_at is not None

    @property
    def active(self) -> bool:
        """Whether the match is still being played."""
        return self.status == ACTIVE

    @property
    def members(self) -> tuple[int, ...]:
        """Member ids in seat order."""
        return tuple(s.member_id for s in self.seats)

    def seat_of(self, member_id: int) -> int | None:
        """The seat `member_id` plays, or None when they are not in the match."""
        for s in self.seats:
            if s.member_id == member_id:
                return s.seat
        return None

    def public_view(self) -> GameState:
        """The position as everybody may see it (`state.view(None)`): post only this."""
        return self.state.view(None)

    def view_for(self, seat: int) -> GameState:
        """The position as `seat` may see it (their own secrets included): show it privately."""
        return self.state.view(seat)


@dataclass(frozen=True)
class Direct:
    """A member an action's news gives the turn to, who gets turn notices by direct
    message: `instead` of the thread's ping (or as well), whether their quiet hours
    hold the notice back now (`quiet`: it is sent after them), and the Discord locale of
    their last interaction (`locale`, None: not known), the notice's language."""

    member_id: int
    instead: bool
    quiet: bool
    locale: str | None = None


@dataclass(frozen=True)
class Delivery:
    """What posting an action's news needs from the database, read in the action's own
    transaction so that the faces need not ask again: the server's picture `theme`, the
    actor's `own_theme` (for what only they see), who is told by direct message
    (`direct`, see `bot.match.delivery`), whether the actor is to be told now that
    Discord refused them a direct message (`tell_dm_refused`; it counts as told), the
    players' ratings as the pictures show them, by member (`ratings`, empty for an unrated
    match), and who of those given the turn are `newcomers`: on their first turn of their
    first match of the game, to be told how to play."""

    theme: str
    own_theme: str
    direct: tuple[Direct, ...] = ()
    tell_dm_refused: bool = False
    ratings: Mapping[int, str] = field(default_factory=dict)
    newcomers: tuple[int, ...] = ()


@dataclass(frozen=True)
class MatchUpdate:
    """What one action did, for the picture and the announcement.

    `action` is what was asked, `events` what happened, in order (see `bot.match.events`).
    Everything here may be posted: `before`/`after` are public views (`view(None)`), and
    events carry only public words. `move` is the move played (for the picture's
    highlight), None for other actions. `match` is the match after the action: its
    `to_act`, `deadline`, `proposal` and `result` say what comes next. `premove` is the
    update of the premove that answered this move, played right after it (None if none).
    `repeated`: the request had been applied before (it arrived twice); `events` are what
    it did then, `match`, `before` and `after` the match as it is now, and its news was
    told when it was applied. `delivery`: what posting the news needs, when the action
    was asked with it (`MatchService.act(..., deliver=True)`).
    """

    match: Match
    action: MatchAction
    actor_id: int | None
    seat: int | None
    before: GameState
    after: GameState
    events: tuple[Event, ...] = ()
    move: Hashable | None = None
    #: The member who moved was on vacation, which their move ended (their opponents
    #: elsewhere are to be told).
    back_from_vacation: bool = False
    premove: MatchUpdate | None = None
    repeated: bool = False
    delivery: Delivery | None = None

    @property
    def result(self) -> MatchResult | None:
        """The result when this action ended the match, else None."""
        return self.match.result if any(isinstance(e, Ended) for e in self.events) else None


@dataclass(frozen=True)
class MoveChoice:
    """One legal move for autocomplete: its notation and a phrase in words (from the view
    of the player to act: autocomplete shows it only to them; numbered seats are marked
    members, `Match.in_words`)."""

    notation: str
    words: str


@dataclass(frozen=True)
class LogEntry:
    """One line of a match's append-only log: a move, a retirement or a takeback.

    A move's `notation` is its canonical notation (what replays it), shown in records and
    exports: games keep secrets out of their notation, as they do out of `view(None)`.
    `sealed`: the move brought hidden information or chance to light (a card drawn), so
    its player cannot take it back alone.
    """

    index: int
    seat: int
    member_id: int
    kind: str  # "move", "retire" or "takeback"
    notation: str
    at: datetime
    sealed: bool = False


@dataclass(frozen=True)
class MatchRecord:
    """A match with its whole log, for history and export."""

    match: Match
    log: tuple[LogEntry, ...]


@dataclass(frozen=True)
class Challenge:
    """A challenge: the challenger, named invitees, open seats, and who has joined so far.

    `joined` lists member ids in join order (the challenger first); `named` the members
    the challenger named, in the order given (joined or not, bot seats too); `invited`
    those of them who have not answered yet, in that order; `open_seats` is how many
    seats anyone may take.
    `seat_order` fixes who sits where (member ids in seat order; options that name a
    player then name a seat), else a random first player starts and play goes round in
    join order.
    """

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    challenger_id: int
    game: str
    game_title: str
    players: int
    options: Mapping[str, Any]
    rules: MatchRules
    joined: tuple[int, ...]
    invited: tuple[int, ...]
    named: tuple[int, ...]
    open_seats: int
    status: str
    created_at: datetime
    expires_at: datetime
    match_id: int | None
    seat_order: tuple[int, ...] | None = None

    @property
    def opponents(self) -> tuple[int, ...]:
        """Everyone but the challenger: the members named, in the order the challenger
        gave, then whoever took an open seat, in join order."""
        took_open = (m for m in self.joined[1:] if m not in self.named)
        return (*self.named, *took_open)

    @property
    def pending(self) -> bool:
        """Whether the challenge still waits for players."""
        return self.status == PENDING

    def never_shown(self, started: Match | None) -> bool:
        """Whether the challenge was withdrawn (or `started`, the match against the bot it
        started, was cancelled) before it had a message: its post failed, so no one saw
        it."""
        if self.message_id is not None:
            return False
        return self.status == WITHDRAWN or (started is not None and started.status == CANCELLED)


@dataclass(frozen=True)
class ChallengeUpdate:
    """A challenge after an answer, and the match when that answer filled the last seat."""

    challenge: Challenge
    match: Match | None
