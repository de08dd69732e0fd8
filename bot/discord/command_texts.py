"""The slash commands in the members' languages: the `commands` domain's template, read
from the command tree itself, and the `app_commands.Translator` that gives Discord each
command's localized names and descriptions from it (Discord shows `/zug` or `/move` as a
member's client is set).

Names and descriptions are taken from the payload `sync` uploads, so a new command, option
or choice lands in the template by itself; choices without a letter ("08:00") are left as
they are. The buttons' labels of the domain come from `bot.presentation.labels`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import discord
from babel.messages.catalog import Catalog
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.presentation.extraction import HEADER
from bot.presentation.labels import (
    BUTTON_LABEL,
    COMMAND_NAME,
    DOMAIN,
    OPTION_NAME,
    button_labels,
    command_name,
    described,
    option_name,
)
from bot.presentation.language import SOURCE, language_of, speaking

#: How each kind of text of a command is looked up.
LOOKUPS: dict[Where, Callable[[str], str]] = {
    Where.command_name: command_name,
    Where.group_name: command_name,
    Where.parameter_name: option_name,
    Where.command_description: described,
    Where.group_description: described,
    Where.parameter_description: described,
    Where.choice_name: described,
}
#: Discord's option types of a subcommand and a group of subcommands.
SUBCOMMAND_TYPES = (1, 2)


class CommandTranslator(app_commands.Translator):
    """Answers discord.py's questions for Discord's locales of our languages (de, fr,
    es-ES and es-419) from the `commands` domain (English where a text has no
    translation); None (no localization) for Discord's other locales."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """`string` in `locale`'s language, or None for a locale of no language of ours."""
        language = language_of(locale.value)
        lookup = LOOKUPS.get(context.location)
        if language in (None, SOURCE) or lookup is None:
            return None
        with speaking(language):
            return lookup(string.message)


def _texts(command: dict[str, Any], top: bool) -> Iterator[tuple[str | None, str]]:
    """The texts of a command's payload with their msgctxt: its name, its description,
    then its options' (and its subcommands') and their choices'."""
    is_command = top or command.get("type") in SUBCOMMAND_TYPES
    yield (COMMAND_NAME if is_command else OPTION_NAME), command["name"]
    yield None, command["description"]
    for choice in command.get("choices", []):
        if any(c.isalpha() for c in choice["name"]):
            yield None, choice["name"]
    for option in command.get("options", []):
        yield from _texts(option, False)


def commands_template(payload: list[dict[str, Any]]) -> Catalog:
    """The `commands` domain: every name (with its msgctxt), description and choice of
    the commands in `payload`, then the buttons' labels."""
    catalog = Catalog(domain=DOMAIN, header_comment=HEADER, project="Shiftcord", fuzzy=False)
    for command in payload:
        for context, text in _texts(command, True):
            where = f"/{command['name']}"
            catalog.add(
                text, context=context, locations=[("bot/discord", 0)], auto_comments=[where]
            )
    for text in button_labels():
        catalog.add(text, context=BUTTON_LABEL, locations=[("bot/presentation/labels.py", 0)])
    return catalog
