"""The Skift position in words, for Discord's image description (alt text)."""

from __future__ import annotations

from collections.abc import Hashable

from games.skift import SKIFT
from games.skift.model import LastAction, Piece
from games.skift.state import SkiftState
from render.words import (
    MOVES,
    OVER_DRAW,
    OVER_ENDING,
    OVER_WON,
    Drawn,
    count,
    counted_forms,
    listed,
    say,
)

KING = "K"
TITLE = "Skift"
TURN = "{title}, move {number}: {seat} to move."
KINGS = counted_forms("king")
PAWNS = counted_forms("pawn")
SIDE = "{seat} has {kings} and {pawns}"
SEAT_KING = "{seat} king"
SEAT_PAWN = "{seat} pawn"
A_KING = "a king"
A_PAWN = "a pawn"
A_PIECE = "a piece"
THE_TABLE = "the table"
MOVED_PIECE = "{seat} moved {piece} from {source} to {target}"
PUSHED_OFF = "the {piece} off the tiles"
PUSHED_TO = "the {piece} to {square}"
PUSHING = "{move}, pushing {pushed}"
MOVED_TILE = "{seat} moved tile {tile} {way}"
WAYS = {(0, -1): "north", (1, 0): "east", (0, 1): "south", (-1, 0): "west"}
PUSHING_TILES = ("{move}, pushing tile {tiles}", "{move}, pushing tiles {tiles}")
SPLIT_OFF = ("{move}; tile {tiles} split off and left", "{move}; tiles {tiles} split off and left")
WITH_PIECES = "{move} with {pieces}"
PIECES = counted_forms("piece")
TURNED = "{seat} turned tile {tile} half round"
PASSED = "{seat} passed, having no legal action"
LAST_MOVE = "Last move: {move}."
SEAT_TILES = "{seat} {tiles}"
NOBODY_TILES = "nobody {tiles}"
CONTROL = "Tile control: {tiles}."
LANDLOCKED = "Landlocked: {tiles}."
KINGS_ON = "kings on {squares}"
PAWNS_ON = "pawns on {squares}"
SEAT_PIECES = "{seat} {pieces}"


def _seat(seat: int) -> str:
    return SKIFT.seat_name(seat)


def _piece(piece: Piece) -> str:
    return say(SEAT_KING if piece.kind == KING else SEAT_PAWN, seat=_seat(piece.seat))


def _square(state: SkiftState, quadrant: tuple[int, int]) -> str:
    try:
        name: str = state.square_name(quadrant)
    except ValueError:
        return say(THE_TABLE)
    return name


def _turn(state: SkiftState, ending: str | None) -> str:
    moves = count(MOVES, state.turn_number - 1)
    if ending is not None:
        return say(OVER_ENDING, title=TITLE, moves=moves, ending=ending)
    outcome, seat = state.outcome(), state.current_player
    if outcome is None:
        assert seat is not None, "a running game has a seat to act"
        return say(TURN, title=TITLE, number=state.turn_number, seat=_seat(seat))
    if outcome.draw:
        return say(OVER_DRAW, title=TITLE, moves=moves, reason=outcome.reason)
    winner = _seat(outcome.winners[0])
    return say(OVER_WON, title=TITLE, moves=moves, seat=winner, reason=outcome.reason)


def _counts(state: SkiftState) -> str:
    sides = []
    for seat in range(state.players):
        kings, pawns = state.counts(seat)
        sides.append(
            say(SIDE, seat=_seat(seat), kings=count(KINGS, kings), pawns=count(PAWNS, pawns))
        )
    return "; ".join(sides) + "."


def _piece_move(state: SkiftState, last: LastAction) -> str:
    (src, dst), *pushed = last.displaced
    mover = state.pieces.get(dst)
    what = say((A_KING if mover.kind == KING else A_PAWN) if mover else A_PIECE)
    text = say(
        MOVED_PIECE,
        seat=_seat(last.seat),
        piece=what,
        source=_square(state, src),
        target=_square(state, dst),
    )
    fallen = dict(last.fallen)
    pushes = []
    for _, to in pushed:
        if to in fallen:
            pushes.append(say(PUSHED_OFF, piece=_piece(fallen[to])))
        elif to in state.pieces:
            pushes.append(say(PUSHED_TO, piece=_piece(state.pieces[to]), square=_square(state, to)))
    if pushes:
        text = say(PUSHING, move=text, pushed=listed(pushes))
    return text


def _tile_move(last: LastAction) -> str:
    name, before, after = last.tiles_moved[0]
    way = say(WAYS[(after[0] - before[0], after[1] - before[1])])
    text = say(MOVED_TILE, seat=_seat(last.seat), tile=name, way=way)
    pushed = [moved for moved, _, _ in last.tiles_moved[1:]]
    if pushed:
        text = count(PUSHING_TILES, len(pushed), move=text, tiles=listed(pushed))
    if last.tiles_removed:
        gone = [removed for removed, _ in last.tiles_removed]
        text = count(SPLIT_OFF, len(gone), move=text, tiles=listed(gone))
        if last.pieces_removed:
            pieces = count(PIECES, len(last.pieces_removed))
            text = say(WITH_PIECES, move=text, pieces=pieces)
    return text


def _last(state: SkiftState, last: LastAction) -> str:
    if last.kind == "piece":
        text = _piece_move(state, last)
    elif last.kind == "tile":
        text = _tile_move(last)
    elif last.kind == "rotate":
        text = say(TURNED, seat=_seat(last.seat), tile=last.tile)
    else:
        text = say(PASSED, seat=_seat(last.seat))
    return say(LAST_MOVE, move=text)


def _tiles(state: SkiftState) -> str:
    owners: dict[int | None, list[str]] = {}
    for name in sorted(state.tiles):
        owners.setdefault(state.controller(name), []).append(name)
    parts = [
        say(SEAT_TILES, seat=_seat(seat), tiles=", ".join(owners[seat]))
        for seat in range(state.players)
        if seat in owners
    ]
    if None in owners:
        parts.append(say(NOBODY_TILES, tiles=", ".join(owners[None])))
    text = say(CONTROL, tiles="; ".join(parts))
    locked = [name for name in sorted(state.tiles) if state.is_landlocked(name)]
    if locked:
        text += " " + say(LANDLOCKED, tiles=", ".join(locked))
    return text


def _pieces(state: SkiftState) -> str:
    sides = []
    for seat in range(state.players):
        groups = []
        for kind, template in ((KING, KINGS_ON), ("P", PAWNS_ON)):
            squares = [
                state.square_name(q)
                for q, piece in sorted(state.pieces.items(), key=lambda item: item[0][::-1])
                if piece.seat == seat and piece.kind == kind
            ]
            if squares:
                groups.append(say(template, squares=", ".join(squares)))
        if groups:
            sides.append(say(SEAT_PIECES, seat=_seat(seat), pieces=listed(groups)))
    return "; ".join(sides) + "." if sides else ""


def describe(
    state: SkiftState, last_move: Hashable | None = None, ending: str | None = None
) -> str:
    """Whose turn (or `ending`, how the match ended), each side's pieces, the last move
    (from `state.last`), control, squares.

    `last_move` is not needed: the state records what its last action did.
    """
    del last_move
    parts = [_turn(state, ending), _counts(state)]
    if state.last is not None:
        parts.append(_last(state, state.last))
    parts += [_tiles(state), _pieces(state)]
    return " ".join(part for part in parts if part)


#: Every text Skift's pictures and alt text write, by name (`Pictures.drawn`).
DRAWN: dict[str, Drawn] = {
    "TURN": TURN,
    "KINGS": KINGS,
    "PAWNS": PAWNS,
    "SIDE": SIDE,
    "SEAT_KING": SEAT_KING,
    "SEAT_PAWN": SEAT_PAWN,
    "A_KING": A_KING,
    "A_PAWN": A_PAWN,
    "A_PIECE": A_PIECE,
    "THE_TABLE": THE_TABLE,
    "MOVED_PIECE": MOVED_PIECE,
    "PUSHED_OFF": PUSHED_OFF,
    "PUSHED_TO": PUSHED_TO,
    "PUSHING": PUSHING,
    "MOVED_TILE": MOVED_TILE,
    **{f"WAYS[{way}]": way for way in WAYS.values()},
    "PUSHING_TILES": PUSHING_TILES,
    "SPLIT_OFF": SPLIT_OFF,
    "WITH_PIECES": WITH_PIECES,
    "PIECES": PIECES,
    "TURNED": TURNED,
    "PASSED": PASSED,
    "LAST_MOVE": LAST_MOVE,
    "SEAT_TILES": SEAT_TILES,
    "NOBODY_TILES": NOBODY_TILES,
    "CONTROL": CONTROL,
    "LANDLOCKED": LANDLOCKED,
    "KINGS_ON": KINGS_ON,
    "PAWNS_ON": PAWNS_ON,
    "SEAT_PIECES": SEAT_PIECES,
}
