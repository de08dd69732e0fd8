"""Skift in words: short phrases for moves and the reason a game ended."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.base import Outcome
from games.skift.geometry import DIRECTION_WORDS
from games.skift.model import SEAT_NAMES, LastAction, Move, PieceMove, Rotation, TileMove
from games.wording import join_words, plural

if TYPE_CHECKING:
    from games.skift.state import SkiftState


def describe(state: SkiftState, move: Move, last: LastAction) -> str:
    """A short phrase for a legal move of `state` whose effect is `last`."""
    seat = SEAT_NAMES[last.seat]
    if isinstance(move, PieceMove):
        piece = state.pieces[move.src]
        text = f"{piece.name} {state.square_name(move.src)} to {state.square_name(move.dst)}"
        pushed = len(last.displaced) - 1
        if pushed:
            text += f", pushing {plural(pushed, 'piece')}"
        if last.fallen:
            (before, _), (_, fallen) = last.displaced[-1], last.fallen[0]
            text += f"; the {fallen.name} from {state.square_name(before)} falls off"
        return text
    if isinstance(move, TileMove):
        text = f"{seat} moves tile {move.tile} {DIRECTION_WORDS[move.direction]}"
        pushed = len(last.tiles_moved) - 1
        if pushed:
            text += f", pushing {plural(pushed, 'tile')}"
        if move.keep:
            text += f", keeping the group with {move.keep}"
        if last.tiles_removed:
            gone = [name for name, _ in last.tiles_removed]
            if len(gone) == 1:
                text += f"; tile {gone[0]} splits off and leaves"
            else:
                text += f"; tiles {join_words(gone)} split off and leave"
            if last.pieces_removed:
                text += f" with {plural(len(last.pieces_removed), 'piece')}"
        return text
    if isinstance(move, Rotation):
        return f"{seat} turns tile {move.tile} around"
    return f"{seat} passes, having no legal action"


def _shortage(kings: int, pawns: int) -> str:
    if not kings and not pawns:
        return "no pieces left"
    return "no kings left" if not kings else "no pawns left"


def ending(white: tuple[int, int], black: tuple[int, int]) -> Outcome | None:
    """How the game ends, given (kings, pawns) of each seat; None while both have both."""
    counts = (white, black)
    out = [not kings or not pawns for kings, pawns in counts]
    if not any(out):
        return None
    if not all(out):
        loser = out.index(True)
        reason = f"{SEAT_NAMES[loser]} has {_shortage(*counts[loser])}."
        return Outcome(winners=(1 - loser,), draw=False, reason=reason)
    totals = tuple(kings + pawns for kings, pawns in counts)
    both = (
        f"Both players are out at once ({SEAT_NAMES[0]} has {_shortage(*white)}, "
        f"{SEAT_NAMES[1]} has {_shortage(*black)})"
    )
    if totals[0] == totals[1]:
        reason = f"{both}, with {plural(totals[0], 'piece')} each: a draw."
        return Outcome(winners=(), draw=True, reason=reason, scores=totals)
    winner = 0 if totals[0] > totals[1] else 1
    reason = (
        f"{both}; {SEAT_NAMES[winner]} has more pieces left, "
        f"{totals[winner]} to {totals[1 - winner]}."
    )
    return Outcome(winners=(winner,), draw=False, reason=reason, scores=totals)
