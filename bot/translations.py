"""Extract the translations' templates from the code and update every language's .po
files: `python -m bot.translations` (scripts/translations), after changing a sentence.

Each domain's English texts are read where they live (`messages`: the catalogue modules,
`CATALOGUE_MODULES`: the presentation's by subject and each face's own words; `commands`:
the command tree of a bot built without connecting, and the buttons' labels; the texts
every game shares; each game's `say` calls and its pictures' words); a translator then
fills the new msgstrs of locales/<language>/<domain>.po (a game's:
games/<name>/locales/<language>.po and render/<name>/locales/<language>.po, for the
languages the game declares complete, `GameType.languages`). Last, it lists what players
read in English for want of a translation, game by game.
"""

from __future__ import annotations

import asyncio
import sys
from types import ModuleType

from babel.messages.catalog import Catalog

from bot.config import Settings
from bot.console import words as console_words
from bot.discord import words as chat_words
from bot.discord.client import built_payload
from bot.discord.command_texts import commands_template
from bot.presentation.extraction import (
    SHARED_CATALOGUES,
    game_catalogues,
    messages_template,
    pictures_template,
    shared_template,
    update_catalogue,
    update_translations,
    write_template,
)
from bot.web import words as web_words

#: Every module of sentences players read: what every face shares (the presentation's
#: catalogues by subject), then each face's own words (the one place that imports all
#: three: a face imports only its own).
CATALOGUE_MODULES: tuple[ModuleType, ...] = (
    *SHARED_CATALOGUES,
    console_words,
    chat_words,
    web_words,
)


def templates() -> list[Catalog]:
    """The template of every domain, extracted now."""
    payload = asyncio.run(built_payload(Settings.from_env()))
    return [messages_template(CATALOGUE_MODULES), commands_template(payload), pictures_template()]


def main() -> int:
    """Write every template that changed and update the .po files; say what was done."""
    for template in templates():
        changed = write_template(template)
        update_translations(template)
        state = "extracted anew" if changed else "unchanged"
        print(f"{template.domain}: template {state}; .po files updated.", file=sys.stderr)
    state = "extracted anew" if update_catalogue(shared_template()) else "unchanged"
    print(f"games (shared): template {state}; .po files updated.", file=sys.stderr)
    catalogues = game_catalogues()
    for catalogue in catalogues:
        changed = update_catalogue(catalogue.template, catalogue.languages)
        state = "extracted anew" if changed else "unchanged"
        print(f"{catalogue.domain}: template {state}; .po files updated.", file=sys.stderr)
    for catalogue in catalogues:
        for language, count in catalogue.missing().items():
            declared = "declared" if language in catalogue.languages else "not declared"
            print(
                f"{catalogue.domain}: {count} entries read in English in {language} "
                f"({declared} by {catalogue.game}).",
                file=sys.stderr,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
