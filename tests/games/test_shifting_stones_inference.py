"""Shifting Stones deals the cards a seat cannot see by how likely the turn just played
makes them (`games.shifting_stones.inference`): a card the player would have scored is
dealt to them less often, a card that explains their shift or flip more often; nothing
is inferred where the view shows no such turn; deals stay consistent with the view and
repeatable for a seed."""

from __future__ import annotations

import random

from games.shifting_stones import StonesState
from games.shifting_stones.inference import deal, uniform_deal
from games.shifting_stones.odds import distance
from games.shifting_stones.stones import grid_mask
from tests.games.shifting_stones_helpers import FILLER, play, position

#: Scores on the helpers' grid (a Sun left of a Fish at a1-b1).
SCORES = "2: sun fish"
#: Two flips from scoring on the helpers' grid (column c: Horse, Seed, Seed); after
#: `flip c3` one (Horse, Seed, Tree).
APPROACH = "2: horse / tree / tree"
#: Deals drawn to compare how often a card is dealt somewhere.
DEALS = 600


def ended_keeping(kept: list[str], drawn: int, *moves: str, **fields: object) -> StonesState:
    """Player 2 plays `moves` and ends the turn keeping `kept`, drawing `drawn` fillers;
    Player 1, to act next, holds fillers."""
    state = position(
        2,
        [[FILLER] * 4, kept],
        draw=[FILLER] * (drawn + 3),
        turn=1,
        skipped=(False, False),
        retired=(False, False),
        **fields,  # type: ignore[arg-type]
    )
    return play(state, *moves, "end")


def dealt_kept(view: StonesState, text: str, dealer: object, seed: int) -> int:
    """In how many of `DEALS` deals (by `dealer`, seeded) Player 2's kept cards (those
    before the ones the end of the turn drew) hold the card `text`."""
    rng = random.Random(seed)
    kept = len(view.hands[1]) - view.recent[-1].drew
    count = 0
    for _ in range(DEALS):
        dealt = dealer(view, rng)  # type: ignore[operator]
        count += any(view.cards[c].text() == text for c in dealt.hands[1][:kept])
    return count


def test_a_card_the_player_would_have_scored_is_dealt_to_them_less_often() -> None:
    view = ended_keeping([SCORES, FILLER], 2).view(0)
    scores = next(c for c in view.cards if c.text() == SCORES)
    assert scores.scores_on(grid_mask(view.grid))
    uniform = dealt_kept(view, SCORES, uniform_deal, 1)
    weighted = dealt_kept(view, SCORES, deal, 1)
    assert DEALS / 4 < uniform < DEALS * 0.42  # 2 kept places of 6 unseen: 1 in 3
    assert weighted < uniform / 2


def test_a_card_that_explains_the_players_flip_is_dealt_to_them_more_often() -> None:
    # Player 2 flips c3 paying a filler, and ends keeping only the card it brought
    # within one change of scoring.
    state = ended_keeping([FILLER, APPROACH], 3, "flip c3 pay 1")
    view = state.view(0)
    card = next(c for c in view.cards if c.text() == APPROACH)
    before = tuple(view.grid[:8]) + (view.grid[8] ^ 1,)
    assert (distance(before, card), distance(view.grid, card)) == (2, 1)
    uniform = dealt_kept(view, APPROACH, uniform_deal, 2)
    weighted = dealt_kept(view, APPROACH, deal, 2)
    assert uniform < DEALS / 5  # 1 kept place of 7 unseen
    assert weighted > 2 * uniform


def test_nothing_is_inferred_mid_turn_near_the_end_or_by_the_player_of_the_turn() -> None:
    scored = [[], [FILLER] * (ended_keeping([SCORES], 3).game_end_target() - 1)]
    near_the_end = ended_keeping([SCORES, FILLER], 2, scored=scored).view(0)
    mid_turn = play(ended_keeping([SCORES, FILLER], 2), "flip a1 pay 1").view(0)
    own_turn = ended_keeping([SCORES, FILLER], 2).view(1)
    for view in (near_the_end, mid_turn, own_turn):
        for seed in range(20):
            assert deal(view, random.Random(seed)) == uniform_deal(view, random.Random(seed))


def test_weighted_deals_are_repeatable_and_keep_what_the_seat_sees() -> None:
    state = ended_keeping([SCORES, FILLER], 2)
    view = state.view(0)
    for seed in range(30):
        dealt = view.determinize(random.Random(seed))
        assert dealt == view.determinize(random.Random(seed))
        assert dealt.view(0) == view
        assert not dealt.is_view
