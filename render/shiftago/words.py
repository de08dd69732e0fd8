"""The Shiftago position in words, for Discord's image description (alt text)."""

from __future__ import annotations

from collections.abc import Hashable

from games.shiftago import COLOURS
from games.shiftago.geometry import square_name
from games.shiftago.state import ShiftagoState
from render.words import (
    LEFT_GAME,
    MOVES,
    OVER_DRAW,
    OVER_ENDING,
    OVER_WON,
    POINTS,
    Drawn,
    count,
    counted_forms,
    say,
)

#: Whose turn, in the header: to insert a marble, or to score a line.
TO_INSERT = "{seat} to insert"
TO_SCORE = "{seat} to score a line"
#: Each player's marbles left (and points), in the header.
RETIRED = "out"
MARBLES_LEFT = "{left} left"
MARBLES_AND_POINTS = "{left} left · {points} pts"
#: The alt text.
TITLE = "Shiftago {variant}, {players} players"
MUST_SCORE = "{title}, move {number}: {seat} must score a line ({choices})."
MUST_INSERT = "{title}, move {number}: {seat} to insert a marble."
MARBLES = counted_forms("marble")
IN_HAND = "{seat} has {marbles} in hand"
IN_HAND_POINTS = "{seat} has {marbles} in hand and {points}"
SITS_OUT = ("{player} (sits out {count} more turn)", "{player} (sits out {count} more turns)")
LAST_TURN = "Last turn: {actions}."
THEN = "{earlier}; then {later}"
SAT_OUT = "{seats} sat out a turn."
TRAY_EMPTY = "The tray is empty."
ON_TRAY = "On the tray: {marbles}."
SEAT_ON = "{seat} on {squares}"


def _turn(state: ShiftagoState, ending: str | None) -> str:
    title = say(TITLE, variant=state.variant.capitalize(), players=state.players)
    moves = count(MOVES, state.turn_number - 1)
    if ending is not None:
        return say(OVER_ENDING, title=title, moves=moves, ending=ending)
    outcome, seat = state.outcome(), state.current_player
    if outcome is None:
        assert seat is not None, "a running game has a seat to act"
        if state.scoring:
            choices = ", ".join(state.format_move(m) for m in state.legal_moves())
            number = state.turn_number
            return say(MUST_SCORE, title=title, number=number, seat=COLOURS[seat], choices=choices)
        return say(MUST_INSERT, title=title, number=state.turn_number, seat=COLOURS[seat])
    if outcome.draw:
        return say(OVER_DRAW, title=title, moves=moves, reason=outcome.reason)
    winner = COLOURS[outcome.winners[0]]
    return say(OVER_WON, title=title, moves=moves, seat=winner, reason=outcome.reason)


def _players(state: ShiftagoState) -> str:
    parts = []
    for seat in range(state.players):
        marbles = count(MARBLES, state.supply[seat])
        if state.keeps_score():
            points = count(POINTS, state.scores[seat])
            text = say(IN_HAND_POINTS, seat=COLOURS[seat], marbles=marbles, points=points)
        else:
            text = say(IN_HAND, seat=COLOURS[seat], marbles=marbles)
        if state.retired[seat]:
            text = say(LEFT_GAME, player=text)
        elif state.sit_out[seat]:
            text = count(SITS_OUT, state.sit_out[seat], player=text)
        parts.append(text)
    return "; ".join(parts) + "."


def _last_turn(state: ShiftagoState) -> str:
    if not state.recent:
        return ""
    actions = [action.describe() for action in state.recent]
    while len(actions) > 1:
        actions[:2] = [say(THEN, earlier=actions[0], later=actions[1])]
    text = say(LAST_TURN, actions=actions[0])
    if state.sat_out:
        text += " " + say(SAT_OUT, seats=", ".join(COLOURS[s] for s in state.sat_out))
    return text


def _tray(state: ShiftagoState) -> str:
    parts = []
    for seat in range(state.players):
        squares = [square_name(i) for i, marble in enumerate(state.board) if marble == seat]
        if squares:
            parts.append(say(SEAT_ON, seat=COLOURS[seat], squares=", ".join(squares)))
    if not parts:
        return say(TRAY_EMPTY)
    return say(ON_TRAY, marbles="; ".join(parts))


def describe(
    state: ShiftagoState, last_move: Hashable | None = None, ending: str | None = None
) -> str:
    """Whose turn (or the result, or `ending`: how the match ended), each player's marbles
    and points, the last turn, and where every marble lies (last, so that a long list is
    what gets cut)."""
    del last_move
    parts = [_turn(state, ending), _players(state), _last_turn(state), _tray(state)]
    return " ".join(part for part in parts if part)


#: Every text Shiftago's pictures draw, by name (`Pictures.drawn`).
DRAWN: dict[str, Drawn] = {
    "TO_INSERT": TO_INSERT,
    "TO_SCORE": TO_SCORE,
    "RETIRED": RETIRED,
    "MARBLES_LEFT": MARBLES_LEFT,
    "MARBLES_AND_POINTS": MARBLES_AND_POINTS,
    "TITLE": TITLE,
    "MUST_SCORE": MUST_SCORE,
    "MUST_INSERT": MUST_INSERT,
    "MARBLES": MARBLES,
    "IN_HAND": IN_HAND,
    "IN_HAND_POINTS": IN_HAND_POINTS,
    "SITS_OUT": SITS_OUT,
    "LAST_TURN": LAST_TURN,
    "THEN": THEN,
    "SAT_OUT": SAT_OUT,
    "TRAY_EMPTY": TRAY_EMPTY,
    "ON_TRAY": ON_TRAY,
    "SEAT_ON": SEAT_ON,
}
