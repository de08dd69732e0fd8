"""The Skift position in words, for Discord's image description (alt text)."""

from __future__ import annotations

from collections.abc import Hashable

from games.skift import SKIFT
from games.skift.model import LastAction, Piece
from games.skift.state import SkiftState
from games.wording import join_words, plural

KING = "K"
_WAYS = {(0, -1): "north", (1, 0): "east", (0, 1): "south", (-1, 0): "west"}


def _seat(seat: int) -> str:
    return SKIFT.seat_name(seat)


def _piece(piece: Piece) -> str:
    return f"{_seat(piece.seat)} {'king' if piece.kind == KING else 'pawn'}"


def _square(state: SkiftState, quadrant: tuple[int, int]) -> str:
    try:
        name: str = state.square_name(quadrant)
    except ValueError:
        return "the table"
    return name


def _turn(state: SkiftState, ending: str | None) -> str:
    if ending is not None:
        return f"Skift, over after {plural(state.ply, 'move')}: {ending}"
    outcome, seat = state.outcome(), state.current_player
    if outcome is None:
        assert seat is not None, "a running game has a seat to act"
        return f"Skift, move {state.ply + 1}: {_seat(seat)} to move."
    if outcome.draw:
        return f"Skift, over after {state.ply} moves: a draw. {outcome.reason}"
    winner = _seat(outcome.winners[0])
    return f"Skift, over after {state.ply} moves: {winner} wins. {outcome.reason}"


def _counts(state: SkiftState) -> str:
    sides = []
    for seat in range(state.players):
        kings, pawns = state.counts(seat)
        sides.append(f"{_seat(seat)} has {plural(kings, 'king')} and {plural(pawns, 'pawn')}")
    return "; ".join(sides) + "."


def _piece_move(state: SkiftState, last: LastAction) -> str:
    (src, dst), *pushed = last.displaced
    mover = state.pieces.get(dst)
    what = f"a {'king' if mover.kind == KING else 'pawn'}" if mover else "a piece"
    text = f"{_seat(last.seat)} moved {what} from {_square(state, src)} to {_square(state, dst)}"
    fallen = dict(last.fallen)
    pushes = []
    for _, to in pushed:
        if to in fallen:
            pushes.append(f"the {_piece(fallen[to])} off the tiles")
        elif to in state.pieces:
            pushes.append(f"the {_piece(state.pieces[to])} to {_square(state, to)}")
    if pushes:
        text += f", pushing {join_words(pushes)}"
    return text


def _tile_move(last: LastAction) -> str:
    name, before, after = last.tiles_moved[0]
    way = _WAYS[(after[0] - before[0], after[1] - before[1])]
    text = f"{_seat(last.seat)} moved tile {name} {way}"
    pushed = [moved for moved, _, _ in last.tiles_moved[1:]]
    if pushed:
        text += f", pushing tile{'s' if len(pushed) > 1 else ''} {join_words(pushed)}"
    if last.tiles_removed:
        gone = [removed for removed, _ in last.tiles_removed]
        text += f"; tile{'s' if len(gone) > 1 else ''} {join_words(gone)} split off and left"
        if last.pieces_removed:
            text += f" with {plural(len(last.pieces_removed), 'piece')}"
    return text


def _last(state: SkiftState, last: LastAction) -> str:
    if last.kind == "piece":
        text = _piece_move(state, last)
    elif last.kind == "tile":
        text = _tile_move(last)
    elif last.kind == "rotate":
        text = f"{_seat(last.seat)} turned tile {last.tile} half round"
    else:
        text = f"{_seat(last.seat)} passed, having no legal action"
    return f"Last move: {text}."


def _tiles(state: SkiftState) -> str:
    owners: dict[int | None, list[str]] = {}
    for name in sorted(state.tiles):
        owners.setdefault(state.controller(name), []).append(name)
    parts = [
        f"{_seat(seat)} {', '.join(owners[seat])}"
        for seat in range(state.players)
        if seat in owners
    ]
    if None in owners:
        parts.append(f"nobody {', '.join(owners[None])}")
    text = f"Tile control: {'; '.join(parts)}."
    locked = [name for name in sorted(state.tiles) if state.is_landlocked(name)]
    if locked:
        text += f" Landlocked: {', '.join(locked)}."
    return text


def _pieces(state: SkiftState) -> str:
    sides = []
    for seat in range(state.players):
        groups = []
        for kind, noun in ((KING, "kings"), ("P", "pawns")):
            squares = [
                state.square_name(q)
                for q, piece in sorted(state.pieces.items(), key=lambda item: item[0][::-1])
                if piece.seat == seat and piece.kind == kind
            ]
            if squares:
                groups.append(f"{noun} on {', '.join(squares)}")
        if groups:
            sides.append(f"{_seat(seat)} {' and '.join(groups)}")
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
