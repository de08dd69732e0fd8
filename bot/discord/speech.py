"""Which language the bot speaks on Discord: what only a member sees (their ephemeral
answers) in the language of their own Discord client (`interaction.locale`), and what is
posted for everyone (thread posts, challenges, league news, reminders in threads) in the
server's (`guild.preferred_locale`); English where ours is neither.

Each interaction is handled in a task of its own, so the command tree and every button
set the member's language once at its start (`speak`) for the rest of that task; the
poster writes public posts within `publicly`.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

import discord

from bot.presentation.language import SOURCE, language_of, speak, speaking


def public_language(guild: discord.Guild | None) -> str:
    """The language of a server's public posts: its preferred locale's, else English."""
    if guild is None:
        return SOURCE
    return language_of(str(guild.preferred_locale)) or SOURCE


def member_language(interaction: discord.Interaction[Any]) -> str:
    """The language of what only the member who interacted sees: their client's, else
    the server's."""
    return language_of(str(interaction.locale)) or public_language(interaction.guild)


def publicly(channel: object) -> AbstractContextManager[None]:
    """Write within in the language of the server of `channel` (a channel or thread)."""
    return speaking(public_language(getattr(channel, "guild", None)))


def speak_to(interaction: discord.Interaction[Any]) -> bool:
    """Answer this interaction in the member's language, for the rest of its task; True
    (a check that lets every interaction through)."""
    speak(member_language(interaction))
    return True


class SpeaksToPresser:
    """A button or menu that answers in the language of the member who used it."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Set the presser's language before the callback runs (in the same task)."""
        return speak_to(interaction)
