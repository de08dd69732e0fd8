"""What the test games share: reading snapshots safely, their text form, the seat ring.

A snapshot (`to_json`) is a flat dict of plain values; the text form (`to_text`) writes
the same fields one per line as `name: <JSON value>` under a title line, so it reads
well in a bug report and `from_text` can check it field by field. Readers raise only
ValueError, and refuse sizes no position of the game can reach.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

#: The longest text form any test game writes is far shorter than this.
MAX_TEXT = 4000


def check_snapshot(data: object, name: str) -> Mapping[str, Any]:
    """`data` as a snapshot of the game called `name`; ValueError if it is not one."""
    if not isinstance(data, Mapping):
        raise ValueError(f"A {name} snapshot must be a JSON object.")
    if data.get("game") != name:
        raise ValueError(f"This snapshot is not of the game {name}.")
    return data


def whole(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    """The whole number at `key`, which must lie between `low` and `high`."""
    value = data.get(key)
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"Field {key!r} must be a whole number from {low} to {high}.")
    return value


def flag(data: Mapping[str, Any], key: str) -> bool:
    """The true-or-false value at `key`."""
    value = data.get(key)
    if type(value) is not bool:
        raise ValueError(f"Field {key!r} must be true or false.")
    return value


def listed(data: Mapping[str, Any], key: str, low: int, high: int) -> list[Any]:
    """The list at `key`, of `low` to `high` entries."""
    value = data.get(key)
    if not isinstance(value, list) or not low <= len(value) <= high:
        raise ValueError(f"Field {key!r} must be a list of {low} to {high} entries.")
    return value


def seat_or_none(value: object, players: int, key: str) -> int | None:
    """A seat number below `players`, or None (JSON null)."""
    if value is None:
        return None
    if type(value) is not int or not 0 <= value < players:
        raise ValueError(f"Entries of {key!r} must be seats from 0 to {players - 1} or null.")
    return value


def fields_to_text(title: str, data: Mapping[str, Any]) -> str:
    """A snapshot as text: `title`, then each field as `name: <JSON value>`."""
    lines = [title, *(f"{key}: {json.dumps(value)}" for key, value in data.items())]
    return "\n".join(lines) + "\n"


def fields_from_text(text: object, title: str) -> dict[str, Any]:
    """The snapshot `fields_to_text` wrote under `title`; ValueError if unreadable."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise ValueError(f"A {title} position is text of at most {MAX_TEXT} characters.")
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if not lines or lines[0] != title:
        raise ValueError(f"A {title} position starts with the line {title!r}.")
    data: dict[str, Any] = {}
    for line in lines[1:]:
        key, colon, value = line.partition(":")
        if not colon or key.strip() in data:
            raise ValueError(f"Each line must be a new 'name: value', not {line[:40]!r}.")
        try:
            data[key.strip()] = json.loads(value)
        except (json.JSONDecodeError, RecursionError):
            raise ValueError(f"The value of {key.strip()!r} is not readable.") from None
    return data


def retiring(retired: Sequence[bool], seat: int, turn: int) -> tuple[tuple[bool, ...], int] | None:
    """The retired flags and the seat to move after `seat` leaves a ring where `turn` is
    to move; None when `seat` cannot leave (no such seat, gone already) or fewer than two
    seats would be left to play on."""
    if not 0 <= seat < len(retired) or retired[seat]:
        return None
    after = tuple(gone or s == seat for s, gone in enumerate(retired))
    if after.count(False) < 2:
        return None
    return after, next_seat(seat, after) if seat == turn else turn


def leaders(counts: Sequence[int], retired: Sequence[bool]) -> tuple[tuple[int, ...], int]:
    """The seats still playing with the highest count, and that count."""
    playing = [s for s, gone in enumerate(retired) if not gone]
    best = max(counts[s] for s in playing)
    return tuple(s for s in playing if counts[s] == best), best


def next_seat(seat: int, retired: Sequence[bool]) -> int:
    """The next seat after `seat` round the ring that has not retired (`seat` itself if
    it is the only one left)."""
    players = len(retired)
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if not retired[candidate]:
            return candidate
    return seat
