"""The 7x7 tray: cells, square names, the 28 entry lanes and the lines that can score.

A cell is an index 0..48, row by row from the top-left corner: index = row * 7 + column.
Squares are named like the notation: columns a..g from the left, rows 1..7 from the top.
"""

from __future__ import annotations

SIZE = 7
CELLS = SIZE * SIZE
COLUMNS = "abcdefg"

EDGES = "NSWE"
EDGE_NAMES = {"N": "north", "S": "south", "W": "west", "E": "east"}


def cell(column: int, row: int) -> int:
    """The cell index of 0-based `column` (from the left) and `row` (from the top)."""
    return row * SIZE + column


def coords(index: int) -> tuple[int, int]:
    """The 0-based (column, row) of a cell index."""
    return index % SIZE, index // SIZE


def square_name(index: int) -> str:
    """The notation name of a cell, such as "c5" (column c, fifth row from the top)."""
    column, row = coords(index)
    return f"{COLUMNS[column]}{row + 1}"


def lane_label(edge: str, lane: int) -> str:
    """The label printed on the tray edge: a column letter for N/S, a row number for W/E."""
    return COLUMNS[lane] if edge in "NS" else str(lane + 1)


def _lane_cells(edge: str, lane: int) -> tuple[int, ...]:
    """The cells of a lane in the order a marble entering from `edge` travels them."""
    inward = range(SIZE) if edge in "NW" else range(SIZE - 1, -1, -1)
    if edge in "NS":
        return tuple(cell(lane, row) for row in inward)
    return tuple(cell(column, lane) for column in inward)


LANES: dict[tuple[str, int], tuple[int, ...]] = {
    (edge, lane): _lane_cells(edge, lane) for edge in EDGES for lane in range(SIZE)
}
"""Entry point (edge, lane) -> the lane's cells, starting at the entry edge."""


def _board_lines() -> tuple[tuple[int, ...], ...]:
    """Every row, column and diagonal of the tray that is at least three cells long."""
    lines: list[tuple[int, ...]] = []
    for i in range(SIZE):
        lines.append(tuple(cell(c, i) for c in range(SIZE)))
        lines.append(tuple(cell(i, r) for r in range(SIZE)))
    for start in range(-(SIZE - 1), SIZE):
        down_right = [(c, c - start) for c in range(SIZE) if 0 <= c - start < SIZE]
        down_left = [(c, start + SIZE - 1 - c) for c in range(SIZE)]
        down_left = [(c, r) for c, r in down_left if 0 <= r < SIZE]
        for diagonal in (down_right, down_left):
            if len(diagonal) >= 3:
                lines.append(tuple(cell(c, r) for c, r in diagonal))
    return tuple(lines)


BOARD_LINES = _board_lines()
"""Rows, columns and diagonals (length 3 or more); lines of marbles are runs along these."""


def _neighbours(index: int) -> tuple[int, ...]:
    column, row = coords(index)
    steps = ((0, -1), (1, 0), (0, 1), (-1, 0))
    return tuple(
        cell(column + dc, row + dr)
        for dc, dr in steps
        if 0 <= column + dc < SIZE and 0 <= row + dr < SIZE
    )


ORTHOGONAL: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(CELLS))
"""Cell -> the cells that share a side with it."""


def line_between(start: int, end: int) -> tuple[int, ...] | None:
    """The cells from `start` to `end` inclusive if they lie on one row, column or diagonal."""
    (c1, r1), (c2, r2) = coords(start), coords(end)
    dc, dr = c2 - c1, r2 - r1
    if start == end or not (dc == 0 or dr == 0 or abs(dc) == abs(dr)):
        return None
    steps = max(abs(dc), abs(dr))
    sc, sr = (dc > 0) - (dc < 0), (dr > 0) - (dr < 0)
    return tuple(cell(c1 + sc * k, r1 + sr * k) for k in range(steps + 1))
