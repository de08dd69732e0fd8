"""Game options and clocks typed as text: reading, writing back, and suggestions."""

from __future__ import annotations

import pytest

import games
from bot.discord.choices import suggest_options
from bot.presentation.clocks import clock_words, format_clock
from bot.presentation.options import format_options
from bot.presentation.parsing import (
    ClockSpec,
    ClockText,
    OptionsError,
    game_named,
    parse_clock,
    parse_options,
    parse_time_given,
)

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
    assert parse_clock(text) == (None if hours is None else ClockSpec(hours))


@pytest.mark.parametrize(
    ("text", "clock"),
    [
        ("3d+1d", ClockSpec(72, 24)),
        ("3d + 12h max 7d", ClockSpec(72, 12, 168)),
        ("2 days+1 day max 5 days", ClockSpec(48, 24, 120)),
        ("12h+0h", ClockSpec(12, 0)),
    ],
)
def test_time_bank_clocks(text, clock):
    assert parse_clock(text) == clock


def test_time_bank_words():
    assert clock_words(72, 24, 168) == (
        "a time bank of 3 days, plus 1 day per move, at most 7 days"
    )
    assert clock_words(36, 12, None) == (
        "a time bank of 1 day 12 hours, plus 12 hours per move, at most 30 days"
    )
    assert clock_words(72, None, None) == "3 days per move"
    assert parse_time_given("1d") == 24 and parse_time_given(" 12 hours ") == 12
    for text in ("", "1d+1d", "soon", "31d"):
        with pytest.raises(ClockText):
            parse_time_given(text)


def test_bad_clocks_and_clock_words():
    for text in ("soon", "3w", "90d", "3d+", "3d max 7d", "3d+1d max", "3d+1d+1d", "1234567d"):
        with pytest.raises(ClockText):
            parse_clock(text)
    assert parse_clock("30d") == ClockSpec(720)  # the longest clock the match service takes
    for text in ("31d", "3d+31d", "3d+1d max 31d"):
        with pytest.raises(ClockText, match=r"^Each time in a clock can be at most 30 days\.$"):
            parse_clock(text)
    assert [format_clock(h) for h in (0, 24, 48, 1, 30)] == [
        "no clock",
        "1 day per move",
        "2 days per move",
        "1 hour per move",
        "30 hours per move",
    ]
