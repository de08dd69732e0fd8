"""test-swap ("Pie Lines"): three in a row with a pie rule, for the match engine's tests.

Red (seat 0 at the start) places a stone on a 3x3 board (cells a1 to c3); then Blue
(seat 1) may type `swap` to take over Red's stone and side: seat 1 is Red from then on,
seat 0 is Blue, and it is Blue's turn (seat 0's). Otherwise the colours alternate,
placing one stone a turn; three of a colour in a row wins for the seat playing it, a
full board without one is a draw. `state.seat_name(seat)` follows the swap.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from games.base import Game, GameState, GameType, IllegalMove, InvalidMove, Outcome
from tests.testgames.common import check_snapshot, fields_from_text, fields_to_text, flag, listed

NAME = "test-swap"
COLOURS = ("Red", "Blue")
SIDE = 3
LINES = (
    *((r * 3, r * 3 + 1, r * 3 + 2) for r in range(3)),
    *((c, c + 3, c + 6) for c in range(3)),
    (0, 4, 8),
    (2, 4, 6),
)


@dataclass(frozen=True)
class Place:
    """Place a stone of the colour to move on `cell` (row by row from a1)."""

    cell: int


@dataclass(frozen=True)
class Swap:
    """Take over the first stone and its side."""


def cell_name(cell: int) -> str:
    """`a1` for cell 0, `c3` for the last."""
    return f"{'abc'[cell % SIDE]}{cell // SIDE + 1}"


@dataclass(frozen=True)
class SwapState(GameState):
    """A position: each cell's stone colour (0 Red, 1 Blue, None empty) and whether the
    sides were swapped (then seat 0 plays Blue and seat 1 Red)."""

    cells: tuple[int | None, ...] = (None,) * SIDE**2
    swapped: bool = False
    players: int = 2
    options: Mapping[str, Any] = field(default_factory=dict)
    game: ClassVar[Game]

    @property
    def colour_to_move(self) -> int:
        """0 (Red) or 1 (Blue): Red places first, then the colours alternate."""
        return self.stones % 2

    @property
    def stones(self) -> int:
        """How many stones are on the board."""
        return sum(stone is not None for stone in self.cells)

    def seat_of(self, colour: int) -> int:
        """The seat playing `colour` (0 Red, 1 Blue)."""
        return colour ^ self.swapped

    def seat_name(self, seat: int) -> str:
        """The colour `seat` plays in this position: Red and Blue trade seats on a swap."""
        return COLOURS[seat ^ self.swapped] if seat in (0, 1) else self.game.seat_name(seat)

    @property
    def current_player(self) -> int | None:
        """The seat playing the colour to move; None once the game is over."""
        return None if self.outcome() else self.seat_of(self.colour_to_move)

    @property
    def ply(self) -> int:
        """Stones placed, and the swap if there was one."""
        return self.stones + self.swapped

    def legal_moves(self) -> Sequence[Hashable]:
        """Every empty cell, and the swap right after the first stone."""
        if self.outcome():
            return ()
        places = tuple(Place(c) for c, stone in enumerate(self.cells) if stone is None)
        return (*places, Swap()) if self._may_swap() else places

    def parse_move(self, text: str) -> Hashable:
        """Read a cell name such as `b2`, or `swap`."""
        cleaned = text.strip().lower() if isinstance(text, str) and len(text) < 20 else ""
        names = [cell_name(c) for c in range(SIDE**2)]
        if cleaned == "swap":
            return self._check(Swap())
        if cleaned not in names:
            raise InvalidMove("Type a cell, a column a to c and a row 1 to 3 (b2), or swap.")
        return self._check(Place(names.index(cleaned)))

    def format_move(self, move: Hashable) -> str:
        """The cell's name, or `swap`."""
        move = _require(move)
        return "swap" if isinstance(move, Swap) else cell_name(move.cell)

    def describe_move(self, move: Hashable) -> str:
        """The move in words, naming the sides as they stand."""
        move = self._check(move)
        if isinstance(move, Swap):
            return "swap sides: take over Red's stone and play Red"
        return f"place a {COLOURS[self.colour_to_move]} stone on {cell_name(move.cell)}"

    def play(self, move: Hashable) -> SwapState:
        """The position after `move`."""
        move = self._check(move)
        if isinstance(move, Swap):
            return replace(self, swapped=True)
        cells = list(self.cells)
        cells[move.cell] = self.colour_to_move
        return replace(self, cells=tuple(cells))

    def outcome(self) -> Outcome | None:
        """Three in a row wins for the seat playing that colour; a full board draws."""
        for line in LINES:
            colour = self.cells[line[0]]
            if colour is not None and all(self.cells[c] == colour for c in line):
                seat = self.seat_of(colour)
                ends = f"{cell_name(line[0])} to {cell_name(line[-1])}"
                return Outcome(
                    (seat,), False, f"{self.seat_name(seat)} made three in a row, {ends}."
                )
        if None not in self.cells:
            return Outcome((), True, "The board is full without three in a row: a draw.")
        return None

    def to_json(self) -> dict[str, Any]:
        """The stones and whether the sides were swapped."""
        return {"game": NAME, "cells": list(self.cells), "swapped": self.swapped}

    def to_text(self) -> str:
        """The snapshot's fields, one a line."""
        return fields_to_text("Pie Lines", self.to_json())

    def _may_swap(self) -> bool:
        return self.stones == 1 and not self.swapped

    def _check(self, move: Hashable) -> Place | Swap:
        """`move` if it is legal here; InvalidMove or IllegalMove saying why not."""
        move = _require(move)
        if self.outcome():
            raise IllegalMove("The game is over: no more stones can be placed.")
        if isinstance(move, Swap) and not self._may_swap():
            raise IllegalMove("Blue may swap only as the reply to Red's first stone.")
        if isinstance(move, Place) and self.cells[move.cell] is not None:
            raise IllegalMove(f"Cell {cell_name(move.cell)} holds a stone already.")
        return move


def _require(move: object) -> Place | Swap:
    """`move` as a Pie Lines move; InvalidMove if it is none."""
    if isinstance(move, Swap):
        return move
    if isinstance(move, Place) and type(move.cell) is int and 0 <= move.cell < SIDE**2:
        return move
    raise InvalidMove(f"{repr(move)[:40]} is no Pie Lines move; read typed text with parse_move.")


class SwapGame(Game):
    """Pie Lines: the game's description and factories."""

    kind = GameType(
        name=NAME,
        title="Pie Lines",
        min_players=2,
        max_players=2,
        seat_names=COLOURS,
        summary="Three in a row on a 3x3 board; Blue may swap sides after Red's first stone.",
        notation_help=(
            "Type the cell of your stone, or `swap`:\n\n"
            "- `b2`: the centre\n"
            "- `a1`: the corner at the bottom left\n"
            "- `c3`: the corner at the top right\n"
            "- `swap`: take Red's side, as Blue's first move"
        ),
    )

    def new(
        self, players: int = 2, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> SwapState:
        """An empty board; Red (seat 0) places first."""
        self.check_players(players)
        return SwapState(options=self.resolve_options(options))

    def from_json(self, data: Mapping[str, Any]) -> SwapState:
        """The state `to_json` wrote; ValueError for anything else."""
        data = check_snapshot(data, NAME)
        cells = tuple(listed(data, "cells", SIDE**2, SIDE**2))
        if not all(stone is None or (type(stone) is int and stone in (0, 1)) for stone in cells):
            raise ValueError("Each cell holds 0 (Red), 1 (Blue) or null (empty).")
        reds, blues = cells.count(0), cells.count(1)
        if reds - blues not in (0, 1):
            raise ValueError("Red places first, so Red has as many stones as Blue or one more.")
        swapped = flag(data, "swapped")
        if swapped and reds == 0:
            raise ValueError("The sides can be swapped only after Red's first stone.")
        state = SwapState(cells, swapped, options=self.resolve_options({}))
        made = {cells[ln[0]] for ln in LINES if len({cells[i] for i in ln}) == 1} - {None}
        if len(made) > 1:
            raise ValueError("Both colours cannot have three in a row.")
        return state

    def from_text(self, text: str) -> SwapState:
        """The state `to_text` wrote; ValueError for anything else."""
        return self.from_json({"game": NAME, **fields_from_text(text, "Pie Lines")})


SWAP = SwapGame()
SwapState.game = SWAP

#: The game this module declares (found by `games.discover`).
GAME = SWAP
