"""Shifty positions as JSON and as readable text, both lossless and checked on the way in.

The text form is parsed into the JSON form, so both go through the same checks. Sizes are
bounded before anything is read: a board has at most 19 rows of 19 points.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from typing import Any

from games.base import InvalidMove
from games.fields import json_field, json_int
from games.shifty.grid import COLUMNS, MAX_SIZE, Grid, grid
from games.shifty.moves import Move, Pass, Place, Shift, Swap, notation, read_move
from games.shifty.rules import BLACK, WHITE, crosscut_points, winning_chain
from games.shifty.state import ShiftyState
from games.shifty.words import COLOURS

VERSION = 1
LETTERS = "BW"
MAX_PLY = 10**6

#: The game's check of the options for a player count (`ShiftyGame.checked_options`).
OptionsCheck = Callable[[int, Mapping[str, Any] | None], dict[str, Any]]


def board_rows(state: ShiftyState) -> list[str]:
    """The board as rows of `.`, `B` and `W`, top row first."""
    size, (black, white) = state.grid.size, state.stones
    mask = (1 << size) - 1
    return [
        _row(size, black >> row * size & mask, white >> row * size & mask) for row in range(size)
    ]


@functools.lru_cache(maxsize=4096)
def _row(size: int, black: int, white: int) -> str:
    """One row of `size` points as `.`, `B` and `W`, from its stones' bits (a position's
    rows mostly repeat the last one's: written once each)."""
    return "".join("B" if black >> p & 1 else "W" if white >> p & 1 else "." for p in range(size))


def state_to_json(state: ShiftyState) -> dict[str, Any]:
    """Every field of the state as plain JSON values."""
    return {
        "game": "shifty",
        "version": VERSION,
        "players": state.players,
        "options": dict(state.options),
        "board": board_rows(state),
        "to_act": COLOURS[state.colour],
        "swapped": state.swapped,
        "ply": state.plies,
        "passes": state.passes,
        "last": None if state.last is None else notation(state.grid, state.last),
    }


def state_from_json(data: Mapping[str, Any], options_of: OptionsCheck) -> ShiftyState:
    """Rebuild a state from `state_to_json`; anything inconsistent raises ValueError."""
    if not isinstance(data, Mapping):
        raise ValueError("A Shifty position must be a JSON object.")
    if data.get("game") != "shifty" or data.get("version") != VERSION:
        raise ValueError(f"Not a Shifty position of format version {VERSION}.")
    players = json_int(data, "players", 2, 2)
    options = options_of(players, json_field(data, "options", dict))
    g = grid(options["size"])
    to_act = data.get("to_act")
    if to_act not in COLOURS:
        raise ValueError("Field 'to_act' must be Black or White.")
    last = data.get("last")
    state = ShiftyState(
        players=players,
        options=options,
        stones=_read_board(json_field(data, "board", list), g),
        colour=COLOURS.index(to_act),
        swapped=json_field(data, "swapped", bool),
        plies=json_int(data, "ply", 0, MAX_PLY),
        passes=json_int(data, "passes", 0, 2),
        last=None if last is None else _read_last(g, last),
    )
    _check_consistent(state)
    return state


def _read_board(rows: list[Any], g: Grid) -> tuple[int, int]:
    if len(rows) != g.size or not all(isinstance(r, str) and len(r) == g.size for r in rows):
        raise ValueError(f"The board must be {g.size} rows of {g.size} points.")
    stones = [0, 0]
    for point, char in enumerate("".join(rows)):
        if char in LETTERS:
            stones[LETTERS.index(char)] |= 1 << point
        elif char != ".":
            raise ValueError(f"Unknown stone {char!r} on the board (use ., B and W).")
    return stones[BLACK], stones[WHITE]


def _read_last(g: Grid, text: Any) -> Move:
    if not isinstance(text, str):
        raise ValueError("Field 'last' must be a move's notation or null.")
    try:
        return read_move(g, text)
    except InvalidMove as error:
        raise ValueError(f"Unreadable last move {text[:40]!r}: {error}") from None


def _check_consistent(state: ShiftyState) -> None:
    """Rules that tie the fields together; raise ValueError when one is broken."""
    g, (black, white) = state.grid, state.stones
    singletons = state.options["singletons"]
    counts = black.bit_count(), white.bit_count()
    if state.in_opening():
        if counts[BLACK] - counts[WHITE] != state.colour:
            raise ValueError("In the opening Black and White place singletons in turn.")
    elif min(counts) < singletons:
        raise ValueError(f"After the opening each side has at least {singletons} stones.")
    if state.plies < sum(counts) + state.swapped:
        raise ValueError("There are more stones and swaps than actions played.")
    if crosscut_points(g, black, white) & black:
        raise ValueError("The board holds a crosscut, which no action can make.")
    if state.swapped and state.stone_count() == 0:
        raise ValueError("The sides can be swapped only after Black's first stone.")
    if (state.passes > 0) != isinstance(state.last, Pass):
        raise ValueError("Passes in a row are counted only right after a pass.")
    if (state.last is None) != (state.plies == 0):
        raise ValueError("Every position after the start records its last action.")
    _check_last(state)


def _check_last(state: ShiftyState) -> None:
    """The last action must fit the board: its stone stands where it went."""
    last, mover = state.last, 1 - state.colour
    if isinstance(last, Swap):
        if not state.swapped or state.stone_count() != 1 or state.colour != WHITE:
            raise ValueError("A swap comes right after Black's first stone, White to act.")
        return
    own, everyone = state.stones[mover], state.stones[0] | state.stones[1]
    if isinstance(last, Place) and not own >> last.point & 1:
        raise ValueError("The last placement's stone is not on the board.")
    if isinstance(last, Shift) and (everyone >> last.origin & 1 or not own >> last.target & 1):
        raise ValueError("The last move's stone is not where it went.")
    g = state.grid
    if all(winning_chain(g, state.stones[c], c) for c in (BLACK, WHITE)):
        raise ValueError("Only one side can have a winning chain.")
    winner = state.winner_colour()
    if winner is not None and (winner != mover or not isinstance(last, Place | Shift)):
        raise ValueError("A winning chain ends the game on the action that made it.")


# ----- text ------------------------------------------------------------------------------


def state_to_text(state: ShiftyState) -> str:
    """The position as text: options, the board with coordinates, swap, turn, last action."""
    size, singletons = state.options["size"], state.options["singletons"]
    looser = "yes" if state.options["looser_moves"] else "no"
    lines = [f"Shifty, size {size}, singletons {singletons}, looser moves {looser}"]
    lines.append("    " + " ".join(COLUMNS[:size]))
    for number, row in enumerate(board_rows(state), start=1):
        lines.append(f"{number:>3} " + " ".join(row))
    lines.append(f"swapped: {'yes' if state.swapped else 'no'}")
    lines.append(f"ply {state.plies}: {COLOURS[state.colour]} to act, {state.passes} passes")
    last = "none" if state.last is None else notation(state.grid, state.last)
    lines.append(f"last: {last}")
    return "\n".join(lines) + "\n"


_HEADER = re.compile(r"Shifty, size (\d{1,2}), singletons (\d{1,2}), looser moves (yes|no)")
_STATUS = re.compile(r"ply (\d{1,7}): (Black|White) to act, (\d) passes")


def state_from_text(text: str, options_of: OptionsCheck) -> ShiftyState:
    """Rebuild a state from `state_to_text`; unreadable text raises ValueError."""
    if not isinstance(text, str):
        raise ValueError("A Shifty position must be text.")
    lines = [line.strip() for line in text.strip().splitlines()[: MAX_SIZE + 8] if line.strip()]
    header = _HEADER.fullmatch(lines[0]) if lines else None
    if header is None:
        raise ValueError("A Shifty position starts with 'Shifty, size N, singletons N, ...'.")
    size = int(header[1])
    if not 0 < size <= MAX_SIZE or len(lines) != size + 5:
        raise ValueError(f"A Shifty position of size {size} has {size + 5} lines.")
    board = []
    for number, line in enumerate(lines[2 : 2 + size], start=1):
        label, _, row = line.partition(" ")
        if label != str(number):
            raise ValueError(f"Row {number} of the board is missing.")
        board.append(row.replace(" ", ""))
    swapped, status, last = lines[2 + size :]
    found = _STATUS.fullmatch(status)
    if (
        swapped not in ("swapped: yes", "swapped: no")
        or found is None
        or not last.startswith("last: ")
    ):
        raise ValueError("A Shifty position ends with the swap, the turn and the last action.")
    recorded = last.removeprefix("last: ")
    data = {
        "game": "shifty",
        "version": VERSION,
        "players": 2,
        "options": {
            "size": size,
            "singletons": int(header[2]),
            "looser_moves": header[3] == "yes",
        },
        "board": board,
        "to_act": found[2],
        "swapped": swapped.removeprefix("swapped: ") == "yes",
        "ply": int(found[1]),
        "passes": int(found[3]),
        "last": None if recorded == "none" else recorded,
    }
    return state_from_json(data, options_of)
