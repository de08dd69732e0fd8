"""The Shifting Stones position in words, for Discord's image description (alt text).

Only what the state shows is told: a seat's own hand only when the state is that seat's
view (`state.view(seat)`); a full state or the public view tells hand sizes alone.
"""

from __future__ import annotations

from collections.abc import Hashable

from games.shifting_stones.rules import STRIKES, points
from games.shifting_stones.state import StonesState
from games.shifting_stones.stones import SIZE, cell_name, symbol_name
from games.shifting_stones.words import action_words
from games.wording import plural


def own_seat(state: StonesState) -> int | None:
    """The seat whose hand this state may show: its viewer, when it is a seat's view."""
    return state.viewer if state.is_view and state.viewer is not None else None


def _turn(state: StonesState, ending: str | None) -> str:
    title = f"Shifting Stones, {plural(state.players, 'player')}"
    if ending is not None:
        return f"{title}, over after {plural(state.ply, 'action')}: {ending}"
    outcome, seat = state.outcome(), state.current_player
    if outcome is None:
        assert seat is not None, "a running game has a seat to act"
        return f"{title}, action {state.ply + 1}: {state.seat_name(seat)} to act."
    return f"{title}, over after {plural(state.ply, 'action')}. {outcome.reason}"


def _grid(state: StonesState) -> str:
    rows = [
        f"row {r + 1}: " + ", ".join(symbol_name(s) for s in state.grid[r * SIZE : (r + 1) * SIZE])
        for r in range(SIZE)
    ]
    return "Grid, columns a to c: " + "; ".join(rows) + "."


def _players(state: StonesState) -> str:
    parts = []
    for seat in range(state.players):
        scored = state.scored[seat]
        text = (
            f"{state.seat_name(seat)} has scored {plural(len(scored), 'card')} for "
            f"{plural(points(scored, state.cards), 'point')} and holds "
            f"{plural(state.hand_size(seat), 'card')}"
        )
        if state.retired[seat]:
            text += " (left the game)"
        parts.append(text)
    piles = f"Draw pile {len(state.draw)}, discard pile {len(state.discard)}."
    strikes = f" Strikes: {state.strikes} of {STRIKES}." if state.solo else ""
    return "; ".join(parts) + ". " + piles + strikes


def _last(state: StonesState) -> str:
    if not state.recent:
        return ""
    last = state.recent[-1]
    return f"Last action: {action_words(state.seat_name(last.seat), last, state.cards)}."


def _hand(state: StonesState) -> str:
    seat = own_seat(state)
    if seat is None:
        return ""
    scoring = state.scoring_places(seat)
    cards = []
    for place in range(len(state.hands[seat])):
        card = state.known_card(seat, place)
        if card is None:
            continue
        text = f"card {place + 1}, {card.words()}"
        if place in scoring:
            text += ", scores at " + ", ".join(cell_name(c) for c in scoring[place])
        cards.append(text)
    return f"Your hand ({state.seat_name(seat)}): " + ("; ".join(cards) or "empty") + "."


def describe(
    state: StonesState, last_move: Hashable | None = None, ending: str | None = None
) -> str:
    """Whose turn (or `ending`: how the match ended), the last action, the grid, the seat's
    own hand when the state is that seat's view, then each player's scores and hand sizes
    and the piles."""
    parts = [_turn(state, ending), _last(state), _grid(state), _hand(state), _players(state)]
    return " ".join(part for part in parts if part)
