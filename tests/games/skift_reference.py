"""A slow, plain reading of the Skift rulings, written apart from `games.skift` to check it.

It follows every piece to where an action takes it, and judges the no-undo rule by that
record, the way the rulings word it; it builds each result from scratch (no ring masks,
no cached control) so that a shortcut of the real rules core that goes wrong shows up as
a difference.
"""

from __future__ import annotations

from games.skift import Pass, Piece, PieceMove, Rotation, SkiftState, TileMove

Point = tuple[int, int]
#: A legal action and what it leaves: tiles by name, pieces by quadrant.
Result = tuple[object, dict[str, Point], dict[Point, Piece]]

EIGHT = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)]
FOUR = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}


def cell_of(quadrant: Point) -> Point:
    """The tile cell a quadrant lies on."""
    return (quadrant[0] // 2, quadrant[1] // 2)


def controller(cell: Point, pieces: dict[Point, Piece]) -> int | None:
    """Most kings on the tile, then most pieces, else nobody."""
    kings, total = [0, 0], [0, 0]
    for quadrant, piece in pieces.items():
        if cell_of(quadrant) == cell:
            total[piece.seat] += 1
            kings[piece.seat] += piece.kind == "K"
    for count in (kings, total):
        if count[0] != count[1]:
            return 0 if count[0] > count[1] else 1
    return None


def connected_groups(cells: set[Point]) -> list[set[Point]]:
    """Groups of cells joined by a side or a corner."""
    left, found = set(cells), []
    while left:
        group = {left.pop()}
        frontier = list(group)
        while frontier:
            x, y = frontier.pop()
            for dx, dy in EIGHT:
                if (x + dx, y + dy) in left:
                    left.remove((x + dx, y + dy))
                    group.add((x + dx, y + dy))
                    frontier.append((x + dx, y + dy))
        found.append(group)
    return found


def undoes_piece_move(state: SkiftState, where: dict[Point, Point | None]) -> bool:
    """Whether a piece the opponent's piece move displaced stands again where it stood
    before it; `where` says where the action took each piece (None: it left the table)."""
    last = state.last
    if last is None or last.kind != "piece":
        return False
    fallen = {quadrant for quadrant, _ in last.fallen}
    return any(where.get(now, now) == before for before, now in last.displaced if now not in fallen)


def piece_moves(state: SkiftState) -> list[Result]:
    """Every piece move by the rulings."""
    tiles, pieces = dict(state.tiles), dict(state.pieces)
    cells = set(tiles.values())
    results: list[Result] = []
    for src, piece in pieces.items():
        if piece.seat != state.to_move:
            continue
        for dx, dy in EIGHT:
            if cell_of((src[0] + dx, src[1] + dy)) not in cells:
                continue
            line = [src]
            while (line[-1][0] + dx, line[-1][1] + dy) in pieces:
                line.append((line[-1][0] + dx, line[-1][1] + dy))
            after = {q: p for q, p in pieces.items() if q not in line}
            where: dict[Point, Point | None] = {}
            for x, y in line:
                to = (x + dx, y + dy)
                where[(x, y)] = to if cell_of(to) in cells else None
                if where[(x, y)] is not None:
                    after[to] = pieces[(x, y)]
            if not undoes_piece_move(state, where):
                results.append((PieceMove(src, (src[0] + dx, src[1] + dy)), tiles, after))
    return results


def tile_moves(state: SkiftState, name: str) -> list[Result]:
    """Every move of tile `name` (controlled and not landlocked) by the rulings."""
    tiles, pieces = dict(state.tiles), dict(state.pieces)
    by_cell = {cell: tile for tile, cell in tiles.items()}
    results: list[Result] = []
    for direction, (dx, dy) in FOUR.items():
        line = [tiles[name]]
        while (line[-1][0] + dx, line[-1][1] + dy) in by_cell:
            line.append((line[-1][0] + dx, line[-1][1] + dy))
        moved = {by_cell[cell] for cell in line}
        shifted = {t: (c[0] + dx, c[1] + dy) if t in moved else c for t, c in tiles.items()}
        groups = [
            {t for t, c in shifted.items() if c in group}
            for group in connected_groups(set(shifted.values()))
        ]
        largest = [g for g in groups if len(g) == max(map(len, groups))]
        for kept in largest:
            keep = min(kept) if len(largest) > 1 else None
            after_tiles = {t: c for t, c in shifted.items() if t in kept}
            where: dict[Point, Point | None] = {}
            for q in pieces:
                to = (q[0] + 2 * dx, q[1] + 2 * dy) if cell_of(q) in line else q
                where[q] = to if cell_of(to) in after_tiles.values() else None
            after = {where[q]: p for q, p in pieces.items() if where[q] is not None}
            last = state.last
            tile_back = (
                last is not None
                and last.kind == "tile"
                and any(after_tiles.get(t) == before for t, before, _ in last.tiles_moved)
            )
            if not tile_back and not undoes_piece_move(state, where):
                results.append((TileMove(name, direction, keep), after_tiles, after))
    return results


def rotation(state: SkiftState, name: str) -> list[Result]:
    """The 180-degree turn of tile `name`, if it puts no displaced piece back."""
    tx, ty = state.tiles[name]
    where: dict[Point, Point | None] = {
        q: (4 * tx + 1 - q[0], 4 * ty + 1 - q[1]) if cell_of(q) == (tx, ty) else q
        for q in state.pieces
    }
    if undoes_piece_move(state, where):
        return []
    after = {where[q]: p for q, p in state.pieces.items()}
    return [(Rotation(name), dict(state.tiles), after)]


def legal_results(state: SkiftState) -> list[Result]:
    """Every legal action of the player to move and what it leaves; a pass if none."""
    results = piece_moves(state)
    cells = set(state.tiles.values())
    for name, (x, y) in state.tiles.items():
        landlocked = all((x + dx, y + dy) in cells for dx, dy in FOUR.values())
        if controller((x, y), dict(state.pieces)) == state.to_move and not landlocked:
            results += tile_moves(state, name) + rotation(state, name)
    return results or [(Pass(), dict(state.tiles), dict(state.pieces))]
