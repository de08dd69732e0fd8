"""The words of the command tree and of the buttons that are no sentence of a catalogue:
the gettext domain `commands`.

Command and option names are looked up under their msgctxt (`COMMAND_NAME`,
`OPTION_NAME`), descriptions and choices without one; the labels of the match actions'
buttons (`bot.match.actions`) and **Next game** under `BUTTON_LABEL`. The template is
extracted from the command tree itself (`bot.discord.command_texts`).
"""

from __future__ import annotations

from functools import cache

from babel.messages.pofile import read_po

from bot.match.actions import BUTTON_ACTIONS
from bot.presentation.language import spoken, template_path, translated, translated_in

#: The domain of the command tree's words and the buttons' labels.
DOMAIN = "commands"
#: The msgctxt of a command's (or a group's) name.
COMMAND_NAME = "command name"
#: The msgctxt of an option's name.
OPTION_NAME = "option name"
#: The msgctxt of a button's label.
BUTTON_LABEL = "button label"
#: The button under every answer to a move that leads to the match waiting longest.
NEXT_GAME = "Next game"


def button_labels() -> list[str]:
    """The labels of the domain: the match actions' buttons, then Next game."""
    return [action.button for action in BUTTON_ACTIONS if action.button] + [NEXT_GAME]


def label(text: str) -> str:
    """A button's label (one of `button_labels`) in the language spoken now."""
    return translated_in(BUTTON_LABEL, text, DOMAIN)


def command_name(name: str) -> str:
    """A command's or a group's name in the language spoken now."""
    return translated_in(COMMAND_NAME, name, DOMAIN)


def option_name(name: str) -> str:
    """An option's name in the language spoken now."""
    return translated_in(OPTION_NAME, name, DOMAIN)


def described(text: str) -> str:
    """A command's or an option's description, or a choice's name, in the language spoken
    now."""
    return translated(text, DOMAIN)


@cache
def _english_names(context: str) -> tuple[str, ...]:
    """Every English name of the domain's template under `context` (`COMMAND_NAME`,
    `OPTION_NAME`)."""
    with template_path(DOMAIN).open("rb") as file:
        return tuple(str(m.id) for m in read_po(file) if m.id and m.context == context)


@cache
def _names_back(context: str, language: str) -> dict[str, str]:
    """The English name of every name under `context` as `language` writes it."""
    back: dict[str, str] = {}
    for name in _english_names(context):
        back.setdefault(translated_in(context, name, DOMAIN), name)
    return back


def command_name_typed(name: str) -> str:
    """The English name (as typed in the console) of a command's or a group's name written
    in the language spoken now ("herausfordern": "challenge"); any other word as it is."""
    return _names_back(COMMAND_NAME, spoken()).get(name, name)


def option_name_typed(name: str) -> str:
    """The English name of an option's name written in the language spoken now
    ("optionen": "options"); any other word as it is."""
    return _names_back(OPTION_NAME, spoken()).get(name, name)
