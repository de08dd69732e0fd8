"""The rules on bitboards: crosscuts, placements, movable stones, destinations, chains.

`own` and `enemy` are the bitboards of the player to act and of the other player (see
`games.shifty.grid`). Nothing here knows about turns or seats.
"""

from __future__ import annotations

from games.shifty.grid import DIAGONALS, Grid, bits

BLACK, WHITE = 0, 1


def crosscut_points(g: Grid, own: int, enemy: int) -> int:
    """The points where a stone of `own` would make a crosscut: a 2x2 square with two
    friendly stones on one diagonal and two enemy stones on the other."""
    bad = 0
    for dx, dy in DIAGONALS:
        bad |= g.shift(own, -dx, -dy) & g.shift(enemy, -dx, 0) & g.shift(enemy, 0, -dy)
    return bad


def crosscut_square(g: Grid, own: int, enemy: int, point: int) -> tuple[int, int] | None:
    """The square in which a stone of `own` on `point` would make a crosscut, as its
    top-left and bottom-right points; None when it makes none."""
    column, row = g.coords(point)
    for dx, dy in DIAGONALS:
        x, y = column + dx, row + dy
        if not (0 <= x < g.size and 0 <= y < g.size):
            continue
        partner, side_a, side_b = g.index(x, y), g.index(x, row), g.index(column, y)
        if own >> partner & 1 and enemy >> side_a & 1 and enemy >> side_b & 1:
            left, top = min(column, x), min(row, y)
            return g.index(left, top), g.index(left + 1, top + 1)
    return None


def placements(g: Grid, own: int, enemy: int, opening: bool) -> int:
    """Where `own` may place: any empty point in the opening, else an empty point
    orthogonally next to a friendly stone; never where it makes a crosscut."""
    empty = g.full & ~(own | enemy)
    if not opening:
        empty &= g.neighbours(own)
    return empty & ~crosscut_points(g, own, enemy)


def movable(g: Grid, own: int) -> int:
    """The stones that may move: those with a friendly orthogonal neighbour. (Under the
    looser rule any stone may move to a point with fewer friendly neighbours, which a
    stone without one cannot find: the same stones.)"""
    return own & g.neighbours(own)


def neighbour_count(g: Grid, own: int, point: int) -> int:
    """How many stones of `own` are orthogonally next to `point`."""
    return (g.orthogonal[point] & own).bit_count()


def destination_points(
    g: Grid, own: int, enemy: int, origin: int, looser: bool, crosscuts: int
) -> list[int]:
    """Every point the stone on `origin` may move to, in reading order: along a queen
    line through empty points to an empty point that makes no crosscut and has no friendly
    orthogonal neighbour (looser rule: fewer than `origin` has now); the origin counts as
    empty. `crosscuts` is `crosscut_points(g, own, enemy)`, which leaving `origin` changes
    only on its diagonal neighbours."""
    rest = own & ~(1 << origin)
    occupied = own | enemy
    near = g.diagonal[origin]
    forbidden = crosscuts & ~near
    if crosscuts & near:
        forbidden |= crosscut_points(g, rest, enemy) & near
    limit = neighbour_count(g, own, origin)
    if not looser:
        forbidden |= g.neighbours(rest)
    orthogonal = g.orthogonal
    found = []
    for ray in g.rays[origin]:
        for point, bit in ray:
            if occupied & bit:
                break
            if forbidden & bit or looser and (orthogonal[point] & rest).bit_count() >= limit:
                continue
            found.append(point)
    found.sort()
    return found


def has_action(g: Grid, own: int, enemy: int, opening: bool, looser: bool) -> bool:
    """Whether `own` has any placement or move (stopping at the first found)."""
    if placements(g, own, enemy, opening):
        return True
    if opening:
        return False
    crosscuts = crosscut_points(g, own, enemy)
    origins = bits(movable(g, own))
    return any(destination_points(g, own, enemy, o, looser, crosscuts) for o in origins)


def sides(g: Grid, colour: int) -> tuple[int, int]:
    """The two edges `colour` joins: Black top and bottom, White left and right."""
    return (g.top, g.bottom) if colour == BLACK else (g.left, g.right)


def _flood(g: Grid, stones: int, seed: int) -> int:
    """The stones of `stones` linked to `seed` through orthogonal or diagonal steps."""
    reach = stones & seed
    while True:
        grown = g.touching(reach) & stones
        if grown == reach:
            return reach
        reach = grown


def winning_chain(g: Grid, stones: int, colour: int) -> int:
    """The stones of every chain of `colour` joining its two edges (0 when none does)."""
    first, second = sides(g, colour)
    if not (stones & first and stones & second):
        return 0
    return _flood(g, stones, first) & _flood(g, stones, second)
