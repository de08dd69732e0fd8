"""Shiftago chosen by taps: an edge, then a lane; on a scoring turn the line to score
and, with 3-4 players, the end marble that stays."""

from __future__ import annotations

from games.shiftago.geometry import EDGE_NAMES, lane_label, square_name
from games.shiftago.moves import Insert, Move
from games.shiftago.words import lane_words
from games.steps import Step


def move_steps(move: Move) -> tuple[Step, ...]:
    """The steps of a legal move."""
    if isinstance(move, Insert):
        label = lane_label(move.edge, move.lane)
        return (
            Step(move.edge, f"{EDGE_NAMES[move.edge]} edge", move.edge),
            Step(label, lane_words(move.edge, move.lane), move.notation()),
        )
    start, end = square_name(move.start), square_name(move.end)
    line = Step(f"{start}-{end}", f"the line {start} to {end}", f"x {start}-{end}")
    if move.keep is None:
        return (Step(line.key, line.label, move.notation()),)
    kept = square_name(move.keep)
    return (line, Step(kept, f"keep the marble on {kept}", move.notation()))
