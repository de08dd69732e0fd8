"""Reading stored positions: the checked fields of a game's JSON snapshot.

Every game's `from_json` reads its fields through these, so a field of the wrong type or
out of range is refused with the same plain ValueError whatever the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_KINDS = {
    int: "a whole number",
    bool: "true or false",
    list: "a list",
    dict: "an object",
    str: "text",
}


def json_field(data: Mapping[str, Any], key: str, kind: type) -> Any:
    """The field `key`, which must be of `kind` (a bool is never taken for a number)."""
    value = data.get(key)
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        raise ValueError(f"Field {key!r} must be {_KINDS.get(kind, 'text')}.")
    return value


def json_int(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    """The whole-number field `key`, which must lie between `low` and `high`."""
    value: int = json_field(data, key, int)
    if not low <= value <= high:
        raise ValueError(f"Field {key!r} must lie between {low} and {high}.")
    return value
