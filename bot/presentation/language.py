"""The languages players read: English, the source of every sentence, and the translations
kept as gettext catalogues beside this module (bot/presentation/locales).

A template `locales/<domain>.pot` holds a domain's English texts as msgids; each language
has `locales/<language>/<domain>.po` with their translations (`python -m bot.translations`
extracts the templates and updates the .po files).
"""

from __future__ import annotations

from pathlib import Path

#: Where the templates and the translations live.
LOCALES = Path(__file__).parent / "locales"
#: The language every text is written in first, and shown in where no translation exists.
SOURCE = "en"
#: The languages the bot is translated into, besides English.
TRANSLATED = ("de", "fr", "es")


def template_path(domain: str) -> Path:
    """The template (English msgids) of a domain: locales/<domain>.pot."""
    return LOCALES / f"{domain}.pot"


def translation_path(language: str, domain: str) -> Path:
    """A language's translations of a domain: locales/<language>/<domain>.po."""
    return LOCALES / language / f"{domain}.po"
