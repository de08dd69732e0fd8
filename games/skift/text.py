"""Skift positions as text: readable, lossless, and checked when read back.

A header, the board with column letters and row numbers as in the notation, the tile
names beside the top row of each row of tiles ("~" marks empty table, "." an empty
quadrant on a tile), and the last action as one line of JSON (see `games.skift.serial`)::

    Skift: White to move, ply 0, layout rulings, origin 0,0
         a b  c d  e f
      1  . .  . .  . .   A B C
      2  . w  b w  b .
      ...
    last: none
"""

from __future__ import annotations

import json
import re
from itertools import islice
from typing import TYPE_CHECKING, Any

from games.skift.geometry import Point
from games.skift.model import SEAT_NAMES, Cell, LastAction, Piece
from games.skift.serial import (
    MAX_TILES,
    last_from_json,
    last_to_json,
    read_int,
    read_piece,
    read_tile_name,
)

if TYPE_CHECKING:
    from games.skift.state import SkiftState

EMPTY, TABLE = ".", "~"
#: The most rows (and columns) of quadrants a board can span: two per tile, all in a line.
MAX_SPAN = 2 * MAX_TILES
#: The most lines a position's text holds: header, column letters, rows, last, game over.
MAX_LINES = MAX_SPAN + 4

_HEADER = re.compile(
    r"skift:\s*(white|black) to move"
    r"(?:,\s*ply (\d+))?(?:,\s*layout (\w+))?(?:,\s*origin (-?\d+),\s*(-?\d+))?\.?",
    re.IGNORECASE,
)


def state_to_text(state: SkiftState) -> str:
    """The position as text (see the module docstring)."""
    min_x, min_y, max_x, max_y = state.bounds()
    width = max_x - min_x + 1
    cells = {cell: name for name, cell in state.tiles.items()}
    lines = [
        f"Skift: {SEAT_NAMES[state.to_move]} to move, ply {state.ply}, "
        f"layout {state.options['layout']}, origin {min_x},{min_y}",
    ]
    result = state.outcome()
    columns = [chr(ord("a") + i) for i in range(width)]
    lines.append("     " + "  ".join(" ".join(columns[i : i + 2]) for i in range(0, width, 2)))
    for y in range(min_y, max_y + 1):
        quads = []
        for x in range(min_x, max_x + 1):
            piece = state.pieces.get((x, y))
            on_tile = (x >> 1, y >> 1) in cells
            quads.append(piece.letter if piece else EMPTY if on_tile else TABLE)
        row = "  ".join(" ".join(quads[i : i + 2]) for i in range(0, width, 2))
        line = f"{y - min_y + 1:>3}  {row}"
        if (y - min_y) % 2 == 0:
            names = [cells.get((tx, y >> 1), TABLE) for tx in range(min_x >> 1, (max_x >> 1) + 1)]
            line += "   " + " ".join(names)
        lines.append(line)
    last = last_to_json(state.last)
    lines.append("last: " + ("none" if last is None else json.dumps(last)))
    if result:
        lines.append(f"Game over: {result.reason}")
    return "\n".join(lines) + "\n"


def parts_from_text(text: str) -> dict[str, Any]:
    """The parts of a state from `state_to_text` (keyword arguments of SkiftState).

    Ply, layout and origin may be left out of the header (0, "rulings", 0,0), and the
    last line too (no last action), which keeps hand-written test positions short.
    """
    if not isinstance(text, str):
        raise ValueError("A Skift position must be text.")
    filled = (line.strip() for line in text.splitlines() if line.strip())
    lines = list(islice(filled, MAX_LINES + 1))
    if not lines:
        raise ValueError("The text is empty.")
    if len(lines) > MAX_LINES:
        raise ValueError(f"A Skift position is at most {MAX_LINES} lines long.")
    header = _HEADER.fullmatch(lines[0])
    if not header:
        raise ValueError("The first line must read like 'Skift: White to move, ply 0, ...'.")
    if len(lines) < 2:
        raise ValueError("The board is missing: the column letters and rows follow the header.")
    to_move = 0 if header[1].lower() == "white" else 1
    origin = (read_int(int(header[4] or 0), "origin x"), read_int(int(header[5] or 0), "origin y"))
    if origin[0] % 2 or origin[1] % 2:
        raise ValueError("The origin must be the corner of a tile: even numbers.")
    last: LastAction | None = None
    rows: list[list[str]] = []
    for line in lines[2:]:
        if line.lower().startswith("last:"):
            raw = line[5:].strip()
            try:
                last = None if raw.lower() == "none" else last_from_json(json.loads(raw))
            except json.JSONDecodeError as error:
                raise ValueError(f"The last action is not valid JSON: {error}.") from None
        elif not line.lower().startswith("game over:"):
            rows.append(line.split())
    tiles, pieces = _read_board(lines[1].split(), rows, origin)
    return {
        "options": {"layout": header[3] or "rulings"},
        "tiles": tiles,
        "pieces": pieces,
        "to_move": to_move,
        "ply": read_int(int(header[2] or 0), "ply", low=0),
        "last": last,
    }


def _read_board(
    columns: list[str], rows: list[list[str]], origin: tuple[int, int]
) -> tuple[dict[str, Cell], dict[Point, Piece]]:
    width = len(columns)
    if width > MAX_SPAN:
        raise ValueError(f"The board is at most {MAX_SPAN} columns wide.")
    if width == 0 or width % 2 or columns != [chr(ord("a") + i) for i in range(width)]:
        raise ValueError("The second line must name an even number of columns a, b, c ...")
    if not rows or len(rows) % 2:
        raise ValueError("The board must have an even number of rows (two per tile).")
    tiles: dict[str, Cell] = {}
    for index, tokens in enumerate(rows):
        if tokens[0] != str(index + 1):
            raise ValueError(f"Row {index + 1} is missing or out of order.")
        names = tokens[1 + width :]
        expected = width // 2 if index % 2 == 0 else 0
        if len(tokens) < 1 + width or len(names) != expected:
            raise ValueError(f"Row {index + 1} must hold {width} squares and {expected} names.")
        for i, name in enumerate(names):
            if name != TABLE:
                if name in tiles:
                    raise ValueError(f"Tile {name} appears twice.")
                cell = ((origin[0] >> 1) + i, (origin[1] >> 1) + index // 2)
                tiles[read_tile_name(name, "A tile name")] = cell
    cells = set(tiles.values())
    pieces: dict[Point, Piece] = {}
    for index, tokens in enumerate(rows):
        y = origin[1] + index
        for i, mark in enumerate(tokens[1 : 1 + width]):
            x = origin[0] + i
            on_tile = (x >> 1, y >> 1) in cells
            if mark == TABLE and not on_tile:
                continue
            if mark == TABLE or not on_tile:
                where = f"{columns[i]}{index + 1}"
                raise ValueError(f"Square {where} does not agree with the tile names.")
            if mark != EMPTY:
                pieces[(x, y)] = read_piece(mark, f"Square {columns[i]}{index + 1}")
    return tiles, pieces
