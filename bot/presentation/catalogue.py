"""Every keyed sentence players read, and how a `Message` of the lower layers is written.

The catalogues by subject (`refusals.REFUSALS`) map a key to a whole sentence with named
placeholders. A message's values fill them in: a `Member` or `Channel` is written by the
face (a mention on Discord, a name in the console), and a count named in `COUNTED` comes
with its noun, as the plural entry of the language spoken (`counted_entry`).

Every sentence is written in the language spoken now (`bot.presentation.language`): `fill`
and `write` look the English template up in the translations first, so every catalogue
text goes out through one of them (`fill(CONSTANT)` for a text without placeholders).
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.match.phrases import Channel, Member, Message, Namer, Value, lend_templates
from bot.presentation.hints import HINT_REFUSALS
from bot.presentation.language import SOURCE, counted, localised, speaking, translated
from bot.presentation.refusals import REFUSALS
from games.wording import plural_noun

#: Every keyed sentence, by key.
TEMPLATES: Mapping[str, str] = {**REFUSALS, **HINT_REFUSALS}

#: Placeholders that hold a count, with the noun (and its plural where irregular).
COUNTED: Mapping[str, tuple[str, str | None]] = {
    "active_matches": ("active match", "active matches"),
    "blunders": ("blunder", None),
    "byes": ("bye", None),
    "day_count": ("day", None),
    "hour_count": ("hour", None),
    "inaccuracies": ("inaccuracy", "inaccuracies"),
    "matches": ("match", None),
    "minutes": ("minute", None),
    "mistakes": ("mistake", None),
    "opponents": ("opponent", None),
    "open_challenges": ("open challenge", None),
    "moves": ("move", None),
    "player_count": ("player", None),
    "positions": ("position", None),
    "premoves": ("premove", None),
    "replies": ("reply", "replies"),
    "score_points": ("point", None),
    "seats": ("seat", None),
    "seconds": ("second", None),
}


def _filled(name: str, value: Value, member: Namer, channel: Namer) -> object:
    """One value as its placeholder shows it."""
    if isinstance(value, Member):
        return member(value.id)
    if isinstance(value, Channel):
        return channel(value.id)
    return _counted(name, localised(value) if isinstance(value, str) else value)


def fill(template: str, **values: object) -> str:
    """A text of the catalogue in the language spoken, its placeholders filled in: a count
    named in `COUNTED` comes with its noun, a game's text (a seat's colour, a move in
    words) in the language spoken too."""
    filled = {
        name: _counted(name, localised(value) if isinstance(value, str) else value)
        for name, value in values.items()
    }
    return translated(template).format(**filled)


def counted_entry(name: str) -> tuple[str, str]:
    """The plural entry of a counted placeholder, in English: ("{count} move", "{count}
    moves")."""
    noun, nouns = COUNTED[name]
    return f"{{count}} {noun}", f"{{count}} {plural_noun(noun, nouns)}"


def _counted(name: str, value: object) -> object:
    """A count with its noun when `name` is in `COUNTED`, else the value as it is."""
    if name in COUNTED and isinstance(value, int) and not isinstance(value, bool):
        return counted(value, *counted_entry(name)).format(count=value)
    return value


def write(message: Message, member: Namer, channel: Namer) -> str:
    """The sentence of `message`'s key in the language spoken, with its values filled in,
    members and channels named by `member` and `channel`."""
    values = {name: _filled(name, value, member, channel) for name, value in message.values.items()}
    return translated(TEMPLATES[message.key]).format(**values)


def in_english(message: Message, member: Namer, channel: Namer) -> str:
    """The sentence of `message` in English, whatever is spoken: how `str(message)` writes
    it, for the admins' log lines."""
    with speaking(SOURCE):
        return write(message, member, channel)


lend_templates(in_english)
