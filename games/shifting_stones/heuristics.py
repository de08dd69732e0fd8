"""What the playing engine knows about Shifting Stones: deals, plausible play, estimates.

- `deal`: a full position consistent with a view, the unseen cards dealt at random.
- `worth_searching`: a card that scores is scored (the lowest place first: scoring
  changes nothing on the grid, so the order does not matter), unless that triggers the
  end, when ending the turn instead is searched too; else the shifts and flips that make
  a card of the hand score, paid with another card (`setups`), or where there are none,
  those that bring a card within one change of scoring, paid with the card worth least
  (`approaches`: a plan of two changes and a score); then ending the turn, and skipping
  it where allowed. A change that prepares nothing only spends a card, and one that
  undoes the turn's last change (a shift of the same two stones, a flip of the same
  stone) spends two for nothing: neither is searched nor played out (the easy level
  shifted b2-b3 and then b3-b2 back, each change bringing another card nearer).
- `plausible_move`: score a card that scores; else a random setup; else end the turn.
- `estimate`: each seat's expected share of the win from points (with the 1-point bonus)
  and its hand's worth by the card-pattern odds (`odds`); solo, from the points scored
  and the hand's worth, and the strikes left.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from games.shifting_stones.cards import Card
from games.shifting_stones.moves import End, Flip, Move, Score, Shift, Skip
from games.shifting_stones.odds import distance, hand_worth, set_bits
from games.shifting_stones.rules import BONUS, HIDDEN, STRIKES, bonus_seats, points
from games.shifting_stones.stones import CELLS, NEIGHBOURS, SYMBOLS, Grid, flipped, grid_mask

if TYPE_CHECKING:
    from games.shifting_stones.state import StonesState

#: Points' spread that makes one seat's win much likelier than another's.
_TEMPERATURE = 3.0


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


def worth_searching(state: StonesState) -> tuple[Move, ...]:
    """The actions worth searching (see the module docstring)."""
    seat = state.turn
    ready = state.scoring_places(seat)
    if ready:
        score = Score(min(ready))
        if len(state.scored[seat]) + 1 < state.game_end_target():
            return (score,)
        return score, End()  # scoring now triggers the end: holding back may be better
    moves: list[Move] = list(_not_undoing(state, setups(state) or approaches(state)))
    moves.append(End())
    if not state.this_turn() and not state.skipped[seat]:
        moves.append(Skip())
    return tuple(moves)


def plausible_move(state: StonesState, rng: random.Random) -> Move:
    """A quick, sensible action for simulated play (see the module docstring)."""
    ready = list(state.scoring_places(state.turn))
    if ready:
        return Score(ready[rng.randrange(len(ready))])
    prepared = _not_undoing(state, setups(state))
    if prepared:
        return prepared[rng.randrange(len(prepared))]
    return End()


def _not_undoing(state: StonesState, changes: tuple[Shift | Flip, ...]) -> tuple[Shift | Flip, ...]:
    """`changes` without those that undo the last action of the turn going on (the same
    two stones shifted back, the same stone flipped back)."""
    done = state.this_turn()
    last = done[-1].move if done else None
    if isinstance(last, Shift):
        return tuple(
            c
            for c in changes
            if not (isinstance(c, Shift) and (c.first, c.second) == (last.first, last.second))
        )
    if isinstance(last, Flip):
        return tuple(c for c in changes if not (isinstance(c, Flip) and c.cell == last.cell))
    return changes


def setups(state: StonesState) -> tuple[Shift | Flip, ...]:
    """Every shift or flip after which a card of the hand of the seat to act scores, paid
    with another card of that hand."""
    hand = tuple(state.known_card(state.turn, p) for p in range(len(state.hands[state.turn])))
    return _setups(state.grid, hand)


@lru_cache(maxsize=8192)
def _setups(grid: Grid, hand: tuple[Card | None, ...]) -> tuple[Shift | Flip, ...]:
    """`setups` for a grid and the cards of a hand (None: no card known in that place)."""
    held = [p for p, card in enumerate(hand) if card is not None]
    if len(held) < 2:
        return ()
    mask = grid_mask(grid)
    # A change alters at most two cells: only placements missing at most two symbols count.
    near = [
        (p, needed)
        for p, card in enumerate(hand)
        if card is not None
        for _, needed in card.placements
        if (needed & ~mask).bit_count() <= 2
    ]
    if not near:
        return ()
    changes = _changes(grid)
    scoring: dict[int, set[int]] = {}  # by a change's index: the places scoring after it
    for p, needed in near:
        for index in _touching(needed & ~mask):
            if changes[index][2] & needed == needed:
                scoring.setdefault(index, set()).add(p)
    found: list[Shift | Flip] = []
    for index in sorted(scoring):
        change = changes[index][0]
        found += [_paid(change, pay) for pay in held if scoring[index] - {pay}]
    return tuple(found)


def approaches(state: StonesState) -> tuple[Shift | Flip, ...]:
    """Every shift or flip after which a card of the hand of the seat to act is one change
    from scoring (and was farther), paid with the card of the hand worth least."""
    hand = tuple(state.known_card(state.turn, p) for p in range(len(state.hands[state.turn])))
    return _approaches(state.grid, hand)


@lru_cache(maxsize=8192)
def _approaches(grid: Grid, hand: tuple[Card | None, ...]) -> tuple[Shift | Flip, ...]:
    """`approaches` for a grid and the cards of a hand (None: no card known there)."""
    held = {p: card for p, card in enumerate(hand) if card is not None}
    if len(held) < 3:  # one to pay now, one to pay next, one to score
        return ()
    far = {p: card for p, card in held.items() if distance(grid, card) > 1}
    if not far:
        return ()
    pay = min(held, key=lambda p: hand_worth(grid, [held[p]]) + held[p].value / 100)
    found: list[Shift | Flip] = []
    for change, after, _ in _changes(grid):
        if any(distance(after, card) == 1 for p, card in far.items() if p != pay):
            found.append(_paid(change, pay))
    return tuple(found)


#: Every shift and flip, paid with place 0 (a placeholder), in the order they are listed.
_CHANGES: tuple[Shift | Flip, ...] = (
    *(Shift(a, b, 0) for a, b in NEIGHBOURS),
    *(Flip(cell, 0) for cell in range(CELLS)),
)


@lru_cache(maxsize=4096)
def _changes(grid: Grid) -> tuple[tuple[Shift | Flip, Grid, int], ...]:
    """Every change of `_CHANGES` with the grid after it and that grid's mask (see
    `stones.grid_mask`)."""
    found = []
    for change in _CHANGES:
        after = list(grid)
        if isinstance(change, Shift):
            after[change.first], after[change.second] = grid[change.second], grid[change.first]
        else:
            after[change.cell] = flipped(grid[change.cell])
        found.append((change, tuple(after), grid_mask(tuple(after))))
    return tuple(found)


@lru_cache(maxsize=1024)
def _touching(missing: int) -> tuple[int, ...]:
    """The indexes in `_CHANGES` of the changes that alter every cell of the symbols
    `missing` (bits of `stones.grid_mask`): only they can put all of them in place."""
    cells = {bit // len(SYMBOLS) for bit in set_bits(missing)}
    return tuple(
        index
        for index, change in enumerate(_CHANGES)
        if cells <= ({change.first, change.second} if isinstance(change, Shift) else {change.cell})
    )


def _paid(change: Shift | Flip, pay: int) -> Shift | Flip:
    """`change` paid with the card in place `pay`."""
    return replace(change, pay=pay)


def estimate(state: StonesState, seat: int) -> float:
    """`seat`'s expected result in [0, 1] (see the module docstring)."""
    if state.solo:
        whole = points(range(len(state.cards)), state.cards)
        done = state.points_so_far(0) + hand_worth(state.grid, _known_hand(state, 0))
        return min(1.0, done / whole) * (STRIKES - state.strikes) / STRIKES
    if state.retired[seat]:
        return 0.0
    return _shares(state)[seat]


#: The latest position `_shares` judged and its answer: the engine asks for every seat's
#: estimate of the same position in turn.
_latest: tuple[StonesState, dict[int, float]] | None = None


def _shares(state: StonesState) -> dict[int, float]:
    """Each active seat's expected share of the win: a softmax of its points, bonus and
    hand's worth (see the module docstring)."""
    global _latest
    latest = _latest
    if latest is not None and latest[0] is state:
        return latest[1]
    active = state.active()
    bonus = bonus_seats(state.scored, state.cards, active)
    worth = {
        s: state.points_so_far(s)
        + (BONUS / len(bonus) if s in bonus else 0)
        + hand_worth(state.grid, _known_hand(state, s))
        for s in active
    }
    best = max(worth.values())
    weights = {s: math.exp((w - best) / _TEMPERATURE) for s, w in worth.items()}
    total = sum(weights.values())
    shares = {s: weight / total for s, weight in weights.items()}
    _latest = state, shares
    return shares


def _known_hand(state: StonesState, seat: int) -> list[Card]:
    """The cards of `seat`'s hand that `state` shows."""
    hand = (state.known_card(seat, p) for p in range(len(state.hands[seat])))
    return [card for card in hand if card is not None]
