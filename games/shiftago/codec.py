"""Shiftago positions as JSON and as readable text, both lossless and checked on the way in.

The text form is parsed into the JSON form, so both go through the same checks.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from itertools import islice
from typing import Any

from games.base import InvalidMove
from games.fields import json_field, json_int, text_options
from games.shiftago.action import Action
from games.shiftago.geometry import COLUMNS, SIZE, line_between
from games.shiftago.moves import Insert, Move, Score, ScoreRequest, read_move
from games.shiftago.rules import MARBLES, WINNING_POINTS, lines_of, min_line, score_table
from games.shiftago.state import ENDINGS, ShiftagoState
from games.shiftago.words import COLOURS, LETTERS

VERSION = 1
#: The most actions one turn records. A turn alternates insertions and scorings; each
#: scoring takes at least two of the mover's marbles off the tray (a line of three or more,
#: one kept at most) where the insertion before it put one on, so a turn holds at most
#: MARBLES scorings, each after an insertion, and one insertion more.
MAX_RECENT = 2 * MARBLES + 1
#: The most handicap turns a seat sits out (the largest `handicap_turns`).
MAX_SIT_OUT = 6

#: The game's check of the options for a player count (`ShiftagoGame.checked_options`).
OptionsCheck = Callable[[int, Mapping[str, Any] | None], dict[str, Any]]


def state_to_json(state: ShiftagoState) -> dict[str, Any]:
    """Every field of the state as plain JSON values."""
    return {
        "game": "shiftago",
        "version": VERSION,
        "players": state.players,
        "options": dict(state.options),
        "board": _board_rows(state),
        "supply": list(state.supply),
        "scores": list(state.scores),
        "turn": state.turn,
        "scoring": state.scoring,
        "sit_out": list(state.sit_out),
        "retired": list(state.retired),
        "ply": state.plies,
        "recent": [_action_to_json(a) for a in state.recent],
        "sat_out": list(state.sat_out),
        "ending": state.ending,
        "turns": state.turns,
    }


def _board_rows(state: ShiftagoState) -> list[str]:
    cells = ["." if m is None else LETTERS[m] for m in state.board]
    return ["".join(cells[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE)]


def _action_to_json(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = {"seat": action.seat, "move": action.move.notation()}
    if isinstance(action.move, Insert):
        data["pushed"] = action.pushed
    else:
        data["points"] = action.points
    return data


def state_from_json(data: Mapping[str, Any], options_of: OptionsCheck) -> ShiftagoState:
    """Rebuild a state from `state_to_json`; anything inconsistent raises ValueError.

    `options_of(players, options)` resolves and checks the options (the game's own rule).
    """
    if not isinstance(data, Mapping):
        raise ValueError("A Shiftago position must be a JSON object.")
    if data.get("game") != "shiftago" or data.get("version") != VERSION:
        raise ValueError(f"Not a Shiftago position of format version {VERSION}.")
    players = json_int(data, "players", 2, 4)
    options = options_of(players, json_field(data, "options", dict))
    board = _read_board(json_field(data, "board", list), players)
    supply = _ints(data, "supply", players, 0, MARBLES)
    for seat in range(players):
        if supply[seat] + board.count(seat) != MARBLES:
            raise ValueError(f"{COLOURS[seat]} must own {MARBLES} marbles, on the tray or not.")
    scores = _ints(data, "scores", players, 0, 100)
    retired = tuple(json_field(data, "retired", list))
    if len(retired) != players or not all(isinstance(r, bool) for r in retired):
        raise ValueError(f"retired must list {players} true/false values.")
    recent = tuple(_read_action(a, players, options) for a in _entries(data, "recent", MAX_RECENT))
    state = ShiftagoState(
        players=players,
        options=options,
        board=board,
        supply=supply,
        scores=scores,
        turn=json_int(data, "turn", 0, players - 1),
        scoring=json_field(data, "scoring", bool),
        sit_out=_ints(data, "sit_out", players, 0, MAX_SIT_OUT),
        retired=retired,
        plies=json_int(data, "ply", 0, 10**6),
        recent=recent,
        sat_out=tuple(_seat(s, players) for s in _entries(data, "sat_out", MAX_SIT_OUT * players)),
        ending=data.get("ending"),
        turns=json_int(data, "turns", 0, 10**6) if "turns" in data else 0,  # (older snapshots)
    )
    _check_consistent(state)
    return state


def _check_consistent(state: ShiftagoState) -> None:
    """Rules that tie the fields together; raise ValueError when one is broken."""
    if state.ending is not None and state.ending not in ENDINGS:
        raise ValueError(f"Unknown ending {state.ending!r}.")
    if not state.active() or state.retired[state.turn]:
        raise ValueError("The seat to play must be one that has not left the game.")
    if len({action.seat for action in state.recent}) > 1:
        raise ValueError("The actions of the last turn must all be one player's.")
    last = state.last
    if state.scoring and (
        last is None or last.seat != state.turn or not isinstance(last.move, Insert)
    ):
        raise ValueError("A scoring choice follows an insertion by the same player.")
    if not state.keeps_score() and (any(state.scores) or state.scoring):
        raise ValueError("Express keeps no points and has no scoring.")
    leaders = [s for s, points in enumerate(state.scores) if points >= WINNING_POINTS]
    if (state.ending == "ten") != bool(leaders) or leaders not in ([], [state.turn]):
        raise ValueError(f"Reaching {WINNING_POINTS} points ends the game at once.")
    stuck = None not in state.board or not state.supply[state.turn]
    if stuck and not state.ending and not state.scoring:
        raise ValueError(
            "With a full tray, or no marbles for the player to move, the game is over."
        )
    shortest = min_line(state.variant, state.players)
    if state.scoring and (state.ending or not state.pending_lines):
        raise ValueError("A scoring choice is pending but the player has no line to score.")
    if state.ending == "line" and not lines_of(state.board, state.turn, shortest):
        raise ValueError("The game ended on a winning line that is not on the tray.")
    if state.ending == "alone" and len(state.active()) != 1:
        raise ValueError("The game ended with one player left, but several remain.")


def _read_board(rows: list[Any], players: int) -> tuple[int | None, ...]:
    letters = LETTERS[:players]
    if len(rows) != SIZE or not all(isinstance(r, str) and len(r) == SIZE for r in rows):
        raise ValueError(f"The board must be {SIZE} rows of {SIZE} characters.")
    cells: list[int | None] = []
    for row in rows:
        for char in row:
            if char != "." and char not in letters:
                raise ValueError(f"Unknown marble {char!r} on the board (use . and {letters}).")
            cells.append(None if char == "." else letters.index(char))
    return tuple(cells)


def _read_action(data: Any, players: int, options: Mapping[str, Any]) -> Action:
    if not isinstance(data, Mapping):
        raise ValueError("Each recent action must be a JSON object.")
    seat = _seat(data.get("seat"), players)
    move = _read_recorded_move(json_field(data, "move", str), players)
    if isinstance(move, Insert):
        return Action(seat, move, pushed=json_int(data, "pushed", 0, SIZE - 1))
    table = score_table(options["variant"], players) if options["variant"] != "express" else {}
    line = line_between(move.start, move.end) or ()
    if len(line) not in table or data.get("points") != table[len(line)]:
        raise ValueError(f"The recorded scoring {move.notation()} does not fit the score table.")
    return Action(seat, move, points=table[len(line)])


def _read_recorded_move(text: str, players: int) -> Move:
    try:
        read = read_move(text)
    except InvalidMove as error:
        raise ValueError(f"Unreadable recorded move {text!r}: {error}") from None
    if isinstance(read, Insert):
        return read
    assert isinstance(read, ScoreRequest)
    if read.first is None or read.second is None:
        raise ValueError(f"The recorded scoring {text!r} must name both ends of its line.")
    start, end = sorted((read.first, read.second))
    keep_ok = read.keep is None if players == 2 else read.keep in (start, end)
    if line_between(start, end) is None or not keep_ok:
        raise ValueError(f"The recorded scoring {text!r} is not a possible scoring move.")
    return Score(start, end, read.keep)


def _entries(data: Mapping[str, Any], key: str, most: int) -> list[Any]:
    values: list[Any] = json_field(data, key, list)
    if len(values) > most:
        raise ValueError(f"Field {key!r} may hold at most {most} entries, not {len(values)}.")
    return values


def _ints(data: Mapping[str, Any], key: str, count: int, low: int, high: int) -> tuple[int, ...]:
    values = json_field(data, key, list)
    if len(values) != count:
        raise ValueError(f"Field {key!r} must hold {count} numbers.")
    return tuple(json_int({key: v}, key, low, high) for v in values)


def _seat(value: Any, players: int) -> int:
    return json_int({"seat": value}, "seat", 0, players - 1)


# ----- text ------------------------------------------------------------------------------


def state_to_text(state: ShiftagoState) -> str:
    """The position as text: options, the tray with lane labels, each player, the status."""
    options = " ".join(f"{k}={_option_text(v)}" for k, v in state.options.items())
    lines = [f"Shiftago, {state.players} players", f"options: {options}"]
    lines.append("     " + " ".join(COLUMNS))
    for number, row in enumerate(_board_rows(state), start=1):
        lines.append(f"  {number}  " + " ".join(row))
    for seat in range(state.players):
        facts = [f"{state.supply[seat]} in supply"]
        if state.keeps_score():
            facts.append(f"{state.scores[seat]} points")
        if state.sit_out[seat]:
            facts.append(f"sits out {state.sit_out[seat]} more turns")
        if state.retired[seat]:
            facts.append("retired")
        lines.append(f"{LETTERS[seat]} {COLOURS[seat]}: {', '.join(facts)}")
    who = COLOURS[state.turn]
    if state.ending:
        lines.append(f"ply {state.plies}: game over ({state.ending}), {who}")
    else:
        lines.append(f"ply {state.plies}: {who} to {'score' if state.scoring else 'insert'}")
    if state.sat_out:
        lines.append("sat out: " + ", ".join(COLOURS[s] for s in state.sat_out))
    if state.recent:
        steps = "; ".join(_action_text(a) for a in state.recent)
        lines.append(f"last turn ({COLOURS[state.recent[0].seat]}): {steps}")
    if state.turns:
        lines.append(f"turns ended: {state.turns}")
    return "\n".join(lines) + "\n"


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _action_text(action: Action) -> str:
    if isinstance(action.move, Insert):
        return f"{action.move.notation()} pushing {action.pushed}"
    return f"{action.move.notation()} for {action.points} points"


#: The most lines of a position's text: header, options, column letters, the tray, one line
#: per player (at most 4), the status, who sat out, the last turn and the turns ended.
MAX_LINES = 3 + SIZE + 4 + 4
_PLAYER = re.compile(r"([OGBW]) (\w+): (\d+) in supply((?:, [^,]+)*)")
_STATUS = re.compile(r"ply (\d+): (?:game over \((\w+)\), (\w+)|(\w+) to (score|insert))")
_ACTION = re.compile(r"(.+?) (?:pushing (\d+)|for (\d+) points)")


def state_from_text(text: str, options_of: OptionsCheck) -> ShiftagoState:
    """Rebuild a state from `state_to_text`; unreadable text raises ValueError."""
    if not isinstance(text, str):
        raise ValueError("A Shiftago position must be text.")
    filled = (line.strip() for line in text.splitlines() if line.strip())
    lines = list(islice(filled, MAX_LINES + 1))
    if len(lines) > MAX_LINES:
        raise ValueError(f"A Shiftago position is at most {MAX_LINES} lines long.")
    try:
        return state_from_json(_text_to_json(lines), options_of)
    except (IndexError, KeyError, AttributeError, TypeError):
        raise ValueError("This is not a Shiftago position written by to_text.") from None


def _text_to_json(lines: list[str]) -> dict[str, Any]:
    header = re.fullmatch(r"Shiftago, (\d) players", lines[0])
    if not header or not lines[1].startswith("options:"):
        raise ValueError("A Shiftago position starts with 'Shiftago, N players' and options.")
    players = int(header[1])
    options = text_options(lines[1][len("options:") :])
    board = [line[1:].replace(" ", "") for line in lines[3 : 3 + SIZE]]
    data: dict[str, Any] = {
        "game": "shiftago",
        "version": VERSION,
        "players": players,
        "options": options,
        "board": board,
        "supply": [],
        "scores": [],
        "sit_out": [],
        "retired": [],
        "recent": [],
        "sat_out": [],
        "ending": None,
    }
    rest = lines[3 + SIZE :]
    for seat in range(players):
        _read_player_line(rest[seat], seat, data)
    status = _STATUS.fullmatch(rest[players])
    if not status:
        raise ValueError(f"Unreadable status line {rest[players]!r}.")
    data["ply"] = int(status[1])
    colour = status[3] or status[4]
    data["turn"] = COLOURS.index(colour)
    data["ending"] = status[2]
    data["scoring"] = status[5] == "score"
    for line in rest[players + 1 :]:
        _read_footer_line(line, data)
    return data


def _read_player_line(line: str, seat: int, data: dict[str, Any]) -> None:
    match = _PLAYER.fullmatch(line)
    if not match or match[1] != LETTERS[seat] or match[2] != COLOURS[seat]:
        raise ValueError(f"Expected the line of {COLOURS[seat]}, got {line!r}.")
    facts = [f.strip() for f in match[4].split(",") if f.strip()]
    points = sits = 0
    retired = False
    for fact in facts:
        if found := re.fullmatch(r"(\d+) points", fact):
            points = int(found[1])
        elif found := re.fullmatch(r"sits out (\d+) more turns", fact):
            sits = int(found[1])
        elif fact == "retired":
            retired = True
        else:
            raise ValueError(f"Unknown fact {fact!r} about {COLOURS[seat]}.")
    data["supply"].append(int(match[3]))
    data["scores"].append(points)
    data["sit_out"].append(sits)
    data["retired"].append(retired)


def _read_footer_line(line: str, data: dict[str, Any]) -> None:
    if line.startswith("sat out: "):
        data["sat_out"] = [COLOURS.index(c.strip()) for c in line[9:].split(",")]
        return
    if turns := re.fullmatch(r"turns ended: (\d+)", line):
        data["turns"] = int(turns[1])
        return
    found = re.fullmatch(r"last turn \((\w+)\): (.+)", line)
    if not found:
        raise ValueError(f"Unreadable line {line!r}.")
    seat = COLOURS.index(found[1])
    for step in found[2].split(";"):
        action = _ACTION.fullmatch(step.strip())
        if not action:
            raise ValueError(f"Unreadable action {step!r}.")
        entry: dict[str, Any] = {"seat": seat, "move": action[1]}
        if action[2] is not None:
            entry["pushed"] = int(action[2])
        else:
            entry["points"] = int(action[3])
        data["recent"].append(entry)
