"""Shiftago chosen by taps: an edge, then a lane; on a scoring turn the line to score
and, with 3-4 players, the end marble that stays."""

from __future__ import annotations

from games.shiftago.geometry import lane_label, square_name
from games.shiftago.moves import Insert, Move
from games.shiftago.phrasebook import say
from games.shiftago.words import lane_words
from games.steps import Step

#: The first step of an insertion, the edge, in words by its letter.
EDGE_STEPS = {
    "N": say("north edge"),
    "S": say("south edge"),
    "W": say("west edge"),
    "E": say("east edge"),
}


def move_steps(move: Move) -> tuple[Step, ...]:
    """The steps of a legal move."""
    if isinstance(move, Insert):
        label = lane_label(move.edge, move.lane)
        return (
            Step(move.edge, EDGE_STEPS[move.edge], move.edge),
            Step(label, lane_words(move.edge, move.lane), move.notation()),
        )
    start, end = square_name(move.start), square_name(move.end)
    words = say("the line {start} to {end}", start=start, end=end)
    line = Step(f"{start}-{end}", words, f"x {start}-{end}")
    if move.keep is None:
        return (Step(line.key, line.label, move.notation()),)
    kept = square_name(move.keep)
    return (line, Step(kept, say("keep the marble on {square}", square=kept), move.notation()))
