"""Skift chosen by taps: a piece (by its square) or a tile, then a direction or the turn,
then, when a tile move splits the tiles into equal groups, the group that stays."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.skift.geometry import DIRECTION_WORDS, STEP_NAMES
from games.skift.model import KIND_NAMES, Move, PieceMove, Rotation, TileMove
from games.steps import Step

if TYPE_CHECKING:
    from games.skift.state import SkiftState


def move_steps(state: SkiftState, move: Move) -> tuple[Step, ...]:
    """The steps of a legal move of `state` (square names lower case, tiles upper case)."""
    notation = state.format_move(move)
    if isinstance(move, PieceMove):
        square = state.square_name(move.src)
        kind = KIND_NAMES[state.pieces[move.src].kind]
        direction = STEP_NAMES[move.step]
        return (
            Step(square, f"{kind} on {square}", square),
            Step(direction, DIRECTION_WORDS[direction], notation),
        )
    if isinstance(move, TileMove | Rotation):
        tile = Step(move.tile, f"tile {move.tile}", move.tile)
        if isinstance(move, Rotation):
            return (tile, Step("r", "turn it around", notation))
        direction = DIRECTION_WORDS[move.direction]
        shift = Step(move.direction, direction, f"{move.tile}{move.direction}")
        if move.keep is None:
            return (tile, Step(move.direction, direction, notation))
        return (tile, shift, Step(move.keep, f"keep the group with tile {move.keep}", notation))
    return (Step("pass", "pass (no action is legal)", notation),)
