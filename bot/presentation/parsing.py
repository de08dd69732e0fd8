"""What players type, read: a clock ("3d+1d max 7d"), the time given to opponents
("12h"), warning hours ("24 8 1") and a game's options ("variant=expert"), each checked
against what the bot allows. Text that cannot be read is raised as a `TypedWrong` saying
why (a keyed sentence of the catalogue, written like a refusal of the service). Writing
them back in words is each subject's: `clocks`, `options`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import games
from bot.match.phrases import Message
from bot.match.records import MAX_CLOCK_HOURS
from bot.presentation.options import example
from games import Game
from games.wording import quoted, reason_of


class TypedWrong(ValueError):
    """Text a player typed for the presentation to read (options, a clock) that it cannot
    read; `sentence` says why, like a refusal of the service."""

    def __init__(self, sentence: Message) -> None:
        self.sentence = sentence
        super().__init__(sentence)

    def __str__(self) -> str:
        return str(self.sentence)


# ---- clocks
class ClockText(TypedWrong):
    """A clock typed by a player cannot be read; the message shows what works."""


_FIGURE = r"(\d{1,6})\s*(d|day|days|h|hr|hrs|hour|hours)?"
_CLOCK = re.compile(rf"{_FIGURE}(?:\s*\+\s*{_FIGURE}(?:\s+max\s+{_FIGURE})?)?")


@dataclass(frozen=True)
class ClockSpec:
    """A clock as typed: `hours` per turn (0: none), or with `increment_hours` a time
    bank starting at `hours`, refilled by the increment each turn, at most `cap_hours`."""

    hours: int
    increment_hours: int | None = None
    cap_hours: int | None = None


def _figure_hours(amount: str, unit: str | None) -> int:
    """One figure of a clock in hours (days when no unit), at most 30 days."""
    hours = int(amount) * (1 if unit and unit.startswith("h") else 24)
    if hours > MAX_CLOCK_HOURS:
        raise ClockText(Message("clock.at_most", days=MAX_CLOCK_HOURS // 24))
    return hours


def parse_clock(text: str | None) -> ClockSpec | None:
    """A clock from "3d", "2 days", "12h", "3d+1d", "3d+12h max 7d" or "none" (0 hours);
    None for empty text (the default). Raises ClockText."""
    raw = (text or "").strip().lower()
    if not raw or raw == "default":
        return None
    if raw in ("none", "no", "off", "0", "no clock"):
        return ClockSpec(0)
    match = _CLOCK.fullmatch(raw)
    if match is None:
        raise ClockText(Message("clock.unreadable", clock=quoted(raw)))
    hours = _figure_hours(match[1], match[2])
    if match[3] is None:
        return ClockSpec(hours)
    cap = _figure_hours(match[5], match[6]) if match[5] else None
    return ClockSpec(hours, _figure_hours(match[3], match[4]), cap)


def parse_time_given(text: str) -> int:
    """The hours of time to give, from "1d", "2 days" or "12h". Raises ClockText."""
    raw = text.strip().lower()
    match = re.fullmatch(_FIGURE, raw)
    if match is None:
        raise ClockText(Message("clock.time_unreadable", time=quoted(raw)))
    return _figure_hours(match[1], match[2])


CLOCK_SUGGESTIONS = ("1d", "2d", "3d", "5d", "7d", "12h", "3d+1d max 7d", "none")


# ---- warnings before a deadline
def parse_warning_hours(text: str) -> tuple[int, ...] | None:
    """Warning hours as typed ("24 8 1", "24, 8, 1h", "none": no warnings); None when the
    text is not that (say `deadlines.WARNING_HOURS_FORMS`)."""
    words = text.lower().replace(",", " ").split()
    if words == ["none"]:
        return ()
    hours = [w.removesuffix("h") for w in words]
    if not hours or not all(h.isdigit() and len(h) <= 3 for h in hours):
        return None
    return tuple(int(h) for h in hours)


# ---- a game's options
class OptionsError(TypedWrong):
    """The options text cannot be read; the message says which word and what is allowed."""


def game_named(name: str) -> Game:
    """The game called `name`, or an OptionsError listing the games there are."""
    try:
        return games.get(name)
    except KeyError:
        known = ", ".join(games.names())
        raise OptionsError(Message("options.no_game", game=quoted(name), games=known)) from None


def parse_options(game: Game, text: str | None) -> dict[str, Any]:
    """The options named in `text`, checked against `game.kind.options` (defaults are left out).

    Words are `name=value` (or `name:value`); a bare name of a yes/no option means yes.
    """
    known = {o.name: o for o in game.kind.options}
    chosen: dict[str, Any] = {}
    for word in (text or "").replace(",", " ").split():
        name, sep, value = word.replace(":", "=").partition("=")
        name = name.strip().lower()
        option = known.get(name)
        if option is None:
            names = ", ".join(known) or "none"
            raise OptionsError(
                Message("options.unknown", game=game.title, option=quoted(name), options=names)
            )
        if not sep:
            if option.type is not bool:
                raise OptionsError(
                    Message("options.no_value", option=name, example=example(option))
                )
            value = "yes"
        if name in chosen:
            raise OptionsError(Message("options.twice", option=name))
        try:
            chosen[name] = option.check(value)
        except ValueError as error:
            raise OptionsError(Message("game.refused", reason=reason_of(error))) from None
    return chosen
