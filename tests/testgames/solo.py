"""test-solo ("Tile Bag"): a one-player game of chance, for the match engine's tests.

A bag holds the tiles 1 to 9 twice, shuffled by the seed. A turn is two actions: `draw`
takes the next tile from the bag (it reveals something left to chance), then `place N`
adds it to column N (1 to 3) if that column stays at 10 or less, or `discard` throws it
away. Reaching 24 in all three columns together wins; the twelfth tile drawn without
reaching it loses (a loss: no winner and no draw). The outcome's score is the total.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from games.base import Game, GameState, GameType, IllegalMove, InvalidMove, Outcome
from tests.testgames.common import (
    check_snapshot,
    fields_from_text,
    fields_to_text,
    listed,
    whole,
)

NAME = "test-solo"
TILES = tuple(sorted(list(range(1, 10)) * 2))
COLUMNS = 3
COLUMN_LIMIT = 10
TARGET = 24
DRAWS = 12
_HELP = "Type draw, place 1, place 2, place 3 or discard."


@dataclass(frozen=True)
class Draw:
    """Take the next tile from the bag."""


@dataclass(frozen=True)
class Place:
    """Add the tile in hand to a column (0-based)."""

    column: int


@dataclass(frozen=True)
class Discard:
    """Throw the tile in hand away."""


def bag(seed: int) -> tuple[int, ...]:
    """The bag of a game with `seed`, in drawing order."""
    tiles = list(TILES)
    random.Random(seed).shuffle(tiles)
    return tuple(tiles)


@dataclass(frozen=True)
class SoloState(GameState):
    """A position: the seed (which orders the bag), the column sums, the tile in hand
    (None: none) and how many tiles were drawn."""

    seed: int
    columns: tuple[int, ...] = (0,) * COLUMNS
    held: int | None = None
    draws: int = 0
    moves: int = 0
    players: int = 1
    options: Mapping[str, Any] = field(default_factory=dict)
    game: ClassVar[Game]

    @property
    def current_player(self) -> int | None:
        """The one seat, until the game ends."""
        return None if self.outcome() else 0

    @property
    def ply(self) -> int:
        """Actions played."""
        return self.moves

    def legal_moves(self) -> Sequence[Hashable]:
        """`draw` with an empty hand; with a tile, the columns it fits and `discard`."""
        if self.outcome():
            return ()
        if self.held is None:
            return (Draw(),)
        fits = [Place(c) for c in range(COLUMNS) if self.columns[c] + self.held <= COLUMN_LIMIT]
        return (*fits, Discard())

    def parse_move(self, text: str) -> Hashable:
        """Read `draw`, `place N` or `discard`."""
        words = text.lower().split() if isinstance(text, str) and len(text) < 40 else []
        if words == ["draw"]:
            move: Hashable = Draw()
        elif words == ["discard"]:
            move = Discard()
        elif len(words) == 2 and words[0] == "place" and words[1] in ("1", "2", "3"):
            move = Place(int(words[1]) - 1)
        else:
            raise InvalidMove(f"That is no Tile Bag move. {_HELP}")
        self._check(move)
        return move

    def format_move(self, move: Hashable) -> str:
        """`draw`, `place N` or `discard`."""
        move = _require(move)
        if isinstance(move, Place):
            return f"place {move.column + 1}"
        return "draw" if isinstance(move, Draw) else "discard"

    def describe_move(self, move: Hashable) -> str:
        """The move in words."""
        move = self._check(move)
        if isinstance(move, Draw):
            return "draw a tile from the bag"
        if isinstance(move, Place):
            return f"add the {self.held} to column {move.column + 1}"
        return f"throw the {self.held} away"

    def play(self, move: Hashable) -> SoloState:
        """The position after `move`."""
        move = self._check(move)
        after = replace(self, moves=self.moves + 1)
        if isinstance(move, Draw):
            return replace(after, held=bag(self.seed)[self.draws], draws=self.draws + 1)
        if isinstance(move, Place):
            sums = list(self.columns)
            sums[move.column] += self.held or 0
            return replace(after, columns=tuple(sums), held=None)
        return replace(after, held=None)

    @property
    def turns_ended(self) -> int:
        """A turn is a draw and what is done with the tile: turns end with the tile dealt."""
        return self.draws - (self.held is not None)

    def reveals(self, move: Hashable) -> bool:
        """A draw brings a tile to light; placing and discarding reveal nothing."""
        return isinstance(move, Draw)

    def outcome(self) -> Outcome | None:
        """Won at the target; lost when the last tile drawn is dealt with short of it."""
        total = sum(self.columns)
        if total >= TARGET:
            return Outcome((0,), False, f"The columns reached {total}.", (total,))
        if self.draws == DRAWS and self.held is None:
            reason = f"All {DRAWS} tiles were drawn and the columns reached only {total}."
            return Outcome((), False, reason, (total,))
        return None

    def to_json(self) -> dict[str, Any]:
        """The seed, column sums, tile in hand, tiles drawn and actions played."""
        return {
            "game": NAME,
            "seed": self.seed,
            "columns": list(self.columns),
            "held": self.held,
            "draws": self.draws,
            "moves": self.moves,
        }

    def to_text(self) -> str:
        """The snapshot's fields, one a line."""
        return fields_to_text("Tile Bag", self.to_json())

    def _check(self, move: Hashable) -> Place | Draw | Discard:
        """`move` if it is legal here; InvalidMove or IllegalMove saying why not."""
        move = _require(move)
        if self.outcome():
            raise IllegalMove("The game is over: no more moves can be made.")
        if move not in self.legal_moves():
            if self.held is None:
                raise IllegalMove("Your hand is empty: draw a tile first.")
            if isinstance(move, Draw):
                raise IllegalMove(f"Place or discard the {self.held} before you draw again.")
            raise IllegalMove(f"A column may not go over {COLUMN_LIMIT}.")
        return move


def _require(move: object) -> Place | Draw | Discard:
    """`move` as a Tile Bag move; InvalidMove if it is none."""
    if isinstance(move, Draw | Discard):
        return move
    if isinstance(move, Place) and type(move.column) is int and 0 <= move.column < COLUMNS:
        return move
    raise InvalidMove(f"{repr(move)[:40]} is no Tile Bag move; read typed text with parse_move.")


class Solo(Game):
    """Tile Bag: the game's description and factories."""

    kind = GameType(
        name=NAME,
        title="Tile Bag",
        min_players=1,
        max_players=1,
        seat_names=("White",),
        summary=f"Draw tiles and fill three columns up to {TARGET} before the bag runs dry.",
        rated=False,
        chance=True,
        notation_help=(
            "Draw a tile, then place it or discard it:\n\n"
            "- `draw`: draw a tile from the bag\n"
            "- `place 1`: put the tile in the first column\n"
            "- `place 3`: put it in the third column\n"
            "- `discard`: throw the tile away"
        ),
    )

    def new(
        self, players: int = 1, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> SoloState:
        """A full bag, shuffled by `seed`."""
        self.check_players(players)
        return SoloState(seed, options=self.resolve_options(options))

    def from_json(self, data: Mapping[str, Any]) -> SoloState:
        """The state `to_json` wrote; ValueError for anything else."""
        data = check_snapshot(data, NAME)
        seed = whole(data, "seed", -(2**63), 2**63)
        columns = tuple(listed(data, "columns", COLUMNS, COLUMNS))
        if not all(type(c) is int and 0 <= c <= COLUMN_LIMIT for c in columns):
            raise ValueError(f"Each column holds 0 to {COLUMN_LIMIT}.")
        draws = whole(data, "draws", 0, DRAWS)
        held = None if data.get("held") is None else whole(data, "held", 1, 9)
        if held is not None and (draws == 0 or held != bag(seed)[draws - 1]):
            raise ValueError("The tile in hand is not the last one drawn from this bag.")
        moves = whole(data, "moves", 0, 2 * DRAWS)
        if moves != 2 * draws - (held is not None):
            raise ValueError("The number of actions does not match the tiles drawn.")
        return SoloState(seed, columns, held, draws, moves, options=self.resolve_options({}))

    def from_text(self, text: str) -> SoloState:
        """The state `to_text` wrote; ValueError for anything else."""
        return self.from_json({"game": NAME, **fields_from_text(text, "Tile Bag")})


SOLO = Solo()
SoloState.game = SOLO

#: The game this module declares (found by `games.discover`).
GAME = SOLO
