"""Why a move is refused: one sentence naming the rule, for a player to act on.

`why_illegal` explains a move value that is not legal now; `resolve_score_request` turns a
typed scoring request into the one scoring move it names, or says what to type instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.base import IllegalMove
from games.shiftago.geometry import COLUMNS, square_name
from games.shiftago.moves import Move, Score, ScoreRequest
from games.shiftago.phrasebook import say
from games.shiftago.rules import first_gap, min_line
from games.shiftago.words import COLOURS

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
        raise IllegalMove(say("Say which line to score: {choices}.", choices=_listing(choices)))
    start, end = sorted((request.first, request.second))
    line = next((ln for ln in state.pending_lines if ln[0] == start and ln[-1] == end), None)
    if line is None:
        ends = f"{square_name(start)}-{square_name(end)}"
        longer = next((ln for ln in state.pending_lines if {start, end} <= set(ln)), None)
        if longer:
            raise IllegalMove(
                say(
                    "{ends} is part of the longer line {longer}: a line always scores at its "
                    "full length.",
                    ends=ends,
                    longer=f"{square_name(longer[0])}-{square_name(longer[-1])}",
                )
            )
        raise IllegalMove(
            say(
                "{ends} is not a line of {colour}'s that can score; choose {choices}.",
                ends=ends,
                colour=name,
                choices=_listing(choices),
            )
        )
    if state.players == 2:
        if request.keep is not None:
            raise IllegalMove(
                say(
                    "With two players both end marbles stay on the tray; type {move}.",
                    move=f"x {square_name(start)}-{square_name(end)}",
                )
            )
        return Score(start, end)
    if request.keep is None or request.keep not in (start, end):
        options = say.alternatives([m.notation() for m in choices if m.start == start])
        if request.keep is None:
            raise IllegalMove(
                say("Say which end marble stays on the tray: {choices}.", choices=options)
            )
        raise IllegalMove(
            say(
                "The marble that stays must be an end of the line, not {square}: {choices}.",
                square=square_name(request.keep),
                choices=options,
            )
        )
    return Score(start, end, request.keep)


def _listing(moves: list[Score]) -> str:
    return ", ".join(move.notation() for move in moves)


def _nothing_to_score(state: ShiftagoState) -> str:
    """Why a scoring move is refused when no scoring is pending."""
    if not state.keeps_score():
        length = min_line(state.variant, state.players)
        return say(
            "Express keeps no score: a line of {length} wins at once. Type an insertion, "
            "such as Nc or W4.",
            length=length,
        )
    return say(
        "{colour} has no line to score now: score only right after an insertion that makes "
        "a line long enough.",
        colour=COLOURS[state.turn],
    )


def why_illegal(state: ShiftagoState, move: Move) -> str | None:
    """Why `move` (a move value) is not legal now, as a sentence; None when it is legal."""
    result = state.outcome()
    if result is not None:  # the game has ended
        return say("The game is over: {reason}", reason=result.reason)
    name = COLOURS[state.turn]
    if isinstance(move, Score):
        if not state.scoring:
            return _nothing_to_score(state)
        choices = state.scoring_choices()
        if move not in choices:
            return say(
                "That is not one of {colour}'s scoring choices: {choices}.",
                colour=name,
                choices=_listing(choices),
            )
        return None
    if state.scoring:
        return say(
            "{colour} must first score a line (scoring is compulsory): {choices}.",
            colour=name,
            choices=_listing(state.scoring_choices()),
        )
    if first_gap(state.board, move.edge, move.lane) is None:
        if move.edge in "NS":
            return say(
                "Column {column} is full: no marble may enter a full lane, because no marble "
                "may be pushed off the tray.",
                column=COLUMNS[move.lane],
            )
        return say(
            "Row {row} is full: no marble may enter a full lane, because no marble may be "
            "pushed off the tray.",
            row=move.lane + 1,
        )
    if state.lone_colour_applies() and state.breaks_lone_colour(move):
        return say(
            "While only {colour} marbles are on the tray they may not touch (the lone-colour "
            "rule): {move} would leave two of them side by side.",
            colour=name,
            move=move.notation(),
        )
    return None
