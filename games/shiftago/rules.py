"""Board mechanics: inserting a marble with its push, lines of one colour, the scoring tables.

A board is a tuple of 49 cells (see `geometry`), each None or the seat owning the marble.
"""

from __future__ import annotations

from games.shiftago.geometry import BOARD_LINES, LANES

Board = tuple[int | None, ...]

MARBLES = 22
"""Marbles each player owns; removed marbles go back to their owner's supply."""

WINNING_POINTS = 10

EXPRESS_LENGTH = {2: 5, 3: 4, 4: 4}
"""Express: the line length that wins, by player count."""

_EXPERT_TABLE = {2: {5: 2, 6: 5, 7: 10}, 3: {4: 2, 5: 5, 6: 8, 7: 10}}
_EXTREME_EXTRA = {2: {4: 0}, 3: {3: 0}}


def score_table(variant: str, players: int) -> dict[int, int]:
    """Line length -> points for Expert or Extreme with this many players."""
    key = 2 if players == 2 else 3
    table = dict(_EXPERT_TABLE[key])
    if variant == "extreme":
        table.update(_EXTREME_EXTRA[key])
    return table


def min_line(variant: str, players: int) -> int:
    """The shortest line of the mover's colour that wins (Express) or must be scored."""
    if variant == "express":
        return EXPRESS_LENGTH[players]
    return min(score_table(variant, players))


def first_gap(board: Board, edge: str, lane: int) -> int | None:
    """How many marbles an insertion at (edge, lane) pushes; None when the lane is full."""
    for position, index in enumerate(LANES[edge, lane]):
        if board[index] is None:
            return position
    return None


def insert(board: Board, edge: str, lane: int, seat: int) -> tuple[Board, int]:
    """The board after `seat` enters at (edge, lane), and how many marbles it pushed.

    Only the run touching the entry edge moves, one cell inward, up to the first gap.
    The caller has checked that the lane is not full.
    """
    cells = LANES[edge, lane]
    pushed = first_gap(board, edge, lane)
    if pushed is None:
        raise ValueError(f"Lane {edge}{lane} is full.")
    new = list(board)
    for position in range(pushed, 0, -1):
        new[cells[position]] = new[cells[position - 1]]
    new[cells[0]] = seat
    return tuple(new), pushed


def lines_of(board: Board, seat: int, shortest: int) -> tuple[tuple[int, ...], ...]:
    """Every maximal straight run of `seat`'s marbles at least `shortest` long.

    Each line is its cells in order, starting with the lower (earlier in reading order) end.
    """
    found: list[tuple[int, ...]] = []
    for line in BOARD_LINES:
        run: list[int] = []
        for index in line:
            if board[index] == seat:
                run.append(index)
                continue
            if len(run) >= shortest:
                found.append(tuple(run) if run[0] < run[-1] else tuple(reversed(run)))
            run = []
        if len(run) >= shortest:
            found.append(tuple(run) if run[0] < run[-1] else tuple(reversed(run)))
    found.sort()
    return tuple(found)
