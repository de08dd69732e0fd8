"""Shifting Stones chosen by taps: shift (a stone, its neighbour, the card that pays),
flip (a stone, the card that pays), score (a card that scores now), end the turn, skip.
Every label is a phrase of the game's catalogue, so that players read it in their
language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.shifting_stones.moves import End, Flip, Move, Score, Shift
from games.shifting_stones.phrasebook import say
from games.shifting_stones.stones import cell_name, symbol_name
from games.steps import Step

if TYPE_CHECKING:
    from games.shifting_stones.state import StonesState

#: The first step of each kind of move: its key, words and notation.
SHIFT = Step("shift", say("shift: swap two stones side by side"), "shift")
FLIP = Step("flip", say("flip a stone over"), "flip")
SCORE = Step("score", say("score a card"), "score")


def move_steps(state: StonesState, move: Move) -> tuple[Step, ...]:
    """The steps of a legal move of `state`, cards in the words of the mover's view."""
    written = move.notation()
    if isinstance(move, Shift):
        first, second = cell_name(move.first), cell_name(move.second)
        return (
            SHIFT,
            _stone(state, move.first, f"shift {first}"),
            _stone(state, move.second, f"shift {first} {second}"),
            _paying(state, move.pay, written),
        )
    if isinstance(move, Flip):
        return (
            FLIP,
            _stone(state, move.cell, f"flip {cell_name(move.cell)}"),
            _paying(state, move.pay, written),
        )
    if isinstance(move, Score):
        return (SCORE, _scoring(state, move.card, written))
    key = "end" if isinstance(move, End) else "skip"
    if isinstance(move, End):
        ending = say("end the turn")
        if draws := state.end_draws():
            ending = say.counted(
                "end the turn and draw {count} card",
                "end the turn and draw {count} cards",
                count=draws,
            )
    else:
        ending = say("skip the turn and draw 2 cards")
    if state.end_strikes():
        ending = say("{ending} (a strike: no card scored this turn)", ending=ending)
    return (Step(key, ending, written),)


def _stone(state: StonesState, cell: int, notation: str) -> Step:
    """The stone on `cell`, by its symbol and its cell."""
    name = cell_name(cell)
    words = say("the {symbol} on {cell}", symbol=symbol_name(state.grid[cell]), cell=name)
    return Step(name, words, notation)


def _paying(state: StonesState, place: int, notation: str) -> Step:
    """The card at `place` of the mover's hand that pays for a shift or a flip."""
    card = state.known_card(state.turn, place)
    number = place + 1
    if card is None:
        return Step(str(number), say("pay with card {number}", number=number), notation)
    words = say("pay with card {number} ({card})", number=number, card=card.words())
    return Step(str(number), words, notation)


def _scoring(state: StonesState, place: int, notation: str) -> Step:
    """The card at `place` of the mover's hand that scores now, and where it scores."""
    card = state.known_card(state.turn, place)
    number = place + 1
    where = state.scoring_places(state.turn).get(place, ())
    cells = ", ".join(cell_name(cell) for cell in where)
    if card is None:
        words = (
            say("score card {number} at {cells}", number=number, cells=cells)
            if cells
            else say("score card {number}", number=number)
        )
    elif cells:
        words = say(
            "score card {number} ({card}) at {cells}", number=number, card=card.words(), cells=cells
        )
    else:
        words = say("score card {number} ({card})", number=number, card=card.words())
    return Step(str(number), words, notation)
