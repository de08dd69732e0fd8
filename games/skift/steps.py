"""Skift chosen by taps: a piece (by its square) or a tile, then a direction or the turn,
then, when a tile move splits the tiles into equal groups, the group that stays."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.skift.geometry import DIRECTION_WORDS, STEP_NAMES
from games.skift.model import KING, Move, PieceMove, Rotation, TileMove
from games.skift.phrasebook import say
from games.steps import Step
from games.wording import Phrase

if TYPE_CHECKING:
    from games.skift.state import SkiftState


def move_steps(state: SkiftState, move: Move) -> tuple[Step, ...]:
    """The steps of a legal move of `state` (square names lower case, tiles upper case)."""
    notation = state.format_move(move)
    if isinstance(move, PieceMove):
        square = state.square_name(move.src)
        direction = STEP_NAMES[move.step]
        return (
            Step(square, _piece_on(state.pieces[move.src].kind, square), square),
            Step(direction, DIRECTION_WORDS[direction], notation),
        )
    if isinstance(move, TileMove | Rotation):
        tile = Step(move.tile, say("tile {tile}", tile=move.tile), move.tile)
        if isinstance(move, Rotation):
            return (tile, Step("r", say("turn it around"), notation))
        direction = DIRECTION_WORDS[move.direction]
        shift = Step(move.direction, direction, f"{move.tile}{move.direction}")
        if move.keep is None:
            return (tile, Step(move.direction, direction, notation))
        keep = say("keep the group with tile {tile}", tile=move.keep)
        return (tile, shift, Step(move.keep, keep, notation))
    return (Step("pass", say("pass (no action is legal)"), notation),)


def _piece_on(kind: str, square: str) -> Phrase:
    """The step that picks a piece: its kind and its square ("king on c3")."""
    if kind == KING:
        return say("king on {square}", square=square)
    return say("pawn on {square}", square=square)
