"""Reading stored positions: the checked fields of a game's JSON snapshot, and the options
line of its text.

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


def text_options(words: str) -> dict[str, str]:
    """The options written as `name=value` words on a position's text line, unchecked (the
    game's `from_json` checks them); a word without "=" raises ValueError."""
    pairs = [word.partition("=") for word in words.split()]
    bad = [name for name, equals, _ in pairs if not equals]
    if bad:
        raise ValueError(f"The option {bad[0][:20]!r} has no value (options read name=value).")
    return {name: value for name, _, value in pairs}
