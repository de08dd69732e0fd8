"""Choices as Discord lists them (autocomplete, select menus): at most 100 characters each,
and completions of game options typed so far."""

from __future__ import annotations

from bot.match.shown import shorten
from bot.presentation.language import localised
from bot.presentation.options import option_value
from games import Game

MAX_CHOICE = 100  # Discord's limit on an autocomplete choice's name and value


def suggest_options(game: Game, typed: str, limit: int = 25) -> list[tuple[str, str]]:
    """Completions of `typed` as (label, value) pairs, at most `limit`, each within 100
    characters: the words typed so far are kept and the last one is completed."""
    head, _, last = typed.rpartition(" ")
    head = f"{head} " if head else ""
    used = {w.replace(":", "=").partition("=")[0].lower() for w in head.split()}
    name, sep, value = last.replace(":", "=").partition("=")
    name = name.lower()
    out: list[tuple[str, str]] = []
    for option in game.kind.options:
        if option.name in used or not (
            option.name == name if sep else option.name.startswith(name)
        ):
            continue
        for choice in option.choices:
            word = f"{option.name}={option_value(choice)}"
            if sep and not option_value(choice).startswith(value.lower()):
                continue
            full = head + word
            if len(full) > MAX_CHOICE:
                continue
            default = " (default)" if choice == option.default else ""
            out.append((clip_choice(f"{full}: {localised(option.help)}{default}"), full))
    return out[:limit]


def clip_choice(text: str) -> str:
    """`text` cut to Discord's 100 characters for a choice, with "…" where it was cut."""
    return shorten(text, MAX_CHOICE)
