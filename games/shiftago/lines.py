"""Lines on bitboards: a colour's marbles as one integer, for quick line checks.

Cell (column, row) is bit row * 8 + column: each row has a guard bit past its seventh
cell that no marble ever sets, so a shift along a row or a diagonal never wraps from one
row into the next. A run of `length` marbles in a direction is found with `length` - 1
shifts and ANDs, as in Connect Four engines.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from games.shiftago.geometry import CELLS, LANES, SIZE

#: Bits between vertically adjacent cells (a row and its guard bit).
STRIDE = SIZE + 1
#: The bit of each cell.
BITS: tuple[int, ...] = tuple(1 << (i // SIZE * STRIDE + i % SIZE) for i in range(CELLS))
#: Across, down, down-left and down-right, as shifts.
DIRECTIONS = (1, STRIDE, STRIDE - 1, STRIDE + 1)
#: Each row's cells, then each column's, as masks (a lane is full when all are set).
ROW_MASKS: tuple[int, ...] = tuple(sum(BITS[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE))
COLUMN_MASKS: tuple[int, ...] = tuple(sum(BITS[c::SIZE]) for c in range(SIZE))
#: Every cell: a mask that every lane crosses.
_EVERY_CELL = sum(BITS)


def occupied_by(colours: Iterable[int]) -> int:
    """Every marble of the bitboards `colours`, as one bitboard."""
    occupied = 0
    for mask in colours:
        occupied |= mask
    return occupied


def _pushes(cells: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """For a lane's cells from its entry edge: the shift from one cell to the next, and
    the masks of its first 0 to 7 cells."""
    step = BITS[cells[1]].bit_length() - BITS[cells[0]].bit_length()
    prefixes = [0]
    for index in cells:
        prefixes.append(prefixes[-1] | BITS[index])
    return step, tuple(prefixes)


_PUSHES = {entry: _pushes(cells) for entry, cells in LANES.items()}


def marbles(board: tuple[int | None, ...], seat: int) -> int:
    """The bitboard of `seat`'s marbles on `board`."""
    mask = 0
    for bit, marble in zip(BITS, board, strict=True):
        if marble == seat:
            mask |= bit
    return mask


def inserted(
    colours: tuple[int, ...], edge: str, lane: int, pushed: int, seat: int
) -> tuple[int, ...]:
    """Every seat's bitboard (`colours`) after `seat` enters at (`edge`, `lane`), pushing
    the first `pushed` marbles of the lane one cell inward (as `rules.insert` does)."""
    return tuple(
        entered(mask, edge, lane, pushed) if owner == seat else _pushed_on(mask, edge, lane, pushed)
        for owner, mask in enumerate(colours)
    )


def entered(mask: int, edge: str, lane: int, pushed: int) -> int:
    """The entering colour's bitboard (`mask`) after its marble enters at (`edge`,
    `lane`), pushing the first `pushed` marbles of the lane one cell inward."""
    return _pushed_on(mask, edge, lane, pushed) | _PUSHES[edge, lane][1][1]


def _pushed_on(mask: int, edge: str, lane: int, pushed: int) -> int:
    """One colour's bitboard after the first `pushed` cells of the lane entered at
    (`edge`, `lane`) move one cell inward (the entry cell is left empty)."""
    step, prefixes = _PUSHES[edge, lane]
    moved = prefixes[pushed]
    run = mask & moved
    if not run:
        return mask
    return mask & ~moved | (run << step if step > 0 else run >> -step)


def completions(own: int, occupied: int, length: int, most: int) -> int:
    """How many insertions, counting up to `most`, would give the colour of `own` a
    straight run of `length`: an insertion at each lane that is not full, with its push
    (`occupied`: every colour's marbles). Rules that forbid an insertion for a while (the
    lone colour) are not looked at."""
    # An insertion adds one marble and moves others of one lane by one cell, so a line it
    # makes had all but one of its marbles in one stretch of `length` before, and the lane
    # crosses that stretch. A line already there (pushed into being on another colour's
    # turn) may be kept by any lane.
    nearly = 0
    for stretch in windows(length):
        count = (stretch & own).bit_count()
        if count >= length - 1:
            nearly |= stretch if count < length else _EVERY_CELL
    if not nearly:
        return 0
    found = 0
    for (edge, lane), (_, prefixes) in _PUSHES.items():
        if not prefixes[SIZE] & nearly:
            continue
        pushed = 0
        while pushed < SIZE and occupied & (prefixes[pushed + 1] ^ prefixes[pushed]):
            pushed += 1
        if pushed < SIZE and has_line(entered(own, edge, lane, pushed), length):
            found += 1
            if found >= most:
                break
    return found


def has_line(mask: int, length: int) -> bool:
    """Whether the marbles of `mask` make a straight run of at least `length`."""
    for shift in DIRECTIONS:
        run = mask
        for _ in range(length - 1):
            run &= run >> shift
            if not run:
                break
        else:
            return True
    return False


@cache
def windows(length: int) -> tuple[int, ...]:
    """Every straight stretch of `length` cells (across, down or diagonal) as a mask."""
    found = []
    for start in range(CELLS):
        column, row = start % SIZE, start // SIZE
        for dc, dr in ((1, 0), (0, 1), (-1, 1), (1, 1)):
            end_column, end_row = column + dc * (length - 1), row + dr * (length - 1)
            if 0 <= end_column < SIZE and end_row < SIZE:
                cells = ((row + dr * k) * SIZE + column + dc * k for k in range(length))
                found.append(sum(BITS[index] for index in cells))
    return tuple(found)
