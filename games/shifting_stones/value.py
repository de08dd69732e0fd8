"""How the learned value (an n-tuple network, `ai.value`) reads a Shifting Stones position.

For two players only: solo and with three to five players the engine judges by
`heuristics` alone.

What a position is worth here lies in the cards more than in the stones: which cards
each seat holds, how near each is to scoring on the grid as it lies, how far each seat
leads and how near the end is. So the network does not look at the nine stones
themselves (the grid seen through one hand is another grid through the next) but at each
card as the grid makes it: a place of a hand is empty (0, a card used this turn), a card
the position does not show (1: another seat's, in a view), or a card at a distance of 0
to 4 changes from scoring (`odds.distance`, 4 and farther alike) and worth 5, 3, 2 or 1
points (2 + 4 x distance + the value's rank, the dearest 0). Each hand is sorted, the
nearest and dearest card first, so the same hand in other places reads the same, and
only its first four are read (a skip draws a hand of six). Beside the hands: the seat's
lead in points (with the bonus for the most 1-point cards, -9 to 9), how many cards each
seat still has to score to end the game (0 to 10), and whether the end is triggered.

The tuples pair what decides a race of cards: each hand by threes; the best cards of
both hands with the lead; the lead with how near each seat is to the end; a hand's best
card with its distance to the end and the trigger. There are no symmetries to share
weights over (patterns are never turned or mirrored, and the cells are sorted already).
The heuristic under the sum already counts points and each hand's likely points; the
weights learn what it misses: whose turn it is, what the other hand threatens, how
much a lead is worth with the end near.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from games.base import ValueShape
from games.shifting_stones.cards import VALUES
from games.shifting_stones.odds import FAR, distance
from games.shifting_stones.rules import END_TRIGGER, HIDDEN, bonus_seats, final_scores

if TYPE_CHECKING:
    from games.shifting_stones.state import StonesState

#: Bumped whenever a rule change alters what a two-player position is worth.
RULES = "shifting-stones-2p/1"
#: The places of a hand the network reads (a full hand), and where each hand begins.
PLACES = 4
OWN, OTHER = 0, PLACES
#: The cells after the hands: the lead, each seat's cards still to score, the trigger.
LEAD, OWN_LEFT, OTHER_LEFT, TRIGGERED = 2 * PLACES, 2 * PLACES + 1, 2 * PLACES + 2, 2 * PLACES + 3
CELLS = TRIGGERED + 1
#: The farthest lead told apart, either way.
MOST_LEAD = 9
#: A place's states: empty, unseen, then each distance (0 to `FAR`) by each value.
EMPTY, UNSEEN = 0, 1
STATES = 2 + (FAR + 1) * len(VALUES)


def _tuples() -> tuple[tuple[int, ...], ...]:
    """Each hand by threes, then the races between the hands, the lead and the end."""
    hands = [
        tuple(start + p for p in places)
        for start in (OWN, OTHER)
        for places in ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3))
    ]
    races = [
        (OWN, OTHER, LEAD),
        (OWN, OWN + 1, LEAD),
        (OTHER, OTHER + 1, LEAD),
        (OWN + 1, OTHER + 1, LEAD),
        (LEAD, OWN_LEFT, OTHER_LEFT),
        (OWN, OWN_LEFT, TRIGGERED),
        (OTHER, OTHER_LEFT, TRIGGERED),
        (OWN, OTHER, TRIGGERED),
    ]
    return (*hands, *races)


SHAPE = ValueShape(
    rules=RULES,
    cells=CELLS,
    states=STATES,
    tuples=_tuples(),
    symmetries=(tuple(range(CELLS)),),
    weights=Path(__file__).with_name("value.npz"),
)


def value_cells(state: StonesState, seat: int) -> list[int]:
    """The two-player position from `seat`'s side (see the module's docstring)."""
    other = 1 - seat
    left = END_TRIGGER[2]
    scores = final_scores(state.scored, state.cards, bonus_seats(state.scored, state.cards, (0, 1)))
    lead = scores[seat] - scores[other]
    return [
        *_hand(state, seat),
        *_hand(state, other),
        MOST_LEAD + max(-MOST_LEAD, min(MOST_LEAD, lead)),
        max(0, left - len(state.scored[seat])),
        max(0, left - len(state.scored[other])),
        int(state.triggered),
    ]


def _hand(state: StonesState, seat: int) -> list[int]:
    """`seat`'s hand as `PLACES` cells: its known cards nearest and dearest first, then
    unseen ones, then empty places."""
    known, unseen = [], 0
    for card_id in state.hands[seat]:
        if card_id == HIDDEN:
            unseen += 1
        elif card_id is not None:
            card = state.cards[card_id]
            away = distance(state.grid, card)
            known.append(2 + away * len(VALUES) + (len(VALUES) - 1 - VALUES.index(card.value)))
    cells = (sorted(known) + [UNSEEN] * unseen)[:PLACES]
    return cells + [EMPTY] * (PLACES - len(cells))
