"""Shifty in words: the colours, their edges, and the phrases that describe actions.

Phrases take the acting side's name as the state gives it (`ShiftyState.seat_name`), so
they follow a swap of sides.
"""

from __future__ import annotations

from games.shifty.grid import Grid
from games.shifty.moves import Move, Place, Shift, Swap
from games.wording import plural

COLOURS = ("Black", "White")
"""The sides by colour: Black places first and joins top and bottom."""

EDGES = ("the top and bottom edges", "the left and right edges")
"""The edges each colour joins, in words."""


def line_kind(g: Grid, origin: int, target: int) -> str:
    """Which queen line joins two points: "row", "column" or "diagonal"."""
    (x0, y0), (x1, y1) = g.coords(origin), g.coords(target)
    if y0 == y1:
        return "row"
    return "column" if x0 == x1 else "diagonal"


def distance(g: Grid, origin: int, target: int) -> int:
    """How many points a queen's move from `origin` to `target` covers."""
    (x0, y0), (x1, y1) = g.coords(origin), g.coords(target)
    return max(abs(x1 - x0), abs(y1 - y0))


def action_words(g: Grid, name: str, move: Move, *, black_stone: int, past: bool) -> str:
    """An action in words, present ("Black places at e5", "White moves e5 to h8 (queen
    line, 3 points)") or past tense ("Black placed at e5"). `name` is the acting side;
    `black_stone` is where Black's first stone stands (for the swap)."""
    if isinstance(move, Place):
        return f"{name} {'placed' if past else 'places'} at {g.name(move.point)}"
    if isinstance(move, Shift):
        steps = plural(distance(g, move.origin, move.target), "point")
        verb = "moved" if past else "moves"
        ends = f"{g.name(move.origin)} to {g.name(move.target)}"
        return f"{name} {verb} {ends} (queen line, {steps})"
    if isinstance(move, Swap):
        verb = "swapped" if past else "swaps"
        return (
            f"The second player {verb} sides (the pie rule), taking Black's stone on "
            f"{g.name(black_stone)} and Black's edges"
        )
    return f"{name} {'passed' if past else 'passes'}, having no legal action"
