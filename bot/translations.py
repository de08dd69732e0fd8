"""Extract the translations' templates from the code and update every language's .po
files: `python -m bot.translations` (scripts/translations), after changing a sentence.

Each domain's English texts are read where they live (`messages`: the presentation's
catalogue modules; `commands`: the command tree of a bot built without connecting, and the
buttons' labels; each game's `say` calls); a translator then fills the new msgstrs of
locales/<language>/<domain>.po (a game's: games/<name>/locales/<language>.po).
"""

from __future__ import annotations

import asyncio
import sys

from babel.messages.catalog import Catalog

from bot.config import Settings
from bot.discord.client import built_payload
from bot.discord.command_texts import commands_template
from bot.presentation.extraction import (
    game_domains,
    messages_template,
    pictures_template,
    update_game,
    update_translations,
    write_template,
)


def templates() -> list[Catalog]:
    """The template of every domain, extracted now."""
    payload = asyncio.run(built_payload(Settings.from_env()))
    return [messages_template(), commands_template(payload), pictures_template()]


def main() -> int:
    """Write every template that changed and update the .po files; say what was done."""
    for template in templates():
        changed = write_template(template)
        update_translations(template)
        state = "extracted anew" if changed else "unchanged"
        print(f"{template.domain}: template {state}; .po files updated.", file=sys.stderr)
    for domain in game_domains():
        state = "extracted anew" if update_game(domain) else "unchanged"
        print(f"{domain}: template {state}; .po files updated.", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
