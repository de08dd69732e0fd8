"""A Shifty position: the stones, which colour acts, whether the sides were swapped.

Seats stay with the members who hold them; colours are sides. Seat 0 starts as Black,
seat 1 as White; after the swap (the pie rule) seat 1 plays Black and seat 0 White, so
`seat_name`, `current_player` and the outcome all go through `seat_of` / `colour_of`.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, ClassVar

from games.base import Game, GameState, IllegalMove, InvalidMove, Outcome
from games.shifty.explain import why_illegal
from games.shifty.focus import worth_searching
from games.shifty.grid import Grid, bits, grid
from games.shifty.heuristics import estimate
from games.shifty.moves import (
    PASS,
    SWAP,
    Move,
    Pass,
    Place,
    Shift,
    Swap,
    is_move_of,
    notation,
    places,
    read_move,
    shifts,
)
from games.shifty.phrasebook import say
from games.shifty.rules import (
    BLACK,
    WHITE,
    crosscut_points,
    destination_points,
    movable,
    placements,
    winning_chain,
)
from games.shifty.steps import move_steps as shifty_steps
from games.shifty.value import trained_for, value_cells
from games.shifty.words import COLOURS, EDGES, action_words
from games.steps import Step


@dataclass(frozen=True)
class ShiftyState(GameState):
    """One Shifty position. `stones` holds the Black and the White bitboard; `colour` is
    the colour to act (0 Black, 1 White); `passes` counts the passes just made in a row;
    `last` is the action that led here."""

    game: ClassVar[Game]

    players: int
    options: Mapping[str, Any] = field(hash=False)
    stones: tuple[int, int]
    colour: int = BLACK
    swapped: bool = False
    plies: int = 0
    passes: int = 0
    last: Move | None = None

    # ----- reading the position -------------------------------------------------------

    @cached_property
    def grid(self) -> Grid:
        """The board's grid of points."""
        return grid(self.options["size"])

    def seat_of(self, colour: int) -> int:
        """The seat playing `colour`."""
        return colour ^ self.swapped

    def colour_of(self, seat: int) -> int:
        """The colour `seat` plays."""
        return seat ^ self.swapped

    def seat_name(self, seat: int) -> str:
        """The colour `seat` plays in this position: it follows the swap."""
        if seat in (0, 1):
            return COLOURS[self.colour_of(seat)]
        return super().seat_name(seat)

    def name_to_act(self) -> str:
        """The name of the side to act."""
        return self.seat_name(self.seat_of(self.colour))

    @property
    def current_player(self) -> int | None:
        """The seat to act; None once the game is over."""
        return None if self.outcome() else self.seat_of(self.colour)

    @property
    def ply(self) -> int:
        """How many actions (swap and passes included) have been played."""
        return self.plies

    def sides(self) -> tuple[int, int]:
        """The bitboards of the colour to act and of the other colour."""
        return self.stones[self.colour], self.stones[1 - self.colour]

    def stone_count(self) -> int:
        """How many stones stand on the board."""
        return (self.stones[0] | self.stones[1]).bit_count()

    def in_opening(self) -> bool:
        """Whether singletons are still being placed (anywhere, not next to a friend)."""
        singletons: int = self.options["singletons"]
        return self.stone_count() < 2 * singletons

    def swap_offered(self) -> bool:
        """Whether the swap may be played now: right after Black's first stone, once."""
        return not self.swapped and self.stone_count() == 1

    @cached_property
    def chain(self) -> int:
        """The stones of the winning chain (as a bitboard), or 0."""
        g = self.grid
        for colour in (BLACK, WHITE):
            stones = winning_chain(g, self.stones[colour], colour)
            if stones:
                return stones
        return 0

    def winner_colour(self) -> int | None:
        """The colour whose chain joins its edges, if any."""
        if not self.chain:
            return None
        return BLACK if self.chain & self.stones[BLACK] else WHITE

    # ----- moves ------------------------------------------------------------------------

    @cached_property
    def _placements(self) -> int:
        """Where the side to act may place, as a bitboard."""
        own, enemy = self.sides()
        return placements(self.grid, own, enemy, self.in_opening())

    @cached_property
    def _targets(self) -> dict[int, list[int]]:
        """Each stone that may move, with the points it may move to (none in the opening)."""
        if self.in_opening():
            return {}
        g, (own, enemy) = self.grid, self.sides()
        looser = self.options["looser_moves"]
        crosscuts = crosscut_points(g, own, enemy)
        found = {}
        for origin in bits(movable(g, own)):
            targets = destination_points(g, own, enemy, origin, looser, crosscuts)
            if targets:
                found[origin] = targets
        return found

    @cached_property
    def _legal(self) -> tuple[Move, ...]:
        if self.outcome():
            return ()
        size = self.options["size"]
        moves: list[Move] = [SWAP] if self.swap_offered() else []
        table = places(size)
        moves += [table[p] for p in bits(self._placements)]
        by_origin = shifts(size)
        for origin, targets in self._targets.items():
            row = by_origin[origin]
            moves += [row[t] for t in targets]
        return tuple(moves) if moves else (PASS,)

    @cached_property
    def _searched(self) -> tuple[Move, ...]:
        own, enemy = self.sides()
        size, opening = self.options["size"], self.in_opening()
        return worth_searching(size, own, enemy, self.colour, self._legal, opening)

    def search_moves(self) -> tuple[Move, ...]:
        """The moves the engine searches: those where the play is (see
        `games.shifty.focus`)."""
        return self._searched

    def is_legal(self, move: Move) -> bool:
        """Whether `move` (a move value of this board) is legal now."""
        if self.outcome():
            return False
        if isinstance(move, Place):
            return bool(self._placements >> move.point & 1)
        if isinstance(move, Shift):
            return move.target in self._targets.get(move.origin, ())
        if isinstance(move, Swap):
            return self.swap_offered()
        return self._legal == (PASS,)

    def _refuse(self, move: Move) -> None:
        """Raise IllegalMove naming the rule, unless `move` is legal here."""
        if not self.is_legal(move):
            reason = why_illegal(self, move)
            raise IllegalMove(reason or f"{notation(self.grid, move)} is not legal now.")

    def legal_moves(self) -> tuple[Move, ...]:
        """The swap when offered, then placements, then moves (each in reading order);
        only a pass when there is no action; nothing once the game is over."""
        return self._legal

    def parse_move(self, text: str) -> Move:
        """Read a typed move (case and spaces forgiven) and check that it is legal now."""
        move = read_move(self.grid, text)
        self._refuse(move)
        return move

    def format_move(self, move: Hashable) -> str:
        """The canonical notation: `e5`, `e5-h8`, `swap` or `pass`."""
        return notation(self.grid, self._require_move(move))

    def describe_move(self, move: Hashable) -> str:
        """The move in words, such as "White moves e5 to h8 (queen line, 3 points)"."""
        return self.words(self._require_move(move), past=False)

    def move_steps(self, move: Hashable) -> tuple[Step, ...]:
        """How the legal `move` is chosen by taps (see `games.steps`)."""
        return shifty_steps(self.grid, self._require_move(move), pie=self.swap_offered())

    def words(self, move: Move, *, past: bool) -> str:
        """`move` by the side to act here, in words (see `words.action_words`)."""
        name = self.name_to_act()
        return action_words(self.grid, name, move, black_stone=self._black_stone(), past=past)

    def last_words(self) -> str | None:
        """The action that led here, in words by the side that took it ("White moved e5
        to h8 (queen line, 3 points)"); None at the start."""
        if self.last is None:
            return None
        mover = self.colour if isinstance(self.last, Swap) else 1 - self.colour
        stone = self._black_stone()
        return action_words(self.grid, COLOURS[mover], self.last, black_stone=stone, past=True)

    def _black_stone(self) -> int:
        """Black's first stone while it is Black's only one (the one a swap takes over)."""
        black = self.stones[BLACK]
        return (black & -black).bit_length() - 1

    def _require_move(self, move: Hashable) -> Move:
        """`move` itself when it is a move value of this board, else InvalidMove."""
        if is_move_of(move, self.grid):
            return move
        shown = repr(move)[:60]
        raise InvalidMove(
            say("{value} is not a Shifty move; read typed text with parse_move.", value=shown)
        )

    # ----- playing ----------------------------------------------------------------------

    def play(self, move: Hashable) -> ShiftyState:
        """The position after `move`; an illegal move raises IllegalMove naming the rule,
        a value that is no Shifty move of this board InvalidMove."""
        move = self._require_move(move)
        self._refuse(move)
        after = replace(self, plies=self.plies + 1, last=move, passes=0)
        if isinstance(move, Swap):
            return replace(after, swapped=True)
        if isinstance(move, Pass):
            return replace(after, colour=1 - self.colour, passes=self.passes + 1)
        own = self.stones[self.colour]
        if isinstance(move, Place):
            own |= 1 << move.point
        else:
            own = own & ~(1 << move.origin) | 1 << move.target
        stones = (own, self.stones[1]) if self.colour == BLACK else (self.stones[0], own)
        return replace(after, stones=stones, colour=1 - self.colour)

    # ----- the end ----------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """A chain joining its colour's edges wins; two passes in a row draw."""
        colour = self.winner_colour()
        if colour is not None:
            seat = self.seat_of(colour)
            reason = say.counted(
                "{colour} joined {edges} with a chain of {count} stone.",
                "{colour} joined {edges} with a chain of {count} stones.",
                count=self.chain.bit_count(),
                colour=self.seat_name(seat),
                edges=EDGES[colour],
            )
            return Outcome((seat,), False, reason)
        if self.passes >= 2:
            reason = say(
                "Both players passed in a row, neither having a legal action: the game is drawn."
            )
            return Outcome((), True, reason)
        return None

    # ----- serialisation (see games.shifty.codec) ---------------------------------------

    def heuristic(self, seat: int) -> float:
        """The engine's estimate of `seat`'s result from how far each colour is from
        joining its edges (see `games.shifty.heuristics`)."""
        return estimate(self.options["size"], self.stones, self.colour_of(seat), self.colour)

    def value_cells(self, seat: int) -> list[int] | None:
        """The board from `seat`'s side, turned so that its goal is top to bottom, for
        the learned value (see `games.shifty.value`); None on boards and with options
        the weights were not trained for."""
        if not trained_for(self.options):
            return None
        return value_cells(self.stones, self.colour_of(seat))

    def to_json(self) -> dict[str, Any]:
        """A lossless JSON-ready dict; `SHIFTY.from_json` rebuilds an equal state."""
        from games.shifty.codec import state_to_json

        return state_to_json(self)

    def to_text(self) -> str:
        """The position as readable text; `SHIFTY.from_text` rebuilds an equal state."""
        from games.shifty.codec import state_to_text

        return state_to_text(self)
