"""Names members chose, as the faces show them: no characters that make them read
differently, cut to Discord's limits between whole characters as seen."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.console.commands import player_name
from bot.match.shown import clean_name, shorten

BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
FAMILY = "\U0001f469\u200d\U0001f469\u200d\U0001f467"  # one emoji: woman, woman, girl
FLAG = "\U0001f1eb\U0001f1f7"  # one flag: two regional indicators
THUMB = "\U0001f44d\U0001f3fd"  # a thumbs-up with a skin tone


@pytest.mark.parametrize("control", BIDI_CONTROLS)
def test_every_bidi_control_is_dropped(control):
    assert clean_name(f"{control}evil{control} name") == "evil name"


def test_invisible_characters_go_spaces_are_tidied_and_emoji_stay_whole():
    assert clean_name("a\u200bb\u2060c\ufeffd\u00ade") == "abcde"  # zero-width, soft hyphen
    assert clean_name("hidden\U000e0041\U000e0042 tags") == "hidden tags"
    assert clean_name("  two\n\tlines \x00 here ") == "two lines here"
    assert clean_name(f"{FAMILY} {FLAG} {THUMB} e\u0301") == f"{FAMILY} {FLAG} {THUMB} e\u0301"
    assert clean_name("\u202e\u200f ") == ""


def test_both_faces_clean_what_members_type():
    assert player_name("\u202eMary  Jane\u202c") == "Mary Jane"


def test_a_name_at_the_limit_stays_whole_counting_code_points():
    assert shorten("\U0001f642" * 100, 100) == "\U0001f642" * 100  # 200 UTF-16 units
    assert shorten("e\u0301" * 50, 100) == "e\u0301" * 50


@pytest.mark.parametrize(
    ("unit", "kept"),
    [
        ("\U0001f642", 98),  # one code point each: 99 in all with the "x", then "…"
        ("e\u0301", 49),  # a letter and its accent: never apart
        (FLAG, 49),  # a flag is a pair
        (THUMB, 49),
        (FAMILY, 19),  # five code points joined into one emoji
    ],
)
def test_a_longer_name_is_cut_between_whole_characters(unit, kept):
    cut = shorten("x" + unit * 100, 100)
    assert cut == "x" + unit * kept + "…"
    assert len(cut) <= 100


@given(text=st.text(alphabet=f"ab {FAMILY}{FLAG}{THUMB}\u0301\u0308", max_size=300))
def test_shortened_text_fits_and_is_a_prefix(text):
    cut = shorten(text, 100)
    assert len(cut) <= 100
    assert cut == text or (cut.endswith("…") and text.startswith(cut[:-1]))
