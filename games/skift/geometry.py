"""Table geometry: quadrants, tile cells, directions and 8-neighbour connectivity.

Quadrant (x, y) lies on the tile cell (x // 2, y // 2); y grows southward. All
functions here are pure and work on plain tuples and sets, so the rules can call
them in tight loops.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from games.skift.phrasebook import say

Point = tuple[int, int]

#: The eight piece directions, clockwise from north, by their notation names.
PIECE_STEPS: dict[str, Point] = {
    "n": (0, -1),
    "ne": (1, -1),
    "e": (1, 0),
    "se": (1, 1),
    "s": (0, 1),
    "sw": (-1, 1),
    "w": (-1, 0),
    "nw": (-1, -1),
}
#: The four tile directions, clockwise from north.
TILE_STEPS: dict[str, Point] = {name: PIECE_STEPS[name] for name in ("n", "e", "s", "w")}
#: Direction name of each step, for both kinds of move.
STEP_NAMES: dict[Point, str] = {step: name for name, step in PIECE_STEPS.items()}
#: Words for the directions, used in descriptions.
DIRECTION_WORDS: dict[str, str] = {
    "n": say("north"),
    "ne": say("north-east"),
    "e": say("east"),
    "se": say("south-east"),
    "s": say("south"),
    "sw": say("south-west"),
    "w": say("west"),
    "nw": say("north-west"),
}

# The ring of eight cells around a centre, in clockwise order (same order as PIECE_STEPS).
_RING: tuple[Point, ...] = tuple(PIECE_STEPS.values())


def rotated(quadrant: Point) -> Point:
    """Where a quadrant goes when its tile turns 180 degrees."""
    x, y = quadrant
    return ((x & ~1) * 2 + 1 - x, (y & ~1) * 2 + 1 - y)


def _ring_components(mask: int) -> int:
    """How many 8-connected groups the ring cells named by the bit mask form among themselves."""
    members = [i for i in range(8) if mask >> i & 1]
    seen: set[int] = set()
    groups = 0
    for start in members:
        if start in seen:
            continue
        groups += 1
        todo = [start]
        seen.add(start)
        while todo:
            i = todo.pop()
            ax, ay = _RING[i]
            for j in members:
                bx, by = _RING[j]
                if j not in seen and max(abs(ax - bx), abs(ay - by)) == 1:
                    seen.add(j)
                    todo.append(j)
    return groups


#: For every subset of the ring (bit i = ring cell i), whether it is one connected group.
_RING_CONNECTED: tuple[bool, ...] = tuple(_ring_components(m) == 1 for m in range(256))


#: The bit of each step in a ring mask.
RING_BIT: dict[Point, int] = {step: 1 << i for i, step in enumerate(_RING)}


def ring_mask(cells: Collection[Point], centre: Point) -> int:
    """A bit mask of the eight cells around `centre` that are in `cells` (bit order: _RING)."""
    x, y = centre
    mask = 0
    for i, (dx, dy) in enumerate(_RING):
        if (x + dx, y + dy) in cells:
            mask |= 1 << i
    return mask


def ring_is_one_group(mask: int) -> bool:
    """A fast sufficient test for keeping tiles connected when the centre cell empties.

    If the occupied cells around the centre (the mask) form at most one group within the
    ring, any path through the centre can go around it. False means "look closer".
    """
    return mask == 0 or _RING_CONNECTED[mask]


def groups(cells: Iterable[Point]) -> list[set[Point]]:
    """The 8-connected groups of a set of cells, largest first, ties in the order found."""
    todo_cells = set(cells)
    found: list[set[Point]] = []
    while todo_cells:
        start = todo_cells.pop()
        group = {start}
        frontier = [start]
        while frontier:
            x, y = frontier.pop()
            for dx, dy in _RING:
                neighbour = (x + dx, y + dy)
                if neighbour in todo_cells:
                    todo_cells.remove(neighbour)
                    group.add(neighbour)
                    frontier.append(neighbour)
        found.append(group)
    found.sort(key=len, reverse=True)
    return found


def is_connected(cells: Collection[Point]) -> bool:
    """Whether the cells form one 8-connected group (an empty set counts as connected)."""
    return len(groups(cells)) <= 1
