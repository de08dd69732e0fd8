"""Small English helpers shared by every layer that writes for players."""

from __future__ import annotations

from collections.abc import Sequence


def plural(count: float, noun: str, nouns: str | None = None) -> str:
    """A count with its noun: "1 move", "2 moves", "3 matches"; `nouns` for irregular plurals."""
    if count == 1:
        return f"1 {noun}"
    return f"{count:g} {plural_noun(noun, nouns)}"


def plural_noun(noun: str, nouns: str | None = None) -> str:
    """A noun's plural: `nouns` where it is irregular, else "moves", "matches"."""
    if nouns is not None:
        return nouns
    return noun + ("es" if noun.endswith(("s", "sh", "ch", "x")) else "s")


def quoted(text: str, limit: int = 30) -> str:
    """Text a player typed, quoted for a refusal: at most `limit` characters of it, so a
    long paste never comes back whole ("'abc…'")."""
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def join_words(words: Sequence[str]) -> str:
    """Words joined as in a sentence: "a", "a and b", "a, b and c" ("" for none)."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
