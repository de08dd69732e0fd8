"""A member's settings and a match's terms in the language spoken: every line of them is a
sentence of the catalogue, so none of them stays English for a German member."""

from __future__ import annotations

import pytest

from bot.match.records import MatchRules
from bot.presentation import language
from bot.presentation.challenges import rules_words
from bot.presentation.settings import settings_text
from bot.presentation.writing import Style
from bot.service import MemberSettings

PLAIN = Style(mention=lambda member: f"member {member}", when=str, channel=str)


@pytest.mark.parametrize("skip_preview", [False, True])
def test_a_german_member_reads_their_settings_in_german(skip_preview):
    member = MemberSettings(7, True, None, 10.0, skip_preview=skip_preview)
    with language.speaking("de"):
        text = settings_text(member, PLAIN)
    assert "Bilder nur für dich: das Design des jeweiligen Servers." in text
    preview = "beim letzten Klick gespielt" if skip_preview else "erst als Vorschau"
    assert f"Züge mit dem Spielen-Button: {preview}" in text
    assert "Pictures" not in text and "Moves made" not in text


def test_a_german_member_reads_a_weekend_clock_in_german():
    rules = MatchRules(72, auto_timeout=True, takebacks=True, weekend_pause=True)
    with language.speaking("de"):
        words = rules_words(rules)
    assert "Uhren stehen am Wochenende" in words
    assert "weekends" not in words
