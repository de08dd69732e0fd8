"""Every domain is translated whole in every language, and every translated text stays
within Discord's limits (German runs long): read from the .po files as they are."""

from __future__ import annotations

from string import Formatter
from types import SimpleNamespace

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from bot.discord import words as chat_words
from bot.presentation import matches
from bot.presentation.catalogue import COUNTED, fill
from bot.presentation.language import LOCALES, TRANSLATED, speaking, translation_path
from bot.presentation.matches import thread_name
from bot.presentation.writing import MAX_MESSAGE, MAX_THREAD_NAME

#: Every domain of the presentation: each has its template in the locales folder.
DOMAINS = sorted(template.stem for template in LOCALES.glob("*.pot"))
#: Discord's limits: an autocomplete choice's name, a button's label.
MAX_CHOICE, MAX_LABEL = 100, 80
#: Long values a text may be filled with: a member's mention with an 18-digit id, a
#: 32-character display name, the longest game title, five-digit numbers.
MENTION, NAME, GAME, NUMBER = "<@123456789012345678>", "N" * 32, "Shifting Stones", 99999
#: Sentences shown as autocomplete choices, and as button labels.
CHOICES = [chat_words.GAME_CHOICE, *chat_words.MATCH_CHOICES.values()]
LABELS = [
    chat_words.ACCEPT,
    chat_words.JOIN,
    chat_words.DECLINE,
    chat_words.MY_HAND,
    chat_words.RESIGN_MATCH,
    chat_words.REMATCH,
    chat_words.CONFIRM,
    chat_words.CANCEL,
    chat_words.PREVIOUS,
    chat_words.NEXT,
]


def translations(language: str, domain: str) -> Catalog:
    with translation_path(language, domain).open("rb") as file:
        return read_po(file, locale=language, domain=domain)


def forms(message: Message) -> tuple[list[str], list[str]]:
    """A message's English forms and its translated forms."""
    ids = [message.id] if isinstance(message.id, str) else list(message.id)
    strings = [message.string] if isinstance(message.string, str) else list(message.string)
    return ids, strings


def names(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name}


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_text_of_every_domain_is_translated_with_its_placeholders(language, domain):
    catalog = translations(language, domain)
    entries = [message for message in catalog if message.id]
    assert entries, (language, domain)
    wrong = []
    for message in entries:
        ids, strings = forms(message)
        english = set().union(*map(names, ids))
        if message.fuzzy or not all(strings) or any(names(s) != english for s in strings):
            wrong.append(message.id)
    assert wrong == [], f"{language}/{domain}: missing, fuzzy or other placeholders"


def long_values(text: str) -> dict[str, object]:
    """Long values for a text's placeholders: a number for a counted or formatted one,
    else a long text."""
    fields = [(name, spec) for _, name, spec, _ in Formatter().parse(text) if name]
    return {
        name: NUMBER if name in COUNTED or spec else f"{MENTION} {NAME}" for name, spec in fields
    }


def filled(text: str) -> tuple[str, int]:
    """A text of `messages` filled with long values as the bot fills it, in the language
    spoken, and the limit of where it goes."""
    if text in CHOICES:
        return fill(text, game=GAME, players="2-4", match=NUMBER, number=NUMBER), MAX_CHOICE
    if text in LABELS:
        return fill(text, match=NUMBER), MAX_LABEL
    return fill(text, **long_values(text)), MAX_MESSAGE


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_filled_message_fits_discords_limits_with_long_values(language):
    texts = [m.id for m in translations(language, "messages") if isinstance(m.id, str) and m.id]
    assert set(CHOICES + LABELS) <= set(texts)
    too_long = []
    with speaking(language):
        for text in texts:
            written, limit = filled(text)
            if len(written) > limit:
                too_long.append((text, len(written), limit))
    assert too_long == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_thread_names_keep_their_number_within_100_characters(language):
    match = SimpleNamespace(members=(1, 2, 3, 4), game_title=GAME, id=NUMBER)
    with speaking(language):
        name = thread_name(match, lambda member: NAME)
        start = fill(matches.THREAD_NAME, game=GAME, match=NUMBER, players="")
    assert len(name) <= MAX_THREAD_NAME
    assert name.startswith(start.rstrip())
