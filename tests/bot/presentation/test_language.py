"""The language of a text: `speaking` sets it, `fill` and `write` look the English up in
that language's .po file (read as it is), with its plural rule, and show English where a
translation is missing, fuzzy or has a placeholder the English lacks."""

from __future__ import annotations

import pytest

from bot.match.phrases import Member, Message
from bot.presentation import history, language, matches
from bot.presentation.catalogue import fill, write

GERMAN = r"""
msgid ""
msgstr ""
"Language: de\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"
"Content-Type: text/plain; charset=utf-8\n"

msgid "Match #{match}, after {moves}."
msgstr "Partie #{match}, nach {moves}."

msgid "{count} move"
msgid_plural "{count} moves"
msgstr[0] "{count} Zug"
msgstr[1] "{count} Züge"

msgid "You are not playing in match #{match}."
msgstr "Du spielst nicht in Partie #{matc}."

#, fuzzy
msgid "Done."
msgstr "Getan."

msgid "It is {player}'s turn in match #{match}, not yours."
msgstr "{player} ist in Partie #{match} am Zug, nicht du."
"""


@pytest.fixture
def german(tmp_path, monkeypatch):
    (tmp_path / "de").mkdir()
    (tmp_path / "de" / "messages.po").write_text(GERMAN, encoding="utf-8")
    monkeypatch.setattr(language, "LOCALES", tmp_path)
    language._translations.cache_clear()
    yield
    language._translations.cache_clear()


def test_a_text_is_written_in_the_language_spoken(german):
    with language.speaking("de"):
        assert fill(matches.CAPTION_AFTER, match=3, moves=1) == "Partie #3, nach 1 Zug."
        assert fill(matches.CAPTION_AFTER, match=3, moves=5) == "Partie #3, nach 5 Züge."
        said = Message("move.not_your_turn", player=Member(7), match=2)
        assert write(said, lambda m: f"<@{m}>", str) == "<@7> ist in Partie #2 am Zug, nicht du."
    assert fill(matches.CAPTION_AFTER, match=3, moves=5) == "Match #3, after 5 moves."
    assert language.spoken() == "en"


def test_english_shows_where_a_translation_is_missing_fuzzy_or_wrong(german):
    with language.speaking("de"):
        assert fill(history.NO_MOVES_YET) == "No moves yet."
        assert fill("Done.") == "Done."
        said = Message("match.not_playing", match=4)
        assert write(said, str, str) == "You are not playing in match #4."


def test_each_language_is_its_own_in_concurrent_work(german):
    import asyncio

    async def caption(speaks: str) -> str:
        with language.speaking(speaks):
            await asyncio.sleep(0)
            return fill(matches.CAPTION_AFTER, match=1, moves=2)

    async def both() -> list[str]:
        return list(await asyncio.gather(caption("de"), caption("en")))

    assert asyncio.run(both()) == ["Partie #1, nach 2 Züge.", "Match #1, after 2 moves."]


@pytest.mark.parametrize(
    ("locale", "spoken"),
    [
        ("de", "de"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("es-ES", "es"),
        ("es-419", "es"),
        ("fr", "fr"),
        ("fr_FR.UTF-8", "fr"),
        ("pt-BR", None),
        ("C", None),
        ("", None),
        (None, None),
    ],
)
def test_locales_are_mapped_by_their_language(locale, spoken):
    assert language.language_of(locale) == spoken
