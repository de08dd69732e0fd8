"""Why a move is refused: one sentence naming the rule, for a player to act on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.shifty.grid import Grid
from games.shifty.moves import Move, Place, Shift, Swap
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
        return f"The game is over: {outcome.reason}"
    if isinstance(move, Swap):
        if state.swap_offered():
            return None
        return (
            "The swap (the pie rule) is offered only once, to the second player, right "
            "after Black's first stone."
        )
    if isinstance(move, Place):
        return _why_not_placed(state, move.point)
    if isinstance(move, Shift):
        return _why_not_moved(state, move)
    g, (own, enemy) = state.grid, state.sides()
    if has_action(g, own, enemy, state.in_opening(), state.options["looser_moves"]):
        return (
            f"A player passes only when they have no legal action (the pass rule), and "
            f"{state.name_to_act()} can still place or move a stone."
        )
    return None


def _why_not_placed(state: ShiftyState, point: int) -> str | None:
    g, (own, enemy) = state.grid, state.sides()
    name, where = state.name_to_act(), g.name(point)
    if (own | enemy) >> point & 1:
        return f"The point {where} is taken: a stone is placed on an empty point."
    if not state.in_opening() and not g.orthogonal[point] & own:
        return (
            f"A stone is placed orthogonally next to a friendly stone (the placement rule), "
            f"and {where} has no {name} stone above, below or beside it."
        )
    return _crosscut(g, own, enemy, point, f"a {name} stone on {where}")


def _crosscut(g: Grid, own: int, enemy: int, point: int, what: str) -> str | None:
    square = crosscut_square(g, own, enemy, point)
    if square is None:
        return None
    corners = f"{g.name(square[0])}-{g.name(square[1])}"
    return (
        f"No crosscut may be made (the crosscut rule): {what} would make a crosscut in the "
        f"square {corners}, two stones of each colour on its diagonals."
    )


def _why_not_moved(state: ShiftyState, move: Shift) -> str | None:
    g, (own, enemy) = state.grid, state.sides()
    name, origin, target = state.name_to_act(), move.origin, move.target
    start, end = g.name(origin), g.name(target)
    if state.in_opening():
        return (
            "Stones move only after the opening (the opening rule): place your singleton "
            "on any empty point instead."
        )
    if not own >> origin & 1:
        return f"There is no {name} stone on {start} to move: a player moves only their own."
    looser = state.options["looser_moves"]
    if not g.orthogonal[origin] & own:
        if looser:
            return (
                f"Under the looser movement rule a stone moves to a point with fewer friendly "
                f"orthogonal neighbours than it has, and the {name} stone on {start} has none."
            )
        return (
            f"Only a stone with a friendly orthogonal neighbour may move (the movement rule), "
            f"and the {name} stone on {start} has none."
        )
    if origin == target:
        return f"A move must go somewhere: {start}-{end} leaves the stone where it is."
    line = next((ray for ray in g.rays[origin] if (target, 1 << target) in ray), ())
    if not line:
        return (
            f"A stone moves like a chess queen, along a row, column or diagonal (the "
            f"movement rule), and {end} is on no such line from {start}."
        )
    if (own | enemy) >> target & 1:
        return f"The point {end} is taken: a stone moves to an empty point (the movement rule)."
    passed = line[: line.index((target, 1 << target))]
    blocker = next((point for point, bit in passed if (own | enemy) & bit), None)
    if blocker is not None:
        return (
            f"A stone moves only through empty points (the movement rule), and the stone on "
            f"{g.name(blocker)} blocks the line from {start} to {end}."
        )
    crosscuts = crosscut_points(g, own, enemy)
    if target not in destination_points(g, own, enemy, origin, looser, crosscuts):
        rest = own & ~(1 << origin)
        crosscut = _crosscut(g, rest, enemy, target, f"the {name} stone moved to {end}")
        if crosscut:
            return crosscut
        if looser:
            before, after = neighbour_count(g, own, origin), neighbour_count(g, rest, target)
            return (
                f"Under the looser movement rule a stone moves to a point with fewer "
                f"friendly orthogonal neighbours than it has now, and {end} would have "
                f"{after} where {start} has {before}."
            )
        return (
            f"A stone moves to a point with no friendly orthogonal neighbour (the movement "
            f"rule), and {end} is next to another {name} stone."
        )
    return None
