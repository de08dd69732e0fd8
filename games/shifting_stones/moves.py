"""Shifting Stones moves as values, their canonical notation, and reading what was typed.

One action is one move: `shift b2 c2 pay 3` (swap two side-by-side stones, discarding
card 3), `flip a1 pay 2` (turn a stone over, discarding card 2), `score 3` (score card 3),
`end` (end the turn and draw back up to 4) and `skip` (the whole turn: draw 2). Cards are
named by their place in the hand as drawn, 1 first; a card used this turn keeps its
number empty until the turn ends. Notation names places only, never what a card shows.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from games.base import InvalidMove
from games.shifting_stones.phrasebook import say
from games.shifting_stones.stones import cell_index, cell_name


@dataclass(frozen=True, slots=True)
class Shift:
    """Swap the stones on cells `first` < `second` (side by side), paying with hand slot
    `pay` (0-based)."""

    first: int
    second: int
    pay: int

    def notation(self) -> str:
        """The canonical text, such as "shift b2 c2 pay 3"."""
        return f"shift {cell_name(self.first)} {cell_name(self.second)} pay {self.pay + 1}"


@dataclass(frozen=True, slots=True)
class Flip:
    """Turn the stone on `cell` over, paying with hand slot `pay` (0-based)."""

    cell: int
    pay: int

    def notation(self) -> str:
        """The canonical text, such as "flip a1 pay 2"."""
        return f"flip {cell_name(self.cell)} pay {self.pay + 1}"


@dataclass(frozen=True, slots=True)
class Score:
    """Score the card in hand slot `card` (0-based)."""

    card: int

    def notation(self) -> str:
        """The canonical text, such as "score 3"."""
        return f"score {self.card + 1}"


@dataclass(frozen=True, slots=True)
class End:
    """End the turn and draw back up to four cards."""

    def notation(self) -> str:
        """The canonical text: "end"."""
        return "end"


@dataclass(frozen=True, slots=True)
class Skip:
    """Skip the whole turn and draw two cards (never two turns in a row)."""

    def notation(self) -> str:
        """The canonical text: "skip"."""
        return "skip"


Move = Shift | Flip | Score | End | Skip
#: The moves that end a turn (and draw cards).
TURN_ENDERS = (End, Skip)

_CELL = r"([a-z]\d)"
_CARD = r"(?:\s*(?:,|pay(?:ing)?|discard(?:ing)?|card|with)?\s*(?:card\s*)?(\d{1,2}))?"
_SHIFT = re.compile(rf"(?:shift|swap)\s*{_CELL}\s*(?:-|,|and|with|to)?\s*{_CELL}{_CARD}")
_FLIP = re.compile(rf"(?:flip|turn)\s*{_CELL}{_CARD}")
_SCORE = re.compile(r"score\s*(?:card\s*)?(\d{1,2})")
_WORDS = {"end": "end", "end turn": "end", "done": "end", "skip": "skip", "skip turn": "skip"}

HELP = say(
    "Type shift b2 c2 pay 3 (swap two stones side by side, discarding card 3), flip a1 "
    "pay 2 (turn a stone over, discarding card 2), score 3, end, or skip."
)


def read_move(text: str, cards: Sequence[int]) -> Move:
    """Read typed text, forgiving case and spaces. `cards` are the 0-based places in the
    hand that hold a card: a shift or flip may leave out the card that pays when there is
    exactly one. Unreadable text raises InvalidMove."""
    if not isinstance(text, str):
        raise InvalidMove(say("A move must be text. {help}", help=HELP))
    cleaned = " ".join(text.strip().lower().split())
    if not cleaned:
        raise InvalidMove(say("The move is empty. {help}", help=HELP))
    if len(cleaned) > 40:
        raise InvalidMove(say("That is too long to be a Shifting Stones move. {help}", help=HELP))
    if cleaned in _WORDS:
        return End() if _WORDS[cleaned] == "end" else Skip()
    if match := _SCORE.fullmatch(cleaned):
        return Score(_card(match[1]))
    if match := _SHIFT.fullmatch(cleaned):
        first, second = sorted((_cell(match[1]), _cell(match[2])))
        return Shift(first, second, _payment(match[3], cards, "shift"))
    if match := _FLIP.fullmatch(cleaned):
        return Flip(_cell(match[1]), _payment(match[2], cards, "flip"))
    raise InvalidMove(
        say(
            "{typed} is not a Shifting Stones move. {help}",
            typed=repr(text.strip()[:40]),
            help=HELP,
        )
    )


def _cell(name: str) -> int:
    index = cell_index(name)
    if index is None:
        raise InvalidMove(
            say("There is no cell {cell} on the grid: columns run a to c, rows 1 to 3.", cell=name)
        )
    return index


def _card(number: str) -> int:
    if int(number) == 0:
        raise InvalidMove(say("Cards are numbered from 1, in the order they were drawn."))
    return int(number) - 1


def _payment(number: str | None, cards: Sequence[int], action: str) -> int:
    """The hand place that pays: the one typed, or the only card left in the hand."""
    if number is not None:
        return _card(number)
    if len(cards) == 1:
        return cards[0]
    if action == "shift":
        raise InvalidMove(
            say("Say which card you discard to pay for the shift, for example shift b2 c2 pay 1.")
        )
    raise InvalidMove(
        say("Say which card you discard to pay for the flip, for example flip a1 pay 1.")
    )


def card_place(move: Move) -> int | None:
    """The hand place (0-based) the action uses: the card that pays or scores; None for
    `end` and `skip`."""
    if isinstance(move, Shift | Flip):
        return move.pay
    if isinstance(move, Score):
        return move.card
    return None
