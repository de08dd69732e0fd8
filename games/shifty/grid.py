"""The square grid of points as bitboards: one Python int per colour, a bit per point.

A point is an index 0..size*size-1, row by row from the top-left corner:
index = row * size + column, and its bit is `1 << index`. Points are named like the
notation and the picture: columns a, b, c ... from the left, rows 1, 2, 3 ... from the
top (a1 is the top-left corner). `Grid(size)` holds everything that depends only on the
size, computed once per size: the edges, each point's neighbours and queen lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

MIN_SIZE, MAX_SIZE = 6, 19
COLUMNS = "abcdefghijklmnopqrs"

#: The eight queen directions as (column step, row step); the first four are orthogonal.
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))
DIAGONALS = DIRECTIONS[4:]


def bits(board: int) -> list[int]:
    """The points of a bitboard, lowest index first."""
    found = []
    if board.bit_count() < 8:  # few points: peel off the lowest bit
        while board:
            low = board & -board
            found.append(low.bit_length() - 1)
            board ^= low
        return found
    digits = bin(board)[:1:-1]  # many: find the ones, lowest point first, without "0b"
    point = digits.find("1")
    while point >= 0:
        found.append(point)
        point = digits.find("1", point + 1)
    return found


@dataclass(frozen=True, eq=False)
class Grid:
    """Masks and tables for one board size (use `grid(size)`, which caches them)."""

    size: int
    full: int = field(init=False)
    not_first_column: int = field(init=False)
    not_last_column: int = field(init=False)
    top: int = field(init=False)
    bottom: int = field(init=False)
    left: int = field(init=False)
    right: int = field(init=False)
    #: Each point's orthogonal neighbours as a bitboard.
    orthogonal: tuple[int, ...] = field(init=False)
    #: Each point's diagonal neighbours as a bitboard.
    diagonal: tuple[int, ...] = field(init=False)
    #: Each point's eight queen lines, each a tuple of (index, bit) going outward.
    rays: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = field(init=False)

    def __post_init__(self) -> None:
        n = self.size
        points = n * n
        first = sum(1 << (r * n) for r in range(n))
        last = first << (n - 1)
        full = (1 << points) - 1
        put = object.__setattr__
        put(self, "full", full)
        put(self, "left", first)
        put(self, "right", last)
        put(self, "not_first_column", full & ~first)
        put(self, "not_last_column", full & ~last)
        put(self, "top", (1 << n) - 1)
        put(self, "bottom", ((1 << n) - 1) << (n * (n - 1)))
        put(self, "orthogonal", tuple(self.neighbours(1 << p) for p in range(points)))
        put(self, "diagonal", tuple(self._diagonal(1 << p) for p in range(points)))
        put(self, "rays", tuple(self._rays(p) for p in range(points)))

    def _diagonal(self, board: int) -> int:
        return (
            self.shift(board, 1, 1)
            | self.shift(board, 1, -1)
            | self.shift(board, -1, 1)
            | self.shift(board, -1, -1)
        )

    def _rays(self, point: int) -> tuple[tuple[tuple[int, int], ...], ...]:
        column, row = self.coords(point)
        lines = []
        for dx, dy in DIRECTIONS:
            steps = []
            x, y = column + dx, row + dy
            while 0 <= x < self.size and 0 <= y < self.size:
                index = self.index(x, y)
                steps.append((index, 1 << index))
                x, y = x + dx, y + dy
            lines.append(tuple(steps))
        return tuple(lines)

    # ----- points and names -------------------------------------------------------------

    @property
    def points(self) -> int:
        """How many points the board has."""
        return self.size * self.size

    def index(self, column: int, row: int) -> int:
        """The index of 0-based `column` (from the left) and `row` (from the top)."""
        return row * self.size + column

    def coords(self, point: int) -> tuple[int, int]:
        """The 0-based (column, row) of a point."""
        return point % self.size, point // self.size

    def name(self, point: int) -> str:
        """The notation name of a point, such as "e5"."""
        column, row = self.coords(point)
        return f"{COLUMNS[column]}{row + 1}"

    def names(self, board: int) -> list[str]:
        """The names of a bitboard's points, in reading order."""
        return [self.name(p) for p in bits(board)]

    # ----- shifting whole bitboards -----------------------------------------------------

    def shift(self, board: int, dx: int, dy: int) -> int:
        """Every stone of `board` moved by (dx, dy) with dx, dy in -1..1; stones that
        would leave the board are dropped."""
        if dx == 1:
            board = (board & self.not_last_column) << 1
        elif dx == -1:
            board = (board & self.not_first_column) >> 1
        if dy == 1:
            board = (board << self.size) & self.full
        elif dy == -1:
            board >>= self.size
        return board

    def neighbours(self, board: int) -> int:
        """The points orthogonally next to any stone of `board` (maybe stones themselves)."""
        n = self.size
        return (
            ((board & self.not_last_column) << 1)
            | ((board & self.not_first_column) >> 1)
            | ((board << n) & self.full)
            | (board >> n)
        )

    def touching(self, board: int) -> int:
        """`board` grown by one step in all eight directions (itself included)."""
        wide = (
            board | ((board & self.not_last_column) << 1) | ((board & self.not_first_column) >> 1)
        )
        return wide | ((wide << self.size) & self.full) | (wide >> self.size)


@cache
def grid(size: int) -> Grid:
    """The grid of `size` x `size` points (cached per size)."""
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"A Shifty board has {MIN_SIZE} to {MAX_SIZE} points a side, not {size}.")
    return Grid(size)
