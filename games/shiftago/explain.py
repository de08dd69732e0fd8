"""Why a move is refused: one sentence naming the rule, for a player to act on.

`why_illegal` explains a move value that is not legal now; `resolve_score_request` turns a
typed scoring request into the one scoring move it names, or says what to type instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.base import IllegalMove
from games.shiftago.geometry import square_name
from games.shiftago.moves import Move, Score, ScoreRequest
from games.shiftago.rules import first_gap, min_line
from games.shiftago.words import COLOURS, lane_words

if TYPE_CHECKING:
    from games.shiftago.state import ShiftagoState


def resolve_score_request(state: ShiftagoState, request: ScoreRequest) -> Score:
    """Turn a typed scoring request into the one scoring move it names."""
    name = COLOURS[state.turn]
    if state.ending or not state.scoring:
        raise IllegalMove(_nothing_to_score(state))
    choices = state.scoring_choices()
    if request.first is None or request.second is None:  # the squares come in pairs
        if len(choices) == 1:
            return choices[0]
        raise IllegalMove(f"Say which line to score: {_listing(choices)}.")
    start, end = sorted((request.first, request.second))
    line = next((ln for ln in state.pending_lines if ln[0] == start and ln[-1] == end), None)
    if line is None:
        ends = f"{square_name(start)}-{square_name(end)}"
        longer = next((ln for ln in state.pending_lines if {start, end} <= set(ln)), None)
        if longer:
            raise IllegalMove(
                f"{ends} is part of the longer line {square_name(longer[0])}-"
                f"{square_name(longer[-1])}: a line always scores at its full length."
            )
        raise IllegalMove(
            f"{ends} is not a line of {name}'s that can score; choose {_listing(choices)}."
        )
    if state.players == 2:
        if request.keep is not None:
            raise IllegalMove(
                "With two players both end marbles stay on the tray; "
                f"type x {square_name(start)}-{square_name(end)}."
            )
        return Score(start, end)
    if request.keep is None or request.keep not in (start, end):
        options = " or ".join(m.notation() for m in choices if m.start == start)
        if request.keep is None:
            raise IllegalMove(f"Say which end marble stays on the tray: {options}.")
        raise IllegalMove(
            f"The marble that stays must be an end of the line, not "
            f"{square_name(request.keep)}: {options}."
        )
    return Score(start, end, request.keep)


def _listing(moves: list[Score]) -> str:
    return ", ".join(move.notation() for move in moves)


def _nothing_to_score(state: ShiftagoState) -> str:
    """Why a scoring move is refused when no scoring is pending."""
    if not state.keeps_score():
        length = min_line(state.variant, state.players)
        return (
            f"Express keeps no score: a line of {length} wins at once. "
            "Type an insertion, such as Nc or W4."
        )
    return (
        f"{COLOURS[state.turn]} has no line to score now: score only right after an "
        "insertion that makes a line long enough."
    )


def why_illegal(state: ShiftagoState, move: Move) -> str | None:
    """Why `move` (a move value) is not legal now, as a sentence; None when it is legal."""
    result = state.outcome()
    if result is not None:  # the game has ended
        return f"The game is over: {result.reason}"
    name = COLOURS[state.turn]
    if isinstance(move, Score):
        if not state.scoring:
            return _nothing_to_score(state)
        choices = state.scoring_choices()
        if move not in choices:
            return f"That is not one of {name}'s scoring choices: {_listing(choices)}."
        return None
    if state.scoring:
        return (
            f"{name} must first score a line (scoring is compulsory): "
            f"{_listing(state.scoring_choices())}."
        )
    if first_gap(state.board, move.edge, move.lane) is None:
        lane = lane_words(move.edge, move.lane)
        return (
            f"{lane.capitalize()} is full: no marble may enter a full lane, because no "
            "marble may be pushed off the tray."
        )
    if state.lone_colour_applies() and state.breaks_lone_colour(move):
        return (
            f"While only {name} marbles are on the tray they may not touch (the lone-colour "
            f"rule): {move.notation()} would leave two of them side by side."
        )
    return None
