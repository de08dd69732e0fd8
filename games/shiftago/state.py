"""A Shiftago position: whose turn, the tray, supplies, scores; legal moves and playing them."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, ClassVar

from games.base import Game, GameState, IllegalMove, InvalidMove, Outcome
from games.shiftago.action import Action
from games.shiftago.explain import resolve_score_request, why_illegal
from games.shiftago.geometry import CELLS, EDGES, LANES, ORTHOGONAL, SIZE, line_between
from games.shiftago.heuristics import estimate, fullest_stretch, stretch_length
from games.shiftago.lines import (
    BITS,
    COLUMN_MASKS,
    ROW_MASKS,
    entered,
    has_line,
    inserted,
    marbles,
    occupied_by,
)
from games.shiftago.moves import Insert, Move, Score, ScoreRequest, read_move
from games.shiftago.phrasebook import say
from games.shiftago.rules import (
    WINNING_POINTS,
    Board,
    first_gap,
    insert,
    lines_of,
    min_line,
    score_table,
)
from games.shiftago.steps import move_steps as shiftago_steps
from games.shiftago.value import value_cells
from games.shiftago.words import COLOURS, move_words
from games.steps import Step

ALL_INSERTS = tuple(Insert(edge, lane) for edge in EDGES for lane in range(SIZE))

HINTED_STRETCH = 3
"""A hint speaks of an open stretch once it holds this many marbles of one colour."""

ENDINGS = ("line", "ten", "full", "supply", "alone")
"""Why a game ended: an Express line, ten points, a full tray, the player to move has no
marbles, or every other player has left."""


@dataclass(frozen=True)
class ShiftagoState(GameState):
    """One Shiftago position. `turn` is the seat inserting or (while `scoring`) choosing
    a line; `recent` holds the actions of the latest turn, oldest first; `sat_out` the seats
    that just sat out a handicap turn; `ending` names why the game is over (see ENDINGS);
    `turns` counts the turns ended (a turn of Expert and Extreme may be several actions:
    an insertion, the lines it scores and the insertion after them)."""

    game: ClassVar[Game]

    players: int
    options: Mapping[str, Any] = field(hash=False)
    board: Board
    supply: tuple[int, ...]
    scores: tuple[int, ...]
    turn: int
    scoring: bool = False
    sit_out: tuple[int, ...] = ()
    retired: tuple[bool, ...] = ()
    plies: int = 0
    recent: tuple[Action, ...] = ()
    sat_out: tuple[int, ...] = ()
    ending: str | None = None
    turns: int = 0

    # ----- reading the position -------------------------------------------------------

    @property
    def variant(self) -> str:
        """The variant: "express", "expert" or "extreme"."""
        variant: str = self.options["variant"]
        return variant

    @property
    def current_player(self) -> int | None:
        """The seat that must insert or choose a line; None once the game is over."""
        return None if self.ending else self.turn

    @property
    def ply(self) -> int:
        """How many moves (insertions and scorings) have been played."""
        return self.plies

    @property
    def turn_number(self) -> int:
        """The number of the turn being played: one past the turns ended."""
        return self.turns + 1

    @property
    def last(self) -> Action | None:
        """The action that led to this position, if any."""
        return self.recent[-1] if self.recent else None

    def active(self) -> tuple[int, ...]:
        """Seats still playing (not retired)."""
        return tuple(seat for seat in range(self.players) if not self.retired[seat])

    def keeps_score(self) -> bool:
        """Whether this variant keeps points: True for Expert and Extreme, False for Express."""
        return self.variant != "express"

    def points_so_far(self, seat: int) -> int | None:
        """`seat`'s points in Expert and Extreme (None in Express, which keeps none)."""
        return self.scores[seat] if self.keeps_score() else None

    @cached_property
    def colours(self) -> tuple[int, ...]:
        """Every seat's marbles as a bitboard (see `games.shiftago.lines`)."""
        return tuple(marbles(self.board, seat) for seat in range(self.players))

    @cached_property
    def pending_lines(self) -> tuple[tuple[int, ...], ...]:
        """While scoring: the lines of the player to move that qualify, each as its cells."""
        if not self.scoring:
            return ()
        return lines_of(self.board, self.turn, min_line(self.variant, self.players))

    # ----- moves ------------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every insertion into a lane with room, or while scoring, every scoring choice."""
        return self._legal_moves

    @cached_property
    def _legal_moves(self) -> tuple[Move, ...]:
        """`legal_moves`, listed once per position (the engine asks again and again)."""
        if self.ending:
            return ()
        if self.scoring:
            return tuple(self.scoring_choices())
        occupied = occupied_by(self.colours)
        full_rows = [occupied & row == row for row in ROW_MASKS]
        full_columns = [occupied & column == column for column in COLUMN_MASKS]
        moves = [
            move
            for move in ALL_INSERTS
            if not (full_columns if move.edge in "NS" else full_rows)[move.lane]
        ]
        if self.lone_colour_applies():
            moves = [m for m in moves if not self.breaks_lone_colour(m)]
        return tuple(moves)

    def scoring_choices(self) -> list[Score]:
        """While scoring: every scoring move of the player to move, one per line (two per
        line with 3-4 players, one for each end marble that may stay)."""
        moves = []
        for line in self.pending_lines:
            start, end = line[0], line[-1]
            if self.players == 2:
                moves.append(Score(start, end))
            else:
                moves += [Score(start, end, start), Score(start, end, end)]
        return moves

    def parse_move(self, text: str) -> Move:
        """Read a typed move (case and spaces forgiven) and check that it is legal now."""
        read = read_move(text)
        move = resolve_score_request(self, read) if isinstance(read, ScoreRequest) else read
        reason = why_illegal(self, move)
        if reason:
            raise IllegalMove(reason)
        return move

    def format_move(self, move: Hashable) -> str:
        """The canonical notation: `Nc`, `W4`, `x c1-c5` or `x c1-c5 keep c1`."""
        return _require_move(move).notation()

    def describe_move(self, move: Hashable) -> str:
        """The move in words, such as "Orange enters from the north into column c, pushing
        3 marbles"."""
        move = _require_move(move)
        if isinstance(move, Insert):
            pushed = first_gap(self.board, move.edge, move.lane) or 0
            return move_words(self.turn, move, pushed=pushed, points=0, past=False)
        length = len(line_between(move.start, move.end) or ())
        points = score_table(self.variant, self.players).get(length, 0)
        return move_words(self.turn, move, pushed=0, points=points, past=False)

    def move_steps(self, move: Hashable) -> tuple[Step, ...]:
        """How the legal `move` is chosen by taps (see `games.steps`)."""
        return shiftago_steps(_require_move(move))

    @cached_property
    def _lone_colour(self) -> bool:
        own = self.colours[self.turn]
        return own != 0 and not any(m for s, m in enumerate(self.colours) if s != self.turn)

    def lone_colour_applies(self) -> bool:
        """Whether the lone-colour rule binds the player to move: the option is on and only
        their marbles are on the tray."""
        return bool(self.options["lone_colour"]) and self._lone_colour

    def breaks_lone_colour(self, move: Insert) -> bool:
        """Whether the insertion places a marble side by side with another: a push always
        does (the entering marble touches the run it pushes), else the entry square must
        have no marble next to it."""
        if first_gap(self.board, move.edge, move.lane):
            return True
        entry = LANES[move.edge, move.lane][0]
        return any(self.board[n] is not None for n in ORTHOGONAL[entry])

    # ----- playing ----------------------------------------------------------------------

    def play(self, move: Hashable) -> ShiftagoState:
        """The position after `move`; an illegal move raises IllegalMove naming the rule,
        a value that is no Shiftago move InvalidMove."""
        move = _require_move(move)
        reason = why_illegal(self, move)
        if reason:
            raise IllegalMove(reason)
        if isinstance(move, Insert):
            return self._play_insert(move)
        return self._play_score(move)

    def _play_insert(self, move: Insert) -> ShiftagoState:
        seat = self.turn
        board, pushed = insert(self.board, move.edge, move.lane, seat)
        colours = inserted(self.colours, move.edge, move.lane, pushed, seat)
        supply = _changed(self.supply, seat, -1)
        action = Action(seat, move, pushed=pushed)
        last = self.last
        same_turn = last is not None and isinstance(last.move, Score) and last.seat == seat
        recent = (*self.recent, action) if same_turn else (action,)
        sat_out: tuple[int, ...] = ()
        if has_line(colours[seat], min_line(self.variant, self.players)):
            # Express ends with the line; Expert and Extreme score it, the same seat on.
            express = self.variant == "express"
            turn, sit_out = seat, self.sit_out
            scoring, ending = not express, "line" if express else None
        else:
            turn, sit_out, sat_out, ending = self._handover(board, supply)
            scoring = False
        # Built field by field: `dataclasses.replace` costs as much as the rest here.
        after = ShiftagoState(
            players=self.players,
            options=self.options,
            board=board,
            supply=supply,
            scores=self.scores,
            turn=turn,
            scoring=scoring,
            sit_out=sit_out,
            retired=self.retired,
            plies=self.plies + 1,
            recent=recent,
            sat_out=sat_out,
            ending=ending,
            turns=self.turns if scoring else self.turns + 1,  # scoring goes on with the turn
        )
        return _with_colours(after, colours)

    def _play_score(self, move: Score) -> ShiftagoState:
        seat = self.turn
        line = line_between(move.start, move.end)
        assert line is not None
        points = score_table(self.variant, self.players)[len(line)]
        action = Action(seat, move, points=points)
        removed = action.removed()
        board = tuple(None if index in removed else m for index, m in enumerate(self.board))
        scores = _changed(self.scores, seat, points)
        state = replace(
            self,
            board=board,
            supply=_changed(self.supply, seat, len(removed)),
            scores=scores,
            scoring=False,
            plies=self.plies + 1,
            recent=(*self.recent, action),
            ending="ten" if scores[seat] >= WINNING_POINTS else None,
            turns=self.turns + 1 if scores[seat] >= WINNING_POINTS else self.turns,
        )
        gone = sum(BITS[index] for index in removed)
        colours = tuple(m & ~gone if s == seat else m for s, m in enumerate(self.colours))
        return _with_colours(state, colours)

    def _handover(
        self, board: Board, supply: tuple[int, ...]
    ) -> tuple[int, tuple[int, ...], tuple[int, ...], str | None]:
        """Who plays after the seat to act, with `board` and `supply` after its turn: the
        next seat in order, skipping retired seats and handicap turns (with the sit-outs
        left and who sat out), and why the game ends there if it does (the tray is full,
        or that player has no marbles), else None."""
        seat, sit_out, sat_out = seat_to_play(
            (self.turn + 1) % self.players, self.sit_out, self.retired
        )
        ending = "full" if None not in board else "supply" if supply[seat] == 0 else None
        return seat, sit_out, sat_out, ending

    def retire(self, seat: int) -> ShiftagoState | None:
        """`seat` leaves (resigns or times out): its marbles stay on the tray and the others
        play on; the last seat left wins. None once the game is already over."""
        if self.ending:
            return None
        if not 0 <= seat < self.players or self.retired[seat]:
            raise ValueError(f"Seat {seat} is not playing in this game.")
        retired = tuple(r or s == seat for s, r in enumerate(self.retired))
        state = replace(self, retired=retired)
        remaining = state.active()
        if len(remaining) == 1:
            return replace(state, turn=remaining[0], scoring=False, sat_out=(), ending="alone")
        if seat == self.turn:
            turn, sit_out, sat_out, ending = state._handover(state.board, state.supply)
            return replace(
                state, turn=turn, scoring=False, sit_out=sit_out, sat_out=sat_out, ending=ending
            )
        return state

    # ----- knowledge for the playing engine (see games.shiftago.heuristics) ------------

    def heuristic(self, seat: int) -> float:
        """The engine's estimate of `seat`'s result from the lines each colour may still
        complete or make with one insertion, and the points in Expert and Extreme."""
        winner_in_one = self.turn if self.variant == "express" else None
        return estimate(self.colours, seat, self.scores, winner_in_one)

    def value_cells(self, seat: int) -> list[int] | None:
        """The tray from `seat`'s side for the learned value (see `games.shiftago.value`),
        in two-player Express only; None in the others and while a line waits to score."""
        if self.players != 2 or self.variant != "express" or self.ending or self.scoring:
            return None
        return value_cells(self.board, seat)

    def hint_reason(self, move: Hashable) -> str | None:
        """What the legal insertion does for lines: makes one to score, blocks the fullest
        open stretch of another colour (three or more of its marbles), or brings one of the
        mover's own to three or more; None for anything else."""
        move = _require_move(move)
        if not isinstance(move, Insert):
            return None
        after = self.play(move)
        if after.scoring:
            length = max(len(line) for line in after.pending_lines)
            return say("it makes a line of {length} to score", length=length)
        blocked = [
            (before, seat)
            for seat in self.active()
            if seat != self.turn
            and (before := fullest_stretch(self.colours, seat)) >= HINTED_STRETCH
            and fullest_stretch(after.colours, seat) < before
        ]
        if blocked:
            count, seat = max(blocked)
            return say("it blocks {colour}'s line of {count}", colour=COLOURS[seat], count=count)
        mine = fullest_stretch(after.colours, self.turn)
        if mine >= HINTED_STRETCH and mine > fullest_stretch(self.colours, self.turn):
            return say(
                "it brings a line of yours to {count} of {length}",
                count=mine,
                length=stretch_length(self.players),
            )
        return None

    def winning_move(self) -> Hashable | None:
        """The first insertion that makes the mover's line in Express, worked out on the
        bitboards (a line there ends the game at once, whatever else the insertion
        does); in Expert and Extreme the rule of `GameState`, playing every move."""
        if self.variant != "express" or self.scoring or self.ending:
            return super().winning_move()
        own = self.colours[self.turn]
        length = min_line(self.variant, self.players)
        for move in self.legal_moves():
            assert isinstance(move, Insert)
            pushed = first_gap(self.board, move.edge, move.lane)
            assert pushed is not None
            if has_line(entered(own, move.edge, move.lane, pushed), length):
                return move
        return None

    # ----- the end ----------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """None while the game runs, else the winners (or a draw), why, and the scores."""
        if not self.ending:
            return None
        name = COLOURS[self.turn]
        scores = self.scores if self.keeps_score() else None
        if self.ending == "line":
            longest = max(len(ln) for ln in lines_of(self.board, self.turn, 1))
            reason = say("{colour} made a line of {length}.", colour=name, length=longest)
            return Outcome((self.turn,), False, reason, None)
        if self.ending == "ten":
            points = self.scores[self.turn]
            reason = say("{colour} reached {points} points.", colour=name, points=points)
            return Outcome((self.turn,), False, reason, scores)
        if self.ending == "alone":
            reason = say("{colour} is the last player left.", colour=name)
            return Outcome((self.turn,), False, reason, scores)
        if self.ending == "full":
            cause = say("The tray is full")
        else:
            cause = say("{colour} has no marbles left to insert", colour=name)
        if not self.keeps_score():
            return Outcome((), True, say("{cause}: the game is a draw.", cause=cause), None)
        best = max(self.scores[s] for s in self.active())
        leaders = tuple(s for s in self.active() if self.scores[s] == best)
        if len(leaders) > 1:
            tied = say.listed([COLOURS[s] for s in leaders])
            reason = say(
                "{cause}: {tied} tie on {points} points, a draw.",
                cause=cause,
                tied=tied,
                points=best,
            )
            return Outcome((), True, reason, scores)
        winner = COLOURS[leaders[0]]
        reason = say(
            "{cause}: {colour} wins with {points} points.", cause=cause, colour=winner, points=best
        )
        return Outcome(leaders, False, reason, scores)

    # ----- serialisation (see games.shiftago.codec) -------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A lossless JSON-ready dict; `SHIFTAGO.from_json` rebuilds an equal state."""
        from games.shiftago.codec import state_to_json

        return state_to_json(self)

    def to_text(self) -> str:
        """The position as readable text; `SHIFTAGO.from_text` rebuilds an equal state."""
        from games.shiftago.codec import state_to_text

        return state_to_text(self)


def seat_to_play(
    candidate: int, sit_out: tuple[int, ...], retired: tuple[bool, ...]
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """From seat `candidate` on, the first seat that plays now, skipping retired seats and
    using up handicap turns; returns it with the remaining sit-outs and who sat out."""
    players = len(sit_out)
    sat_out: list[int] = []
    left = list(sit_out)
    while retired[candidate] or left[candidate]:
        if not retired[candidate]:
            left[candidate] -= 1
            sat_out.append(candidate)
        candidate = (candidate + 1) % players
    return candidate, tuple(left), tuple(sat_out)


def _require_move(move: object) -> Move:
    """`move` as a Shiftago move; raise InvalidMove unless it is an insertion at one of the
    28 entry points or a scoring move naming cells of the tray."""
    if isinstance(move, Insert) and _is_entry(move.edge, move.lane):
        return move
    if isinstance(move, Score):
        ends = (move.start, move.end) if move.keep is None else (move.start, move.end, move.keep)
        if all(type(index) is int and 0 <= index < CELLS for index in ends):
            return move
    shown = repr(move)[:60]
    raise InvalidMove(
        say("{value} is not a Shiftago move; read typed text with parse_move.", value=shown)
    )


def _is_entry(edge: object, lane: object) -> bool:
    """Whether `edge` and `lane` name one of the 28 entry points (cheaper than looking
    the move up among `ALL_INSERTS`, which the engine does for every move it plays)."""
    return (
        type(edge) is str
        and len(edge) == 1
        and edge in EDGES
        and type(lane) is int
        and 0 <= lane < SIZE
    )


def _with_colours(state: ShiftagoState, colours: tuple[int, ...]) -> ShiftagoState:
    """`state` with its `colours` already known (worked out from the position before),
    so they are not counted again from the board."""
    state.__dict__["colours"] = colours
    return state


def _changed(values: tuple[int, ...], seat: int, delta: int) -> tuple[int, ...]:
    return tuple(v + delta if s == seat else v for s, v in enumerate(values))


def empty_board() -> Board:
    """A tray with no marbles."""
    return (None,) * CELLS
