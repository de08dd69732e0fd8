"""Shiftago (Witter and Warneke): shifting marbles on a 7x7 tray, for 2 to 4 players.

Modules: `geometry` (cells, lanes, square names), `rules` (pushing, lines, score tables),
`moves` (move values and notation), `action` (moves as played), `state` (positions and
play), `explain` (why a move is refused), `words` (colours and moves in words), `codec`
(JSON and text), `value` (how the engine's learned value reads a position; its trained
weights are `value.npz`), `game` (options, summary and the `SHIFTAGO` object, declared as
`GAME` and found by `games`).
"""

from games.shiftago.action import Action
from games.shiftago.game import SHIFTAGO, ShiftagoGame
from games.shiftago.moves import Insert, Score
from games.shiftago.state import ShiftagoState
from games.shiftago.words import COLOURS, LETTERS

__all__ = [
    "GAME",
    "COLOURS",
    "LETTERS",
    "SHIFTAGO",
    "Action",
    "Insert",
    "Score",
    "ShiftagoGame",
    "ShiftagoState",
]

#: The game this package declares (found by `games.discover`).
GAME = SHIFTAGO
