"""Why an action is refused: each reason names the rule, in a whole sentence."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.shifting_stones.moves import End, Flip, Move, Score, Shift, Skip, card_place
from games.shifting_stones.stones import adjacent, cell_name, grid_mask

if TYPE_CHECKING:
    from games.shifting_stones.state import StonesState


def why_illegal(state: StonesState, move: Move) -> str | None:
    """The rule that forbids `move` now, or None when it is legal."""
    if state.ending:
        return "The game is over."
    if isinstance(move, End):
        return None
    if isinstance(move, Skip):
        if state.this_turn():
            return (
                "A skip takes the place of the whole turn, and you have acted this turn "
                "already: end the turn instead."
            )
        if state.skipped[state.turn]:
            return "You skipped your last turn, and no one may skip two turns in a row."
        return None
    if isinstance(move, Shift) and not adjacent(move.first, move.second):
        return (
            f"Only stones side by side can be shifted, not diagonally or further apart: "
            f"{cell_name(move.first)} and {cell_name(move.second)} do not share a side."
        )
    place = card_place(move)
    assert place is not None
    reason = _no_card(state, place, "score" if isinstance(move, Score) else move_name(move))
    if reason or not isinstance(move, Score):
        return reason
    card = state.known_card(state.turn, place)
    if card is None:
        return f"Card {place + 1} is hidden in this view of the game, so it cannot be judged."
    if not card.scores_on(grid_mask(state.grid)):
        return (
            f"Card {place + 1} ({card.words()}) does not match the grid: its pattern must "
            "appear exactly as drawn, never turned or mirrored."
        )
    return None


def move_name(move: Shift | Flip) -> str:
    """ "shift" or "flip"."""
    return "shift" if isinstance(move, Shift) else "flip"


def _no_card(state: StonesState, place: int, action: str) -> str | None:
    """Why hand place `place` cannot pay for (or be) the action, or None."""
    hand = state.hands[state.turn]
    held = [p for p, card in enumerate(hand) if card is not None]
    if not held:
        if action == "score":
            return "You have no card left in your hand to score."
        return f"A {action} costs a card from your hand, and you have none left: end your turn."
    if place >= len(hand):
        numbers = ", ".join(str(p + 1) for p in held)
        return f"You have no card {place + 1}: your cards are numbered {numbers}."
    if hand[place] is None:
        return f"Card {place + 1} has been used already this turn."
    return None
