"""Skift, the main game of Shiftcord: tiles and pieces that push each other around.

`SKIFT` is the game object declared as `GAME` and found by `games`. The modules, from the bottom up:
`geometry` (quadrants, cells, connectivity), `model` (pieces, moves, layouts),
`actions` (what a move does), `legality` (control, landlocked, no-undo, legal moves),
`explain` (why a move is refused), `notation`, `words`, `serial` (JSON), `text`,
`state` (the GameState) and `game` (the Game).
"""

from games.skift.game import SKIFT, SkiftGame
from games.skift.model import (
    LastAction,
    Pass,
    Piece,
    PieceMove,
    Rotation,
    TileMove,
)
from games.skift.state import SkiftState

__all__ = [
    "GAME",
    "SKIFT",
    "LastAction",
    "Pass",
    "Piece",
    "PieceMove",
    "Rotation",
    "SkiftGame",
    "SkiftState",
    "TileMove",
]

#: The game this package declares (found by `games.discover`).
GAME = SKIFT
