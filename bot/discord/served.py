"""The bot behind an interaction, as commands, buttons and answers reach it.

`ShiftcordClient` (the client, on top of every command and button) has these parts; a
command finds them through the interaction, so nothing below the client imports it.
"""

from __future__ import annotations

from typing import Protocol, cast

import discord

from bot.config import Settings
from bot.discord.leagues import LeaguePoster
from bot.discord.parts import DiscordParts
from bot.discord.posting import Poster
from bot.service.engine_player import EnginePlayer


class Served(Protocol):
    """The parts of the bot that commands use: None where the bot was started only to
    upload its commands."""

    settings: Settings
    service: DiscordParts | None
    poster: Poster | None
    leagues: LeaguePoster | None
    engine_player: EnginePlayer | None

    def board_link(self, member: int, match: int) -> str | None:
        """A one-time link to the web board for `member` and `match` (None: not served)."""


def bot_of(interaction: discord.Interaction) -> Served:
    """The bot that received the interaction: always a ShiftcordClient, the only client."""
    return cast(Served, interaction.client)
