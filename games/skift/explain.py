"""Why a move is not legal: one sentence naming the rule, for a player to act on."""

from __future__ import annotations

from games.skift.actions import keep_choices, splinter_groups, tile_shift
from games.skift.geometry import PIECE_STEPS, TILE_STEPS, Point
from games.skift.legality import Table, control_reason
from games.skift.model import KIND_NAMES, SEAT_NAMES, Move, Pass, PieceMove, Rotation, TileMove
from games.skift.notation import Frame, format_move
from games.skift.phrasebook import say


def why_illegal(table: Table, move: Move, frame: Frame, example: Move) -> str:
    """Why `move` (known not to be legal) is refused; `example` is a legal move to suggest."""
    if isinstance(move, PieceMove):
        return _piece_reason(table, move, frame)
    if isinstance(move, (TileMove, Rotation)):
        return _tile_reason(table, move, frame)
    if isinstance(move, Pass):
        return say(
            "You may pass only when no action is legal; you have moves, for example {move}.",
            move=format_move(example, frame),
        )
    return say("That is not a Skift move.")


def _square(frame: Frame, quadrant: Point) -> str:
    try:
        return frame.square_name(quadrant)
    except ValueError:
        return say("that square")


def _undo_sentence(table: Table, now: Point, before: Point, frame: Frame) -> str:
    piece = table.pieces[now]
    opponent = SEAT_NAMES[1 - table.seat]
    return say(
        "That would undo {colour}'s last move: the {piece} at {square} may not go back to "
        "{before}.",
        colour=opponent,
        piece=piece.name,
        square=_square(frame, now),
        before=_square(frame, before),
    )


def _piece_reason(table: Table, move: PieceMove, frame: Frame) -> str:
    src = _square(frame, move.src)
    piece = table.pieces.get(move.src)
    if piece is None:
        return say("There is no piece on {square}.", square=src)
    if piece.seat != table.seat:
        return say(
            "The {piece} on {square} is {owner}'s; it is {colour}'s turn.",
            piece=KIND_NAMES[piece.kind],
            square=src,
            owner=SEAT_NAMES[piece.seat],
            colour=SEAT_NAMES[table.seat],
        )
    if move.step not in PIECE_STEPS.values():
        return say(
            "A piece moves one square in one of the eight directions; {square} to {target} is "
            "not one step.",
            square=src,
            target=_square(frame, move.dst),
        )
    if (move.dst[0] >> 1, move.dst[1] >> 1) not in table.cells:
        return say(
            "A piece cannot step off the tiles by itself: there is no tile where it would go."
        )
    undone = table.piece_undo(move)
    if undone:
        return _undo_sentence(table, *undone, frame)
    return say("That piece move is not legal now.")


def _tile_reason(table: Table, move: TileMove | Rotation, frame: Frame) -> str:
    name = move.tile
    cell = table.tiles.get(name)
    if cell is None:
        return say("There is no tile {tile} on the table.", tile=name)
    if table.controllers()[cell] != table.seat:
        return say(
            "You do not control tile {tile}: {reason}.",
            tile=name,
            reason=control_reason(table, cell),
        )
    if table.is_landlocked(cell):
        return say(
            "The tile {tile} is landlocked: it has tiles on all four sides, so it cannot move "
            "or rotate.",
            tile=name,
        )
    if isinstance(move, Rotation):
        undone = table.rotation_undo(cell)
        if undone:
            return _undo_sentence(table, *undone, frame)
        return say("That rotation is not legal now.")
    if move.direction not in TILE_STEPS:
        return say("A tile moves one cell north, east, south or west (n, e, s or w).")
    shift = tile_shift(table.tiles, table.cells, name, move.direction)
    found = splinter_groups(shift, table.cells)
    choices = keep_choices(found)
    plain = f"{name}{move.direction}"
    if move.keep not in choices:
        if choices == (None,):
            return say(
                "Moving tile {tile} that way leaves no tie between groups; type {move}.",
                tile=name,
                move=plain,
            )
        return say(
            "Moving tile {tile} that way splits the tiles into equally large groups; say which "
            "group stays: {choices}.",
            tile=name,
            choices=say.alternatives([f"{plain}/{keep}" for keep in choices]),
        )
    tile_back = table.tile_undo(shift, found, move.keep)
    if tile_back:
        return say(
            "That would undo {colour}'s last move: tile {tile} may not go back to where it "
            "was before that move.",
            colour=SEAT_NAMES[1 - table.seat],
            tile=tile_back[0],
        )
    return say("That tile move is not legal now.")
