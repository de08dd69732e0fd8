"""Which actions are legal: tile control, the landlocked rule and the no-undo rule.

`legal_moves` lists every legal move of a position quickly; `why_illegal` explains, in a
sentence naming the rule, why one move is not legal. Both read a `Table`, the plain data
of a position.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.skift.actions import (
    Cells,
    Pieces,
    Tiles,
    TileShift,
    keep_choices,
    kept_group,
    piece_chain,
    splinter_groups,
    tile_shift,
)
from games.skift.geometry import PIECE_STEPS, TILE_STEPS, Point, rotated
from games.skift.model import (
    KING,
    SEAT_NAMES,
    Cell,
    LastAction,
    Move,
    Pass,
    PieceMove,
    Rotation,
    TileMove,
)
from games.skift.phrasebook import say

#: The eight piece steps, in the order `legal_moves` lists each piece's moves.
STEPS = tuple(PIECE_STEPS.values())
_STEP_SET = frozenset(STEPS)
_TILE_DIRECTIONS = tuple(TILE_STEPS.items())


@dataclass(frozen=True, slots=True)
class NoUndo:
    """What the opponent's last action forbids undoing.

    After a piece move: `piece_step` is the step that would carry the displaced pieces
    back, and `pieces` maps where each displaced piece stands now to where it stood.
    After a tile move: `tile_step` and `tiles` (name -> cell before) likewise.
    """

    piece_step: Point | None = None
    pieces: dict[Point, Point] = field(default_factory=dict)
    tile_step: Point | None = None
    tiles: dict[str, Cell] = field(default_factory=dict)

    @staticmethod
    def after(last: LastAction | None) -> NoUndo:
        """The restriction that `last` (the opponent's action) leaves."""
        if last is None:
            return _FREE
        if last.kind == "piece":
            (src, dst), *_ = last.displaced
            back = (src[0] - dst[0], src[1] - dst[1])
            fallen = {where for where, _ in last.fallen}
            now = {to: before for before, to in last.displaced if to not in fallen}
            return NoUndo(piece_step=back, pieces=now)
        if last.kind == "tile":
            _, before, after = last.tiles_moved[0]
            back = (before[0] - after[0], before[1] - after[1])
            gone = {name for name, _ in last.tiles_removed}
            tiles = {name: before for name, before, _ in last.tiles_moved if name not in gone}
            return NoUndo(tile_step=back, tiles=tiles)
        return _FREE


_FREE = NoUndo()

#: Control weight of each piece: a king outweighs any number of pawns on one tile.
_WEIGHT = {(0, KING): 17, (0, "P"): 1, (1, KING): -17, (1, "P"): -1}


@dataclass(slots=True)
class Table:
    """The plain data of a position that legality needs."""

    tiles: Tiles
    cells: Cells
    pieces: Pieces
    seat: int
    no_undo: NoUndo
    _controllers: dict[Cell, int | None] | None = None

    def controllers(self) -> dict[Cell, int | None]:
        """Who controls each tile cell: most kings, then most pieces, else nobody (None)."""
        if self._controllers is None:
            score = dict.fromkeys(self.cells, 0)
            for (x, y), piece in self.pieces.items():
                score[(x >> 1, y >> 1)] += _WEIGHT[piece.seat, piece.kind]
            self._controllers = {
                cell: (0 if s > 0 else 1 if s < 0 else None) for cell, s in score.items()
            }
        return self._controllers

    def is_landlocked(self, cell: Cell) -> bool:
        """Whether tiles lie on all four orthogonal sides of the cell."""
        x, y = cell
        cells = self.cells
        return (
            (x, y - 1) in cells
            and (x + 1, y) in cells
            and (x, y + 1) in cells
            and (x - 1, y) in cells
        )

    def piece_undo(self, move: PieceMove) -> tuple[Point, Point] | None:
        """(now, before) of a displaced piece this piece move would put back, else None."""
        rule = self.no_undo
        if rule.piece_step != move.step:
            return None
        for quadrant in piece_chain(self.pieces, move.src, move.step):
            if quadrant in rule.pieces:
                return quadrant, rule.pieces[quadrant]
        return None

    def step_move(self, src: Point, step: Point) -> PieceMove | None:
        """The move of the mover's piece on `src` by one of the eight steps, if it is
        legal: onto a tile, and not putting back a piece the opponent's last move
        displaced; else None."""
        dst = (src[0] + step[0], src[1] + step[1])
        if (dst[0] >> 1, dst[1] >> 1) not in self.cells:
            return None
        move = PieceMove(src, dst)
        if self.no_undo.piece_step == step and self.piece_undo(move):
            return None
        return move

    def allows_piece_move(self, move: PieceMove) -> bool:
        """Whether the piece move is legal here (without listing every move)."""
        piece = self.pieces.get(move.src)
        step = move.step
        return (
            piece is not None
            and piece.seat == self.seat
            and step in _STEP_SET
            and self.step_move(move.src, step) is not None
        )

    def allows_tile_action(self, move: TileMove | Rotation) -> bool:
        """Whether the tile move or rotation is legal here, checked as `legal_moves` lists
        the moves of its one tile (without listing every move)."""
        cell = self.tiles.get(move.tile)
        if cell is None or self.controllers()[cell] != self.seat or self.is_landlocked(cell):
            return False
        if isinstance(move, Rotation):
            return not self.no_undo.pieces or self.rotation_undo(cell) is None
        step = TILE_STEPS.get(move.direction)
        if step is None:
            return False
        shift = tile_shift(self.tiles, self.cells, move.tile, move.direction)
        found = splinter_groups(shift, self.cells)
        if move.keep not in keep_choices(found):
            return False
        return not (self.no_undo.tile_step == step and self.tile_undo(shift, found, move.keep))

    def rotation_undo(self, cell: Cell) -> tuple[Point, Point] | None:
        """(now, before) of a displaced piece that rotating this tile would put back."""
        for now, before in self.no_undo.pieces.items():
            if (now[0] >> 1, now[1] >> 1) == cell and rotated(now) == before:
                return now, before
        return None

    def tile_undo(
        self, shift: TileShift, found: list[set[str]] | None, keep: str | None
    ) -> tuple[str, Cell] | None:
        """(name, cell) of a displaced tile this tile move would put back where it was."""
        rule = self.no_undo
        if rule.tile_step != shift.step:
            return None
        stay = None if found is None else kept_group(found, keep)
        for cell in shift.line:
            name = self.cells[cell]
            if name in rule.tiles and (stay is None or name in stay):
                return name, rule.tiles[name]
        return None


def legal_moves(table: Table) -> tuple[Move, ...]:
    """Every legal move: piece moves by square, then tile moves and rotations by tile name.

    A pass is the only move when no action is legal, which cannot happen while the game
    runs: each piece can step to the three other quadrants of its own tile, and the
    no-undo rule forbids at most the one of those steps that goes back.
    """
    seat, cells, pieces = table.seat, table.cells, table.pieces
    moves: list[Move] = []
    for src in sorted(q for q, piece in pieces.items() if piece.seat == seat):
        for step in STEPS:
            move = table.step_move(src, step)
            if move is not None:
                moves.append(move)
    controllers = table.controllers()
    for name in sorted(table.tiles):
        cell = table.tiles[name]
        if controllers[cell] != seat or table.is_landlocked(cell):
            continue
        for direction, step in _TILE_DIRECTIONS:
            shift = tile_shift(table.tiles, cells, name, direction)
            found = splinter_groups(shift, cells)
            for keep in keep_choices(found):
                if table.no_undo.tile_step == step and table.tile_undo(shift, found, keep):
                    continue
                moves.append(TileMove(name, direction, keep))
        if not table.no_undo.pieces or table.rotation_undo(cell) is None:
            moves.append(Rotation(name))
    return tuple(moves) if moves else (Pass(),)


def control_reason(table: Table, cell: Cell) -> str:
    """Why the player to move does not control the tile on `cell`, as a clause."""
    kings = [0, 0]
    total = [0, 0]
    for (x, y), piece in table.pieces.items():
        if (x >> 1, y >> 1) == cell:
            total[piece.seat] += 1
            kings[piece.seat] += piece.kind == KING
    other = SEAT_NAMES[1 - table.seat]
    if not any(total):
        return say("it has no pieces on it")
    if kings[0] != kings[1]:
        return say("{colour} has more kings on it", colour=other)
    if total[0] != total[1]:
        return say("{colour} has as many kings on it and more pieces", colour=other)
    return say("nobody does, as both colours have as many kings and as many pieces on it")
