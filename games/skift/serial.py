"""Skift positions as JSON, lossless and checked when read back.

JSON (version 1)::

    {"game": "skift", "version": 1, "options": {"layout": "rulings"}, "ply": 0,
     "to_move": 0, "tiles": {"A": [0, 0], ...}, "pieces": [[1, 1, "w"], ...], "last": null}

Pieces are [x, y, letter] with W/w a White king/pawn and B/b a Black king/pawn.
`check_position` also guards positions read from text (`games.skift.text`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from games.skift.geometry import TILE_STEPS, Point, is_connected
from games.skift.model import (
    ACTION_KINDS,
    LAYOUTS,
    PIECES,
    SEAT_NAMES,
    START_COUNTS,
    Cell,
    LastAction,
    Move,
    Pass,
    Piece,
    PieceMove,
    Rotation,
    TileMove,
    piece_counts,
)

if TYPE_CHECKING:
    from games.skift.state import SkiftState

VERSION = 1


# --- JSON out ---------------------------------------------------------------------------


def move_to_json(move: Move) -> dict[str, Any]:
    """A move as a JSON-ready dict."""
    if isinstance(move, PieceMove):
        return {"type": "piece", "src": list(move.src), "dst": list(move.dst)}
    if isinstance(move, TileMove):
        return {"type": "tile", "tile": move.tile, "direction": move.direction, "keep": move.keep}
    if isinstance(move, Rotation):
        return {"type": "rotate", "tile": move.tile}
    return {"type": "pass"}


def last_to_json(last: LastAction | None) -> dict[str, Any] | None:
    """The last action as a JSON-ready dict (None stays None)."""
    if last is None:
        return None
    return {
        "seat": last.seat,
        "kind": last.kind,
        "move": move_to_json(last.move),
        "displaced": [[list(a), list(b)] for a, b in last.displaced],
        "fallen": [[list(q), p.letter] for q, p in last.fallen],
        "tile": last.tile,
        "tiles_moved": [[name, list(a), list(b)] for name, a, b in last.tiles_moved],
        "tiles_removed": [[name, list(c)] for name, c in last.tiles_removed],
        "pieces_removed": [[list(q), p.letter] for q, p in last.pieces_removed],
    }


def state_to_json(state: SkiftState) -> dict[str, Any]:
    """The whole position as a JSON-ready dict."""
    return {
        "game": "skift",
        "version": VERSION,
        "options": dict(state.options),
        "ply": state.ply,
        "to_move": state.to_move,
        "tiles": {name: list(cell) for name, cell in sorted(state.tiles.items())},
        "pieces": [[x, y, p.letter] for (x, y), p in sorted(state.pieces.items())],
        "last": last_to_json(state.last),
    }


# --- JSON in ----------------------------------------------------------------------------


#: Coordinates and plies beyond this are corrupt data, not a game.
_MAX_COORDINATE = 1_000_000
#: The most pieces a position holds (both sides' starting kings and pawns), and the most
#: tiles (one per capital letter): no record of a position lists more.
MAX_PIECES = 2 * sum(START_COUNTS)
MAX_TILES = 26


def read_int(value: Any, what: str, low: int = -_MAX_COORDINATE) -> int:
    """`value` as a whole number within range, or ValueError naming `what`."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{what} must be a whole number, not {value!r}.")
    if not low <= value <= _MAX_COORDINATE:
        raise ValueError(f"{what} is out of range: {value}.")
    return value


def _list(value: Any, what: str, length: int | None = None, most: int | None = None) -> list[Any]:
    """`value` as a list of exactly `length` (or at most `most`) entries, or ValueError."""
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"{what} must be a list, not {type(value).__name__}.")
    if length is not None and len(value) != length:
        raise ValueError(f"{what} must have {length} entries, not {len(value)}.")
    if most is not None and len(value) > most:
        raise ValueError(f"{what} may have at most {most} entries, not {len(value)}.")
    return list(value)


def read_seat(value: Any, what: str) -> int:
    """`value` if it is a seat number, 0 (White) or 1 (Black), else ValueError naming `what`."""
    if type(value) is not int or value not in (0, 1):
        raise ValueError(f"{what} must be 0 or 1, not {value!r}.")
    return value


def _point(value: Any, what: str) -> Point:
    x, y = _list(value, what, 2)
    return (read_int(x, what), read_int(y, what))


def read_piece(value: Any, what: str) -> Piece:
    """The piece a letter W, w, B or b names, or ValueError naming `what`."""
    if not isinstance(value, str) or value not in PIECES:
        raise ValueError(f"{what} must be one of W, w, B, b, not {value!r}.")
    return PIECES[value]


def read_tile_name(value: Any, what: str) -> str:
    """`value` if it is a tile name (a capital letter), else ValueError naming `what`."""
    if not isinstance(value, str) or not re.fullmatch("[A-Z]", value):
        raise ValueError(f"{what} must be a tile name (a capital letter), not {value!r}.")
    return value


def _opt_tile_name(value: Any, what: str) -> str | None:
    return None if value is None else read_tile_name(value, what)


def move_from_json(data: Any) -> Move:
    """A move from `move_to_json`; corrupt data raises ValueError."""
    if not isinstance(data, Mapping):
        raise ValueError("A move must be an object.")
    kind = data.get("type")
    if kind == "piece":
        return PieceMove(_point(data.get("src"), "move src"), _point(data.get("dst"), "move dst"))
    if kind == "tile":
        direction = data.get("direction")
        if not isinstance(direction, str) or direction not in TILE_STEPS:
            raise ValueError(f"A tile move's direction must be n, e, s or w, not {direction!r}.")
        keep = _opt_tile_name(data.get("keep"), "move keep")
        return TileMove(read_tile_name(data.get("tile"), "move tile"), direction, keep)
    if kind == "rotate":
        return Rotation(read_tile_name(data.get("tile"), "move tile"))
    if kind == "pass":
        return Pass()
    raise ValueError(f"Unknown move type {kind!r}.")


def last_from_json(data: Any) -> LastAction | None:
    """A last action from `last_to_json`; corrupt data raises ValueError."""
    if data is None:
        return None
    if not isinstance(data, Mapping):
        raise ValueError("The last action must be an object or null.")
    seat = read_seat(data.get("seat"), "The last action's seat")
    move = move_from_json(data.get("move"))
    kind = data.get("kind")
    if kind != ACTION_KINDS[type(move)]:
        raise ValueError(f"The last action's kind {kind!r} does not match its move.")

    def entries(key: str, length: int, most: int) -> list[list[Any]]:
        return [_list(e, key, length) for e in _list(data.get(key, []), key, most=most)]

    return LastAction(
        seat=seat,
        kind=kind,
        move=move,
        displaced=tuple(
            (_point(a, "displaced"), _point(b, "displaced"))
            for a, b in entries("displaced", 2, MAX_PIECES)
        ),
        fallen=tuple(
            (_point(q, "fallen"), read_piece(p, "fallen"))
            for q, p in entries("fallen", 2, MAX_PIECES)
        ),
        tile=_opt_tile_name(data.get("tile"), "last tile"),
        tiles_moved=tuple(
            (read_tile_name(n, "tiles_moved"), _point(a, "tiles_moved"), _point(b, "tiles_moved"))
            for n, a, b in entries("tiles_moved", 3, MAX_TILES)
        ),
        tiles_removed=tuple(
            (read_tile_name(n, "tiles_removed"), _point(c, "tiles_removed"))
            for n, c in entries("tiles_removed", 2, MAX_TILES)
        ),
        pieces_removed=tuple(
            (_point(q, "pieces_removed"), read_piece(p, "pieces_removed"))
            for q, p in entries("pieces_removed", 2, MAX_PIECES)
        ),
    )


def check_position(
    tiles: Mapping[str, Cell],
    pieces: Mapping[Point, Piece],
    to_move: int,
    last: LastAction | None,
    layout: str,
) -> None:
    """Raise ValueError unless the parts make a position the rules could reach."""
    known = set(LAYOUTS[layout][0])
    for name in tiles:
        if name not in known:
            raise ValueError(f"There is no tile {name} in the {layout} layout.")
    if not tiles:
        raise ValueError("A position needs at least one tile.")
    cells = set(tiles.values())
    if len(cells) != len(tiles):
        raise ValueError("Two tiles lie on the same cell.")
    if not is_connected(cells):
        raise ValueError("The tiles do not form one connected group.")
    for (x, y), piece in pieces.items():
        if (x >> 1, y >> 1) not in cells:
            raise ValueError(f"The {piece.name} at quadrant {(x, y)} is not on a tile.")
    for seat in (0, 1):
        kings, pawns = piece_counts(pieces.values(), seat)
        if kings > START_COUNTS[0] or pawns > START_COUNTS[1]:
            raise ValueError(f"{SEAT_NAMES[seat]} has more pieces than the game starts with.")
    read_seat(to_move, "The seat to move")
    if last is not None:
        _check_last(tiles, pieces, to_move, last)


def _check_last(
    tiles: Mapping[str, Cell], pieces: Mapping[Point, Piece], to_move: int, last: LastAction
) -> None:
    if last.seat == to_move:
        raise ValueError("The last action must be the other seat's.")
    move = last.move
    if isinstance(move, PieceMove):
        if not last.displaced or last.displaced[0] != (move.src, move.dst):
            raise ValueError("The last piece move's record does not start with its mover.")
        fallen = {q for q, _ in last.fallen}
        for before, after in last.displaced:
            if (after[0] - before[0], after[1] - before[1]) != move.step:
                raise ValueError("A displaced piece of the last move did not move with it.")
            if after not in fallen and after not in pieces:
                raise ValueError("A piece displaced by the last move is missing.")
    elif isinstance(move, TileMove):
        if not last.tiles_moved or last.tiles_moved[0][0] != move.tile:
            raise ValueError("The last tile move's record does not start with its tile.")
        removed = {name for name, _ in last.tiles_removed}
        for name, _, after in last.tiles_moved:
            if name not in removed and tiles.get(name) != after:
                raise ValueError(f"Tile {name} is not where the last tile move put it.")
    elif isinstance(move, Rotation) and move.tile not in tiles:
        raise ValueError(f"The last action rotated tile {move.tile}, which is not on the table.")


def parts_from_json(data: Any) -> dict[str, Any]:
    """The checked parts of a state from `state_to_json` (keyword arguments of SkiftState)."""
    if not isinstance(data, Mapping):
        raise ValueError("A Skift position must be a JSON object.")
    if data.get("game") != "skift" or data.get("version") != VERSION:
        raise ValueError(f"This is not a Skift position of version {VERSION}.")
    options = data.get("options")
    if not isinstance(options, Mapping):
        raise ValueError("The options must be an object.")
    tiles_data = data.get("tiles")
    if not isinstance(tiles_data, Mapping) or len(tiles_data) > MAX_TILES:
        raise ValueError(f"The tiles must be an object of at most {MAX_TILES} name -> [x, y].")
    tiles = {
        read_tile_name(name, "A tile name"): _point(cell, f"tile {name}")
        for name, cell in tiles_data.items()
    }
    pieces: dict[Point, Piece] = {}
    for entry in _list(data.get("pieces"), "pieces", most=MAX_PIECES):
        x, y, letter = _list(entry, "a piece", 3)
        quadrant = (read_int(x, "a piece's x"), read_int(y, "a piece's y"))
        if quadrant in pieces:
            raise ValueError(f"Two pieces stand on quadrant {quadrant}.")
        pieces[quadrant] = read_piece(letter, "a piece")
    return {
        "options": dict(options),
        "tiles": tiles,
        "pieces": pieces,
        "to_move": data.get("to_move"),
        "ply": read_int(data.get("ply"), "ply", low=0),
        "last": last_from_json(data.get("last")),
    }
