"""Export a match record as text, and read such a text back to replay it.

The text names the game, its options (JSON), the seed, the players, dates and result,
then the moves still standing (taken-back moves are left out) and seats that left. The
seed makes every hidden card of a game with secrets known, so while such a match runs it
is left out (and that record cannot be replayed until the match has ended):

    1. Seat 2: c3-c4 (2025-03-01 18:30 UTC)
    - Seat 3 leaves: resign (2025-03-02 09:00 UTC)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from bot.match.errors import ReplayError
from bot.match.phrases import Message, write_members
from bot.match.records import MatchRecord
from bot.match.replay import MOVE, RETIRE, rebuild_state, standing_entries
from bot.service.base import when
from games import GameState

_MOVE_LINE = re.compile(r"^(\d+)\. Seat (\d{1,3}): (.+) \(([^()]*)\)$")
_LEAVE_LINE = re.compile(r"^- Seat (\d{1,3}) leaves: (\w+) \(([^()]*)\)$")
#: A seed or seat count as the headers may hold it (seeds have at most 20 digits).
_NUMBER = re.compile(r"-?\d{1,30}")
_HEADER = re.compile(r"^([A-Za-z0-9 ]+): (.*)$")
HIDDEN_SEED = "hidden until the match ends (the game hides information)"


def export_text(record: MatchRecord, names: Mapping[int, str] | None = None) -> str:
    """The record as text: game, options, seed, players, dates, result, then the moves."""
    match = record.match
    names = names or {}

    def who(member: int) -> str:
        return f"{names[member]} (member {member})" if member in names else f"member {member}"

    clock = f"{match.rules.clock_hours} hours per move" if match.rules.clock_hours else "none"
    lines = [
        "Shiftcord match record",
        f"Match: {match.id}",
        f"Game: {match.game} ({match.game_title})",
        f"Options: {json.dumps(dict(match.options), sort_keys=True)}",
        f"Seed: {HIDDEN_SEED if match.active and match.has_secrets else match.seed}",
        f"Players: {len(match.seats)}",
        *(f"Seat {s.seat + 1}: {who(s.member_id)}" for s in match.seats),
        f"Clock: {clock}",
        f"Started: {when(match.created_at)}",
        f"Ended: {when(match.ended_at) if match.ended_at else 'still playing'}",
        f"Result: {_result_line(record, who)}",
        "",
        "Moves:",
    ]
    number = 0
    for entry in standing_entries(record.log):
        if entry.kind == MOVE:
            number += 1
            lines.append(f"{number}. Seat {entry.seat + 1}: {entry.notation} ({when(entry.at)})")
        else:
            lines.append(f"- Seat {entry.seat + 1} leaves: {entry.notation} ({when(entry.at)})")
    return "\n".join(lines) + "\n"


def _result_line(record: MatchRecord, who: Callable[[int], str]) -> str:
    result = record.match.result
    if result is None:
        return "none yet"
    reason = write_members(result.reason, who).rstrip(".")
    if result.draw:
        return f"draw: {reason}."
    if result.winners:
        return f"won by {', '.join(who(m) for m in result.winners)}: {reason}."
    return f"{record.match.status}: {reason}."


def replay_export(text: str) -> GameState:
    """Read an exported record and replay it; the final position. Raises ReplayError."""
    headers: dict[str, str] = {}
    entries: list[tuple[str, int, str]] = []
    in_moves = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line == "Shiftcord match record":
            continue
        if line == "Moves:":
            in_moves = True
            continue
        if in_moves:
            entries.append(_entry(line, number))
            continue
        found = _HEADER.match(line)
        if found is None:
            raise ReplayError(Message("record.not_header", line=number, text=repr(line)))
        headers[found.group(1)] = found.group(2)
    if headers.get("Seed") == HIDDEN_SEED:
        raise ReplayError(Message("record.hidden_seed"))
    game, options, seed, players = _settings(headers)
    try:
        return rebuild_state(game, players, seed, options, entries)
    except KeyError as error:  # an unknown game
        raise ReplayError(Message("record.refused", reason=error.args[0])) from None
    except ValueError as error:  # options or player count the game refuses
        raise ReplayError(Message("record.refused", reason=str(error))) from None


def _settings(headers: Mapping[str, str]) -> tuple[str, dict[str, Any], int, int]:
    """The game, options, seed and seat count the headers give; ReplayError when damaged."""
    game = headers.get("Game", "").split()
    if not game:
        raise ReplayError(Message("record.no_game"))
    try:
        options = json.loads(headers.get("Options", ""))
    except (ValueError, RecursionError):
        options = None
    if not isinstance(options, dict):
        raise ReplayError(Message("record.options"))
    return game[0], options, _whole_number(headers, "Seed"), _whole_number(headers, "Players")


def _whole_number(headers: Mapping[str, str], name: str) -> int:
    text = headers.get(name, "")
    if not _NUMBER.fullmatch(text):
        raise ReplayError(Message("record.whole_number", header=name))
    return int(text)


def _entry(line: str, number: int) -> tuple[str, int, str]:
    found = _MOVE_LINE.match(line)
    if found is not None:
        return MOVE, int(found.group(2)) - 1, found.group(3)
    found = _LEAVE_LINE.match(line)
    if found is not None:
        return RETIRE, int(found.group(1)) - 1, found.group(2)
    raise ReplayError(Message("record.not_move", line=number, text=repr(line)))
