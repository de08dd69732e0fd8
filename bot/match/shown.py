"""Text members chose (display names, league names), made safe to show and cut to a limit.

Both faces show such names, Discord in fields with a length limit (a thread's name, a
choice's label: 100 characters). Discord counts a name's length in Unicode code points
(the JSON characters of its API, as Python's `len`), so an emoji counts once however
many UTF-16 units it takes; a name is cut between characters as they are seen, never
inside a joined emoji, a flag or a letter with its accents.
"""

from __future__ import annotations

import unicodedata

ZERO_WIDTH_JOINER = "\u200d"
#: Marks that belong to the character before them: skin tones and variation selectors.
_MODIFIERS = (range(0x1F3FB, 0x1F400), range(0xFE00, 0xFE10))
_REGIONAL_INDICATORS = range(0x1F1E6, 0x1F200)


def clean_name(text: str) -> str:
    """`text` without invisible format characters that make it read differently: bidi
    controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C), zero-width spaces
    and tags (the joiner inside an emoji stays); control characters and runs of spaces
    become one space, and the ends are trimmed, as Discord trims names."""
    kept = (
        " " if unicodedata.category(c) == "Cc" else c
        for c in text
        if c == ZERO_WIDTH_JOINER or unicodedata.category(c) != "Cf"
    )
    return " ".join("".join(kept).split())


def shorten(text: str, limit: int) -> str:
    """`text` in at most `limit` characters (code points): whole, or cut between two
    characters as seen with "…" after the cut."""
    if len(text) <= limit:
        return text
    cut = limit - 1
    while cut > 0 and _belongs_to_previous(text, cut):
        cut -= 1
    return text[:cut].rstrip() + "…"


def _belongs_to_previous(text: str, place: int) -> bool:
    """Whether the code point at `place` is part of the character seen before it."""
    here, before = text[place], text[place - 1]
    if ZERO_WIDTH_JOINER in (here, before) or unicodedata.category(here) in ("Mn", "Mc", "Me"):
        return True
    if any(ord(here) in marks for marks in _MODIFIERS):
        return True
    if ord(here) not in _REGIONAL_INDICATORS:
        return False
    run = 0  # a flag is a pair of regional indicators: the second of a pair belongs
    while place - run > 0 and ord(text[place - run - 1]) in _REGIONAL_INDICATORS:
        run += 1
    return run % 2 == 1
