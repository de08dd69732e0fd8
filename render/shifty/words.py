"""The Shifty position in words, for Discord's image description (alt text).

The most important comes first (whose turn or the result, the last action, the swap, the
winning chain), then each side's stones by point, each side given half the room left so
that both lists survive the 1,024-character limit.
"""

from __future__ import annotations

from collections.abc import Hashable

from games.shifty import COLOURS, PASS
from games.shifty.state import ShiftyState
from games.wording import join_words, plural

#: The room the description aims for (Discord's limit is 1,024 characters).
ROOM = 1000


def _turn(state: ShiftyState, ending: str | None) -> str:
    size = state.options["size"]
    title = f"Shifty {size}x{size}"
    if ending is not None:
        return f"{title}, over after {plural(state.ply, 'move')}: {ending}"
    outcome = state.outcome()
    if outcome is not None:
        if outcome.draw:
            return f"{title}, over after {state.ply} moves: a draw. {outcome.reason}"
        winner = state.seat_name(outcome.winners[0])
        return f"{title}, over after {state.ply} moves: {winner} wins. {outcome.reason}"
    name = state.name_to_act()
    if state.swap_offered():
        doing = "to place a stone anywhere, or to swap sides"
    elif state.in_opening():
        doing = "to place a singleton on any empty point"
    elif state.legal_moves() == (PASS,):
        doing = "to pass, having no legal action"
    else:
        doing = "to place or move"
    return f"{title}, move {state.ply + 1}: {name} {doing}."


def _sides(state: ShiftyState) -> str:
    text = "Black joins top and bottom, White left and right."
    if state.swapped:
        text += " The sides were swapped (pie rule): the second player plays Black."
    return text


def _stones(state: ShiftyState, colour: int, room: int) -> str:
    names = state.grid.names(state.stones[colour])
    head = f"{COLOURS[colour]} stones ({len(names)})"
    if not names:
        return f"{COLOURS[colour]} has no stones."
    shown: list[str] = []
    for index, name in enumerate(names):
        rest = len(names) - index - 1
        tail = f" and {rest} more" if rest else ""
        if len(head) + len(", ".join([*shown, name])) + len(tail) + 3 > room:
            return f"{head}: {', '.join(shown)} and {len(names) - index} more."
        shown.append(name)
    return f"{head}: {join_words(shown)}."


def describe(
    state: ShiftyState, last_move: Hashable | None = None, ending: str | None = None
) -> str:
    """Whose turn (or the result, or `ending`: how the match ended), the last action, the
    sides, the winning chain, and each side's stones by point."""
    del last_move
    parts = [_turn(state, ending)]
    last = state.last_words()
    if last:
        parts.append(f"Last action: {last}.")
    parts.append(_sides(state))
    if state.chain:
        parts.append(f"Winning chain: {', '.join(state.grid.names(state.chain))}.")
    room = (ROOM - len(" ".join(parts))) // 2 - 2
    parts += [_stones(state, colour, room) for colour in (0, 1)]
    return " ".join(parts)
