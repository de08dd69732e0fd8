"""Shiftago's opening book: the first insertions of two-player Express, each found ahead of
time by a long search (`book.txt`, written by `benchmarks/book.py`).

In two-player Express the first player wins most games, often within a dozen insertions,
by pushing marbles in at one edge of a lane; a search of a second and a half answers
with a race of its own where a search of half a minute pushes into that lane and breaks
the run. The book keeps the long search's answer for every position of the first four
insertions in which one side follows the book and the other plays anything.

Positions alike up to the tray's eight symmetries (turns and reflections) share one
entry: a position's key is its tray as seen through the symmetry that names it first,
and the book's move is read back through the same symmetry.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Mapping
from pathlib import Path
from typing import Any

from games.shiftago.geometry import CELLS, LANES, SIZE, cell, coords
from games.shiftago.moves import Insert
from games.shiftago.rules import Board

BOOK_FILE = Path(__file__).with_name("book.txt")
"""One line a position: its key, a space, the book's insertion (seen as the key sees it)."""


def _mapped(transform: int, index: int) -> int:
    """The cell that `index` goes to under the tray's symmetry number `transform` (0 to 7:
    a quarter turn `transform` % 4 times, then a reflection left to right when 4 or more)."""
    column, row = coords(index)
    for _ in range(transform % 4):
        column, row = SIZE - 1 - row, column
    if transform >= 4:
        column = SIZE - 1 - column
    return cell(column, row)


_PERMUTATIONS = tuple(tuple(_mapped(t, i) for i in range(CELLS)) for t in range(8))
_INSERT_BY_CELLS = {cells: Insert(edge, lane) for (edge, lane), cells in LANES.items()}


def _inserts_mapped(permutation: tuple[int, ...]) -> dict[Insert, Insert]:
    """Each insertion and the insertion it becomes under a symmetry of the tray."""
    return {
        Insert(edge, lane): _INSERT_BY_CELLS[tuple(permutation[i] for i in cells)]
        for (edge, lane), cells in LANES.items()
    }


_INSERTS_MAPPED = tuple(_inserts_mapped(p) for p in _PERMUTATIONS)


def _tray_key(board: Board, permutation: tuple[int, ...]) -> str:
    """The tray as text ("." for an empty cell, else the seat) seen through a symmetry."""
    seen = [""] * CELLS
    for index, marble in enumerate(board):
        seen[permutation[index]] = "." if marble is None else str(marble)
    return "".join(seen)


def book_key(board: Board, turn: int) -> tuple[str, int]:
    """The key of the position (`board`, the seat to insert `turn`) and the symmetry that
    names it: the first of the eight views of the tray in the order of their text."""
    key, transform = min((_tray_key(board, p), t) for t, p in enumerate(_PERMUTATIONS))
    return f"{turn}:{key}", transform


def keeps_book(players: int, options: Mapping[str, Any], defaults: Mapping[str, Any]) -> bool:
    """Whether the book speaks for a game of `players` with `options`: two-player Express
    with every other option at its default (the lone-colour rule on, no handicap)."""
    return players == 2 and options["variant"] == "express" and dict(options) == dict(defaults)


@functools.cache
def _entries() -> dict[str, str]:
    """The book's lines, key -> insertion notation."""
    lines = BOOK_FILE.read_text(encoding="utf-8").splitlines()
    return dict(line.split(" ", 1) for line in lines if line.strip())


def book_move(board: Board, turn: int) -> Insert | None:
    """The book's insertion for the seat `turn` on `board`, or None where it has none."""
    key, transform = book_key(board, turn)
    notation = _entries().get(key)
    if notation is None:
        return None
    mapped = _INSERTS_MAPPED[transform]
    return next(move for move, seen in mapped.items() if seen.notation() == notation)


def book_notation(board: Board, turn: int, move: Hashable) -> str:
    """How the book writes the insertion `move` of the seat `turn` on `board`: as the
    position's key sees the tray."""
    assert isinstance(move, Insert)
    return _INSERTS_MAPPED[book_key(board, turn)[1]][move].notation()
