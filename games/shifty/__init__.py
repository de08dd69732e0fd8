"""Shifty (Nick Bentley): place or move stones to join your two edges; the pie rule opens.

Modules: `grid` (points, names and bitboards per board size), `rules` (crosscuts,
placements, moves and chains on bitboards), `moves` (move values and notation), `state`
(positions and play), `explain` (why a move is refused), `words` (sides and actions in
words), `codec` (JSON and text), `game` (options, summary and the `SHIFTY` object
declared as `GAME` and found by `games`); for the playing engine, `heuristics` (how far
each colour is from joining its edges) and `focus` (the moves worth searching).
"""

from games.shifty.game import SHIFTY, ShiftyGame
from games.shifty.grid import Grid, grid
from games.shifty.moves import PASS, SWAP, Move, Pass, Place, Shift, Swap
from games.shifty.state import ShiftyState
from games.shifty.words import COLOURS

__all__ = [
    "GAME",
    "COLOURS",
    "PASS",
    "SHIFTY",
    "SWAP",
    "Grid",
    "Move",
    "Pass",
    "Place",
    "Shift",
    "ShiftyGame",
    "ShiftyState",
    "Swap",
    "grid",
]

#: The game this package declares (found by `games.discover`).
GAME = SHIFTY
