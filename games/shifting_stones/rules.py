"""The numbers of the rules, drawing cards with reshuffles, and the final count."""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.shifting_stones.cards import Card

#: Cards in a full hand: the end of a turn draws back up to this.
HAND = 4
#: Cards a skip draws.
SKIP_DRAW = 2
#: Solo: the strike that loses.
STRIKES = 4
#: Points for the most 1-point cards.
BONUS = 3
#: Scored cards that trigger the end, by player count.
END_TRIGGER = {2: 10, 3: 9, 4: 8, 5: 7}
#: A card that the state does not show (another player's, or in the draw pile).
HIDDEN = -1


def reshuffle_rng(seed: int, shuffles: int) -> random.Random:
    """The random source of the match's reshuffle number `shuffles` (0 first), from its seed."""
    return random.Random(f"shifting-stones/{seed}/reshuffle/{shuffles}")


def draw_cards(
    draw: tuple[int, ...], discard: tuple[int, ...], count: int, seed: int, shuffles: int
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]:
    """Draw `count` cards from the top of `draw`; when it runs out, the discard pile is
    shuffled (by the seed) into a new draw pile; when both are empty, fewer are drawn.

    Returns (cards drawn, draw pile, discard pile, reshuffles done so far)."""
    drawn: list[int] = []
    while len(drawn) < count:
        if not draw:
            if not discard:
                break
            pile = list(discard)
            reshuffle_rng(seed, shuffles).shuffle(pile)
            draw, discard, shuffles = tuple(pile), (), shuffles + 1
        drawn.append(draw[0])
        draw = draw[1:]
    return tuple(drawn), draw, discard, shuffles


def points(scored: Sequence[int], cards: tuple[Card, ...]) -> int:
    """The points of the scored cards `scored`."""
    return sum(cards[card].value for card in scored)


def ones(scored: Sequence[int], cards: tuple[Card, ...]) -> int:
    """How many 1-point cards are among `scored`."""
    return sum(1 for card in scored if cards[card].value == 1)


def bonus_seats(
    scored: Sequence[Sequence[int]], cards: tuple[Card, ...], seats: Sequence[int]
) -> tuple[int, ...]:
    """Among `seats`, those with the most 1-point cards (ties all count; none when nobody
    has scored a 1-point card)."""
    most = max((ones(scored[s], cards) for s in seats), default=0)
    if most == 0:
        return ()
    return tuple(s for s in seats if ones(scored[s], cards) == most)


def final_scores(
    scored: Sequence[Sequence[int]], cards: tuple[Card, ...], bonus: Sequence[int]
) -> tuple[int, ...]:
    """Every seat's points, with the bonus to the seats `bonus` (`bonus_seats`): the
    final count."""
    return tuple(
        points(pile, cards) + (BONUS if s in bonus else 0) for s, pile in enumerate(scored)
    )
