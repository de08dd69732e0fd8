"""Skift notation: square names relative to the tiles' bounding box, and reading typed moves.

Columns are letters from the left edge of the tiles' bounding box, rows numbers from its
top edge, exactly as printed around the board picture. Moves:

- piece move: `c3-c4` (also `c3c4`, `c3 c4`, `c3 to c4`) or with a direction: `c3s`, `c3 ne`;
- tile move: tile name and direction, `En`; on a splinter tie the kept group is named
  by its alphabetically first tile: `En/B`;
- rotation: `Er`;
- pass: `pass` (only legal when no action is).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.base import InvalidMove
from games.skift.geometry import PIECE_STEPS, STEP_NAMES, TILE_STEPS, Point
from games.skift.model import Move, Pass, PieceMove, Rotation, TileMove
from games.skift.phrasebook import say
from games.wording import Phrase

#: Direction words a player may type, by what they mean.
_DIRECTION_WORDS: dict[str, str] = {
    "north": "n",
    "east": "e",
    "south": "s",
    "west": "w",
    "northeast": "ne",
    "southeast": "se",
    "southwest": "sw",
    "northwest": "nw",
    "up": "n",
    "down": "s",
    "left": "w",
    "right": "e",
}
_DIRECTION_WORDS.update({name: name for name in PIECE_STEPS})

_SQUARE = r"([a-z])([0-9]{1,3})"
#: Between the two squares of a piece move: nothing, or a dash (phones type en and em
#: dashes), "x", ">" or "to".
_PIECE_RE = re.compile(rf"{_SQUARE}(?:[-\u2013\u2014x>]|to)?(?:{_SQUARE}|([a-z]+))")
_TILE_RE = re.compile(r"([a-z])-?([a-z]+)(?:/([a-z]))?")
_LONE_SQUARE_RE = re.compile(_SQUARE)
_ROTATE_WORDS = frozenset({"r", "rot", "rotate", "turn"})
#: A tile name followed by a longer word than this reads as a tile move only if the word
#: is a direction or a rotation word; a short one is a mistyped direction ("Ex", "Ene").
_SHORT_WORD = 2
_PASS_WORDS = frozenset({"pass"})
#: Longer texts are never moves; cut them off before any pattern work.
MAX_MOVE_LENGTH = 40


def how_to_type() -> Phrase:
    """How to type a Skift move, the sentence that follows each refusal of typed text."""
    return say(
        "Type a piece move like c3-c4 or c3s, a tile move like En (tile E north), "
        "a rotation like Er, or pass."
    )


@dataclass(frozen=True, slots=True)
class Frame:
    """The tiles' bounding box in quadrants, which names the squares."""

    min_x: int
    min_y: int
    max_x: int
    max_y: int

    def square_name(self, quadrant: Point) -> str:
        """The name of a quadrant, such as "c3"; a quadrant left or above the box has none."""
        col, row = quadrant[0] - self.min_x, quadrant[1] - self.min_y + 1
        if col < 0 or col >= 26 or row < 1:
            raise ValueError(f"Quadrant {quadrant} lies outside the named squares.")
        return f"{chr(ord('a') + col)}{row}"

    def quadrant(self, letter: str, number: str) -> Point:
        """The quadrant a typed square names; a square outside the box raises InvalidMove."""
        x = self.min_x + ord(letter) - ord("a")
        y = self.min_y + int(number) - 1
        if not (self.min_x <= x <= self.max_x and self.min_y <= y <= self.max_y):
            last_col = chr(ord("a") + self.max_x - self.min_x)
            raise InvalidMove(
                say(
                    "There is no square {square} on the board: columns run from a to "
                    "{last_column} and rows from 1 to {last_row}.",
                    square=f"{letter}{number}",
                    last_column=last_col,
                    last_row=self.max_y - self.min_y + 1,
                )
            )
        return (x, y)


def format_move(move: Move, frame: Frame) -> str:
    """The canonical notation of a move."""
    if isinstance(move, PieceMove):
        try:
            return f"{frame.square_name(move.src)}-{frame.square_name(move.dst)}"
        except ValueError:
            return f"{frame.square_name(move.src)}{STEP_NAMES[move.step]}"
    if isinstance(move, TileMove):
        suffix = f"/{move.keep}" if move.keep else ""
        return f"{move.tile}{move.direction}{suffix}"
    if isinstance(move, Rotation):
        return f"{move.tile}r"
    return "pass"


def read_move(text: object, frame: Frame, tile_names: frozenset[str]) -> Move:
    """Read typed text as a move on this board, or raise InvalidMove saying what to type.

    The result is only read, not judged: the rules decide whether it is legal. Tile
    moves come back with `keep` as typed (or None).
    """
    if not isinstance(text, str):
        raise InvalidMove(
            say(
                "A move must be text, not {kind}. {help}",
                kind=type(text).__name__,
                help=how_to_type(),
            )
        )
    if len(text) > MAX_MOVE_LENGTH:
        raise InvalidMove(say("That is too long to be a Skift move. {help}", help=how_to_type()))
    compact = "".join(text.split()).lower()
    if not compact:
        raise InvalidMove(say("The move is empty. {help}", help=how_to_type()))
    if compact in _PASS_WORDS:
        return Pass()
    piece = _PIECE_RE.fullmatch(compact)
    if piece:
        return _read_piece_move(piece, frame)
    tile = _TILE_RE.fullmatch(compact)
    if tile and (
        len(tile[2]) <= _SHORT_WORD or tile[2] in _DIRECTION_WORDS or tile[2] in _ROTATE_WORDS
    ):
        return _read_tile_move(tile, tile_names)
    raise InvalidMove(_unreadable(text.strip(), compact, tile_names))


def _unreadable(text: str, compact: str, tile_names: frozenset[str]) -> Phrase:
    """What to type instead of text that reads as no move: the half-typed ones get a hint."""
    square = _LONE_SQUARE_RE.fullmatch(compact)
    if square:
        below = f"{square[1]}{int(square[2]) + 1}"
        return say(
            "Say where the piece on {square} goes: the square it steps to "
            "({square}-{below}) or a direction ({square}s, {square} ne).",
            square=compact,
            below=below,
        )
    if compact.upper() in tile_names:
        name = compact.upper()
        return say(
            "Say what tile {tile} does: {tile}n, {tile}e, {tile}s or {tile}w moves it "
            "one cell, {tile}r turns it around.",
            tile=name,
        )
    return say(
        "I cannot read {typed} as a Skift move. {help}", typed=repr(text), help=how_to_type()
    )


def _read_piece_move(match: re.Match[str], frame: Frame) -> PieceMove:
    src = frame.quadrant(match[1], match[2])
    if match[3]:
        return PieceMove(src, frame.quadrant(match[3], match[4]))
    direction = _DIRECTION_WORDS.get(match[5])
    if direction is None:
        raise InvalidMove(
            say(
                "{typed} is not a direction: use n, ne, e, se, s, sw, w or nw. {help}",
                typed=repr(match[5]),
                help=how_to_type(),
            )
        )
    dx, dy = PIECE_STEPS[direction]
    return PieceMove(src, (src[0] + dx, src[1] + dy))


def _read_tile_move(match: re.Match[str], tile_names: frozenset[str]) -> TileMove | Rotation:
    name, word, keep = match[1].upper(), match[2], match[3]
    if word in _ROTATE_WORDS and keep is None:
        move: TileMove | Rotation = Rotation(name)
    else:
        direction = _DIRECTION_WORDS.get(word)
        if direction not in TILE_STEPS:
            raise InvalidMove(
                say(
                    "{typed} is not a tile direction: a tile moves n, e, s or w "
                    "(En moves tile E north), or turns with r (Er). {help}",
                    typed=repr(word),
                    help=how_to_type(),
                )
            )
        move = TileMove(name, direction, keep.upper() if keep else None)
    for named in (name, move.keep if isinstance(move, TileMove) else None):
        if named is not None and named not in tile_names:
            raise InvalidMove(
                say(
                    "There is no tile {tile} on the table; the tiles are {tiles}.",
                    tile=named,
                    tiles=", ".join(sorted(tile_names)),
                )
            )
    return move
