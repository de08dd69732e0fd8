"""Small English helpers shared by every layer that writes for players, and how a game's
texts are written so that the presentation can translate them (`Phrase`, `Written`)."""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any


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


class Phrase(str):
    """A game's text as a template of its catalogue with the values that fill it: its
    `str` is the English, so it goes wherever a string goes, and the presentation writes it
    in the language spoken (the template looked up in the game's catalogue, the values
    written likewise; see `Phrasebook`). Values that are phrases themselves nest."""

    domain: str
    template: str
    plural: str | None
    values: Mapping[str, object]

    def __new__(
        cls, domain: str, template: str, plural: str | None = None, /, **values: object
    ) -> Phrase:
        """The phrase of `template` in `domain` (a game's package); with `plural`, a counted
        phrase whose number is the value `count` (`plural` is its English form for any
        count but 1)."""
        chosen = template if plural is None or values.get("count") == 1 else plural
        phrase = super().__new__(cls, chosen.format(**values))
        phrase.domain, phrase.template, phrase.plural = domain, template, plural
        phrase.values = MappingProxyType(dict(values))
        return phrase

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with its template and values (the engine's workers get states)."""
        return (_phrase, (self.domain, self.template, self.plural, dict(self.values)))


def _phrase(domain: str, template: str, plural: str | None, values: dict[str, object]) -> Phrase:
    """A phrase rebuilt from what `Phrase.__reduce__` keeps."""
    return Phrase(domain, template, plural, **values)


class Phrasebook:
    """How a game writes its texts: `say = Phrasebook(__package__)` in the game's package,
    then `say("{colour} enters {edge}", colour=..., edge=say("from the north"))` and
    `say.counted("{count} marble", "{count} marbles", count=n)`. The templates are the
    msgids of the game's catalogue (`locales/<language>.po` in its folder), extracted from
    the calls of `say` and `say.counted` with literal templates."""

    def __init__(self, domain: str) -> None:
        self.domain = domain

    def __call__(self, template: str, /, **values: object) -> Phrase:
        """The phrase of `template` with its values."""
        return Phrase(self.domain, template, None, **values)

    def counted(self, singular: str, plural: str, /, count: int, **values: object) -> Phrase:
        """A phrase with a number, `count`, whose form follows it in each language."""
        return Phrase(self.domain, singular, plural, count=count, **values)

    def listed(self, words: Sequence[str]) -> str:
        """Words joined as in a sentence, each kept as it is (a colour stays a phrase):
        "a", "a and b", "a, b and c" ("" for none)."""
        if not words:
            return ""
        if len(words) == 1:
            return words[0]
        first = words[0]
        for word in words[1:-1]:
            first = SHARED(LIST_NEXT, first=first, next=word)
        return SHARED(LIST_LAST, first=first, last=words[-1])

    def alternatives(self, words: Sequence[str]) -> str:
        """Words offered as alternatives: "a", "a or b", "a or b or c" ("" for none)."""
        if not words:
            return ""
        either = words[0]
        for word in words[1:]:
            either = SHARED(LIST_OR, either=either, other=word)
        return either


#: The domain of the texts every game shares (lists of words, the refusals of `games.base`):
#: one catalogue, `games/locales/`, rather than a copy in every game's.
SHARED_DOMAIN = "games"
#: The phrasebook of those shared texts.
SHARED = Phrasebook(SHARED_DOMAIN)

#: The templates of `Phrasebook.listed` and `alternatives`, in the shared catalogue.
LIST_NEXT, LIST_LAST, LIST_OR = "{first}, {next}", "{first} and {last}", "{either} or {other}"

#: What every game says of an option or a player count it refuses (`games.base`): in the
#: shared catalogue, as the lists of words are.
OPTION_WHOLE = "Option {option} must be a whole number."
OPTION_ONE_OF = "Option {option} must be one of: {allowed} (got {got})."
OPTION_WORD = (
    "Option {option} must be one of: a word of 1 to {most} letters, digits, - and _ (got {got})."
)
NO_OPTION = "{game} has no option {option} (options: {options})."
NO_OPTIONS = "{game} has no option {option} (options: none)."
PLAYERS_EXACTLY = "{game} is played by {count} players, not {players}."
PLAYERS_BETWEEN = "{game} is played by {low} to {high} players, not {players}."
#: A seat of a game whose seats are only numbered (`GameType.numbered_seats`), by its number.
SEAT_NUMBERED = "Player {number}"
#: Every template of the shared catalogue.
SHARED_TEMPLATES = (
    LIST_NEXT,
    LIST_LAST,
    LIST_OR,
    SEAT_NUMBERED,
    OPTION_WHOLE,
    OPTION_ONE_OF,
    OPTION_WORD,
    NO_OPTION,
    NO_OPTIONS,
    PLAYERS_EXACTLY,
    PLAYERS_BETWEEN,
)


def reason_of(error: BaseException) -> str:
    """What an error was raised with, a phrase kept whole (`str(error)` would leave only
    its English): a game's refusal of a move, for the presentation to translate."""
    said = error.args[0] if len(error.args) == 1 else None
    return said if isinstance(said, str) else str(error)


class Written(str):
    """A text written out by hand in each language (a game's help file and its
    translations): its `str` is the English; `versions` maps a language code to its text."""

    versions: Mapping[str, str]

    def __new__(cls, english: str, versions: Mapping[str, str]) -> Written:
        """The English text with its versions in other languages."""
        text = super().__new__(cls, english)
        text.versions = MappingProxyType(dict(versions))
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with its versions."""
        return (Written, (str(self), dict(self.versions)))


def written_beside(module_file: str, name: str) -> Written:
    """The text file `name` ("help.txt") in the folder of `module_file` (a game's own
    module), with its translations beside it (`help.de.txt`, ...)."""
    folder, stem, suffix = Path(module_file).parent, *name.rsplit(".", 1)
    versions = {
        path.name.split(".")[-2]: path.read_text(encoding="utf-8").strip()
        for path in sorted(folder.glob(f"{stem}.*.{suffix}"))
    }
    return Written((folder / name).read_text(encoding="utf-8").strip(), versions)


def locales_folder(domain: str) -> Path:
    """Where a catalogue lives: `locales` in the folder of its package `domain` (a game's
    package, its pictures' package, or `games` for the shared texts)."""
    spec = importlib.util.find_spec(domain)
    if spec is None or not spec.submodule_search_locations:
        raise LookupError(f"No package {domain!r} holds a catalogue.")
    return Path(next(iter(spec.submodule_search_locations))) / "locales"
