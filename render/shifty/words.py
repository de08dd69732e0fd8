"""The Shifty position in words, for Discord's image description (alt text).

The most important comes first (whose turn or the result, the last action, the swap, the
winning chain), then each side's stones by point, each side given half the room left so
that both lists survive the 1,024-character limit.
"""

from __future__ import annotations

from collections.abc import Hashable

from games.shifty import COLOURS, PASS
from games.shifty.state import ShiftyState
from render.words import (
    LAST_ACTION,
    MOVES,
    OVER_DRAW,
    OVER_ENDING,
    OVER_WON,
    Drawn,
    count,
    listed,
    say,
)

#: Whose turn, in the header.
TO_PLAY = "{seat} to play"
#: Each side's stones and the edges it joins, in the header.
STONES = "{colour} {count} · {edges}"
TOP_BOTTOM = "top-bottom"
LEFT_RIGHT = "left-right"
SWAPPED = "sides swapped"
PASSED = "{colour} passed"
#: The alt text.
TO_SWAP = "{title}, move {number}: {seat} to place a stone anywhere, or to swap sides."
TO_OPEN = "{title}, move {number}: {seat} to place a singleton on any empty point."
TO_PASS = "{title}, move {number}: {seat} to pass, having no legal action."
TO_PLACE_OR_MOVE = "{title}, move {number}: {seat} to place or move."
SIDES = "Black joins top and bottom, White left and right."
SIDES_SWAPPED = "The sides were swapped (pie rule): the second player plays Black."
WINNING_CHAIN = "Winning chain: {points}."
NO_STONES = "{colour} has no stones."
STONES_ON = "{colour} stones ({count}): {points}."
AND_MORE = "{points} and {count} more"

#: The room the description aims for (Discord's limit is 1,024 characters).
ROOM = 1000


def _turn(state: ShiftyState, ending: str | None) -> str:
    size = state.options["size"]
    title = f"Shifty {size}x{size}"
    moves = count(MOVES, state.turn_number - 1)
    if ending is not None:
        return say(OVER_ENDING, title=title, moves=moves, ending=ending)
    outcome = state.outcome()
    if outcome is not None:
        if outcome.draw:
            return say(OVER_DRAW, title=title, moves=moves, reason=outcome.reason)
        winner = state.seat_name(outcome.winners[0])
        return say(OVER_WON, title=title, moves=moves, seat=winner, reason=outcome.reason)
    if state.swap_offered():
        doing = TO_SWAP
    elif state.in_opening():
        doing = TO_OPEN
    elif state.legal_moves() == (PASS,):
        doing = TO_PASS
    else:
        doing = TO_PLACE_OR_MOVE
    return say(doing, title=title, number=state.turn_number, seat=state.name_to_act())


def _sides(state: ShiftyState) -> str:
    text = say(SIDES)
    if state.swapped:
        text += " " + say(SIDES_SWAPPED)
    return text


def _stones(state: ShiftyState, colour: int, room: int) -> str:
    """A side's stones by point, as many as fit in `room` characters (the rest counted)."""
    names = state.grid.names(state.stones[colour])
    if not names:
        return say(NO_STONES, colour=COLOURS[colour])

    def shown(points: str) -> str:
        return say(STONES_ON, colour=COLOURS[colour], count=len(names), points=points)

    text = shown(listed(names))
    for kept in range(len(names) - 1, 0, -1):
        if len(text) <= room:
            break
        rest = say(AND_MORE, points=", ".join(names[:kept]), count=len(names) - kept)
        text = shown(rest)
    return text


def describe(
    state: ShiftyState, last_move: Hashable | None = None, ending: str | None = None
) -> str:
    """Whose turn (or the result, or `ending`: how the match ended), the last action, the
    sides, the winning chain, and each side's stones by point."""
    del last_move
    parts = [_turn(state, ending)]
    last = state.last_words()
    if last:
        parts.append(say(LAST_ACTION, action=last))
    parts.append(_sides(state))
    if state.chain:
        parts.append(say(WINNING_CHAIN, points=", ".join(state.grid.names(state.chain))))
    room = (ROOM - len(" ".join(parts))) // 2 - 2
    parts += [_stones(state, colour, room) for colour in (0, 1)]
    return " ".join(parts)


#: Every text Shifty's pictures draw, by name (`Pictures.drawn`).
DRAWN: dict[str, Drawn] = {
    "TO_PLAY": TO_PLAY,
    "STONES": STONES,
    "TOP_BOTTOM": TOP_BOTTOM,
    "LEFT_RIGHT": LEFT_RIGHT,
    "SWAPPED": SWAPPED,
    "PASSED": PASSED,
    "TO_SWAP": TO_SWAP,
    "TO_OPEN": TO_OPEN,
    "TO_PASS": TO_PASS,
    "TO_PLACE_OR_MOVE": TO_PLACE_OR_MOVE,
    "SIDES": SIDES,
    "SIDES_SWAPPED": SIDES_SWAPPED,
    "WINNING_CHAIN": WINNING_CHAIN,
    "NO_STONES": NO_STONES,
    "STONES_ON": STONES_ON,
    "AND_MORE": AND_MORE,
}
