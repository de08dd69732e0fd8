"""The bot's levels: how much search each one may spend on a move.

A level's budget is a number of search iterations (simulated games), which makes a
search repeatable for a seed, and a wall-time cap, which only ever cuts a search short
(then the move may differ from the one the full budget finds): on a slow or busy
machine, and, for `hard` and `master`, wherever simulated games are slow to play
(docs/developers.md says in which games `hard` reaches its cap first, and after how
many iterations, on a 2-core machine).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


@dataclass(frozen=True)
class Budget:
    """What one search may spend and how it looks at positions.

    `iterations`: simulated games; `seconds`: the wall-time cap; `lookahead`: how many
    plies below the root every new position is checked for a win in one for the player
    to act there (0: only the bot's own wins at the root); `playout_plies`: how far a
    simulated game runs before a game's heuristic (if any) judges it; `temperature`: how
    freely the level strays from its most searched move when it plays (0: never; else
    a searched move is drawn with odds in proportion to its visits to the power of
    1 / temperature, so 1 draws in proportion to the visits). Advice (`ai.advise`) is
    always the most searched move. `exploration`: the constant of UCB1 (rewards are in
    [0, 1]): the lower, the more the search deepens the moves that did best so far
    rather than trying the others again. `learned`: where the game has a learned
    value (`ai.value`) for the position, it judges a simulated game where the heuristic
    would (after `playout_plies`, or the game's own if fewer), instead of the heuristic.
    """

    iterations: int
    seconds: float
    lookahead: int
    playout_plies: int
    temperature: float = 0.0
    exploration: float = 0.8
    learned: bool = False


class Level(Enum):
    """The levels a challenge may ask for, weakest first, each with its budget. `easy`
    plays a beginner's game: it draws its move among those it searched, by their visits.
    `master` thinks as a correspondence player may: up to half a minute of one worker,
    often less, since a search stops once its choice can no longer change. `hard` and
    `master` judge simulated games by the game's learned value where it has one."""

    EASY = Budget(iterations=60, seconds=0.12, lookahead=0, playout_plies=6, temperature=1.0)
    MEDIUM = Budget(iterations=600, seconds=0.6, lookahead=1, playout_plies=10)
    HARD = Budget(iterations=12000, seconds=1.5, lookahead=2, playout_plies=12, learned=True)
    #: Master explores half as much as the others: with twenty times hard's search it
    #: beat hard in Shiftago in 55 of 60 games at 3% of the budgets, where with 0.8 in 39
    #: of the same 60 (docs/developers.md).
    MASTER = Budget(
        iterations=240000,
        seconds=30.0,
        lookahead=4,
        playout_plies=12,
        exploration=0.4,
        learned=True,
    )

    @property
    def budget(self) -> Budget:
        """The level's budget."""
        return self.value

    @classmethod
    def named(cls, name: str) -> Level:
        """The level called `name` ("easy", "medium", "hard" or "master"); else ValueError."""
        try:
            return cls[name.strip().upper()]
        except KeyError:
            names = ", ".join(level.name.lower() for level in cls)
            raise ValueError(f"There is no level {name!r}: {names}.") from None
