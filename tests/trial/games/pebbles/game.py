"""Pebbles: its positions, moves, stored forms and the game object."""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from games.base import (
    Game,
    GameState,
    GameType,
    IllegalMove,
    InvalidMove,
    Outcome,
    help_beside,
)
from games.wording import Phrasebook

say = Phrasebook(__package__)

#: The piles at the start, a to c.
START = (3, 5, 7)
PILES = "abc"
#: The most pebbles one move takes.
MOST = 3
SEATS = (say("White"), say("Black"))
MOVE = re.compile(r"([a-c])([1-3])")
#: A position's text form is far shorter than this.
MAX_TEXT = 200


@dataclass(frozen=True)
class Take:
    """Take `count` pebbles from pile `pile` (0 to 2)."""

    pile: int
    count: int


def _take(move: object) -> Take:
    """`move` as a move of this game, else InvalidMove."""
    if not isinstance(move, Take) or not (0 <= move.pile < len(START) and move.count >= 1):
        raise InvalidMove(say("That is no move of Pebbles."))
    return move


@dataclass(frozen=True)
class PebblesState(GameState):
    """A position: the pebbles left in each pile, the seat to move and the moves played."""

    piles: tuple[int, ...] = START
    to_move: int = 0
    moves: int = 0
    players: int = 2
    options: Mapping[str, Any] = field(default_factory=dict)
    game: ClassVar[Game]

    @property
    def current_player(self) -> int | None:
        """The seat to move; None once every pile is empty."""
        return self.to_move if any(self.piles) else None

    @property
    def ply(self) -> int:
        """Moves played."""
        return self.moves

    def legal_moves(self) -> Sequence[Hashable]:
        """Every take from every pile with pebbles left."""
        return [
            Take(pile, count)
            for pile, left in enumerate(self.piles)
            for count in range(1, min(MOST, left) + 1)
        ]

    def parse_move(self, text: str) -> Hashable:
        """`b2`: two pebbles from pile b."""
        found = MOVE.fullmatch(text.strip().lower()) if len(text) <= 10 else None
        if found is None:
            raise InvalidMove(say("Type a pile and a count, like b2."))
        move = Take(PILES.index(found[1]), int(found[2]))
        self._check(move)
        return move

    def _check(self, move: Take) -> None:
        """IllegalMove unless `move` may be played now."""
        if self.current_player is None:
            raise IllegalMove(say("The game is over."))
        if move.count > MOST:
            raise IllegalMove(say("A move takes at most 3 pebbles."))
        left = self.piles[move.pile]
        if move.count > left:
            raise IllegalMove(
                say.counted(
                    "Pile {pile} has only {count} pebble left.",
                    "Pile {pile} has only {count} pebbles left.",
                    count=left,
                    pile=PILES[move.pile],
                )
            )

    def format_move(self, move: Hashable) -> str:
        """The pile's letter and the count: `b2`."""
        take = _take(move)
        return f"{PILES[take.pile]}{take.count}"

    def describe_move(self, move: Hashable) -> str:
        """The move in words, naming the seat to move."""
        take = _take(move)
        return say.counted(
            "{seat} takes {count} pebble from pile {pile}",
            "{seat} takes {count} pebbles from pile {pile}",
            count=take.count,
            seat=self.seat_name(self.to_move),
            pile=PILES[take.pile],
        )

    def play(self, move: Hashable) -> PebblesState:
        """The position after `move`."""
        take = _take(move)
        self._check(take)
        piles = list(self.piles)
        piles[take.pile] -= take.count
        return PebblesState(tuple(piles), 1 - self.to_move, self.moves + 1, options={})

    def outcome(self) -> Outcome | None:
        """Once every pile is empty: whoever took the last pebble has won."""
        if any(self.piles):
            return None
        winner = 1 - self.to_move
        return Outcome((winner,), False, say("{seat} took the last pebble.", seat=SEATS[winner]))

    def to_json(self) -> dict[str, Any]:
        """The position as plain JSON."""
        return {
            "game": PEBBLES.name,
            "piles": list(self.piles),
            "to_move": self.to_move,
            "moves": self.moves,
            "options": {},
        }

    def to_text(self) -> str:
        """The position, one field a line."""
        piles = " ".join(map(str, self.piles))
        return f"Pebbles\npiles: {piles}\nto move: {self.to_move}\nmoves: {self.moves}"


def _whole(value: object, low: int, high: int, what: str) -> int:
    """`value` as a whole number from `low` to `high`, else ValueError naming `what`."""
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"The {what} must be a whole number from {low} to {high}.")
    return value


def _position(piles: object, to_move: object, moves: object) -> PebblesState:
    """A position from its parts, if it can be reached; else ValueError saying why."""
    if not isinstance(piles, list) or len(piles) != len(START):
        raise ValueError("There must be three piles.")
    counts = tuple(_whole(p, 0, most, "pile") for p, most in zip(piles, START, strict=True))
    taken = sum(START) - sum(counts)
    played = _whole(moves, -(-taken // MOST), taken, "number of moves")
    if _whole(to_move, 0, 1, "seat to move") != played % 2:
        raise ValueError("The seat to move does not follow from the moves played.")
    return PebblesState(counts, played % 2, played, options={})


class PebblesGame(Game):
    """Pebbles: take 1 to 3 pebbles from a pile; the last pebble wins."""

    kind = GameType(
        name="pebbles",
        title="Pebbles",
        rank=50,
        min_players=2,
        max_players=2,
        seat_names=SEATS,
        summary=say(
            "Three piles of 3, 5 and 7 pebbles. In turn, take 1 to 3 pebbles from one "
            "pile. Whoever takes the last pebble wins."
        ),
        notation_help=help_beside(__file__),
    )

    def new(
        self, players: int = 2, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> PebblesState:
        """The three full piles, White to move."""
        self.check_players(players)
        self.resolve_options(options)
        return PebblesState(options={})

    def from_json(self, data: Mapping[str, Any]) -> PebblesState:
        """A position from `to_json`; ValueError for anything else."""
        if not isinstance(data, Mapping) or data.get("game") != self.name:
            raise ValueError("This is no snapshot of Pebbles.")
        if data.get("options") != {} or type(data.get("options")) is not dict:
            raise ValueError("Pebbles has no options.")
        return _position(data.get("piles"), data.get("to_move"), data.get("moves"))

    def from_text(self, text: str) -> PebblesState:
        """A position from `to_text`; ValueError for anything else."""
        lines = text.splitlines() if len(text) <= MAX_TEXT else []
        fields = [line.partition(": ") for line in lines[1:]]
        if lines[:1] != ["Pebbles"] or [name for name, _, _ in fields] != [
            "piles",
            "to move",
            "moves",
        ]:
            raise ValueError("This is no position of Pebbles.")
        values = [value.split(" ") for _, _, value in fields]
        if not all(part.isdigit() and part.isascii() for row in values for part in row):
            raise ValueError("A position of Pebbles holds whole numbers only.")
        piles, to_move, moves = ([int(part) for part in row] for row in values)
        if len(to_move) != 1 or len(moves) != 1:
            raise ValueError("The seat to move and the moves are one number each.")
        return _position(piles, to_move[0], moves[0])


PEBBLES = PebblesGame()
PebblesState.game = PEBBLES
