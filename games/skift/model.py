"""The values of Skift: pieces, moves, the record of the last action, and start layouts.

Every value here is immutable and hashable. Coordinates are absolute places on the
table (see `games.skift.geometry`); notation, which is relative to the tiles' bounding
box, lives in `games.skift.notation`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.skift.geometry import Point
from games.skift.phrasebook import say

SEAT_NAMES: tuple[str, str] = (say("White"), say("Black"))
KING, PAWN = "K", "P"
KIND_NAMES: dict[str, str] = {KING: say("king"), PAWN: say("pawn")}
#: Each piece in words, by seat and kind.
PIECE_NAMES: dict[tuple[int, str], str] = {
    (0, KING): say("White king"),
    (0, PAWN): say("White pawn"),
    (1, KING): say("Black king"),
    (1, PAWN): say("Black pawn"),
}
#: Pieces per seat at the start: kings and pawns. No position may hold more.
START_COUNTS: tuple[int, int] = (2, 6)


@dataclass(frozen=True, slots=True)
class Piece:
    """A king ("K") or pawn ("P") of seat 0 (White) or 1 (Black)."""

    seat: int
    kind: str

    @property
    def letter(self) -> str:
        """The one-letter code used in texts: W/w White king/pawn, B/b Black king/pawn."""
        letter = "W" if self.seat == 0 else "B"
        return letter if self.kind == KING else letter.lower()

    @property
    def name(self) -> str:
        """Words for the piece, such as "White king"."""
        return PIECE_NAMES[self.seat, self.kind]


def piece_counts(pieces: Iterable[Piece], seat: int) -> tuple[int, int]:
    """(kings, pawns) of `seat` among `pieces`."""
    kings = pawns = 0
    for piece in pieces:
        if piece.seat == seat:
            if piece.kind == KING:
                kings += 1
            else:
                pawns += 1
    return kings, pawns


#: The four pieces, by their letters; positions share these objects.
PIECES: dict[str, Piece] = {
    p.letter: p for p in (Piece(s, k) for s in (0, 1) for k in (KING, PAWN))
}


@dataclass(frozen=True, slots=True)
class PieceMove:
    """Move the piece on quadrant `src` one step to the neighbouring quadrant `dst`."""

    src: Point
    dst: Point

    @property
    def step(self) -> Point:
        """The direction of the move as (dx, dy)."""
        return (self.dst[0] - self.src[0], self.dst[1] - self.src[1])


@dataclass(frozen=True, slots=True)
class TileMove:
    """Move tile `tile` one cell towards `direction` ("n", "e", "s" or "w").

    `keep` names the alphabetically first tile of the group that stays when the move
    splits the tiles into equal largest groups; it is None whenever there is no tie.
    """

    tile: str
    direction: str
    keep: str | None = None


@dataclass(frozen=True, slots=True)
class Rotation:
    """Turn tile `tile` by 180 degrees."""

    tile: str


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass the turn; legal only when no action is."""


Move = PieceMove | TileMove | Rotation | Pass
Cell = Point


@dataclass(frozen=True, slots=True)
class LastAction:
    """What the action that led to a position did; the no-undo rule and the renderer read it.

    - `displaced`: for a piece move, (from, to) of the mover first, then of each pushed
      piece in order; `to` is off every tile for a piece that fell.
    - `fallen`: pieces removed by a piece move: where they fell, and which piece.
    - `tile`: the tile moved or rotated.
    - `tiles_moved`: (name, cell before, cell after), the moved tile first, then pushed ones.
    - `tiles_removed`: (name, cell) of tiles lost to a splinter, and `pieces_removed` the
      pieces (quadrant, piece) that left with them.
    """

    seat: int
    kind: str
    move: Move
    displaced: tuple[tuple[Point, Point], ...] = ()
    fallen: tuple[tuple[Point, Piece], ...] = ()
    tile: str | None = None
    tiles_moved: tuple[tuple[str, Cell, Cell], ...] = ()
    tiles_removed: tuple[tuple[str, Cell], ...] = ()
    pieces_removed: tuple[tuple[Point, Piece], ...] = ()


#: Kinds of LastAction by move class.
ACTION_KINDS: dict[type, str] = {
    PieceMove: "piece",
    TileMove: "tile",
    Rotation: "rotate",
    Pass: "pass",
}

#: The start position of the rulings (rulings.md), rows from the top; "." is an empty quadrant.
_RULINGS_DIAGRAM = (
    "......",
    ".wbwb.",
    ".bWBw.",
    ".wBWb.",
    ".bwbw.",
    "......",
)


def _layout_from_rows(rows: tuple[str, ...]) -> tuple[dict[str, Cell], dict[Point, Piece]]:
    """Tiles named A, B, C ... row by row, and the pieces of a full diagram of quadrants."""
    tiles = {
        chr(ord("A") + ty * (len(rows[0]) // 2) + tx): (tx, ty)
        for ty in range(len(rows) // 2)
        for tx in range(len(rows[0]) // 2)
    }
    pieces = {
        (x, y): PIECES[letter]
        for y, row in enumerate(rows)
        for x, letter in enumerate(row)
        if letter != "."
    }
    return tiles, pieces


#: Start layouts by option value: tile cells by name, and pieces by quadrant.
LAYOUTS: dict[str, tuple[dict[str, Cell], dict[Point, Piece]]] = {
    "rulings": _layout_from_rows(_RULINGS_DIAGRAM),
}
