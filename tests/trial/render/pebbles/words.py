"""The Pebbles position in words (alt text), and every text its pictures draw."""

from __future__ import annotations

from collections.abc import Hashable

from games.pebbles import PebblesState
from games.pebbles.game import PILES
from render.words import LAST_ACTION, MOVES, Drawn, count, say

#: A pile and the pebbles left in it.
PILE = ("Pile {pile}: {count} pebble", "Pile {pile}: {count} pebbles")
#: The position, first in the alt text.
POSITION = "Pebbles after {moves}: {now}"


def describe(
    state: PebblesState, last_move: Hashable | None = None, ending: str | None = None
) -> str:
    """Whose turn (or the result, or `ending`), the last move and the piles."""
    result = state.outcome()
    seat = state.current_player
    now = ending or (result.reason if result else f"{state.seat_name(seat or 0)} to move.")
    parts = [say(POSITION, moves=count(MOVES, state.ply), now=now)]
    if last_move is not None:
        parts.append(say(LAST_ACTION, action=state.format_move(last_move)))
    parts += [count(PILE, left, pile=PILES[pile]) + "." for pile, left in enumerate(state.piles)]
    return " ".join(parts)


#: Every text Pebbles' pictures draw, by name (`Pictures.drawn`).
DRAWN: dict[str, Drawn] = {"PILE": PILE, "POSITION": POSITION}
