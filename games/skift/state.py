"""The Skift position: an immutable `GameState` over tiles, pieces and the last action."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from types import MappingProxyType
from typing import Any, ClassVar, cast

from games.base import Game, GameState, IllegalMove, InvalidMove, Outcome
from games.skift.actions import (
    Cells,
    Pieces,
    Tiles,
    pass_turn,
    push_pieces,
    push_tiles,
    rotate_tile,
)
from games.skift.explain import why_illegal
from games.skift.geometry import Point
from games.skift.heuristics import estimate
from games.skift.legality import STEPS, NoUndo, Table, legal_moves
from games.skift.model import (
    KING,
    SEAT_NAMES,
    Cell,
    LastAction,
    Move,
    Pass,
    Piece,
    PieceMove,
    Rotation,
    TileMove,
    piece_counts,
)
from games.skift.notation import Frame, format_move, read_move
from games.skift.phrasebook import say
from games.skift.playouts import ANY_MOVE_SHARE, captures, quiet_step
from games.skift.serial import state_to_json
from games.skift.steps import move_steps as skift_steps
from games.skift.text import state_to_text
from games.skift.value import value_cells
from games.skift.words import describe, ending
from games.steps import Step

_MOVE_TYPES = (PieceMove, TileMove, Rotation, Pass)


def _is_point(value: object) -> bool:
    return (
        type(value) is tuple
        and len(value) == 2
        and all(type(v) is int for v in value)  # bools are not coordinates
    )


def _well_formed(move: Move) -> bool:
    """Whether a move value built by hand holds fields of the types the rules expect."""
    if isinstance(move, PieceMove):
        return _is_point(move.src) and _is_point(move.dst)
    if isinstance(move, TileMove):
        return (
            isinstance(move.tile, str)
            and isinstance(move.direction, str)
            and (move.keep is None or isinstance(move.keep, str))
        )
    if isinstance(move, Rotation):
        return isinstance(move.tile, str)
    return True


class SkiftState(GameState):
    """One Skift position. Coordinates are absolute quadrants on the table (y grows south).

    `tiles` maps tile names to tile cells, `pieces` quadrants to pieces, `last` records
    the action that led here (None at the start).
    """

    game: ClassVar[Game]
    players = 2

    def __init__(
        self,
        tiles: Mapping[str, Cell],
        pieces: Mapping[Point, Piece],
        to_move: int,
        ply: int,
        last: LastAction | None,
        options: Mapping[str, Any],
    ) -> None:
        self._tiles: Tiles = dict(tiles)
        self._cells: Cells = {cell: name for name, cell in self._tiles.items()}
        self._pieces: Pieces = dict(pieces)
        self._to_move = to_move
        self._ply = ply
        self._last = last
        self.options: Mapping[str, Any] = MappingProxyType(dict(options))
        self._cache: dict[str, Any] = {}

    # --- the table -----------------------------------------------------------------------

    @property
    def tiles(self) -> Mapping[str, Cell]:
        """Tile name -> tile cell (tx, ty)."""
        return MappingProxyType(self._tiles)

    @property
    def pieces(self) -> Mapping[Point, Piece]:
        """Quadrant (x, y) -> piece."""
        return MappingProxyType(self._pieces)

    @property
    def last(self) -> LastAction | None:
        """What the action that led to this position did; None at the start."""
        return self._last

    @property
    def to_move(self) -> int:
        """The seat whose turn it is, even once the game is over (see `current_player`)."""
        return self._to_move

    @property
    def ply(self) -> int:
        """How many moves (passes included) led to this position."""
        return self._ply

    @property
    def current_player(self) -> int | None:
        """Seat of the player to act; None once the game is over."""
        return None if self.outcome() else self._to_move

    def bounds(self) -> tuple[int, int, int, int]:
        """(min_x, min_y, max_x, max_y) of the tiles, in quadrants."""
        frame = self._frame()
        return (frame.min_x, frame.min_y, frame.max_x, frame.max_y)

    @property
    def origin(self) -> tuple[int, int]:
        """The top-left quadrant of the tiles' bounding box: square a1."""
        frame = self._frame()
        return (frame.min_x, frame.min_y)

    def square_name(self, quadrant: Point) -> str:
        """The notation name of a quadrant, such as "c3" (relative to `origin`)."""
        return self._frame().square_name(quadrant)

    def controller(self, tile_name: str) -> int | None:
        """The seat that controls the tile (most kings, then most pieces), or None."""
        return self._table().controllers()[self._tiles[tile_name]]

    def is_landlocked(self, tile_name: str) -> bool:
        """Whether the tile has tiles on all four orthogonal sides."""
        return self._table().is_landlocked(self._tiles[tile_name])

    def counts(self, seat: int) -> tuple[int, int]:
        """(kings, pawns) of the seat on the table."""
        return piece_counts(self._pieces.values(), seat)

    # --- moves ---------------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move of the player to act (empty once the game is over)."""
        moves = self._cache.get("legal")
        if moves is None:
            moves = () if self.outcome() else legal_moves(self._table())
            self._cache["legal"] = moves
            self._cache["legal_set"] = frozenset(moves)
        return moves

    def parse_move(self, text: str) -> Move:
        """Read a typed move (case and spaces forgiven); InvalidMove or IllegalMove if refused."""
        self._refuse_if_over()
        move = read_move(text, self._frame(), frozenset(self._tiles))
        if isinstance(move, TileMove):
            move = self._canonical_keep(move)
        self._check(move)
        return move

    def format_move(self, move: Hashable) -> str:
        """The canonical notation of a move, such as "c3-c4", "En", "En/B", "Er" or "pass"."""
        return format_move(self._check_type(move), self._frame())

    def describe_move(self, move: Hashable) -> str:
        """A short phrase in words, such as "White king c3 to c4, pushing 2 pieces"."""
        move = self._check(move)
        return describe(self, move, self._apply(move)[2])

    def move_steps(self, move: Hashable) -> tuple[Step, ...]:
        """How the legal `move` is chosen by taps (see `games.steps`)."""
        return skift_steps(self, self._check(move))

    def play(self, move: Hashable) -> SkiftState:
        """The position after a legal move; IllegalMove (or InvalidMove for a non-move) if not."""
        move = self._check(move)
        tiles, pieces, last = self._apply(move)
        return SkiftState(tiles, pieces, 1 - self._to_move, self._ply + 1, last, self.options)

    def outcome(self) -> Outcome | None:
        """None while both players have a king and a pawn; else how the game ended."""
        if "outcome" not in self._cache:
            self._cache["outcome"] = ending(self.counts(0), self.counts(1))
        result: Outcome | None = self._cache["outcome"]
        return result

    def playout_move(self, rng: random.Random) -> Hashable:
        """A plausible move for simulated play (see `games.skift.playouts`): a piece of
        the opponent's pushed off the tiles if one can be, else one time in four any
        legal move, else a step that keeps the mover's own pieces on the tiles."""
        table = self._table()
        taken = captures(table)
        if taken:
            return taken[rng.randrange(len(taken))][0]
        if rng.random() >= ANY_MOVE_SHARE:
            step = quiet_step(table, rng)
            if step is not None:
                return step
        moves = self.legal_moves()
        return moves[rng.randrange(len(moves))]

    def winning_move(self) -> Hashable | None:
        """The first legal move that wins at once, found without playing every move: a
        piece move wins only by pushing off the opponent's last king or last pawn (it
        pushes off one piece at most), and after the piece moves only a tile move can
        win (by splitting the tiles), so only those are played."""
        kings, pawns = self.counts(1 - self._to_move)
        fatal = [
            move
            for move, piece in captures(self._table())
            if (kings if piece.kind == KING else pawns) == 1
        ]
        if fatal:  # the first in the order of legal_moves: by square, then direction
            return min(fatal, key=lambda move: (move.src, STEPS.index(move.step)))
        for move in self.legal_moves():
            if isinstance(move, TileMove):
                outcome = self.play(move).outcome()
                if outcome is not None and outcome.winners == (self._to_move,):
                    return move
        return None

    def heuristic(self, seat: int) -> float:
        """The engine's static estimate of `seat`'s result: material, weighed by what
        loses the game (see `games.skift.heuristics`)."""
        return estimate(self.counts(seat), self.counts(1 - seat))

    def value_cells(self, seat: int) -> list[int]:
        """The quadrants around the tiles from `seat`'s side, for the learned value (see
        `games.skift.value`)."""
        return value_cells(self._cells, self._pieces, seat)

    # --- serialisation -------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A lossless JSON-ready dict; `SKIFT.from_json` rebuilds an equal state."""
        return state_to_json(self)

    def to_text(self) -> str:
        """The position as text: the board, tile names, who is to move and the last action."""
        return state_to_text(self)

    # --- equality ------------------------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        return (
            frozenset(self._tiles.items()),
            frozenset(self._pieces.items()),
            self._to_move,
            self._ply,
            self._last,
            tuple(sorted(self.options.items())),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SkiftState):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        who = SEAT_NAMES[self._to_move]
        return f"<SkiftState ply {self._ply}, {who} to move, {len(self._pieces)} pieces>"

    # --- helpers -------------------------------------------------------------------------

    def _frame(self) -> Frame:
        frame = self._cache.get("frame")
        if frame is None:
            xs = [c[0] for c in self._cells]
            ys = [c[1] for c in self._cells]
            frame = Frame(min(xs) * 2, min(ys) * 2, max(xs) * 2 + 1, max(ys) * 2 + 1)
            self._cache["frame"] = frame
        return frame

    def _table(self) -> Table:
        table = self._cache.get("table")
        if table is None:
            no_undo = NoUndo.after(self._last)
            table = Table(self._tiles, self._cells, self._pieces, self._to_move, no_undo)
            self._cache["table"] = table
        return table

    def _refuse_if_over(self) -> None:
        result = self.outcome()
        if result:
            raise IllegalMove(
                say("The game is over: {reason} No more moves can be made.", reason=result.reason)
            )

    @staticmethod
    def _check_type(move: object) -> Move:
        """`move` as a Skift move; raise InvalidMove unless it is a move value with fields
        of the right types."""
        if not isinstance(move, _MOVE_TYPES):
            raise InvalidMove(
                say(
                    "A {kind} is not a Skift move; read typed text with parse_move.",
                    kind=type(move).__name__,
                )
            )
        if not _well_formed(move):
            raise InvalidMove(
                say("{kind} has fields of the wrong types.", kind=type(move).__name__)
            )
        return move

    def _check(self, move: object) -> Move:
        """`move` as a Skift move; raise unless it is legal here. The last move found legal
        is remembered (the very value: a move is read, played and described, each
        checking it)."""
        if "checked" in self._cache and self._cache["checked"] is move:
            return cast(Move, move)
        move = self._check_legal(move)
        self._cache["checked"] = move
        return move

    def _check_legal(self, move: object) -> Move:
        """`_check` without remembering."""
        move = self._check_type(move)
        self._refuse_if_over()
        if isinstance(move, PieceMove) and self._table().allows_piece_move(move):
            return move  # most moves: checked without listing every legal move
        if isinstance(move, TileMove | Rotation) and self._table().allows_tile_action(move):
            return move  # and the tile moves, by their one tile
        self.legal_moves()
        if move not in self._cache["legal_set"]:
            reason = why_illegal(self._table(), move, self._frame(), self.legal_moves()[0])
            raise IllegalMove(reason)
        return move

    def _canonical_keep(self, move: TileMove) -> TileMove:
        """A typed tile move with the kept group named by any of its tiles, made canonical
        (only where the move ties: a group named where there is no choice is refused)."""
        if move.keep is None:
            return move
        for legal in self.legal_moves():
            if (
                isinstance(legal, TileMove)
                and (legal.tile, legal.direction) == (move.tile, move.direction)
                and legal.keep is not None
                and self._keeps(legal, move.keep)
            ):
                return legal
        return move

    def _keeps(self, legal: TileMove, name: str) -> bool:
        """Whether tile `name` stays on the table after the legal tile move."""
        return name in self._apply(legal)[0]

    def _apply(self, move: Move) -> tuple[Tiles, Pieces, LastAction]:
        """(tiles, pieces, last action) after a legal move; the last move applied is
        remembered (a move played is then described), its result never changed by callers."""
        applied = self._cache.get("applied")
        if applied is not None and applied[0] is move:
            return cast(tuple[Tiles, Pieces, LastAction], applied[1])
        result = self._applied(move)
        self._cache["applied"] = (move, result)
        return result

    def _applied(self, move: Move) -> tuple[Tiles, Pieces, LastAction]:
        """`_apply` without remembering."""
        seat = self._to_move
        tiles = self._tiles
        if isinstance(move, PieceMove):
            pieces, last = push_pieces(self._cells, self._pieces, seat, move)
        elif isinstance(move, TileMove):
            tiles, pieces, last = push_tiles(self._tiles, self._cells, self._pieces, seat, move)
        elif isinstance(move, Rotation):
            pieces, last = rotate_tile(self._tiles, self._pieces, seat, move)
        else:
            pieces, last = self._pieces, pass_turn(seat)
        return tiles, pieces, last
