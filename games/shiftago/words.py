"""Shiftago in words: colour names and the phrases that describe moves and actions, written
as phrases of the game's catalogue (`say`) so that players read them in their language."""

from __future__ import annotations

from games.shiftago.geometry import COLUMNS, line_between, square_name
from games.shiftago.moves import Insert, Move
from games.shiftago.phrasebook import say
from games.wording import Phrase

COLOURS = (say("Orange"), say("Green"), say("Blue"), say("White"))
"""The colour of each seat, in seat (playing) order."""

LETTERS = "OGBW"
"""One letter per colour, used in the text position and on the marbles of the picture."""

FROM_EDGE = {
    "N": say("from the north"),
    "S": say("from the south"),
    "W": say("from the west"),
    "E": say("from the east"),
}
"""Where a marble enters from, in words, by edge letter."""


def lane_words(edge: str, lane: int) -> Phrase:
    """The lane in words, such as "column c" or "row 4"."""
    if edge in "NS":
        return say("column {column}", column=COLUMNS[lane])
    return say("row {row}", row=lane + 1)


def _insertion(seat: int, move: Insert, pushed: int, past: bool) -> Phrase:
    """An insertion in words, present or past, with the marbles it pushed."""
    where = {"colour": COLOURS[seat], "edge": FROM_EDGE[move.edge]}
    lane = lane_words(move.edge, move.lane)
    if not pushed:
        if past:
            return say("{colour} entered {edge} into {lane}", lane=lane, **where)
        return say("{colour} enters {edge} into {lane}", lane=lane, **where)
    if past:
        return say.counted(
            "{colour} entered {edge} into {lane}, pushing {count} marble",
            "{colour} entered {edge} into {lane}, pushing {count} marbles",
            count=pushed,
            lane=lane,
            **where,
        )
    return say.counted(
        "{colour} enters {edge} into {lane}, pushing {count} marble",
        "{colour} enters {edge} into {lane}, pushing {count} marbles",
        count=pushed,
        lane=lane,
        **where,
    )


def move_words(seat: int, move: Move, *, pushed: int, points: int, past: bool) -> Phrase:
    """A move in words, present ("Orange enters from the north into column c, pushing 3
    marbles") or past tense ("Orange scored the line c1-c5 (5 marbles) for 5 points")."""
    if isinstance(move, Insert):
        return _insertion(seat, move, pushed, past)
    line = {
        "colour": COLOURS[seat],
        "ends": f"{square_name(move.start)}-{square_name(move.end)}",
        "length": len(line_between(move.start, move.end) or ()),
        "points": points,
    }
    if move.keep is None:
        if past:
            return say(
                "{colour} scored the line {ends} ({length} marbles) for {points} points, "
                "keeping both end marbles",
                **line,
            )
        return say(
            "{colour} scores the line {ends} ({length} marbles) for {points} points, "
            "keeping both end marbles",
            **line,
        )
    kept = square_name(move.keep)
    if past:
        return say(
            "{colour} scored the line {ends} ({length} marbles) for {points} points, "
            "keeping {square}",
            square=kept,
            **line,
        )
    return say(
        "{colour} scores the line {ends} ({length} marbles) for {points} points, keeping {square}",
        square=kept,
        **line,
    )
