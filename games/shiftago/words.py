"""Shiftago in words: colour names and the phrases that describe moves and actions."""

from __future__ import annotations

from games.shiftago.geometry import EDGE_NAMES, lane_name, line_between, square_name
from games.shiftago.moves import Insert, Move

COLOURS = ("Orange", "Green", "Blue", "White")
"""The colour of each seat, in seat (playing) order."""

LETTERS = "OGBW"
"""One letter per colour, used in the text position and on the marbles of the picture."""


def move_words(seat: int, move: Move, *, pushed: int, points: int, past: bool) -> str:
    """A move in words, present ("Orange enters from the north into column c, pushing 3
    marbles") or past tense ("Orange scored the line c1-c5 (5 marbles) for 5 points")."""
    name = COLOURS[seat]
    if isinstance(move, Insert):
        verb = "entered" if past else "enters"
        text = (
            f"{name} {verb} from the {EDGE_NAMES[move.edge]} into {lane_name(move.edge, move.lane)}"
        )
        if pushed:
            text += f", pushing {pushed} marble{'s' if pushed > 1 else ''}"
        return text
    length = len(line_between(move.start, move.end) or ())
    verb = "scored" if past else "scores"
    ends = f"{square_name(move.start)}-{square_name(move.end)}"
    text = f"{name} {verb} the line {ends} ({length} marbles) for {points} points"
    if move.keep is None:
        return f"{text}, keeping both end marbles"
    return f"{text}, keeping {square_name(move.keep)}"
