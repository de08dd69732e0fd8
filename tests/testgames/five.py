"""test-five ("Claims"): 2 to 5 players claim cells in turn, for the match engine's tests.

The board has 5 columns (a to e) and 3 rows (1 to 3). Seats take turns round the ring;
a turn claims one empty cell (`c2`) and scores 1 point plus 1 for each of the
claimer's cells beside it (orthogonally). When the board is full, the most points wins;
equal leaders draw. A seat that retires (`retire`) leaves its cells and points on the
board and is skipped; the others play on while two or more remain.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

from games.base import (
    Engine,
    Game,
    GameState,
    GameType,
    IllegalMove,
    InvalidMove,
    Outcome,
    ValueShape,
)
from tests.testgames.common import (
    check_snapshot,
    fields_from_text,
    fields_to_text,
    flag,
    leaders,
    listed,
    next_seat,
    retiring,
    seat_or_none,
    whole,
)

NAME = "test-five"
WIDTH, HEIGHT = 5, 3
CELLS = WIDTH * HEIGHT


@dataclass(frozen=True)
class Claim:
    """Claim the cell at index `cell` (row by row from a1)."""

    cell: int


def cell_name(cell: int) -> str:
    """`a1` for cell 0, `e3` for the last."""
    return f"{'abcde'[cell % WIDTH]}{cell // WIDTH + 1}"


def neighbours(cell: int) -> list[int]:
    """The cells orthogonally beside `cell`."""
    x, y = cell % WIDTH, cell // WIDTH
    steps = ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1))
    return [b * WIDTH + a for a, b in steps if 0 <= a < WIDTH and 0 <= b < HEIGHT]


def _mirrored(cell: int, across: bool, down: bool) -> int:
    """Where the board mirrored left to right (`across`) and top to bottom (`down`)
    takes `cell`."""
    x, y = cell % WIDTH, cell // WIDTH
    return (HEIGHT - 1 - y if down else y) * WIDTH + (WIDTH - 1 - x if across else x)


#: The learned value's reading of a two-player board: every row, and every 2x2 square,
#: under the board's four mirror images. (No weights ship: tests train their own.)
VALUE_SHAPE = ValueShape(
    rules="test-five/1",
    cells=CELLS,
    states=3,
    tuples=(
        *(tuple(range(y * WIDTH, (y + 1) * WIDTH)) for y in range(HEIGHT)),
        *(
            (y * WIDTH + x, y * WIDTH + x + 1, (y + 1) * WIDTH + x, (y + 1) * WIDTH + x + 1)
            for y in range(HEIGHT - 1)
            for x in range(WIDTH - 1)
        ),
    ),
    symmetries=tuple(
        tuple(_mirrored(c, across, down) for c in range(CELLS))
        for across in (False, True)
        for down in (False, True)
    ),
    weights=Path(__file__).with_name("five_value.npz"),
)


@dataclass(frozen=True)
class FiveState(GameState):
    """A position: each cell's owner (None: empty), the points, who is to move and who
    has retired."""

    players: int
    owners: tuple[int | None, ...] = (None,) * CELLS
    scores: tuple[int, ...] = ()
    turn: int = 0
    retired: tuple[bool, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    game: ClassVar[Game]

    @property
    def current_player(self) -> int | None:
        """The seat to claim; None once the board is full."""
        return None if self.outcome() else self.turn

    @property
    def ply(self) -> int:
        """Claims made."""
        return sum(owner is not None for owner in self.owners)

    def legal_moves(self) -> Sequence[Hashable]:
        """A claim of every empty cell."""
        if self.outcome():
            return ()
        return tuple(Claim(c) for c, owner in enumerate(self.owners) if owner is None)

    def parse_move(self, text: str) -> Hashable:
        """Read a cell name such as `c2`."""
        cleaned = text.strip().lower() if isinstance(text, str) and len(text) < 20 else ""
        names = [cell_name(c) for c in range(CELLS)]
        if cleaned not in names:
            raise InvalidMove("Type the cell to claim, a column a to e and a row 1 to 3: c2.")
        return self._check(Claim(names.index(cleaned)))

    def format_move(self, move: Hashable) -> str:
        """The cell's name."""
        return cell_name(_require(move).cell)

    def describe_move(self, move: Hashable) -> str:
        """The claim and its points."""
        move = self._check(move)
        return f"claim {cell_name(move.cell)} for {self._points(move.cell)} points"

    def play(self, move: Hashable) -> FiveState:
        """The position after the claim; the next seat that has not retired moves."""
        move = self._check(move)
        owners = list(self.owners)
        owners[move.cell] = self.turn
        scores = list(self.scores)
        scores[self.turn] += self._points(move.cell)
        return replace(
            self,
            owners=tuple(owners),
            scores=tuple(scores),
            turn=next_seat(self.turn, self.retired),
        )

    def outcome(self) -> Outcome | None:
        """Once the board is full: the most points among the seats still playing wins."""
        if None in self.owners:
            return None
        best_seats, best = leaders(self.scores, self.retired)
        if len(best_seats) > 1:
            tied = " and ".join(self.seat_name(s) for s in best_seats)
            return Outcome((), True, f"{tied} tie on {best} points.", self.scores)
        reason = f"{self.seat_name(best_seats[0])} has the most points, {best}."
        return Outcome(best_seats, False, reason, self.scores)

    def value_cells(self, seat: int) -> list[int] | None:
        """The board from `seat`'s side (0 empty, 1 its own, 2 another's), with two
        players who both play on: the points follow from the board."""
        if self.players != 2 or any(self.retired) or self.outcome():
            return None
        return [0 if o is None else 1 if o == seat else 2 for o in self.owners]

    def retire(self, seat: int) -> FiveState | None:
        """The position without `seat`; None when fewer than two seats would be left."""
        after = None if self.outcome() else retiring(self.retired, seat, self.turn)
        return None if after is None else replace(self, retired=after[0], turn=after[1])

    def to_json(self) -> dict[str, Any]:
        """The players, owners, points, seat to move and retired seats."""
        return {
            "game": NAME,
            "players": self.players,
            "owners": list(self.owners),
            "scores": list(self.scores),
            "turn": self.turn,
            "retired": list(self.retired),
        }

    def to_text(self) -> str:
        """The snapshot's fields, one a line."""
        return fields_to_text("Claims", self.to_json())

    def _points(self, cell: int) -> int:
        return 1 + sum(self.owners[n] == self.turn for n in neighbours(cell))

    def _check(self, move: Hashable) -> Claim:
        """`move` if it is legal here; InvalidMove or IllegalMove saying why not."""
        move = _require(move)
        if self.outcome():
            raise IllegalMove("The game is over: the board is full.")
        owner = self.owners[move.cell]
        if owner is not None:
            raise IllegalMove(
                f"Cell {cell_name(move.cell)} belongs to {self.seat_name(owner)} already."
            )
        return move


def _require(move: object) -> Claim:
    """`move` as a Claims move; InvalidMove if it is none."""
    if isinstance(move, Claim) and type(move.cell) is int and 0 <= move.cell < CELLS:
        return move
    raise InvalidMove(f"{repr(move)[:40]} is no Claims move; read typed text with parse_move.")


class Five(Game):
    """Claims: the game's description and factories."""

    kind = GameType(
        name=NAME,
        title="Claims",
        min_players=2,
        max_players=5,
        seat_names=("White", "Black", "Red", "Blue", "Yellow"),
        summary="Claim cells in turn; a cell beside your own scores more.",
        notation_help=(
            "Type the cell you claim, its column (a to e) then its row (1 to 5):\n\n"
            "- `a1`: the corner at the bottom left\n"
            "- `c3`: the centre\n"
            "- `e5`: the corner at the top right\n"
            "- `b4`: the second column, the fourth row"
        ),
        engine=Engine(value_shape=VALUE_SHAPE),
    )

    def new(
        self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> FiveState:
        """An empty board; the first seat moves."""
        self.check_players(players)
        return FiveState(
            players,
            scores=(0,) * players,
            retired=(False,) * players,
            options=self.resolve_options(options),
        )

    def from_json(self, data: Mapping[str, Any]) -> FiveState:
        """The state `to_json` wrote; ValueError for anything else."""
        data = check_snapshot(data, NAME)
        players = whole(data, "players", self.kind.min_players, self.kind.max_players)
        owners = tuple(
            seat_or_none(o, players, "owners") for o in listed(data, "owners", CELLS, CELLS)
        )
        scores = tuple(listed(data, "scores", players, players))
        if not all(type(s) is int and 0 <= s <= 5 * CELLS for s in scores):
            raise ValueError(f"Each score is a whole number from 0 to {5 * CELLS}.")
        retired = tuple(flag({"r": r}, "r") for r in listed(data, "retired", players, players))
        turn = whole(data, "turn", 0, players - 1)
        if retired.count(False) < 2 or retired[turn]:
            raise ValueError("Two seats or more must be playing, the one to move among them.")
        return FiveState(players, owners, scores, turn, retired, self.resolve_options({}))

    def from_text(self, text: str) -> FiveState:
        """The state `to_text` wrote; ValueError for anything else."""
        return self.from_json({"game": NAME, **fields_from_text(text, "Claims")})


FIVE = Five()
FiveState.game = FIVE

#: The game this module declares (found by `games.discover`).
GAME = FIVE
