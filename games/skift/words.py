"""Skift in words: short phrases for moves and the reason a game ended."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.base import Outcome
from games.skift.geometry import DIRECTION_WORDS
from games.skift.model import SEAT_NAMES, LastAction, Move, PieceMove, Rotation, TileMove
from games.skift.phrasebook import say
from games.wording import Phrase

if TYPE_CHECKING:
    from games.skift.state import SkiftState


def _piece_words(state: SkiftState, move: PieceMove, last: LastAction) -> Phrase:
    """A piece move in words, with the pieces it pushes and the one that falls off."""
    piece = state.pieces[move.src]
    where = {
        "piece": piece.name,
        "source": state.square_name(move.src),
        "target": state.square_name(move.dst),
    }
    pushed = len(last.displaced) - 1
    if last.fallen:
        (before, _), (_, fallen) = last.displaced[-1], last.fallen[0]
        off = {"fallen": fallen.name, "square": state.square_name(before)}
        if pushed:
            return say.counted(
                "{piece} {source} to {target}, pushing {count} piece; the {fallen} from "
                "{square} falls off",
                "{piece} {source} to {target}, pushing {count} pieces; the {fallen} from "
                "{square} falls off",
                count=pushed,
                **where,
                **off,
            )
        return say(
            "{piece} {source} to {target}; the {fallen} from {square} falls off", **where, **off
        )
    if pushed:
        return say.counted(
            "{piece} {source} to {target}, pushing {count} piece",
            "{piece} {source} to {target}, pushing {count} pieces",
            count=pushed,
            **where,
        )
    return say("{piece} {source} to {target}", **where)


def _tile_words(move: TileMove, last: LastAction) -> Phrase:
    """A tile move in words: the move, then what it pushes, keeps and splits off, each
    a clause of its own (phrases within the whole)."""
    seat = SEAT_NAMES[last.seat]
    moved = say(
        "{colour} moves tile {tile} {direction}",
        colour=seat,
        tile=move.tile,
        direction=DIRECTION_WORDS[move.direction],
    )
    clauses: list[Phrase] = [moved]
    pushed = len(last.tiles_moved) - 1
    if pushed:
        clauses.append(
            say.counted(", pushing {count} tile", ", pushing {count} tiles", count=pushed)
        )
    if move.keep:
        clauses.append(say(", keeping the group with {tile}", tile=move.keep))
    if last.tiles_removed:
        gone = [name for name, _ in last.tiles_removed]
        if len(gone) == 1:
            clauses.append(say("; tile {tile} splits off and leaves", tile=gone[0]))
        else:
            clauses.append(say("; tiles {tiles} split off and leave", tiles=say.listed(gone)))
        if last.pieces_removed:
            count = len(last.pieces_removed)
            clauses.append(say.counted(" with {count} piece", " with {count} pieces", count=count))
    text = clauses[0]
    for clause in clauses[1:]:
        text = say("{text}{clause}", text=text, clause=clause)
    return text


def describe(state: SkiftState, move: Move, last: LastAction) -> str:
    """A short phrase for a legal move of `state` whose effect is `last`."""
    seat = SEAT_NAMES[last.seat]
    if isinstance(move, PieceMove):
        return _piece_words(state, move, last)
    if isinstance(move, TileMove):
        return _tile_words(move, last)
    if isinstance(move, Rotation):
        return say("{colour} turns tile {tile} around", colour=seat, tile=move.tile)
    return say("{colour} passes, having no legal action", colour=seat)


def _shortage(kings: int, pawns: int) -> Phrase:
    if not kings and not pawns:
        return say("no pieces left")
    return say("no kings left") if not kings else say("no pawns left")


def ending(white: tuple[int, int], black: tuple[int, int]) -> Outcome | None:
    """How the game ends, given (kings, pawns) of each seat; None while both have both."""
    counts = (white, black)
    out = [not kings or not pawns for kings, pawns in counts]
    if not any(out):
        return None
    if not all(out):
        loser = out.index(True)
        reason = say(
            "{colour} has {shortage}.", colour=SEAT_NAMES[loser], shortage=_shortage(*counts[loser])
        )
        return Outcome(winners=(1 - loser,), draw=False, reason=reason)
    totals = tuple(kings + pawns for kings, pawns in counts)
    both = {"white": _shortage(*white), "black": _shortage(*black)}
    if totals[0] == totals[1]:
        reason = say.counted(
            "Both players are out at once (White has {white}, Black has {black}), with {count} "
            "piece each: a draw.",
            "Both players are out at once (White has {white}, Black has {black}), with {count} "
            "pieces each: a draw.",
            count=totals[0],
            **both,
        )
        return Outcome(winners=(), draw=True, reason=reason, scores=totals)
    winner = 0 if totals[0] > totals[1] else 1
    reason = say(
        "Both players are out at once (White has {white}, Black has {black}); {colour} has "
        "more pieces left, {most} to {least}.",
        colour=SEAT_NAMES[winner],
        most=totals[winner],
        least=totals[1 - winner],
        **both,
    )
    return Outcome(winners=(winner,), draw=False, reason=reason, scores=totals)
