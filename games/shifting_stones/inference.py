"""Dealing the cards a seat cannot see by how likely the others' play makes them.

`deal` gives a full position consistent with a view (`StonesState.determinize`): every
card the view does not show (held by others or in the draw pile) dealt at random, and a
fresh seed for later reshuffles. Where the view shows the turn just played by another
seat (at the start of a turn, `recent` holds it), a deal is kept with the odds of that
turn given the cards it gives that player (rejection sampling: up to `TRIES` uniform
deals are drawn, each kept with its odds; the last is kept whatever its odds), so hands
are dealt as likely as the play seen makes them, not only uniformly.

The odds model the player as the engine plays (`heuristics.worth_searching`): a card
that scores is scored, and a shift or flip makes a card of the hand score or brings one
within one change of scoring. A deal is `MISSED` times as likely for every card it has
the player keep (the cards before those the end of the turn drew) that scored on the grid
they left, unless scoring it would have triggered the end (holding back is a choice);
and `ASTRAY` times as likely for every shift or flip of theirs that no card they held
after paying for it explains (made score, or brought within one change of scoring from
farther, by `odds.distance`). Not zero: a person may miss a card or plan further ahead.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from games.shifting_stones.heuristics import changes
from games.shifting_stones.moves import End, Flip, Score, Shift, Skip
from games.shifting_stones.odds import distance
from games.shifting_stones.rules import HIDDEN
from games.shifting_stones.stones import Grid, flipped, grid_mask

if TYPE_CHECKING:
    from games.shifting_stones.state import StonesState

#: The odds of a deal for each card it has the player keep that scored when they ended.
MISSED = 0.2
#: The odds of a deal for each change of the player's that none of their cards explains.
ASTRAY = 0.25
#: The odds of a deal in which the player ended holding a card one change from scoring
#: and another to pay for that change.
PASSED = 0.3
#: Uniform deals drawn at most for one weighted deal.
TRIES = 20


@dataclass(frozen=True)
class Evidence:
    """What the turn just played shows of its player's hand: the `seat`, how many cards
    of its hand were `kept` (they come first), the cards that scored on the grid it left
    (`scoring`: empty where scoring would have ended the game), and for each shift or flip
    the cards that would explain it (`explaining`) and the cards the turn shows it held
    then (`shown`: used later in the turn)."""

    seat: int
    kept: int
    scoring: frozenset[int]
    ready: frozenset[int]
    explaining: tuple[frozenset[int], ...]
    shown: tuple[frozenset[int], ...]

    def likelihood(self, dealt: StonesState) -> float:
        """The odds of the turn had its player held the cards `dealt` gives them,
        relative to a deal that explains every action (1)."""
        kept = dealt.hands[self.seat][: self.kept]
        odds = MISSED ** sum(1 for card in kept if card in self.scoring)
        if len(kept) > 1 and not self.ready.isdisjoint(kept):
            odds *= PASSED
        for explaining, shown in zip(self.explaining, self.shown, strict=True):
            if shown.isdisjoint(explaining) and explaining.isdisjoint(kept):
                odds *= ASTRAY
        return odds


def deal(view: StonesState, rng: random.Random) -> StonesState:
    """A full position consistent with `view`, dealt by likelihood (see the module
    docstring)."""
    evidence = _evidence(view)
    dealt = uniform_deal(view, rng)
    if evidence is None:
        return dealt
    for _ in range(TRIES - 1):
        if rng.random() < evidence.likelihood(dealt):
            break
        dealt = uniform_deal(view, rng)
    return dealt


def uniform_deal(view: StonesState, rng: random.Random) -> StonesState:
    """A full position consistent with `view`: every card it does not show dealt at
    random, and a fresh seed for later reshuffles."""
    seen = _shown_cards(view)
    unseen = [c for c in range(len(view.cards)) if c not in seen]
    rng.shuffle(unseen)
    hands = tuple(tuple(unseen.pop() if c == HIDDEN else c for c in hand) for hand in view.hands)
    draw = tuple(unseen.pop() if c == HIDDEN else c for c in view.draw)
    seed = rng.getrandbits(32)
    return replace(view, hands=hands, draw=draw, seed=seed, viewer=None, is_view=False)


#: The latest view `_evidence` read and what it found: a search deals from one view
#: again and again.
_latest: tuple[StonesState, Evidence | None] | None = None


def _evidence(view: StonesState) -> Evidence | None:
    """What the turn `view` shows just played tells of its player's hand (None: nothing,
    mid-turn, in a full state, or where the turn was the viewer's own)."""
    global _latest
    latest = _latest
    if latest is not None and latest[0] is view:
        return latest[1]
    found = _read(view)
    _latest = view, found
    return found


def _read(view: StonesState) -> Evidence | None:
    """`_evidence`, worked out."""
    if not view.is_view or view.this_turn() or not view.recent:
        return None
    last = view.recent[-1]
    seat = last.seat
    if seat == view.viewer or view.retired[seat] or not isinstance(last.move, End | Skip):
        return None
    seen = _shown_cards(view)
    unseen = [c for c in range(len(view.cards)) if c not in seen]
    scoring: frozenset[int] = frozenset()
    ready: frozenset[int] = frozenset()
    if len(view.scored[seat]) + 1 < view.game_end_target():
        mask = grid_mask(view.grid)
        scoring = frozenset(c for c in unseen if view.cards[c].scores_on(mask))
        masks = [after for _, _, after in changes(view.grid)]
        ready = frozenset(
            c
            for c in unseen
            if c not in scoring and any(view.cards[c].scores_on(after) for after in masks)
        )
    grid = view.grid
    explaining: list[frozenset[int]] = []
    shown: list[frozenset[int]] = []
    used_later: set[int] = set()
    for action in reversed(view.recent):  # undo the turn's changes, last first
        if isinstance(action.move, Shift | Flip):
            before = _undone(grid, action.move)
            held = [*unseen, *used_later]
            explaining.append(frozenset(c for c in held if _explains(view, before, grid, c)))
            shown.append(frozenset(used_later))
            grid = before
        if isinstance(action.move, Shift | Flip | Score) and action.card is not None:
            used_later.add(action.card)
    kept = len(view.hands[seat]) - last.drew
    return Evidence(seat, kept, scoring, ready, tuple(explaining), tuple(shown))


def _shown_cards(view: StonesState) -> set[int]:
    """The cards `view` shows: discards, scored cards and the cards of hands it sees."""
    seen: set[int] = set(view.discard)
    for hand in view.hands:
        seen.update(c for c in hand if c is not None and c != HIDDEN)
    for pile in view.scored:
        seen.update(pile)
    return seen


def _undone(grid: Grid, change: Shift | Flip) -> Grid:
    """The grid before `change` made it `grid` (a change undoes itself)."""
    before = list(grid)
    if isinstance(change, Shift):
        before[change.first], before[change.second] = grid[change.second], grid[change.first]
    else:
        before[change.cell] = flipped(grid[change.cell])
    return tuple(before)


def _explains(view: StonesState, before: Grid, after: Grid, card: int) -> bool:
    """Whether a change from `before` to `after` makes `card` score or brings it within
    one change of scoring from farther."""
    pattern = view.cards[card]
    if pattern.scores_on(grid_mask(after)):
        return True
    return distance(after, pattern) == 1 and distance(before, pattern) > 1
