"""How a Shifting Stones game ended: solo won or lost, or the final count with the bonus."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.base import Outcome
from games.shifting_stones.phrasebook import say
from games.shifting_stones.rules import BONUS, END_TRIGGER, STRIKES, bonus_seats, final_scores, ones
from games.wording import Phrase

if TYPE_CHECKING:
    from games.shifting_stones.state import StonesState


def final_outcome(state: StonesState) -> Outcome:
    """The outcome of a finished game (`state.ending` is set)."""
    if state.solo:
        return _solo_outcome(state)
    active = state.active()
    bonus = bonus_seats(state.scored, state.cards, active)
    scores = final_scores(state.scored, state.cards, bonus)
    if state.ending == "alone":
        why = say("{name} is the last player left and wins.", name=state.seat_name(active[0]))
        return Outcome(active, False, why, scores)
    best = max(scores[s] for s in active)
    winners = tuple(s for s in active if scores[s] == best)
    trigger, result = _trigger_sentence(state), _win_sentence(state, winners, best)
    if bonus:
        reason = say(
            "{trigger} {bonus} {result}",
            trigger=trigger,
            bonus=_bonus_sentence(state, bonus),
            result=result,
        )
    else:
        reason = say("{trigger} {result}", trigger=trigger, result=result)
    return Outcome(winners, False, reason, scores)


def _trigger_sentence(state: StonesState) -> Phrase:
    """Who reached the end trigger first, and that the round was played out."""
    target = END_TRIGGER[state.players]
    reached = [state.seat_name(s) for s in range(state.players) if len(state.scored[s]) >= target]
    return say(
        "{names} scored {target} or more cards, and the round was played out so that everyone "
        "had as many turns.",
        names=say.listed(reached) or say("A player"),
        target=target,
    )


def _bonus_sentence(state: StonesState, bonus: tuple[int, ...]) -> Phrase:
    """Who earned the bonus for the most 1-point cards, and how many they have."""
    most = ones(state.scored[bonus[0]], state.cards)
    names = say.listed([state.seat_name(s) for s in bonus])
    if len(bonus) == 1:
        return say.counted(
            "Most 1-point cards ({count} 1-point card): {names} gains {bonus} points.",
            "Most 1-point cards ({count} 1-point cards): {names} gains {bonus} points.",
            count=most,
            names=names,
            bonus=BONUS,
        )
    return say.counted(
        "Most 1-point cards ({count} 1-point card): {names} each gain {bonus} points.",
        "Most 1-point cards ({count} 1-point cards): {names} each gain {bonus} points.",
        count=most,
        names=names,
        bonus=BONUS,
    )


def _win_sentence(state: StonesState, winners: tuple[int, ...], best: int) -> Phrase:
    """Who wins, or who share the win, and with how many points."""
    if len(winners) == 1:
        return say.counted(
            "{name} wins with {count} point.",
            "{name} wins with {count} points.",
            count=best,
            name=state.seat_name(winners[0]),
        )
    return say.counted(
        "{names} share the win with {count} point.",
        "{names} share the win with {count} points.",
        count=best,
        names=say.listed([state.seat_name(s) for s in winners]),
    )


def _solo_outcome(state: StonesState) -> Outcome:
    """Solo: won when every card is scored, lost on the fourth strike."""
    scored = len(state.scored[0])
    scores = (state.points_so_far(0),)
    name = state.seat_name(0)
    if state.ending == "won":
        why = say.counted(
            "{name} scored all {cards} cards with {count} strike: the solo game is won.",
            "{name} scored all {cards} cards with {count} strikes: the solo game is won.",
            count=state.strikes,
            name=name,
            cards=scored,
        )
        return Outcome((0,), False, why, scores)
    why = say(
        "{name} got strike {strike} with {scored} of {cards} cards scored: the solo game is lost.",
        name=name,
        strike=STRIKES,
        scored=scored,
        cards=len(state.cards),
    )
    return Outcome((), False, why, scores)
