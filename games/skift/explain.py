"""Why a move is not legal: one sentence naming the rule, for a player to act on."""

from __future__ import annotations

from games.skift.actions import keep_choices, splinter_groups, tile_shift
from games.skift.geometry import PIECE_STEPS, TILE_STEPS, Point
from games.skift.legality import Table, control_reason
from games.skift.model import KIND_NAMES, SEAT_NAMES, Move, Pass, PieceMove, Rotation, TileMove
from games.skift.notation import Frame, format_move


def why_illegal(table: Table, move: Move, frame: Frame, example: Move) -> str:
    """Why `move` (known not to be legal) is refused; `example` is a legal move to suggest."""
    if isinstance(move, PieceMove):
        return _piece_reason(table, move, frame)
    if isinstance(move, (TileMove, Rotation)):
        return _tile_reason(table, move, frame)
    if isinstance(move, Pass):
        return (
            "You may pass only when no action is legal; you have moves, for example "
            f"{format_move(example, frame)}."
        )
    return "That is not a Skift move."


def _square(frame: Frame, quadrant: Point) -> str:
    try:
        return frame.square_name(quadrant)
    except ValueError:
        return "that square"


def _undo_sentence(table: Table, now: Point, before: Point, frame: Frame) -> str:
    piece = table.pieces[now]
    opponent = SEAT_NAMES[1 - table.seat]
    return (
        f"That would undo {opponent}'s last move: the {piece.name} at "
        f"{_square(frame, now)} may not go back to {_square(frame, before)}."
    )


def _piece_reason(table: Table, move: PieceMove, frame: Frame) -> str:
    src = _square(frame, move.src)
    piece = table.pieces.get(move.src)
    if piece is None:
        return f"There is no piece on {src}."
    if piece.seat != table.seat:
        return (
            f"The {KIND_NAMES[piece.kind]} on {src} is {SEAT_NAMES[piece.seat]}'s; "
            f"it is {SEAT_NAMES[table.seat]}'s turn."
        )
    if move.step not in PIECE_STEPS.values():
        return (
            f"A piece moves one square in one of the eight directions; {src} to "
            f"{_square(frame, move.dst)} is not one step."
        )
    if (move.dst[0] >> 1, move.dst[1] >> 1) not in table.cells:
        return "A piece cannot step off the tiles by itself: there is no tile where it would go."
    undone = table.piece_undo(move)
    if undone:
        return _undo_sentence(table, *undone, frame)
    return "That piece move is not legal now."


def _tile_reason(table: Table, move: TileMove | Rotation, frame: Frame) -> str:
    name = move.tile
    cell = table.tiles.get(name)
    if cell is None:
        return f"There is no tile {name} on the table."
    if table.controllers()[cell] != table.seat:
        return f"You do not control tile {name}: {control_reason(table, cell)}."
    if table.is_landlocked(cell):
        return (
            f"The tile {name} is landlocked: it has tiles on all four sides, "
            "so it cannot move or rotate."
        )
    if isinstance(move, Rotation):
        undone = table.rotation_undo(cell)
        if undone:
            return _undo_sentence(table, *undone, frame)
        return "That rotation is not legal now."
    if move.direction not in TILE_STEPS:
        return "A tile moves one cell north, east, south or west (n, e, s or w)."
    shift = tile_shift(table.tiles, table.cells, name, move.direction)
    found = splinter_groups(shift, table.cells)
    choices = keep_choices(found)
    plain = f"{name}{move.direction}"
    if move.keep not in choices:
        if choices == (None,):
            return f"Moving tile {name} that way leaves no tie between groups; type {plain}."
        options = " or ".join(f"{plain}/{keep}" for keep in choices)
        return (
            f"Moving tile {name} that way splits the tiles into equally large groups; "
            f"say which group stays: {options}."
        )
    tile_back = table.tile_undo(shift, found, move.keep)
    if tile_back:
        return (
            f"That would undo {SEAT_NAMES[1 - table.seat]}'s last move: tile {tile_back[0]} "
            "may not go back to where it was before that move."
        )
    return "That tile move is not legal now."
