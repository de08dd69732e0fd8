"""The languages players read: English, the source of every sentence, and the translations
kept as gettext catalogues beside this module (bot/presentation/locales).

A template `locales/<domain>.pot` holds a domain's English texts as msgids; each language
has `locales/<language>/<domain>.po` with their translations (`python -m bot.translations`
extracts the templates and updates the .po files).

What is written now is in the language `speaking` sets (a context variable, so that each
interaction and each post has its own): `translated` and `counted` look a text up there,
falling back to English where a translation is missing, fuzzy or has other placeholders.
The .po files are read as they are (no compiled .mo files in the tree).
"""

from __future__ import annotations

import gettext
import importlib.util
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from functools import cache
from io import BytesIO
from pathlib import Path
from string import Formatter

from babel.dates import format_skeleton, format_time, get_datetime_format
from babel.messages.catalog import Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import games
import render
from games.wording import SHARED_DOMAIN, Phrase, Written, locales_folder

#: The domain of the words pictures draw that every game shares (a game's own are in its
#: pictures' folder).
PICTURES = "pictures"
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


def game_template_path(domain: str) -> Path:
    """The template of a catalogue kept in a package's folder (`domain`: the package; a
    game's, its pictures', or `games` for the texts every game shares):
    locales/messages.pot there."""
    return locales_folder(domain) / "messages.pot"


def game_translation_path(language: str, domain: str) -> Path:
    """A language's translations of such a catalogue: locales/<language>.po in the
    package's folder."""
    return locales_folder(domain) / f"{language}.po"


def picture_domain(module: str) -> str | None:
    """The catalogue of a game's pictures' words: the package their drawing function is
    defined in (`render.<game>`), or None where that is no package (a test's game written
    in one module, English only)."""
    spec = importlib.util.find_spec(module)
    return module if spec is not None and spec.submodule_search_locations else None


#: Every language a text can be shown in: English first.
LANGUAGES = (SOURCE, *TRANSLATED)
#: Each language by its own name, as its speakers look for it in a list.
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}
#: The language of what is being written now: set by the faces around what they write.
_spoken: ContextVar[str] = ContextVar("spoken", default=SOURCE)


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Write everything within in `language` (one of `LANGUAGES`)."""
    token = _spoken.set(language)
    try:
        yield
    finally:
        _spoken.reset(token)


def speak(language: str) -> None:
    """Write in `language` from now on in this task: a face's handler of one interaction,
    which runs in a task of its own (the task's context ends with it)."""
    _spoken.set(language)


def spoken() -> str:
    """The language of what is being written now."""
    return _spoken.get()


def language_of(locale: str | None) -> str | None:
    """The language of ours that a locale names ("de", "en-GB", "es-419", "fr_FR.UTF-8"),
    or None when it names none of them."""
    if not locale:
        return None
    language = locale.replace("_", "-").split(".")[0].split("-")[0].lower()
    return language if language in LANGUAGES else None


def _placeholders(text: str) -> set[str]:
    """The names of a text's `{name}` placeholders."""
    return {name for _, name, _, _ in Formatter().parse(text) if name}


def _usable(message: Message) -> bool:
    """Whether a translation is there to show: not fuzzy, every form filled in, and no
    placeholder the English lacks (it could not be filled: English is shown instead)."""
    ids = [message.id] if isinstance(message.id, str) else list(message.id)
    forms = [message.string] if isinstance(message.string, str) else list(message.string or ())
    english = set().union(*map(_placeholders, ids))
    return not message.fuzzy and all(form and _placeholders(form) <= english for form in forms)


@cache
def _translations(language: str, domain: str) -> gettext.NullTranslations:
    """A language's translations of a domain of the presentation."""
    return _read(translation_path(language, domain), language, domain)


@cache
def _game_translations(language: str, domain: str) -> gettext.NullTranslations:
    """A language's translations of a game's texts (`domain`: the game's package)."""
    return _read(game_translation_path(language, domain), language, domain)


def _read(path: Path, language: str, domain: str) -> gettext.NullTranslations:
    """A language's translations of a domain, read from its .po file at `path` (English,
    the msgids themselves, where there is none)."""
    if language == SOURCE or not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as file:
        catalog = read_po(file, locale=language, domain=domain)
    for message in list(catalog):
        if message.id and not _usable(message):
            catalog.delete(message.id, message.context)
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


@cache
def _picture_translations(language: str, domains: tuple[str, ...]) -> gettext.NullTranslations:
    """A language's translations of the words pictures draw: the shared ones
    (locales/<language>/pictures.po), then each game's, kept in its pictures' folder
    (`domains`: their packages; see `picture_domain`)."""
    found = _read(translation_path(language, PICTURES), language, PICTURES)
    for domain in domains:
        found.add_fallback(_read(game_translation_path(language, domain), language, domain))
    return found


def picture_domains() -> tuple[str, ...]:
    """The packages of every registered game's pictures that keep a catalogue."""
    found = (picture_domain(p.draw.__module__) for p in render.modules.registered())
    return tuple(domain for domain in found if domain is not None)


def picture_translations() -> gettext.NullTranslations:
    """The words pictures draw (the shared ones and every game's) in the language spoken
    now: `gettext` and `ngettext` look a drawn template up, English where it is missing."""
    return _picture_translations(spoken(), picture_domains())


def load() -> None:
    """Read every language's translations now (at start), the presentation's domains,
    the texts every game shares, every game's catalogue and its pictures', rather than on
    the event loop at the first text needing one."""
    for language in TRANSLATED:
        for path in sorted((LOCALES / language).glob("*.po")):
            _translations(language, path.stem)
        _game_translations(language, SHARED_DOMAIN)
        for name in games.names():
            _game_translations(language, games.get(name).say.domain)
        _picture_translations(language, picture_domains())


def translated(text: str, domain: str = "messages") -> str:
    """`text` (an English msgid of `domain`) in the language spoken now."""
    return _translations(spoken(), domain).gettext(text)


def translated_in(context: str, text: str, domain: str) -> str:
    """`text` under a msgctxt (a command's name, an option's) in the language spoken now."""
    return _translations(spoken(), domain).pgettext(context, text)


def counted(count: int, singular: str, plural: str, domain: str = "messages") -> str:
    """The form of a plural entry for `count` in the language spoken now."""
    return _translations(spoken(), domain).ngettext(singular, plural, count)


def localised(text: str) -> str:
    """A game's text in the language spoken now: a `Phrase` through its game's catalogue,
    its values written likewise (a phrase within, a seat's colour), falling back to English
    like every text; a `Written` text in its version of the language, else English. Any
    other string is returned as it is."""
    if isinstance(text, Written):
        return text.versions.get(spoken(), text)
    if not isinstance(text, Phrase):
        return text
    catalogue = _game_translations(spoken(), text.domain)
    if text.plural is None:
        template = catalogue.gettext(text.template)
    else:
        count = text.values["count"]
        assert isinstance(count, int), "a counted phrase's count is a whole number"
        template = catalogue.ngettext(text.template, text.plural, count)
    values = {name: localised(v) if isinstance(v, str) else v for name, v in text.values.items()}
    return template.format(**values)


def moment_words(moment: datetime) -> str:
    """A moment in UTC as the language spoken writes a day and a time, for a picture,
    which cannot show a Discord time ("Sat, Mar 1, 18:00", "Sa., 1. März, 18:00")."""
    language = spoken()
    day = format_skeleton("MMMEd", moment, tzinfo=UTC, locale=language)
    time = format_time(moment, "HH:mm", tzinfo=UTC, locale=language)
    return str(get_datetime_format("medium", locale=language)).format(time, day)
