"""Game options and clocks typed as text: reading, writing back, and suggestions."""

from __future__ import annotations

import pytest

import games
from bot.discord.options import (
    OptionsError,
    format_options,
    game_named,
    parse_options,
    suggest_options,
)
from bot.discord.text import ClockText, format_clock, parse_clock

SHIFTAGO = games.get("shiftago")


def test_options_are_read_and_checked_by_the_game():
    text = "variant=expert, handicap_turns:2 lone_colour=no"
    assert parse_options(SHIFTAGO, text) == {
        "variant": "expert",
        "handicap_turns": 2,
        "lone_colour": False,
    }
    assert parse_options(SHIFTAGO, "lone_colour") == {"lone_colour": True}
    assert parse_options(SHIFTAGO, None) == {}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("speed=fast", "has no option 'speed'; its options are: variant, handicap_turns"),
        ("variant", "Give option variant a value, for example variant=expert."),
        ("variant=expert variant=extreme", "given twice"),
        ("handicap_turns=9", "must be one of: 0, 1, 2, 3, 4, 5, 6"),
        ("handicap_turns=two", "must be a whole number"),
    ],
)
def test_bad_options_are_refused_with_a_sentence(text, message):
    with pytest.raises(OptionsError, match=message):
        parse_options(SHIFTAGO, text)


def test_unknown_game_lists_the_games():
    with pytest.raises(OptionsError, match="choose one of: skift, shiftago"):
        game_named("chess")


def test_format_shows_what_differs_but_not_player_numbers():
    chosen = {"variant": "extreme", "handicap_turns": 1, "handicap_player": 2}
    assert format_options(SHIFTAGO, chosen) == "variant=extreme handicap_turns=1"
    assert format_options(SHIFTAGO, {}) == ""
    assert parse_options(SHIFTAGO, format_options(SHIFTAGO, chosen)) == {
        "variant": "extreme",
        "handicap_turns": 1,
    }


def test_suggestions_complete_the_last_word_and_skip_used_options():
    names = [value for _, value in suggest_options(SHIFTAGO, "")]
    assert "variant=express" in names and "lone_colour=no" in names
    assert len(names) <= 25
    after = [value for _, value in suggest_options(SHIFTAGO, "variant=expert ha")]
    assert after and all(v.startswith("variant=expert handicap_") for v in after)
    assert [v for _, v in suggest_options(SHIFTAGO, "variant=ext")] == ["variant=extreme"]
    labels = suggest_options(SHIFTAGO, "variant=expert handicap_turns=1 handicap_player=")
    assert all(len(label) <= 100 and len(value) <= 100 for label, value in labels)
    assert suggest_options(SHIFTAGO, "nothing") == []
    assert suggest_options(SHIFTAGO, "x" * 95 + " variant=") == []  # too long for Discord


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("3d", 72),
        ("2 days", 48),
        ("12h", 12),
        ("36 hours", 36),
        ("none", 0),
        ("", None),
        ("7", 168),
    ],
)
def test_clocks(text, hours):
    assert parse_clock(text) == hours


def test_bad_clocks_and_clock_words():
    for text in ("soon", "3w", "90d"):
        with pytest.raises(ClockText):
            parse_clock(text)
    assert parse_clock("30d") == 720  # the longest clock the match service takes
    with pytest.raises(ClockText, match=r"^A clock can be at most 30 days per move\.$"):
        parse_clock("31d")
    assert [format_clock(h) for h in (0, 24, 48, 1, 30)] == [
        "no clock",
        "1 day per move",
        "2 days per move",
        "1 hour per move",
        "30 hours per move",
    ]
