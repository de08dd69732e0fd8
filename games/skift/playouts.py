"""Plausible moves for the engine's simulated games in Skift, found without listing every
legal move (the tile moves, with their splinter checks, cost most of that).

A simulated game takes a piece off the tiles whenever it can, as a player would: the
game is lost with the last king or the last pawn, so material decides. Otherwise one
move in four is drawn among every legal move (about 30% of which are tile moves and
rotations), and the others step a piece of the mover's, never pushing one of its own
off the tiles.
"""

from __future__ import annotations

import random

from games.skift.actions import piece_chain
from games.skift.legality import STEPS, Table
from games.skift.model import Piece, PieceMove

#: How often a simulated move is drawn among every legal move (tile moves and rotations
#: included) when nothing can be taken off.
ANY_MOVE_SHARE = 0.25
#: How many random steps of the mover's pieces are tried before every legal move is
#: listed instead.
STEP_TRIES = 8


def captures(table: Table) -> list[tuple[PieceMove, Piece]]:
    """The legal piece moves that push a piece of the opponent off the tiles, each with
    that piece: the mover's piece starts the unbroken line whose front piece, the
    opponent's, steps off (a piece move pushes off at most the one in front)."""
    seat, pieces, cells = table.seat, table.pieces, table.cells
    found = []
    for (fx, fy), piece in pieces.items():
        if piece.seat == seat:
            continue
        for dx, dy in STEPS:
            if ((fx + dx) >> 1, (fy + dy) >> 1) in cells:
                continue
            x, y = fx - dx, fy - dy
            while (behind := pieces.get((x, y))) is not None:
                if behind.seat == seat and (move := table.step_move((x, y), (dx, dy))):
                    found.append((move, piece))
                x, y = x - dx, y - dy
    return found


def quiet_step(table: Table, rng: random.Random) -> PieceMove | None:
    """A legal step of a random piece of the mover's that pushes none of its own off the
    tiles, or None when `STEP_TRIES` random draws found none."""
    seat, pieces, cells = table.seat, table.pieces, table.cells
    own = [q for q, piece in pieces.items() if piece.seat == seat]
    for _ in range(STEP_TRIES):
        step = STEPS[rng.randrange(len(STEPS))]
        move = table.step_move(own[rng.randrange(len(own))], step)
        if move is None:
            continue
        fx, fy = piece_chain(pieces, move.src, step)[-1]  # the front of the pushed line
        x, y = fx + step[0], fy + step[1]
        if pieces[(fx, fy)].seat == seat and (x >> 1, y >> 1) not in cells:
            continue  # the front piece, the mover's own, would step off
        return move
    return None
