"""How a Shifting Stones game ended: solo won or lost, or the final count with the bonus."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.base import Outcome
from games.shifting_stones.rules import BONUS, END_TRIGGER, STRIKES, bonus_seats, ones, points
from games.wording import join_words, plural

if TYPE_CHECKING:
    from games.shifting_stones.state import StonesState


def final_outcome(state: StonesState) -> Outcome:
    """The outcome of a finished game (`state.ending` is set)."""
    if state.solo:
        return _solo_outcome(state)
    active = state.active()
    bonus = bonus_seats(state.scored, state.cards, active)
    scores = tuple(
        points(state.scored[s], state.cards) + (BONUS if s in bonus else 0)
        for s in range(state.players)
    )
    if state.ending == "alone":
        why = f"{state.seat_name(active[0])} is the last player left and wins."
        return Outcome(active, False, why, scores)
    sentences = [_trigger_sentence(state)]
    if bonus:
        most = ones(state.scored[bonus[0]], state.cards)
        who = join_words([state.seat_name(s) for s in bonus])
        gains = "gains" if len(bonus) == 1 else "each gain"
        cards = plural(most, "1-point card")
        sentences.append(f"Most 1-point cards ({cards}): {who} {gains} {BONUS} points.")
    best = max(scores[s] for s in active)
    winners = tuple(s for s in active if scores[s] == best)
    if len(winners) == 1:
        sentences.append(f"{state.seat_name(winners[0])} wins with {plural(best, 'point')}.")
    else:
        names = join_words([state.seat_name(s) for s in winners])
        sentences.append(f"{names} share the win with {plural(best, 'point')}.")
    return Outcome(winners, False, " ".join(sentences), scores)


def _trigger_sentence(state: StonesState) -> str:
    """Who reached the end trigger first, and that the round was played out."""
    target = END_TRIGGER[state.players]
    reached = [s for s in range(state.players) if len(state.scored[s]) >= target]
    who = join_words([state.seat_name(s) for s in reached]) or "A player"
    return (
        f"{who} scored {target} or more cards, and the round was played out so that everyone "
        "had as many turns."
    )


def _solo_outcome(state: StonesState) -> Outcome:
    """Solo: won when every card is scored, lost on the fourth strike."""
    scored = len(state.scored[0])
    scores = (points(state.scored[0], state.cards),)
    name = state.seat_name(0)
    if state.ending == "won":
        strikes = plural(state.strikes, "strike")
        why = f"{name} scored all {scored} cards with {strikes}: the solo game is won."
        return Outcome((0,), False, why, scores)
    why = (
        f"{name} got strike {STRIKES} with {scored} of {len(state.cards)} cards scored: "
        "the solo game is lost."
    )
    return Outcome((), False, why, scores)
