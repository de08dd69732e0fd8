"""What the three actions do to the table: piece pushes, tile pushes with splinters, rotations.

These functions take plain dicts (tiles by name, tile names by cell, pieces by quadrant),
never change them, and return the new dicts with a `LastAction` record. They do not judge
legality; `games.skift.legality` does.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.skift.geometry import (
    RING_BIT,
    TILE_STEPS,
    Point,
    groups,
    ring_is_one_group,
    ring_mask,
    rotated,
)
from games.skift.model import Cell, LastAction, Pass, Piece, PieceMove, Rotation, TileMove

Tiles = dict[str, Cell]
Cells = dict[Cell, str]
Pieces = dict[Point, Piece]


def piece_chain(pieces: Pieces, src: Point, step: Point) -> list[Point]:
    """The quadrants that move when the piece on `src` steps by `step`: itself, then the
    unbroken line of pieces ahead of it."""
    dx, dy = step
    chain = [src]
    x, y = src[0] + dx, src[1] + dy
    while (x, y) in pieces:
        chain.append((x, y))
        x, y = x + dx, y + dy
    return chain


def push_pieces(
    cells: Cells, pieces: Pieces, seat: int, move: PieceMove
) -> tuple[Pieces, LastAction]:
    """Move a piece one step, pushing the line ahead of it; pieces ending off every tile fall."""
    dx, dy = move.step
    chain = piece_chain(pieces, move.src, (dx, dy))
    after = dict(pieces)
    for quadrant in chain:
        del after[quadrant]
    displaced = []
    fallen = []
    for x, y in chain:
        to = (x + dx, y + dy)
        displaced.append(((x, y), to))
        if (to[0] >> 1, to[1] >> 1) in cells:
            after[to] = pieces[(x, y)]
        else:
            fallen.append((to, pieces[(x, y)]))
    last = LastAction(seat, "piece", move, displaced=tuple(displaced), fallen=tuple(fallen))
    return after, last


def rotate_tile(
    tiles: Tiles, pieces: Pieces, seat: int, move: Rotation
) -> tuple[Pieces, LastAction]:
    """Turn a tile 180 degrees; its pieces turn with it."""
    cell = tiles[move.tile]
    after = {
        (rotated(q) if (q[0] >> 1, q[1] >> 1) == cell else q): piece for q, piece in pieces.items()
    }
    return after, LastAction(seat, "rotate", move, tile=move.tile)


@dataclass(frozen=True, slots=True)
class TileShift:
    """The geometry of one tile move before any splinter: which tiles move, where.

    `line` holds the cells of the moved tile and of the unbroken line of tiles ahead of
    it; `end` is the empty cell the last of them moves into.
    """

    line: tuple[Cell, ...]
    end: Cell
    step: Point

    def new_cells(self, cells: Cells) -> Cells:
        """Tile names by cell after the shift (before any splinter)."""
        after = dict(cells)
        del after[self.line[0]]
        dx, dy = self.step
        for x, y in self.line:
            after[(x + dx, y + dy)] = cells[(x, y)]
        return after

    def stays_connected(self, cells: Cells) -> bool:
        """A fast sufficient test that the tiles stay one group; False means "look closer".

        Only the moved tile's old cell empties and `end` fills. The old cell's ring after
        the move must be one group; `end` touches the line's last tile unless the line is
        the moved tile alone, in which case `end` is in that ring.
        """
        mask = ring_mask(cells, self.line[0])
        if len(self.line) == 1:
            mask |= RING_BIT[self.step]
        return ring_is_one_group(mask)


def tile_shift(tiles: Tiles, cells: Cells, name: str, direction: str) -> TileShift:
    """The line of tiles that a move of tile `name` towards `direction` pushes."""
    dx, dy = TILE_STEPS[direction]
    x, y = tiles[name]
    line = [(x, y)]
    while (x + dx, y + dy) in cells:
        x, y = x + dx, y + dy
        line.append((x, y))
    return TileShift(tuple(line), (x + dx, y + dy), (dx, dy))


def splinter_groups(shift: TileShift, cells: Cells) -> list[set[str]] | None:
    """The groups of tile names after the shift if the tiles split, else None."""
    if shift.stays_connected(cells):
        return None
    after = shift.new_cells(cells)
    found = groups(after)
    if len(found) == 1:
        return None
    return [{after[c] for c in group} for group in found]


def keep_choices(found: list[set[str]] | None) -> tuple[str | None, ...]:
    """The `keep` values of the legal variants of a tile move: (None,) unless largest groups tie.

    On a tie each tied group is named by its alphabetically first tile.
    """
    if found is None or len(found[0]) > len(found[1]):
        return (None,)
    size = len(found[0])
    return tuple(sorted(min(g) for g in found if len(g) == size))


def kept_group(found: list[set[str]], keep: str | None) -> set[str]:
    """The group that stays: the largest, or on a tie the one holding `keep`."""
    if keep is None:
        return found[0]
    return next(g for g in found if keep in g)


def push_tiles(
    tiles: Tiles, cells: Cells, pieces: Pieces, seat: int, move: TileMove
) -> tuple[Tiles, Pieces, LastAction]:
    """Move a tile one cell, pushing the line of tiles ahead; pieces ride; splinters fall away."""
    shift = tile_shift(tiles, cells, move.tile, move.direction)
    dx, dy = shift.step
    moved_cells = set(shift.line)
    new_tiles = dict(tiles)
    tiles_moved = []
    for x, y in shift.line:
        name = cells[(x, y)]
        new_tiles[name] = (x + dx, y + dy)
        tiles_moved.append((name, (x, y), (x + dx, y + dy)))
    new_pieces = {
        ((q[0] + 2 * dx, q[1] + 2 * dy) if (q[0] >> 1, q[1] >> 1) in moved_cells else q): piece
        for q, piece in pieces.items()
    }
    tiles_removed: list[tuple[str, Cell]] = []
    pieces_removed: list[tuple[Point, Piece]] = []
    found = splinter_groups(shift, cells)
    if found is not None:
        stay = kept_group(found, move.keep)
        for name in sorted(set(new_tiles) - stay):
            tiles_removed.append((name, new_tiles.pop(name)))
        gone = {cell for _, cell in tiles_removed}
        for q in sorted(new_pieces):
            if (q[0] >> 1, q[1] >> 1) in gone:
                pieces_removed.append((q, new_pieces.pop(q)))
    last = LastAction(
        seat,
        "tile",
        move,
        tile=move.tile,
        tiles_moved=tuple(tiles_moved),
        tiles_removed=tuple(tiles_removed),
        pieces_removed=tuple(pieces_removed),
    )
    return new_tiles, new_pieces, last


def pass_turn(seat: int) -> LastAction:
    """The record of a pass."""
    return LastAction(seat, "pass", Pass())
