"""Shifting Stones (J. Evan Raitt): secret pattern cards and a 3x3 grid of two-sided stones,
for 1 to 5 players.

Modules: `stones` (symbols, cells, the seeded layout), `cards` (patterns, matching, the
card text form), `deck` (deck files, the standard and the solo deck; `standard.txt`),
`moves` (actions and notation), `rules` (numbers, drawing, the count), `words` (actions
in words), `explain` (why an action is refused), `state` (positions, play, views),
`outcome` (how a game ended), `codec` and `text` (JSON and text), `game` (the option,
the summary and the `SHIFTING_STONES` object declared as `GAME` and found by `games`).
"""

from games.shifting_stones.cards import Card
from games.shifting_stones.game import SHIFTING_STONES, ShiftingStonesGame
from games.shifting_stones.moves import End, Flip, Score, Shift, Skip
from games.shifting_stones.state import StonesState
from games.shifting_stones.words import Action

__all__ = [
    "GAME",
    "SHIFTING_STONES",
    "Action",
    "Card",
    "End",
    "Flip",
    "Score",
    "Shift",
    "ShiftingStonesGame",
    "Skip",
    "StonesState",
]

#: The game this package declares (found by `games.discover`).
GAME = SHIFTING_STONES
