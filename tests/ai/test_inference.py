"""A level that infers (`Budget.inferred`) deals the cards it cannot see as likely as the
game says the others' play makes them (`GameState.deal_likelihood`), by keeping each deal
it draws with those odds; a level that does not deals them uniformly, as before."""

from __future__ import annotations

import random

import pytest

import ai
import games
from ai.search import DEAL_TRIES, Search
from games import GameState


def start_view() -> GameState:
    """Player 1's view of a Shifting Stones start: Player 2's hand and the draw pile
    unseen."""
    return games.get("shifting-stones").new(players=2, seed=1).view(0)


def favoured(view: GameState) -> int:
    """A card `view` does not see, to be made likelier in Player 2's hand."""
    return max(set(range(len(view.cards))) - set(view.hands[0]))  # type: ignore[attr-defined]


def holds(deal: GameState, card: int) -> bool:
    """Whether Player 2 holds `card` in `deal` (a full Shifting Stones state)."""
    return card in deal.hands[1]  # type: ignore[attr-defined]


def share_holding(view: GameState, card: int, inferred: bool) -> float:
    """How often a search's deals give Player 2 `card`."""
    budget = ai.Budget(iterations=1, seconds=60.0, lookahead=0, playout_plies=4, inferred=inferred)
    search = Search(view, budget, random.Random(7))
    deals = [search._deal() for _ in range(2000)]
    return sum(holds(d, card) for d in deals) / len(deals)


def test_an_inferring_search_deals_by_the_games_likelihood(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = start_view()
    card = favoured(view)
    # The game says the others' play is 9 times as likely with that card.
    monkeypatch.setattr(
        type(view), "deal_likelihood", lambda _, deal: 1.0 if holds(deal, card) else 1 / 9
    )
    unseen = len(view.cards) - len(view.hands[0])  # type: ignore[attr-defined]
    uniform = 4 / unseen  # Player 2's four cards among the unseen
    weighed = 9 * uniform / (9 * uniform + 1 - uniform)
    assert share_holding(view, card, False) == pytest.approx(uniform, abs=0.025)
    assert share_holding(view, card, True) == pytest.approx(weighed, abs=0.04)


def test_an_impossible_deal_is_kept_after_the_last_try(monkeypatch: pytest.MonkeyPatch) -> None:
    view = start_view()
    drawn: list[GameState] = []
    real = type(view).determinize

    def counted(self: GameState, rng: random.Random) -> GameState:
        drawn.append(real(self, rng))
        return drawn[-1]

    monkeypatch.setattr(type(view), "determinize", counted)
    monkeypatch.setattr(type(view), "deal_likelihood", lambda _, deal: 0.0)
    budget = ai.Budget(iterations=1, seconds=60.0, lookahead=0, playout_plies=4, inferred=True)
    deal = Search(view, budget, random.Random(1))._deal()
    assert len(drawn) == DEAL_TRIES
    assert deal is drawn[-1]


def test_hard_and_master_infer_and_the_levels_below_do_not() -> None:
    assert [level.budget.inferred for level in ai.Level] == [False, False, True, True]
