"""Why a move is refused: one sentence naming the rule, for a player to act on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.shifty.grid import Grid
from games.shifty.moves import Move, Place, Shift, Swap
from games.shifty.phrasebook import say
from games.shifty.rules import (
    crosscut_points,
    crosscut_square,
    destination_points,
    has_action,
    neighbour_count,
)

if TYPE_CHECKING:
    from games.shifty.state import ShiftyState


def why_illegal(state: ShiftyState, move: Move) -> str | None:
    """Why `move` (a move value of this board) is not legal now; None when it is."""
    outcome = state.outcome()
    if outcome is not None:
        return say("The game is over: {reason}", reason=outcome.reason)
    if isinstance(move, Swap):
        if state.swap_offered():
            return None
        return say(
            "The swap (the pie rule) is offered only once, to the second player, right "
            "after Black's first stone."
        )
    if isinstance(move, Place):
        return _why_not_placed(state, move.point)
    if isinstance(move, Shift):
        return _why_not_moved(state, move)
    g, (own, enemy) = state.grid, state.sides()
    if has_action(g, own, enemy, state.in_opening(), state.options["looser_moves"]):
        return say(
            "A player passes only when they have no legal action (the pass rule), and "
            "{colour} can still place or move a stone.",
            colour=state.name_to_act(),
        )
    return None


def _why_not_placed(state: ShiftyState, point: int) -> str | None:
    g, (own, enemy) = state.grid, state.sides()
    name, where = state.name_to_act(), g.name(point)
    if (own | enemy) >> point & 1:
        return say("The point {point} is taken: a stone is placed on an empty point.", point=where)
    if not state.in_opening() and not g.orthogonal[point] & own:
        return say(
            "A stone is placed orthogonally next to a friendly stone (the placement rule), "
            "and {point} has no {colour} stone above, below or beside it.",
            point=where,
            colour=name,
        )
    placed = say("a {colour} stone on {point}", colour=name, point=where)
    return _crosscut(g, own, enemy, point, placed)


def _crosscut(g: Grid, own: int, enemy: int, point: int, what: str) -> str | None:
    square = crosscut_square(g, own, enemy, point)
    if square is None:
        return None
    corners = f"{g.name(square[0])}-{g.name(square[1])}"
    return say(
        "No crosscut may be made (the crosscut rule): {what} would make a crosscut in the "
        "square {corners}, two stones of each colour on its diagonals.",
        what=what,
        corners=corners,
    )


def _why_not_moved(state: ShiftyState, move: Shift) -> str | None:
    g, (own, enemy) = state.grid, state.sides()
    name, origin, target = state.name_to_act(), move.origin, move.target
    start, end = g.name(origin), g.name(target)
    if state.in_opening():
        return say(
            "Stones move only after the opening (the opening rule): place your singleton "
            "on any empty point instead."
        )
    if not own >> origin & 1:
        return say(
            "There is no {colour} stone on {point} to move: a player moves only their own.",
            colour=name,
            point=start,
        )
    looser = state.options["looser_moves"]
    if not g.orthogonal[origin] & own:
        if looser:
            return say(
                "Under the looser movement rule a stone moves to a point with fewer friendly "
                "orthogonal neighbours than it has, and the {colour} stone on {point} has none.",
                colour=name,
                point=start,
            )
        return say(
            "Only a stone with a friendly orthogonal neighbour may move (the movement rule), "
            "and the {colour} stone on {point} has none.",
            colour=name,
            point=start,
        )
    if origin == target:
        return say(
            "A move must go somewhere: {origin}-{target} leaves the stone where it is.",
            origin=start,
            target=end,
        )
    line = next((ray for ray in g.rays[origin] if (target, 1 << target) in ray), ())
    if not line:
        return say(
            "A stone moves like a chess queen, along a row, column or diagonal (the "
            "movement rule), and {target} is on no such line from {origin}.",
            origin=start,
            target=end,
        )
    if (own | enemy) >> target & 1:
        return say(
            "The point {point} is taken: a stone moves to an empty point (the movement rule).",
            point=end,
        )
    passed = line[: line.index((target, 1 << target))]
    blocker = next((point for point, bit in passed if (own | enemy) & bit), None)
    if blocker is not None:
        return say(
            "A stone moves only through empty points (the movement rule), and the stone on "
            "{point} blocks the line from {origin} to {target}.",
            point=g.name(blocker),
            origin=start,
            target=end,
        )
    crosscuts = crosscut_points(g, own, enemy)
    if target not in destination_points(g, own, enemy, origin, looser, crosscuts):
        rest = own & ~(1 << origin)
        moved = say("the {colour} stone moved to {point}", colour=name, point=end)
        crosscut = _crosscut(g, rest, enemy, target, moved)
        if crosscut:
            return crosscut
        if looser:
            before, after = neighbour_count(g, own, origin), neighbour_count(g, rest, target)
            return say(
                "Under the looser movement rule a stone moves to a point with fewer "
                "friendly orthogonal neighbours than it has now, and {target} would have "
                "{after} where {origin} has {before}.",
                target=end,
                after=after,
                origin=start,
                before=before,
            )
        return say(
            "A stone moves to a point with no friendly orthogonal neighbour (the movement "
            "rule), and {point} is next to another {colour} stone.",
            point=end,
            colour=name,
        )
    return None
