"""Shifting Stones chosen by taps: shift (a stone, its neighbour, the card that pays),
flip (a stone, the card that pays), score (a card that scores now), end the turn, skip."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.shifting_stones.moves import End, Flip, Move, Score, Shift
from games.shifting_stones.stones import cell_name, symbol_name
from games.steps import Step

if TYPE_CHECKING:
    from games.shifting_stones.state import StonesState


def move_steps(state: StonesState, move: Move) -> tuple[Step, ...]:
    """The steps of a legal move of `state`, cards in the words of the mover's view."""
    written = move.notation()
    if isinstance(move, Shift):
        first, second = cell_name(move.first), cell_name(move.second)
        return (
            Step("shift", "shift: swap two stones side by side", "shift"),
            _stone(state, move.first, f"shift {first}"),
            _stone(state, move.second, f"shift {first} {second}"),
            _card(state, move.pay, "pay with", written),
        )
    if isinstance(move, Flip):
        return (
            Step("flip", "flip a stone over", "flip"),
            _stone(state, move.cell, f"flip {cell_name(move.cell)}"),
            _card(state, move.pay, "pay with", written),
        )
    if isinstance(move, Score):
        where = state.scoring_places(state.turn).get(move.card, ())
        at = f" at {', '.join(cell_name(cell) for cell in where)}" if where else ""
        card = _card(state, move.card, "score", written)
        return (Step("score", "score a card", "score"), Step(card.key, card.label + at, written))
    if isinstance(move, End):
        return (Step("end", "end the turn (draws cards)", written),)
    return (Step("skip", "skip the turn and draw 2 cards", written),)


def _stone(state: StonesState, cell: int, notation: str) -> Step:
    name = cell_name(cell)
    return Step(name, f"the {symbol_name(state.grid[cell])} on {name}", notation)


def _card(state: StonesState, place: int, verb: str, notation: str) -> Step:
    card = state.known_card(state.turn, place)
    shown = f" ({card.words()})" if card else ""
    return Step(str(place + 1), f"{verb} card {place + 1}{shown}", notation)
