"""Shifting Stones' odds of a deal given the last turn a seat saw
(`StonesState.deal_likelihood`): a player who ended their turn keeping a card that
scored on the grid they left would have scored it, so a deal giving them one is less
likely; nothing else is inferred."""

from __future__ import annotations

import random

from games.shifting_stones import StonesState
from games.shifting_stones.heuristics import MISSED
from tests.games.shifting_stones_helpers import FILLER, play, position

#: A card that scores on the helpers' grid (a Sun left of a Fish at a1-b1).
SCORES = "2: sun fish"


def after_the_other_ended(scored: list[list[str]] | None = None) -> StonesState:
    """Player 2 ends a turn keeping a scoring card and a filler, drawing two fillers;
    Player 1, to act, holds fillers."""
    state = position(
        2,
        [[FILLER] * 4, [SCORES, FILLER]],
        draw=[FILLER] * 4,
        scored=scored,
        turn=1,
        skipped=(False, False),
        retired=(False, False),
    )
    return play(state, "end")


def holds_scoring_card_kept(deal: StonesState, view: StonesState) -> bool:
    """Whether `deal` gives Player 2 the scoring card among the two cards it kept."""
    return any(view.cards[c].value == 2 for c in deal.hands[1][:2])


def test_a_deal_giving_the_other_a_card_they_would_have_scored_is_less_likely() -> None:
    state = after_the_other_ended()
    view = state.view(0)
    rng = random.Random(3)
    seen = set()
    for _ in range(200):
        deal = view.determinize(rng)
        expected = MISSED if holds_scoring_card_kept(deal, view) else 1.0
        assert view.deal_likelihood(deal) == expected
        seen.add(expected)
    assert seen == {MISSED, 1.0}


def test_nothing_is_inferred_where_scoring_would_have_ended_the_game_or_mid_turn() -> None:
    target = after_the_other_ended().game_end_target()
    nine = [[FILLER] * 0, [FILLER] * (target - 1)]
    near_the_end = after_the_other_ended(scored=nine).view(0)
    mid_turn = play(after_the_other_ended(), "flip a1 pay 1").view(0)
    rng = random.Random(4)
    for view in (near_the_end, mid_turn):
        for _ in range(50):
            assert view.deal_likelihood(view.determinize(rng)) == 1.0


def test_the_seat_that_ended_infers_nothing_about_itself() -> None:
    view = after_the_other_ended().view(1)
    rng = random.Random(5)
    assert all(view.deal_likelihood(view.determinize(rng)) == 1.0 for _ in range(50))
