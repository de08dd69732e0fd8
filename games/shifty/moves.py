"""Shifty moves as values, their canonical notation, and reading what a player typed.

Canonical forms: a placement is the point, `e5`; a move is origin and destination,
`e5-h8`; the pie rule's swap is `swap`; a pass is `pass`. Points are named on the
board's grid (see `games.shifty.grid`), so the notation needs the board size.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import TypeGuard

from games.base import InvalidMove
from games.shifty.grid import COLUMNS, Grid, grid
from games.shifty.phrasebook import say
from games.wording import Phrase


@dataclass(frozen=True, slots=True)
class Place:
    """Put a new stone on `point`."""

    point: int


@dataclass(frozen=True, slots=True)
class Shift:
    """Move the stone on `origin` along a queen line to `target`."""

    origin: int
    target: int


@dataclass(frozen=True, slots=True)
class Swap:
    """The pie rule: the second player takes over Black's stone and Black's side."""


@dataclass(frozen=True, slots=True)
class Pass:
    """No legal action: the turn goes to the other player."""


Move = Place | Shift | Swap | Pass
SWAP = Swap()
PASS = Pass()


@cache
def places(size: int) -> tuple[Place, ...]:
    """Every placement of a board of `size`, by point (made once: cheaper to look up)."""
    return tuple(Place(p) for p in range(size * size))


@cache
def shifts(size: int) -> tuple[dict[int, Shift], ...]:
    """Every queen's move of a board of `size`, by origin and then by target."""
    g = grid(size)
    return tuple(
        {target: Shift(origin, target) for ray in g.rays[origin] for target, _ in ray}
        for origin in range(g.points)
    )


def notation(g: Grid, move: Move) -> str:
    """The canonical text of `move`: "e5", "e5-h8", "swap" or "pass"."""
    if isinstance(move, Place):
        return g.name(move.point)
    if isinstance(move, Shift):
        return f"{g.name(move.origin)}-{g.name(move.target)}"
    return "swap" if isinstance(move, Swap) else "pass"


def is_move_of(move: object, g: Grid) -> TypeGuard[Move]:
    """Whether `move` is a move value naming points of this board."""
    if isinstance(move, Place):
        points: tuple[object, ...] = (move.point,)
    elif isinstance(move, Shift):
        points = (move.origin, move.target)
    else:
        return isinstance(move, Swap | Pass)
    return all(type(p) is int and 0 <= p < g.points for p in points)


_POINT = r"([a-z])(\d{1,2})"
_PLACE = re.compile(_POINT)
_SHIFT = re.compile(rf"{_POINT}(?:-|to)?{_POINT}")
#: The longest text worth reading: "s19 - s19" with spaces to spare.
_LONGEST = 40


def help_text(g: Grid) -> Phrase:
    """How to type a Shifty move on this board."""
    return say(
        "Type a point to place a stone (e5), a point and where its stone goes to move it "
        "(e5-h8), swap or pass; points run from a1 (top left) to {last} (bottom right).",
        last=f"{COLUMNS[g.size - 1]}{g.size}",
    )


def read_move(g: Grid, text: object) -> Move:
    """Read typed text, forgiving case and spaces; unreadable text raises InvalidMove."""
    if not isinstance(text, str):
        raise InvalidMove(say("A move must be text. {help}", help=help_text(g)))
    if len(text) > _LONGEST:
        raise InvalidMove(say("That is too long to be a Shifty move. {help}", help=help_text(g)))
    cleaned = "".join(text.lower().split())
    if not cleaned:
        raise InvalidMove(say("The move is empty. {help}", help=help_text(g)))
    if cleaned in ("swap", "pass"):
        return SWAP if cleaned == "swap" else PASS
    if match := _PLACE.fullmatch(cleaned):
        return Place(_point(g, match[1], match[2]))
    if match := _SHIFT.fullmatch(cleaned):
        return Shift(_point(g, match[1], match[2]), _point(g, match[3], match[4]))
    shown = text.strip()[:_LONGEST]
    raise InvalidMove(
        say("{typed} is not a Shifty move. {help}", typed=repr(shown), help=help_text(g))
    )


def _point(g: Grid, letter: str, number: str) -> int:
    """The point named by a column letter and a row number, or InvalidMove."""
    column = COLUMNS.find(letter)
    row = int(number) - 1
    if not (0 <= column < g.size and 0 <= row < g.size):
        raise InvalidMove(
            say(
                "There is no point {point} on this {size}x{size} board: columns run a to "
                "{last_column} from the left, rows 1 to {size} from the top.",
                point=f"{letter}{number}",
                size=g.size,
                last_column=COLUMNS[g.size - 1],
            )
        )
    return g.index(column, row)
