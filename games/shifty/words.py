"""Shifty in words: the colours, their edges, and the phrases that describe actions.

Phrases take the acting side's name as the state gives it (`ShiftyState.seat_name`), so
they follow a swap of sides.
"""

from __future__ import annotations

from games.shifty.grid import Grid
from games.shifty.moves import Move, Place, Shift, Swap
from games.shifty.phrasebook import say
from games.wording import Phrase

COLOURS = (say("Black"), say("White"))
"""The sides by colour: Black places first and joins top and bottom."""

EDGES = (say("the top and bottom edges"), say("the left and right edges"))
"""The edges each colour joins, in words."""


def distance(g: Grid, origin: int, target: int) -> int:
    """How many points a queen's move from `origin` to `target` covers."""
    (x0, y0), (x1, y1) = g.coords(origin), g.coords(target)
    return max(abs(x1 - x0), abs(y1 - y0))


def action_words(g: Grid, name: str, move: Move, *, black_stone: int, past: bool) -> Phrase:
    """An action in words, present ("Black places at e5", "White moves e5 to h8 (queen
    line, 3 points)") or past tense ("Black placed at e5"). `name` is the acting side;
    `black_stone` is where Black's first stone stands (for the swap)."""
    if isinstance(move, Place):
        if past:
            return say("{colour} placed at {point}", colour=name, point=g.name(move.point))
        return say("{colour} places at {point}", colour=name, point=g.name(move.point))
    if isinstance(move, Shift):
        ends = {"colour": name, "origin": g.name(move.origin), "target": g.name(move.target)}
        count = distance(g, move.origin, move.target)
        if past:
            return say.counted(
                "{colour} moved {origin} to {target} (queen line, {count} point)",
                "{colour} moved {origin} to {target} (queen line, {count} points)",
                count=count,
                **ends,
            )
        return say.counted(
            "{colour} moves {origin} to {target} (queen line, {count} point)",
            "{colour} moves {origin} to {target} (queen line, {count} points)",
            count=count,
            **ends,
        )
    if isinstance(move, Swap):
        stone = g.name(black_stone)
        if past:
            return say(
                "The second player swapped sides (the pie rule), taking Black's stone on "
                "{point} and Black's edges",
                point=stone,
            )
        return say(
            "The second player swaps sides (the pie rule), taking Black's stone on {point} "
            "and Black's edges",
            point=stone,
        )
    if past:
        return say("{colour} passed, having no legal action", colour=name)
    return say("{colour} passes, having no legal action", colour=name)
