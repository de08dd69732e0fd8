"""Why an action is refused: each reason names the rule, in a whole sentence."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.shifting_stones.moves import End, Move, Score, Shift, Skip, card_place
from games.shifting_stones.phrasebook import say
from games.shifting_stones.stones import adjacent, cell_name, grid_mask

if TYPE_CHECKING:
    from games.shifting_stones.state import StonesState


def why_illegal(state: StonesState, move: Move) -> str | None:
    """The rule that forbids `move` now, or None when it is legal."""
    if state.ending:
        return say("The game is over.")
    if isinstance(move, End):
        return None
    if isinstance(move, Skip):
        if state.this_turn():
            return say(
                "A skip takes the place of the whole turn, and you have acted this turn "
                "already: end the turn instead."
            )
        if state.skipped[state.turn]:
            return say("You skipped your last turn, and no one may skip two turns in a row.")
        return None
    if isinstance(move, Shift) and not adjacent(move.first, move.second):
        return say(
            "Only stones side by side can be shifted, not diagonally or further apart: "
            "{first} and {second} do not share a side.",
            first=cell_name(move.first),
            second=cell_name(move.second),
        )
    place = card_place(move)
    assert place is not None
    reason = _no_card(state, place, move)
    if reason or not isinstance(move, Score):
        return reason
    card = state.known_card(state.turn, place)
    if card is None:
        return say(
            "Card {card} is hidden in this view of the game, so it cannot be judged.",
            card=place + 1,
        )
    if not card.scores_on(grid_mask(state.grid)):
        return say(
            "Card {card} ({words}) does not match the grid: its pattern must appear exactly "
            "as drawn, never turned or mirrored.",
            card=place + 1,
            words=card.words(),
        )
    return None


def _no_card(state: StonesState, place: int, move: Move) -> str | None:
    """Why hand place `place` cannot pay for (or be) the shift, flip or score `move`, or
    None."""
    hand = state.hands[state.turn]
    held = [p for p, card in enumerate(hand) if card is not None]
    if not held:
        if isinstance(move, Score):
            return say("You have no card left in your hand to score.")
        if isinstance(move, Shift):
            return say(
                "A shift costs a card from your hand, and you have none left: end your turn."
            )
        return say("A flip costs a card from your hand, and you have none left: end your turn.")
    if place >= len(hand):
        return say(
            "You have no card {card}: your cards are numbered {numbers}.",
            card=place + 1,
            numbers=", ".join(str(p + 1) for p in held),
        )
    if hand[place] is None:
        return say("Card {card} has been used already this turn.", card=place + 1)
    return None
