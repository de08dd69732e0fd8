"""Words players read in German, French and Spanish: wordings found wrong once (a chess
word for another game, a plural after one, a sentence with two colons) stay fixed in every
catalogue and help text of the language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import games
from bot.console import words as console_words
from bot.presentation import history, results
from bot.presentation.analysis import ANALYSING
from bot.presentation.catalogue import fill
from bot.presentation.language import LOCALES, speaking
from games.wording import locales_folder

#: What each language must not say again, as patterns over its translations.
WRONG = {
    "de": [
        r"^Spiel mit: ",  # "play with:" read as "play along"
        r"braucht \{missing\}",  # "move braucht notation"
        r"cancel beendet",  # cancel leaves nothing: it cancels
        r"Standard \{default\}",  # "deck (Standard standard)"
        r"^Fehler\b",  # the rules call a strike a Fehlschlag
        r"Gewinner: ",  # "Gewinner: X (Weiß): Schwarz hat aufgegeben."
    ],
    "fr": [
        r"a le trait",  # chess
        r"\b(la|une) nulle\b",  # chess
        r"^Refusé : \{reason\}",  # "Refusé : La partie"
        r"\bde \{symbol\}",  # "de Oiseau"
        r"\bla file\b",  # chess
        r"retourne la tuile",  # a Skift tile turns half way, it is not turned over
    ],
    "es": [
        r"\b(las )?tablas\b(?! de puntos)(?<!sus tablas)",  # chess: empate
        r"clasificatori",  # rated: puntuable
        r"^Puntuaciones: |tabla de puntuaciones",  # ratings beside "Puntos"
        r"\bcalle\b",  # a lane
    ],
}


def _translations(language: str) -> list[str]:
    """Every translation of the language: the presentation's domains and every game's."""
    paths = [*sorted((LOCALES / language).glob("*.po"))]
    paths += [locales_folder(games.get(n).say.domain) / f"{language}.po" for n in games.names()]
    found: list[str] = []
    for path in paths:
        with path.open("rb") as file:
            for message in read_po(file, locale=language):
                if message.id:
                    strings = message.string
                    found += list(strings) if isinstance(strings, tuple) else [strings]
    return found


def _help_texts(language: str) -> list[str]:
    """Every game's help text in the language (the notation spans left out)."""
    texts = []
    for name in games.names():
        folder = Path(games.get(name).say.domain.replace(".", "/"))
        text = (folder / f"help.{language}.txt").read_text(encoding="utf-8")
        texts.append(re.sub(r"`[^`]*`", "", text))
    return texts


@pytest.mark.parametrize("language", sorted(WRONG))
def test_wordings_found_wrong_stay_fixed(language):
    texts = _translations(language) + _help_texts(language)
    for pattern in WRONG[language]:
        found = [t for t in texts if re.search(pattern, t, re.MULTILINE)]
        assert not found, (pattern, found[:3])


@pytest.mark.parametrize(
    ("language", "one_second"),
    [("en", "1 second."), ("de", "1 Sekunde."), ("fr", "1 seconde."), ("es", "1 segundo.")],
)
def test_one_second_is_singular(language, one_second):
    with speaking(language):
        assert one_second in fill(ANALYSING, match=3, seconds=1)


@pytest.mark.parametrize("language", ["en", "de", "fr", "es"])
def test_no_result_or_record_head_has_two_colons(language):
    with speaking(language):
        won = fill(results.WON, players=fill(results.WINNER[False], player="X", seat="W"))
        result = fill(results.RESULT, head=won, reason="Black resigned.")
        head = fill(history.RECORD_HEAD, match=1, game="Skift", players="White: a, Black: b")
        refused = fill(console_words.REFUSED, reason="The match is over.")
    assert result.count(":") == 0 and head.count(":") == 2  # one a sentence
    assert refused.count(":") <= 1
