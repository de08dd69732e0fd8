"""What the playing engine knows about Shifting Stones: deals, plausible play, estimates.

- `deal`: a full position consistent with a view, the unseen cards dealt at random.
- `plausible_move`: score a card that scores; else set up a card of the hand with one
  shift or flip paid by another card; else end the turn.
- `estimate`: each seat's expected share of the win from points (with the 1-point bonus)
  and the cards it could score now; solo, from the cards scored and strikes left.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from dataclasses import replace
from typing import TYPE_CHECKING

from games.shifting_stones.moves import End, Flip, Score, Shift
from games.shifting_stones.rules import BONUS, HIDDEN, STRIKES, bonus_seats, points
from games.shifting_stones.stones import CELLS, NEIGHBOURS, flipped, grid_mask

if TYPE_CHECKING:
    from games.shifting_stones.state import StonesState

#: Points' spread that makes one seat's win much likelier than another's.
_TEMPERATURE = 3.0
#: Points counted for a card in hand that scores now (it is likely to be scored soon).
_READY_CARD = 0.5


def deal(view: StonesState, rng: random.Random) -> StonesState:
    """A full position consistent with `view`: every card it does not show (held by others
    or in the draw pile) dealt at random, and a fresh seed for later reshuffles."""
    seen: set[int] = set(view.discard)
    for hand in view.hands:
        seen.update(c for c in hand if c is not None and c != HIDDEN)
    for pile in view.scored:
        seen.update(pile)
    unseen = [c for c in range(len(view.cards)) if c not in seen]
    rng.shuffle(unseen)
    hands = tuple(tuple(unseen.pop() if c == HIDDEN else c for c in hand) for hand in view.hands)
    draw = tuple(unseen.pop() if c == HIDDEN else c for c in view.draw)
    seed = rng.getrandbits(32)
    return replace(view, hands=hands, draw=draw, seed=seed, viewer=None, is_view=False)


def plausible_move(state: StonesState, rng: random.Random) -> Hashable:
    """A quick, sensible action for simulated play (see the module docstring)."""
    seat = state.turn
    ready = list(state.scoring_places(seat))
    if ready:
        return Score(ready[rng.randrange(len(ready))])
    held = [p for p, c in enumerate(state.hands[seat]) if c is not None and c != HIDDEN]
    if len(held) >= 2:
        target = held[rng.randrange(len(held))]
        held_card = state.hands[seat][target]
        assert isinstance(held_card, int)  # `held` keeps only known cards of the hand
        card = state.cards[held_card]
        pay = rng.choice([p for p in held if p != target])
        for change in _changes(rng, pay):
            if card.scores_on(grid_mask(_changed_grid(state.grid, change))):
                return change
    return End()


def _changes(rng: random.Random, pay: int) -> list[Shift | Flip]:
    """Every shift and flip paid with `pay`, in a random order."""
    changes: list[Shift | Flip] = [Shift(a, b, pay) for a, b in NEIGHBOURS]
    changes += [Flip(c, pay) for c in range(CELLS)]
    rng.shuffle(changes)
    return changes


def _changed_grid(grid: tuple[int, ...], change: Shift | Flip) -> tuple[int, ...]:
    """The grid after a shift or flip."""
    cells = list(grid)
    if isinstance(change, Shift):
        cells[change.first], cells[change.second] = cells[change.second], cells[change.first]
    else:
        cells[change.cell] = flipped(cells[change.cell])
    return tuple(cells)


def estimate(state: StonesState, seat: int) -> float:
    """`seat`'s expected result in [0, 1] (see the module docstring)."""
    if state.solo:
        done = len(state.scored[0]) / len(state.cards)
        return done * (STRIKES - state.strikes) / STRIKES
    active = state.active()
    if seat not in active:
        return 0.0
    bonus = bonus_seats(state.scored, state.cards, active)
    worth = {
        s: points(state.scored[s], state.cards)
        + (BONUS / len(bonus) if s in bonus else 0)
        + _READY_CARD * len(state.scoring_places(s))
        for s in active
    }
    best = max(worth.values())
    weights = {s: math.exp((w - best) / _TEMPERATURE) for s, w in worth.items()}
    return weights[seat] / sum(weights.values())
