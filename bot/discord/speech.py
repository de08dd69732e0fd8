"""Which language the bot speaks on Discord: what only a member sees (their ephemeral
answers) in the language of their own Discord client (`interaction.locale`), and what is
posted for everyone (thread posts, pings in threads, challenges, league news) in the
server's: the one its admins chose (`/admin language`), else Discord's preferred locale
of the server; English where ours is neither.

Each interaction is handled in a task of its own, so the command tree and every button
set the member's language once at its start (`speak_to`) for the rest of that task, and
remember the member's locale (in the background, once the interaction is acknowledged,
and only one of Discord's locales): what is sent to them later unprompted (a direct
message: a turn notice, a warning, a digest) is written in the language of their last
interaction (`private`). The poster writes public posts within `publicly`.

A server is served by one process (its shard's), so the servers' chosen languages are
read once at start (`load`; retried by the background rounds until the database answers)
and kept here as `/admin language` changes them.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import AbstractContextManager
from typing import Any

import discord
from cachetools import LRUCache

from bot.match.errors import ServiceError
from bot.presentation.language import SOURCE, language_of, speak, speaking
from bot.service import SettingsPart

log = logging.getLogger("shiftcord.discord")
#: The longest a member's locale is waited for once it is being stored (a write that
#: takes longer is given up, and tried again at their next interaction).
REMEMBER_SECONDS = 2.0
#: Discord's time to acknowledge an interaction, and how often the locale's writer looks
#: whether it was (it writes after that).
ACKNOWLEDGED_WITHIN, ACK_POLL_SECONDS = 3.0, 0.05
#: The most locales being written at once (more interactions than that at one moment:
#: the others' locales are written at their next interaction).
PENDING_MOST = 100
#: The names of the tasks that write locales (`tests/bot/discord_harness.py` waits for
#: them).
REMEMBER_PREFIX = "shiftcord-locale: "
#: Discord's locales (`discord.Locale`): only these are stored.
KNOWN_LOCALES = frozenset(locale.value for locale in discord.Locale)
#: How many members' stored locales a process keeps, to skip writing the same again
#: (the most recently seen; one forgotten is written again at its next interaction).
LOCALES_KEPT = 10_000


class Languages:
    """The languages of one bot (`client`): the servers' chosen ones, and the members'
    remembered locales (read from the service's `settings` part, which stores them; None:
    the bot only uploads its commands, and nothing is stored)."""

    def __init__(self, client: discord.Client, settings: SettingsPart | None) -> None:
        self.client = client
        self.settings = settings
        #: The languages the servers' admins chose, by server.
        self.chosen: dict[int, str] = {}
        #: The locale last stored for each member this process saw lately (no write when
        #: it is the same again).
        self._stored: LRUCache[int, str] = LRUCache(LOCALES_KEPT)
        #: Whether `chosen` was read from the database.
        self.loaded = False
        #: The members whose locale is being written, and the tasks writing them.
        self._pending: set[int] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    async def load(self) -> None:
        """Read the servers' chosen languages, once: at start, or where the database could
        not be read then, at a later background round (meanwhile public posts are in the
        servers' preferred locales' languages)."""
        if self.settings is None or self.loaded:
            return
        try:
            self.chosen = await self.settings.guild_languages()
        except ServiceError as error:
            log.warning("could not read the servers' languages yet (tried again later): %s", error)
            return
        self.loaded = True

    def choose(self, guild_id: int, language: str | None) -> None:
        """Remember a server's new choice (None: Discord's preferred locale again)."""
        if language is None:
            self.chosen.pop(guild_id, None)
        else:
            self.chosen[guild_id] = language

    def public(self, guild: discord.Guild | None) -> str:
        """The language of a server's public posts: its admins' choice, else its
        preferred locale's, else English."""
        if guild is None:
            return SOURCE
        chosen = self.chosen.get(guild.id)
        return chosen or language_of(known_locale(guild.preferred_locale)) or SOURCE

    def publicly(self, channel: object) -> AbstractContextManager[None]:
        """Write within in the language of the server of `channel` (a channel or thread)."""
        return speaking(self.public(getattr(channel, "guild", None)))

    def member(self, interaction: discord.Interaction[Any]) -> str:
        """The language of what only the member who interacted sees: their client's, else
        the server's."""
        return language_of(known_locale(interaction.locale)) or self.public(interaction.guild)

    async def speak_to(self, interaction: discord.Interaction[Any]) -> bool:
        """Answer this interaction in the member's language, for the rest of its task, and
        remember their locale once the interaction is answered (`remember_later`); True
        (a check that lets every interaction through)."""
        speak(self.member(interaction))
        self.remember_later(interaction)
        return True

    def remember_later(self, interaction: discord.Interaction[Any]) -> None:
        """Store the member's locale in the background, after the interaction has been
        acknowledged (Discord waits 3 seconds for that, and no database write may come
        first): only a locale Discord has, when it is new to this process and no write of
        the member's is under way, and no more than `PENDING_MOST` writes at once (a
        locale left out is written at a later interaction)."""
        member, locale = interaction.user.id, known_locale(interaction.locale)
        if self.settings is None or locale is None or self._stored.get(member) == locale:
            return
        if member in self._pending or len(self._pending) >= PENDING_MOST:
            return
        self._pending.add(member)
        task = asyncio.create_task(
            self._remember(interaction, locale), name=f"{REMEMBER_PREFIX}{member}"
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _remember(self, interaction: discord.Interaction[Any], locale: str) -> None:
        """Store a member's locale once their interaction is acknowledged (or Discord's
        time for that is up), within `REMEMBER_SECONDS`; a database that cannot be
        written now (or not that soon), or fails in any way, keeps the old one, to be
        tried again at their next interaction (the store has told the admin what is
        wrong)."""
        member = interaction.user.id
        try:
            for _ in range(int(ACKNOWLEDGED_WITHIN / ACK_POLL_SECONDS)):
                if interaction.response.is_done():
                    break
                await asyncio.sleep(ACK_POLL_SECONDS)
            assert self.settings is not None  # (checked by remember_later)
            await asyncio.wait_for(self.settings.remember_locale(member, locale), REMEMBER_SECONDS)
        except Exception as error:  # (bookkeeping: no failure of it may reach the member)
            log.info("could not remember the locale of member %s: %r", member, error)
            return
        finally:
            self._pending.discard(member)
        self._stored[member] = locale

    async def idle(self) -> None:
        """Wait until every locale being written is written (or given up)."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    def private(self, locale: str | None, guild_id: int | None) -> str:
        """The language of what is sent to a member unprompted: that of `locale`, their
        last interaction's, else that of the server it concerns (`guild_id`), else
        English."""
        guild = self.client.get_guild(guild_id) if guild_id is not None else None
        return language_of(locale) or self.public(guild)

    async def private_of(self, member_id: int, guild_id: int | None) -> str:
        """`private` for a member whose locale is read now."""
        assert self.settings is not None, "only a bot with a service sends messages"
        locales = await self.settings.member_locales([member_id])
        return self.private(locales.get(member_id), guild_id)


def known_locale(locale: object) -> str | None:
    """The locale of an interaction as stored: one of Discord's, else None (an unknown,
    overlong or missing one is not stored)."""
    value = getattr(locale, "value", locale)
    return value if isinstance(value, str) and value in KNOWN_LOCALES else None


class SpeaksToPresser:
    """A button or menu that answers in the language of the member who used it."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Set the presser's language before the callback runs (in the same task)."""
        return await languages_of(interaction).speak_to(interaction)


def languages_of(interaction: discord.Interaction[Any]) -> Languages:
    """The languages of the bot that received the interaction (a ShiftcordClient)."""
    languages = getattr(interaction.client, "languages", None)
    assert isinstance(languages, Languages), "every interaction reaches a ShiftcordClient"
    return languages
