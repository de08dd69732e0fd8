"""A Shiftago move as it was played: by whom, what it pushed or scored, and its cells."""

from __future__ import annotations

from dataclasses import dataclass

from games.shiftago.geometry import LANES, line_between
from games.shiftago.moves import Insert, Move, Score
from games.shiftago.words import move_words


@dataclass(frozen=True, slots=True)
class Action:
    """A move as it was played: by whom, and what it did.

    `pushed` (insertions): how many marbles the entering one pushed one cell inward.
    `points` (scorings): what the line was worth.
    """

    seat: int
    move: Move
    pushed: int = 0
    points: int = 0

    def path(self) -> tuple[int, ...]:
        """Insertion: the cells now holding the new marble and the run it pushed."""
        assert isinstance(self.move, Insert)
        return LANES[self.move.edge, self.move.lane][: self.pushed + 1]

    def pushes(self) -> tuple[tuple[int, int], ...]:
        """Insertion: (from, to) of every pushed marble, the one nearest the edge first."""
        cells = self.path()
        return tuple((cells[i], cells[i + 1]) for i in range(self.pushed))

    def line(self) -> tuple[int, ...]:
        """Scoring: every cell of the scored line, from its start to its end."""
        assert isinstance(self.move, Score)
        cells = line_between(self.move.start, self.move.end)
        assert cells is not None
        return cells

    def describe(self) -> str:
        """What the action did, in words (past tense)."""
        return move_words(self.seat, self.move, pushed=self.pushed, points=self.points, past=True)

    def removed(self) -> tuple[int, ...]:
        """Scoring: the cells whose marbles went back to the supply."""
        move = self.move
        assert isinstance(move, Score)
        kept = {move.start, move.end} if move.keep is None else {move.keep}
        return tuple(index for index in self.line() if index not in kept)
