"""Shiftago moves as values, their canonical notation, and reading what a player typed.

Canonical forms: an insertion is the edge letter and the lane label, `Nc`, `Sc`, `W4`, `E4`.
Scoring a line names both its end squares, lower end first in reading order: `x c1-c5`;
with 3 or 4 players it adds the end marble that stays: `x c1-c5 keep c1`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.base import InvalidMove
from games.shiftago.geometry import COLUMNS, EDGE_NAMES, EDGES, SIZE, cell, lane_label, square_name
from games.shiftago.phrasebook import say
from games.wording import Phrase


@dataclass(frozen=True, slots=True)
class Insert:
    """Enter a marble from `edge` ("N", "S", "W" or "E") into lane 0..6 (column or row)."""

    edge: str
    lane: int

    def notation(self) -> str:
        """The canonical text, such as "Nc" or "W4"."""
        return f"{self.edge}{lane_label(self.edge, self.lane)}"


@dataclass(frozen=True, slots=True)
class Score:
    """Score the line of cells from `start` to `end` (start < end); `keep` is the end cell
    that stays on the board with 3-4 players, None with 2 players (both ends stay)."""

    start: int
    end: int
    keep: int | None = None

    def notation(self) -> str:
        """The canonical text, such as "x c1-c5" or "x c1-c5 keep c1"."""
        text = f"x {square_name(self.start)}-{square_name(self.end)}"
        return text if self.keep is None else f"{text} keep {square_name(self.keep)}"


Move = Insert | Score


@dataclass(frozen=True, slots=True)
class ScoreRequest:
    """A scoring move as typed: ends and kept marble may be missing (None) or in any order."""

    first: int | None
    second: int | None
    keep: int | None


_EDGE_WORDS = {word: word[0].upper() for word in EDGE_NAMES.values()}
_EDGE_WORDS.update({edge.lower(): edge for edge in EDGES})

_INSERT = re.compile(r"(north|south|west|east|[nswe])\s*[-:.]?\s*([a-z]|\d+)")
_SQUARE = r"([a-z]\d+)"
_SCORE = re.compile(
    rf"(?:x|score)?\s*(?:{_SQUARE}\s*(?:-|to|:|/)?\s*{_SQUARE}"
    rf"(?:\s*[,;]?\s*(?:keep|k|/)?\s*{_SQUARE})?)?"
)


def how_to_type() -> Phrase:
    """How to type a Shiftago move, the sentence that follows a refusal of typed text."""
    return say(
        "Type an insertion as the edge and the lane, for example Nc (from the north into "
        "column c) or W4 (from the west into row 4), or score a line as x c1-c5."
    )


def read_move(text: str) -> Insert | ScoreRequest:
    """Read typed text, forgiving case and spaces; unreadable text raises InvalidMove."""
    if not isinstance(text, str):
        raise InvalidMove(say("A move must be text. {help}", help=how_to_type()))
    cleaned = " ".join(text.strip().lower().split())
    if not cleaned:
        raise InvalidMove(say("The move is empty. {help}", help=how_to_type()))
    if len(cleaned) > 40:
        raise InvalidMove(say("That is too long to be a Shiftago move. {help}", help=how_to_type()))
    match = _INSERT.fullmatch(cleaned)
    if match:
        return _read_insert(_EDGE_WORDS[match[1]], match[2])
    match = _SCORE.fullmatch(cleaned)
    if match:
        first, second, keep = (_read_square(s) if s else None for s in match.groups())
        return ScoreRequest(first, second, keep)
    raise InvalidMove(_unreadable(text.strip(), cleaned))


_LANE_ONLY = re.compile(r"([a-g])|([1-7])")
_LANE_FIRST = re.compile(r"(?:([a-g])\s*[-:.]?\s*([ns])|([1-7])\s*[-:.]?\s*([we]))")


def _unreadable(text: str, cleaned: str) -> Phrase:
    """What to type instead of text that reads as no move: a lane without its edge, or
    the edge after the lane, get a hint."""
    lane = _LANE_ONLY.fullmatch(cleaned)
    if lane and lane[1]:
        return say(
            "Name the edge too: N{column} enters column {column} from the north, "
            "S{column} from the south.",
            column=lane[1],
        )
    if lane:
        return say(
            "Name the edge too: W{row} enters row {row} from the west, E{row} from the east.",
            row=lane[2],
        )
    turned = _LANE_FIRST.fullmatch(cleaned)
    if turned:
        edge, label = (turned[2], turned[1]) if turned[1] else (turned[4], turned[3])
        return say("Write the edge first: {move}.", move=f"{edge.upper()}{label}")
    return say("{typed} is not a Shiftago move. {help}", typed=repr(text[:40]), help=how_to_type())


#: Why a lane typed after the north or south edge cannot be read, by edge: whole sentences,
#: each naming its edge.
_COLUMN_EXPECTED = {
    "N": say(
        "From the north a marble enters a column: name it with a letter a to g, for example Nc."
    ),
    "S": say(
        "From the south a marble enters a column: name it with a letter a to g, for example Sc."
    ),
}
#: The same after the west or east edge, which a row follows.
_ROW_EXPECTED = {
    "W": say("From the west a marble enters a row: name it with a number 1 to 7, for example W4."),
    "E": say("From the east a marble enters a row: name it with a number 1 to 7, for example E4."),
}


def _read_insert(edge: str, label: str) -> Insert:
    if edge in "NS":
        if label.isdigit() or label not in COLUMNS:
            raise InvalidMove(_COLUMN_EXPECTED[edge])
        return Insert(edge, COLUMNS.index(label))
    if not label.isdigit() or not 1 <= int(label) <= SIZE:
        raise InvalidMove(_ROW_EXPECTED[edge])
    return Insert(edge, int(label) - 1)


def _read_square(name: str) -> int:
    column, row = name[0], int(name[1:])
    if column not in COLUMNS or not 1 <= row <= SIZE:
        raise InvalidMove(
            say(
                "There is no square {square} on the tray: columns run a to g, rows 1 to 7.",
                square=name,
            )
        )
    return cell(COLUMNS.index(column), row - 1)
