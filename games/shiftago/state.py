"""A Shiftago position: whose turn, the tray, supplies, scores; legal moves and playing them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, ClassVar

from games.base import Game, GameState, IllegalMove, InvalidMove, Outcome
from games.shiftago.geometry import (
    CELLS,
    EDGES,
    LANES,
    ORTHOGONAL,
    SIZE,
    lane_name,
    line_between,
    square_name,
)
from games.shiftago.moves import Insert, Move, Score, ScoreRequest, read_move
from games.shiftago.rules import (
    WINNING_POINTS,
    Board,
    first_gap,
    insert,
    lines_of,
    min_line,
    score_table,
)
from games.shiftago.words import COLOURS, move_words

ALL_INSERTS = tuple(Insert(edge, lane) for edge in EDGES for lane in range(SIZE))

ENDINGS = ("line", "ten", "full", "supply", "alone")
"""Why a game ended: an Express line, ten points, a full tray, the player to move has no
marbles, or every other player has left."""


@dataclass(frozen=True, slots=True)
class Action:
    """A move as it was played: by whom, and what it did.

    `pushed` (insertions): how many marbles the entering one pushed one cell inward.
    `points` (scorings): what the line was worth.
    """

    seat: int
    move: Move
    pushed: int = 0
    points: int = 0

    def path(self) -> tuple[int, ...]:
        """Insertion: the cells now holding the new marble and the run it pushed."""
        assert isinstance(self.move, Insert)
        return LANES[self.move.edge, self.move.lane][: self.pushed + 1]

    def pushes(self) -> tuple[tuple[int, int], ...]:
        """Insertion: (from, to) of every pushed marble, the one nearest the edge first."""
        cells = self.path()
        return tuple((cells[i], cells[i + 1]) for i in range(self.pushed))

    def line(self) -> tuple[int, ...]:
        """Scoring: every cell of the scored line, from its start to its end."""
        assert isinstance(self.move, Score)
        cells = line_between(self.move.start, self.move.end)
        assert cells is not None
        return cells

    def describe(self) -> str:
        """What the action did, in words (past tense)."""
        return move_words(self.seat, self.move, pushed=self.pushed, points=self.points, past=True)

    def removed(self) -> tuple[int, ...]:
        """Scoring: the cells whose marbles went back to the supply."""
        move = self.move
        assert isinstance(move, Score)
        kept = {move.start, move.end} if move.keep is None else {move.keep}
        return tuple(index for index in self.line() if index not in kept)


@dataclass(frozen=True)
class ShiftagoState(GameState):
    """One Shiftago position. `turn` is the seat inserting or (while `scoring`) choosing
    a line; `recent` holds the actions of the latest turn, oldest first; `sat_out` the seats
    that just sat out a handicap turn; `ending` names why the game is over (see ENDINGS)."""

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

    # ----- reading the position -------------------------------------------------------

    @property
    def variant(self) -> str:
        """The variant: "express", "expert" or "extreme"."""
        return self.options["variant"]

    @property
    def current_player(self) -> int | None:
        """The seat that must insert or choose a line; None once the game is over."""
        return None if self.ending else self.turn

    @property
    def ply(self) -> int:
        """How many moves (insertions and scorings) have been played."""
        return self.plies

    @property
    def last(self) -> Action | None:
        """The action that led to this position, if any."""
        return self.recent[-1] if self.recent else None

    def active(self) -> tuple[int, ...]:
        """Seats still playing (not retired)."""
        return tuple(seat for seat in range(self.players) if not self.retired[seat])

    def scored(self) -> bool:
        """True for Expert and Extreme, which keep points."""
        return self.variant != "express"

    @cached_property
    def pending_lines(self) -> tuple[tuple[int, ...], ...]:
        """While scoring: the lines of the player to move that qualify, each as its cells."""
        if not self.scoring:
            return ()
        return lines_of(self.board, self.turn, min_line(self.variant, self.players))

    # ----- moves ------------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every insertion into a lane with room, or while scoring, every scoring choice."""
        if self.ending:
            return ()
        if self.scoring:
            return tuple(self._score_moves())
        board = self.board
        full_rows = [None not in board[r * SIZE : (r + 1) * SIZE] for r in range(SIZE)]
        full_columns = [None not in board[c::SIZE] for c in range(SIZE)]
        moves = [
            move
            for move in ALL_INSERTS
            if not (full_columns if move.edge in "NS" else full_rows)[move.lane]
        ]
        if self._lone_colour_applies():
            moves = [m for m in moves if not self._breaks_lone_colour(m)]
        return tuple(moves)

    def _score_moves(self) -> list[Score]:
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
        move = self._resolve(read) if isinstance(read, ScoreRequest) else read
        reason = self._refusal(move)
        if reason:
            raise IllegalMove(reason)
        return move

    def format_move(self, move: Move) -> str:
        """The canonical notation: `Nc`, `W4`, `x c1-c5` or `x c1-c5 keep c1`."""
        _require_move(move)
        return move.notation()

    def describe_move(self, move: Move) -> str:
        """The move in words, such as "Orange enters from the north into column c, pushing
        3 marbles"."""
        _require_move(move)
        if isinstance(move, Insert):
            pushed = first_gap(self.board, move.edge, move.lane) or 0
            return move_words(self.turn, move, pushed=pushed, points=0, past=False)
        length = len(line_between(move.start, move.end) or ())
        points = score_table(self.variant, self.players).get(length, 0)
        return move_words(self.turn, move, pushed=0, points=points, past=False)

    def _resolve(self, request: ScoreRequest) -> Score:
        """Turn a typed scoring request into the one scoring move it names."""
        name = COLOURS[self.turn]
        if self.ending or not self.scoring:
            raise IllegalMove(self._nothing_to_score())
        choices = self._score_moves()
        if request.first is None:
            if len(choices) == 1:
                return choices[0]
            raise IllegalMove(f"Say which line to score: {self._listing(choices)}.")
        start, end = sorted((request.first, request.second))
        line = next((ln for ln in self.pending_lines if ln[0] == start and ln[-1] == end), None)
        if line is None:
            ends = f"{square_name(start)}-{square_name(end)}"
            longer = next((ln for ln in self.pending_lines if {start, end} <= set(ln)), None)
            if longer:
                raise IllegalMove(
                    f"{ends} is part of the longer line {square_name(longer[0])}-"
                    f"{square_name(longer[-1])}: a line always scores at its full length."
                )
            raise IllegalMove(
                f"{ends} is not a line of {name}'s that can score; choose {self._listing(choices)}."
            )
        if self.players == 2:
            if request.keep is not None:
                raise IllegalMove(
                    "With two players both end marbles stay on the tray; "
                    f"type x {square_name(start)}-{square_name(end)}."
                )
            return Score(start, end)
        if request.keep not in (start, end):
            options = " or ".join(m.notation() for m in choices if m.start == start)
            if request.keep is None:
                raise IllegalMove(f"Say which end marble stays on the tray: {options}.")
            raise IllegalMove(
                f"The marble that stays must be an end of the line, not "
                f"{square_name(request.keep)}: {options}."
            )
        return Score(start, end, request.keep)

    @staticmethod
    def _listing(moves: list[Score]) -> str:
        return ", ".join(move.notation() for move in moves)

    def _nothing_to_score(self) -> str:
        """Why a scoring move is refused when no scoring is pending."""
        if not self.scored():
            length = min_line(self.variant, self.players)
            return (
                f"Express keeps no score: a line of {length} wins at once. "
                "Type an insertion, such as Nc or W4."
            )
        return (
            f"{COLOURS[self.turn]} has no line to score now: score only right after an "
            "insertion that makes a line long enough."
        )

    def _refusal(self, move: Move) -> str | None:
        """Why `move` (a move value) is not legal now, as a sentence; None when it is legal."""
        if self.ending:
            return f"The game is over: {self.outcome().reason}"
        name = COLOURS[self.turn]
        if isinstance(move, Score):
            if not self.scoring:
                return self._nothing_to_score()
            choices = self._score_moves()
            if move not in choices:
                return f"That is not one of {name}'s scoring choices: {self._listing(choices)}."
            return None
        if self.scoring:
            return (
                f"{name} must first score a line (scoring is compulsory): "
                f"{self._listing(self._score_moves())}."
            )
        if first_gap(self.board, move.edge, move.lane) is None:
            lane = lane_name(move.edge, move.lane)
            return (
                f"{lane.capitalize()} is full: no marble may enter a full lane, because no "
                "marble may be pushed off the tray."
            )
        if self._lone_colour_applies() and self._breaks_lone_colour(move):
            return (
                f"While only {name} marbles are on the tray they may not touch (the lone-colour "
                f"rule): {move.notation()} would leave two of them side by side."
            )
        return None

    def _lone_colour_applies(self) -> bool:
        if not self.options["lone_colour"]:
            return False
        colours = {marble for marble in self.board if marble is not None}
        return colours == {self.turn}

    def _breaks_lone_colour(self, move: Insert) -> bool:
        """Whether the insertion places a marble side by side with another: a push always
        does (the entering marble touches the run it pushes), else the entry square must
        have no marble next to it."""
        if first_gap(self.board, move.edge, move.lane):
            return True
        entry = LANES[move.edge, move.lane][0]
        return any(self.board[n] is not None for n in ORTHOGONAL[entry])

    # ----- playing ----------------------------------------------------------------------

    def play(self, move: Move) -> ShiftagoState:
        """The position after `move`; an illegal move raises IllegalMove naming the rule,
        a value that is no Shiftago move InvalidMove."""
        _require_move(move)
        reason = self._refusal(move)
        if reason:
            raise IllegalMove(reason)
        if isinstance(move, Insert):
            return self._play_insert(move)
        return self._play_score(move)

    def _play_insert(self, move: Insert) -> ShiftagoState:
        seat = self.turn
        board, pushed = insert(self.board, move.edge, move.lane, seat)
        supply = _changed(self.supply, seat, -1)
        action = Action(seat, move, pushed=pushed)
        last = self.last
        same_turn = last is not None and isinstance(last.move, Score) and last.seat == seat
        recent = (*self.recent, action) if same_turn else (action,)
        state = replace(
            self, board=board, supply=supply, plies=self.plies + 1, recent=recent, sat_out=()
        )
        if lines_of(board, seat, min_line(self.variant, self.players)):
            if self.variant == "express":
                return replace(state, ending="line")
            return replace(state, scoring=True)
        return state._pass_turn()

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
        )
        if scores[seat] >= WINNING_POINTS:
            return replace(state, ending="ten")
        return state

    def _pass_turn(self) -> ShiftagoState:
        """Hand the turn to the next seat in order, skipping retired seats and handicap
        turns; then end the game if the tray is full or that player has no marbles."""
        seat, sit_out, sat_out = seat_to_play(
            (self.turn + 1) % self.players, self.sit_out, self.retired
        )
        state = replace(self, turn=seat, scoring=False, sit_out=sit_out, sat_out=sat_out)
        if None not in state.board:
            return replace(state, ending="full")
        if state.supply[seat] == 0:
            return replace(state, ending="supply")
        return state

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
            return state._pass_turn()
        return state

    # ----- the end ----------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """None while the game runs, else the winners (or a draw), why, and the scores."""
        if not self.ending:
            return None
        name = COLOURS[self.turn]
        scores = self.scores if self.scored() else None
        if self.ending == "line":
            longest = max(len(ln) for ln in lines_of(self.board, self.turn, 1))
            return Outcome((self.turn,), False, f"{name} made a line of {longest}.", None)
        if self.ending == "ten":
            reason = f"{name} reached {self.scores[self.turn]} points."
            return Outcome((self.turn,), False, reason, scores)
        if self.ending == "alone":
            return Outcome((self.turn,), False, f"{name} is the last player left.", scores)
        if self.ending == "full":
            cause = "The tray is full"
        else:
            cause = f"{name} has no marbles left to insert"
        if not self.scored():
            return Outcome((), True, f"{cause}: the game is a draw.", None)
        best = max(self.scores[s] for s in self.active())
        leaders = tuple(s for s in self.active() if self.scores[s] == best)
        if len(leaders) > 1:
            tied = " and ".join(COLOURS[s] for s in leaders)
            return Outcome((), True, f"{cause}: {tied} tie on {best} points, a draw.", scores)
        winner = COLOURS[leaders[0]]
        return Outcome(leaders, False, f"{cause}: {winner} wins with {best} points.", scores)

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


def _require_move(move: object) -> None:
    """Raise InvalidMove unless `move` is an insertion at one of the 28 entry points or a
    scoring move naming cells of the tray."""
    if isinstance(move, Insert):
        valid = move in ALL_INSERTS
    elif isinstance(move, Score):
        ends = (move.start, move.end) if move.keep is None else (move.start, move.end, move.keep)
        valid = all(type(index) is int and 0 <= index < CELLS for index in ends)
    else:
        valid = False
    if not valid:
        shown = repr(move)[:60]
        raise InvalidMove(f"{shown} is not a Shiftago move; read typed text with parse_move.")


def _changed(values: tuple[int, ...], seat: int, delta: int) -> tuple[int, ...]:
    return tuple(v + delta if s == seat else v for s, v in enumerate(values))


def empty_board() -> Board:
    """A tray with no marbles."""
    return (None,) * CELLS
