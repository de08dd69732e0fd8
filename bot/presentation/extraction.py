"""The templates of the translations, extracted from the code: the English texts are the
msgids, so a sentence is translated as it is written in the catalogue modules.

`messages_template` reads every sentence of the catalogue modules it is given (the
presentation's `SHARED_CATALOGUES` and each face's words: `bot.translations`), with a
comment naming the constant or key it comes from, and the counted nouns of
`catalogue.COUNTED` as plural entries. `pictures_template` reads the texts every picture
draws and writes in its alt text (`render.words`' shared ones).

A game keeps its own catalogues in its own folders (`game_catalogues`, found through the
registries, so no game is named here): its phrases (`game_template`: its `say` calls,
games/<name>/locales/) and its pictures' words (`game_pictures_template`:
`Pictures.drawn`, render/<name>/locales/), each with a .po file for the languages it
declares (`GameType.languages`) alone. The texts every game shares are kept once
(`shared_template`, games/locales/). `write_template` and `update_translations` keep the
files of a domain in step with a template (Babel's `Catalog.update` keeps every
translation whose msgid is still there), and with the plural rule Babel gives each
language (`follow_plural_rule`).
"""

from __future__ import annotations

import ast
import gettext
import inspect
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from types import ModuleType
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po

import games
import render
from bot.match import endings
from bot.presentation import (
    analysis,
    challenges,
    clocks,
    composer,
    deadlines,
    game_rules,
    hints,
    history,
    league_words,
    matches,
    options,
    refusals,
    results,
    settings,
    stats,
    writing,
)
from bot.presentation.catalogue import COUNTED, counted_entry
from bot.presentation.language import (
    PICTURES,
    TRANSLATED,
    game_template_path,
    game_translation_path,
    picture_domain,
    template_path,
    translation_path,
)
from games.wording import SHARED_DOMAIN, SHARED_TEMPLATES

#: The modules that hold the sentences every face shares: bot/presentation's catalogues by
#: subject, and the endings a result is stored with (`bot.match.endings`). Each face's own
#: words (`bot/<face>/words.py`) are added by `bot.translations`, above every face.
SHARED_CATALOGUES: tuple[ModuleType, ...] = (
    endings,
    refusals,
    matches,
    results,
    challenges,
    clocks,
    deadlines,
    history,
    stats,
    game_rules,
    options,
    settings,
    writing,
    league_words,
    composer,
    hints,
    analysis,
)
#: The first lines of every template and .po file.
HEADER = (
    "# Shiftcord's texts for players, as gettext translations. Translate the msgstrs,\n"
    "# keep every {placeholder} as it is, then run: python -m bot.translations\n"
    "#"
)


def constants(module: ModuleType) -> list[str]:
    """The names a module assigns at its top level in upper case (its catalogue's
    constants; names it imports are another module's)."""
    tree = ast.parse(inspect.getsource(module))
    targets = [
        target
        for node in tree.body
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
    ]
    return [t.id for t in targets if isinstance(t, ast.Name) and t.id.isupper()]


def texts(name: str, value: object) -> Iterator[tuple[str, str]]:
    """The strings of a catalogue constant (a string, or mappings and tuples of them),
    each with where it comes from ("PROPOSED[draw]")."""
    if isinstance(value, str):
        yield name, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from texts(f"{name}[{key}]", item)
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            yield from texts(f"{name}[{index}]", item)


def _flags(text: str) -> set[str]:
    """gettext's flag for a text with `{name}` placeholders, so that tools check them."""
    return {"python-brace-format"} if "{" in text else set()


def _where(module: ModuleType) -> tuple[str, str]:
    """A catalogue module's file, and the name its entries' comments call it by: its own
    name in bot/presentation ("matches"), else its place in bot ("discord.words")."""
    name = module.__name__
    short = name.removeprefix("bot.presentation.")
    return name.replace(".", "/") + ".py", short if short != name else name.removeprefix("bot.")


def messages_template(modules: Sequence[ModuleType]) -> Catalog:
    """The `messages` domain: every sentence of the catalogue `modules`, then the counted
    nouns as plural entries."""
    catalog = Catalog(domain="messages", header_comment=HEADER, project="Shiftcord", fuzzy=False)
    for module in modules:
        path, where = _where(module)
        for name in constants(module):
            for origin, text in texts(name, getattr(module, name)):
                catalog.add(
                    text,
                    locations=[(path, 0)],
                    auto_comments=[f"{where}.{origin}"],
                    flags=_flags(text),
                )
    for counted in COUNTED:
        catalog.add(
            counted_entry(counted),
            locations=[("bot/presentation/catalogue.py", 0)],
            auto_comments=[f"a count of {{{counted}}}"],
            flags={"python-brace-format"},
        )
    return catalog


def _add_drawn(catalog: Catalog, where: str, origin: str, text: render.words.Drawn) -> None:
    """One text a picture draws (a counted one as a plural entry)."""
    catalog.add(
        text,
        locations=[(where, 0)],
        auto_comments=[origin],
        flags={"python-brace-format"} if "{" in str(text) else set(),
    )


def pictures_template() -> Catalog:
    """The `pictures` domain: the texts every picture draws and writes (a game's own are
    in its pictures' folder: `game_pictures_template`)."""
    catalog = Catalog(domain=PICTURES, header_comment=HEADER, project="Shiftcord", fuzzy=False)
    for name, text in render.words.SHARED.items():
        _add_drawn(catalog, "render/words.py", f"words.{name}", text)
    return catalog


def game_pictures_template(drawn: render.Pictures[Any]) -> Catalog:
    """The catalogue of one game's pictures' words (`Pictures.drawn`), kept in the folder
    of their package (`render/<game>/locales/`)."""
    domain = drawn.draw.__module__
    catalog = Catalog(domain=domain, header_comment=HEADER, project="Shiftcord", fuzzy=False)
    where = domain.replace(".", "/") + "/words.py"
    for name, text in drawn.drawn.items():
        _add_drawn(catalog, where, f"{drawn.game}.{name}", text)
    return catalog


def _written(catalog: Catalog) -> bytes:
    """A catalogue as its .po or .pot file holds it (locations without line numbers, so
    that moving a sentence within its module changes nothing)."""
    out = BytesIO()
    write_po(out, catalog, width=92, include_lineno=False, ignore_obsolete=True)
    return out.getvalue()


def _entries(catalog: Catalog) -> list[tuple[object, ...]]:
    """What a template says, without its header: each msgid with its context, comments,
    flags and locations."""
    return [
        (m.id, m.context, m.auto_comments, sorted(m.flags), sorted(file for file, _ in m.locations))
        for m in catalog
        if m.id
    ]


def is_current(template: Catalog, path: Path | None = None) -> bool:
    """Whether the template file of the catalogue's domain (or `path`) holds exactly its
    entries."""
    path = path or template_path(str(template.domain))
    if not path.exists():
        return False
    with path.open("rb") as file:
        return _entries(read_po(file)) == _entries(template)


def write_template(template: Catalog, path: Path | None = None) -> bool:
    """Write the domain's template file (or `path`) if its entries changed; whether it did."""
    path = path or template_path(str(template.domain))
    if is_current(template, path):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_written(template))
    return True


def update_translations(
    template: Catalog,
    path_of: Callable[[str, str], Path] = translation_path,
    languages: Sequence[str] = TRANSLATED,
) -> None:
    """Bring each language's .po file of the domain (at `path_of(language, domain)`) in
    step with its template: new msgids come in untranslated, gone ones leave, translations
    of the rest are kept. Only `languages` keep a file (a game's declared ones): the file
    of any other language is removed, as nothing would read it."""
    domain = str(template.domain)
    for language in TRANSLATED:
        if language not in languages:
            path_of(language, domain).unlink(missing_ok=True)
            continue
        path = path_of(language, domain)
        if path.exists():
            with path.open("rb") as file:
                catalog = read_po(file, locale=language, domain=domain)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(
                locale=language,
                domain=domain,
                header_comment=HEADER,
                project="Shiftcord",
                fuzzy=False,
            )
        follow_plural_rule(catalog)
        catalog.update(template, update_creation_date=False)
        written = _written(catalog)
        if not path.exists() or path.read_bytes() != written:
            path.write_bytes(written)


#: Counts at which a plural rule is asked which of its forms it uses, to carry each form
#: of an older rule to the forms of a newer one (CLDR's "many" of French and Spanish is a
#: million and its multiples); 0 last, since a form is taken from the first count that
#: uses it.
PLURAL_SAMPLES = (*range(1, 200), *(10**k * m for k in range(3, 10) for m in (1, 2, 5)), 0)


def follow_plural_rule(catalog: Catalog) -> None:
    """Give a language's catalog (read from its .po file) the plural rule Babel now has for
    the language, if its file was written with another: each form of a plural entry then
    holds the translation the file gave the first count (from 1 up, 0 last) that takes
    that form."""
    current = Catalog(locale=catalog.locale)
    if catalog.plural_forms == current.plural_forms:
        return
    old, new = gettext.c2py(catalog.plural_expr), gettext.c2py(current.plural_expr)
    source = [
        next((old(n) for n in PLURAL_SAMPLES if new(n) == form), 0)
        for form in range(current.num_plurals)
    ]
    catalog.mime_headers = [
        (name, current.plural_forms if name.lower() == "plural-forms" else value)
        for name, value in catalog.mime_headers
    ]
    for message in catalog:
        if message.id and isinstance(message.string, tuple):
            forms = message.string
            message.string = tuple(forms[min(i, len(forms) - 1)] for i in source)


#: The calls whose literal templates make a game's catalogue (`games.wording.Phrasebook`):
#: `say(template)` and `say.counted(singular, plural)`.
GAME_KEYWORDS = {"say": None, "counted": (1, 2)}


def shared_template() -> Catalog:
    """The catalogue of the texts every game shares (`games.wording.SHARED_TEMPLATES`:
    lists of words, the refusals of options and player counts), kept once in
    `games/locales/`."""
    catalog = Catalog(domain=SHARED_DOMAIN, header_comment=HEADER, project="Shiftcord", fuzzy=False)
    for text in SHARED_TEMPLATES:
        catalog.add(text, locations=[("games/wording.py", 0)], flags=_flags(text))
    return catalog


def game_template(domain: str) -> Catalog:
    """A game's catalogue (`domain`: its package): the templates of its package's `say`
    calls, where they stand."""
    catalog = Catalog(domain=domain, header_comment=HEADER, project="Shiftcord", fuzzy=False)
    folder = game_template_path(domain).parent.parent
    for path in sorted(folder.glob("*.py")):
        where = path.relative_to(folder.parent.parent).as_posix()
        with path.open("rb") as file:
            for _, text, comments, _ in extract("python", file, keywords=GAME_KEYWORDS):
                first = text if isinstance(text, str) else text[0]
                catalog.add(
                    text, locations=[(where, 0)], auto_comments=comments, flags=_flags(first)
                )
    return catalog


@dataclass(frozen=True)
class GameCatalogue:
    """One catalogue a game keeps in its own folders (its phrases, its pictures' words)
    and the languages it declares complete (`GameType.languages`)."""

    game: str
    template: Catalog
    languages: tuple[str, ...]

    @property
    def domain(self) -> str:
        """The package whose folder keeps the catalogue."""
        return str(self.template.domain)

    def missing(self) -> dict[str, int]:
        """Each translated language with how many entries it reads in English: all of
        them for a language the game does not declare, else those its file leaves empty
        (or fuzzy)."""
        entries = [m for m in self.template if m.id]
        found: dict[str, int] = {}
        for language in TRANSLATED:
            path = game_translation_path(language, self.domain)
            if language not in self.languages or not path.exists():
                found[language] = len(entries)
                continue
            with path.open("rb") as file:
                catalog = read_po(file, locale=language)
            done = {m.id for m in catalog if m.id and m.string and all(m.string) and not m.fuzzy}
            if missing := sum(m.id not in done for m in entries):
                found[language] = missing
        return found


def game_catalogues() -> list[GameCatalogue]:
    """Every registered game's catalogues: its phrases (games/<name>/locales/), then its
    pictures' words (render/<name>/locales/) where its pictures are a package."""
    found = []
    for name in games.names():
        game = games.get(name)
        found.append(GameCatalogue(name, game_template(game.say.domain), game.kind.languages))
    for drawn in render.modules.registered():
        if picture_domain(drawn.draw.__module__) is not None:
            languages = games.get(drawn.game).kind.languages
            found.append(GameCatalogue(drawn.game, game_pictures_template(drawn), languages))
    return found


def update_catalogue(template: Catalog, languages: Sequence[str] = TRANSLATED) -> bool:
    """Write a catalogue's template in its package's folder if it changed and update its
    .po files, one for each of `languages`; whether the template changed."""
    changed = write_template(template, game_template_path(str(template.domain)))
    update_translations(template, game_translation_path, languages)
    return changed
