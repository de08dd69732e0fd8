"""The Shiftago position in words, for Discord's image description (alt text)."""

from __future__ import annotations

from collections.abc import Hashable

from games.shiftago import COLOURS
from games.shiftago.geometry import square_name
from games.shiftago.state import ShiftagoState
from games.wording import plural


def _turn(state: ShiftagoState, ending: str | None) -> str:
    title = f"Shiftago {state.variant.capitalize()}, {state.players} players"
    if ending is not None:
        return f"{title}, over after {plural(state.ply, 'move')}: {ending}"
    outcome, seat = state.outcome(), state.current_player
    if outcome is None:
        assert seat is not None, "a running game has a seat to act"
        if state.scoring:
            choices = ", ".join(state.format_move(m) for m in state.legal_moves())
            return f"{title}, move {state.ply + 1}: {COLOURS[seat]} must score a line ({choices})."
        return f"{title}, move {state.ply + 1}: {COLOURS[seat]} to insert a marble."
    if outcome.draw:
        return f"{title}, over after {state.ply} moves: a draw. {outcome.reason}"
    winner = COLOURS[outcome.winners[0]]
    return f"{title}, over after {state.ply} moves: {winner} wins. {outcome.reason}"


def _players(state: ShiftagoState) -> str:
    parts = []
    for seat in range(state.players):
        text = f"{COLOURS[seat]} has {state.supply[seat]} marbles in hand"
        if state.keeps_score():
            text += f" and {state.scores[seat]} points"
        if state.retired[seat]:
            text += " (left the game)"
        elif state.sit_out[seat]:
            text += f" (sits out {state.sit_out[seat]} more turns)"
        parts.append(text)
    return "; ".join(parts) + "."


def _last_turn(state: ShiftagoState) -> str:
    if not state.recent:
        return ""
    text = "Last turn: " + "; then ".join(action.describe() for action in state.recent) + "."
    if state.sat_out:
        text += " " + ", ".join(COLOURS[s] for s in state.sat_out) + " sat out a turn."
    return text


def _tray(state: ShiftagoState) -> str:
    parts = []
    for seat in range(state.players):
        squares = [square_name(i) for i, marble in enumerate(state.board) if marble == seat]
        if squares:
            parts.append(f"{COLOURS[seat]} on {', '.join(squares)}")
    if not parts:
        return "The tray is empty."
    return "On the tray: " + "; ".join(parts) + "."


def describe(
    state: ShiftagoState, last_move: Hashable | None = None, ending: str | None = None
) -> str:
    """Whose turn (or the result, or `ending`: how the match ended), each player's marbles
    and points, the last turn, and where every marble lies (last, so that a long list is
    what gets cut)."""
    del last_move
    parts = [_turn(state, ending), _players(state), _last_turn(state), _tray(state)]
    return " ".join(part for part in parts if part)
