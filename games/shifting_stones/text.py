"""Shifting Stones positions as readable text, read back through the JSON checks.

    Shifting Stones, 2 players
    options: deck=standard
    seed 7, 0 reshuffles
    grid: horse sun tree / boat fish seed / tree bird horse
    Player 1 | hand: 12 40 - 3 | scored: 5 17 | skipped
    Player 2 | hand: 8 9 10 11 | scored:
    draw: 1 2 3
    discard: 4 6
    ply 14, turns ended 3, turn Player 1, strikes 0
    turn: Player 1: shift b2 c2 pay 3 [card 7]
    card 0: 1: bird / horse

Cards are numbered by their place in the deck of the match (listed last); "?" is a card
the state hides, "-" a hand place used this turn. A view says `seed hidden, view of
Player 2` (or `public view`).
"""

from __future__ import annotations

import re
from typing import Any

from games.fields import text_options
from games.shifting_stones.codec import NAME, VERSION, OptionsCheck, grid_rows, state_from_json
from games.shifting_stones.rules import HIDDEN
from games.shifting_stones.state import StonesState
from games.shifting_stones.words import Action


def state_to_text(state: StonesState) -> str:
    """The position as text (see the module docstring)."""
    options = " ".join(f"{k}={v}" for k, v in state.options.items())
    lines = [f"Shifting Stones, {state.players} players", f"options: {options}"]
    if state.is_view:
        whose = "public view" if state.viewer is None else f"view of {_player(state.viewer)}"
        lines.append(f"seed hidden, {whose}, {state.shuffles} reshuffles")
    else:
        lines.append(f"seed {state.seed}, {state.shuffles} reshuffles")
    lines.append("grid: " + " / ".join(grid_rows(state.grid)))
    for seat in range(state.players):
        parts = [_player(seat), "hand: " + _ids(state.hands[seat])]
        parts.append("scored: " + _ids(state.scored[seat]))
        parts += [flag for flag, on in _flags(state, seat) if on]
        lines.append(" | ".join(parts).rstrip())
    lines.append(f"draw: {_ids(state.draw)}".rstrip())
    lines.append(f"discard: {_ids(state.discard)}".rstrip())
    status = [
        f"ply {state.plies}",
        f"turns ended {state.turns}",
        f"turn {_player(state.turn)}",
        f"strikes {state.strikes}",
    ]
    if state.triggered:
        status.append("triggered")
    if state.ending:
        status.append(f"ending {state.ending}")
    lines.append(", ".join(status))
    if state.recent:
        steps = "; ".join(_action_text(a) for a in state.recent)
        lines.append(f"turn: {_player(state.recent[0].seat)}: {steps}")
    lines += [f"card {number}: {card.text()}" for number, card in enumerate(state.cards)]
    return "\n".join(lines) + "\n"


def _player(seat: int) -> str:
    """A seat as this text writes it, whatever the state calls it: "Player 1" for seat 0."""
    return f"Player {seat + 1}"


def _ids(cards: tuple[int | None, ...]) -> str:
    return " ".join("-" if c is None else "?" if c == HIDDEN else str(c) for c in cards)


def _flags(state: StonesState, seat: int) -> list[tuple[str, bool]]:
    return [("skipped", state.skipped[seat]), ("retired", state.retired[seat])]


def _action_text(action: Action) -> str:
    facts = [] if action.card is None else [f"card {action.card}"]
    if action.card is None:
        facts.append(f"drew {action.drew}")
    facts += [
        word for word, on in (("reshuffled", action.reshuffled), ("strike", action.strike)) if on
    ]
    return f"{action.move.notation()} [{', '.join(facts)}]"


_HEADER = re.compile(r"Shifting Stones, (\d) players?")
_SEED = re.compile(
    r"seed (?:(-?\d{1,25})|hidden, (?:public view|view of Player (\d))), (\d+) reshuffles"
)
_PLAYER = re.compile(r"Player (\d) \| hand:([ \d?-]*) \| scored:([ \d]*)((?: \| \w+)*)")
_STATUS = re.compile(
    r"ply (\d+), turns ended (\d+), turn Player (\d), strikes (\d)(, triggered)?"
    r"(?:, ending (\w+))?"
)
_ACTION = re.compile(r"(.+?) \[(?:card (\d+)|drew (\d+))((?:, \w+)*)\]")


def state_from_text(text: str, options_of: OptionsCheck) -> StonesState:
    """Rebuild a state from `state_to_text`; unreadable text raises ValueError."""
    if not isinstance(text, str) or len(text) > 100_000:
        raise ValueError("A Shifting Stones position must be text of at most 100,000 characters.")
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    try:
        return state_from_json(_text_to_json(lines), options_of)
    except (IndexError, KeyError, AttributeError, TypeError):
        raise ValueError("This is not a Shifting Stones position written by to_text.") from None


def _text_to_json(lines: list[str]) -> dict[str, Any]:
    header = _HEADER.fullmatch(lines[0])
    seed = _SEED.fullmatch(lines[2])
    if (
        not header
        or not lines[1].startswith("options:")
        or not seed
        or not lines[3].startswith("grid: ")
    ):
        raise ValueError(
            "A Shifting Stones position starts with its players, options, seed and grid."
        )
    players = int(header[1])
    options = text_options(lines[1][len("options:") :])
    hidden = seed[1] is None
    data: dict[str, Any] = {
        "game": NAME,
        "version": VERSION,
        "players": players,
        "options": options,
        "seed": None if hidden else int(seed[1]),
        "shuffles": int(seed[3]),
        "view": {"seat": int(seed[2]) - 1 if seed[2] else None} if hidden else None,
        "grid": [row.strip() for row in lines[3][len("grid: ") :].split("/")],
        "hands": [],
        "scored": [],
        "skipped": [],
        "retired": [],
        "recent": [],
        "cards": [],
    }
    for seat, line in enumerate(lines[4 : 4 + players]):
        match = _PLAYER.fullmatch(line)
        if not match or int(match[1]) != seat + 1:
            raise ValueError(f"Expected the line of {_player(seat)}, got {line[:60]!r}.")
        data["hands"].append(_read_ids(match[2]))
        data["scored"].append(_read_ids(match[3]))
        flags = match[4].split(" | ")[1:]
        data["skipped"].append("skipped" in flags)
        data["retired"].append("retired" in flags)
    rest = lines[4 + players :]
    data["draw"] = _read_ids(_after(rest[0], "draw:"))
    data["discard"] = _read_ids(_after(rest[1], "discard:"))
    status = _STATUS.fullmatch(rest[2])
    if not status:
        raise ValueError(f"Unreadable status line {rest[2][:60]!r}.")
    data["ply"], data["turns"] = int(status[1]), int(status[2])
    data["turn"], data["strikes"] = int(status[3]) - 1, int(status[4])
    data["triggered"], data["ending"] = bool(status[5]), status[6]
    for line in rest[3:]:
        if line.startswith("turn: "):
            data["recent"] = _read_actions(line)
        elif found := re.fullmatch(r"card (\d+): (.+)", line):
            data["cards"].append(found[2])
        else:
            raise ValueError(f"Unreadable line {line[:60]!r}.")
    return data


def _after(line: str, prefix: str) -> str:
    if not line.startswith(prefix):
        raise ValueError(f"Expected a line starting {prefix!r}.")
    return line[len(prefix) :]


def _read_ids(text: str) -> list[Any]:
    values: list[Any] = []
    for word in text.split():
        if word in ("-", "?"):
            values.append(None if word == "-" else "?")
        elif word.isdigit() and len(word) < 5:
            values.append(int(word))
        else:
            raise ValueError(f"{word[:20]!r} is no card number.")
    return values


def _read_actions(line: str) -> list[dict[str, Any]]:
    found = re.fullmatch(r"turn: Player (\d): (.+)", line)
    if not found:
        raise ValueError(f"Unreadable turn line {line[:60]!r}.")
    actions = []
    for step in found[2].split(";"):
        match = _ACTION.fullmatch(step.strip())
        if not match:
            raise ValueError(f"Unreadable action {step.strip()[:60]!r}.")
        facts = match[4].split(", ")[1:]
        actions.append(
            {
                "seat": int(found[1]) - 1,
                "move": match[1],
                "card": None if match[2] is None else int(match[2]),
                "drew": int(match[3] or 0),
                "reshuffled": "reshuffled" in facts,
                "strike": "strike" in facts,
            }
        )
    return actions
