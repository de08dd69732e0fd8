"""Matches in DMs and group DMs, where the bot speaks only in answers to interactions.

A member who adds Shiftcord to their account (a user install) may use its commands in any
DM or group DM; the bot is no member of those conversations, so Discord refuses any
message it posts there by itself (403, Missing Access). It may only answer an interaction
there: the interaction's first answer, then follow-up messages, at most `FOLLOWUPS` of
them for a user-installed app, while the interaction's token lasts (`TOKEN_LIFETIME`; see
Discord's developer documentation, "Receiving and Responding").

So a match outside a server posts through the interaction at hand: the challenge is
posted as the answer to `/challenge`, the first board as the answer to Accept, and each
board after a move as the answer to the press that played it, all public, so everyone in
the conversation sees them. An `Answering` is that conversation seen through one
interaction; `AnsweringChannels` keeps the latest one of each conversation while it may
still post, so that what follows at once (the bot's own move, a premove) is posted too.
What comes later with no interaction (reminders, a timeout) goes to the players by DM from
the bot where Discord allows it (`bot.discord.reminders`).

Matches outside servers are stored with the server id `NO_SERVER`.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Final

import discord

from bot.discord import words as chat_words
from bot.match.records import NO_SERVER
from bot.presentation.catalogue import fill
from bot.presentation.errors import Refusal

#: The follow-up messages Discord allows a user-installed app per interaction.
FOLLOWUPS: Final = 5
#: Follow-ups an `Answering` leaves to the interaction's private answers (a long answer
#: comes in two pieces).
KEPT_FOR_ANSWERS: Final = 2
#: How long an interaction's token may be used.
TOKEN_LIFETIME: Final = timedelta(minutes=15)
#: How much sooner than Discord an `Answering` stops posting (a post takes time).
MARGIN: Final = timedelta(minutes=1)
#: The most conversations `AnsweringChannels` keeps at once.
KEPT_MOST: Final = 10_000


def outside_servers(interaction: discord.Interaction) -> bool:
    """Whether the interaction comes from a DM or a group DM."""
    return interaction.guild_id is None


def server_of(interaction: discord.Interaction) -> int:
    """The server an interaction comes from, or `NO_SERVER` in a DM or group DM; a
    server the bot was not added to (a member's own install used there) is refused."""
    if interaction.guild_id is None:
        return NO_SERVER
    require_bot_in_server(interaction)
    return interaction.guild_id


def require_bot_in_server(interaction: discord.Interaction) -> None:
    """Refuse an interaction from a server the bot is not in: it came through a member's
    own install of the app, and the bot could not post there."""
    if interaction.guild_id is not None and not interaction.is_guild_integration():
        raise Refusal(fill(chat_words.NOT_IN_THIS_SERVER))


class Answering:
    """A DM or group DM as one interaction can post in it: each message is a follow-up
    of the interaction, public, within what Discord allows it (`FOLLOWUPS`, kept back
    `KEPT_FOR_ANSWERS`, and `TOKEN_LIFETIME`, from `since`: when it arrived). Made before
    the interaction's first follow-up: where the interaction was acknowledged with a
    private "thinking...", which a first follow-up would replace (and stay private), that
    is first filled with a short line."""

    def __init__(self, interaction: discord.Interaction, since: datetime) -> None:
        assert interaction.channel_id is not None  # (DMs and group DMs have one)
        self.interaction = interaction
        self.id: int = interaction.channel_id
        self.guild: discord.Guild | None = None
        self.until = since + TOKEN_LIFETIME - MARGIN
        self.sent = 0
        thinking = discord.InteractionResponseType.deferred_channel_message
        self._thinking = interaction.response.type is thinking

    def usable(self, now: datetime) -> bool:
        """Whether it may still post at `now`."""
        return self.sent < FOLLOWUPS - KEPT_FOR_ANSWERS and now < self.until

    async def send(self, content: str = "", **extra: Any) -> discord.Message:
        """Post a public message in the conversation (as `Messageable.send` takes it)."""
        if self.sent >= FOLLOWUPS - KEPT_FOR_ANSWERS:
            raise Refusal(fill(chat_words.ONLY_IN_ANSWERS))
        if self._thinking:
            self._thinking = False
            await self.interaction.edit_original_response(content=fill(chat_words.POSTING_HERE))
        self.sent += 1
        return await self.interaction.followup.send(content, wait=True, **extra)


class AnsweringChannels:
    """The latest `Answering` of each conversation outside servers, while it may post."""

    def __init__(self) -> None:
        self._latest: dict[int, Answering] = {}

    def open(self, interaction: discord.Interaction, now: datetime) -> Answering:
        """The conversation of `interaction` as it can post in it, kept as the latest
        (the same `Answering` however often it is asked for one interaction)."""
        kept = self._latest.get(interaction.channel_id or 0)
        if kept is not None and kept.interaction.id == interaction.id:
            return kept
        for channel, kept in list(self._latest.items()):
            if not kept.usable(now):
                del self._latest[channel]
        if len(self._latest) >= KEPT_MOST:
            del self._latest[next(iter(self._latest))]
        answering = Answering(interaction, now)
        self._latest.pop(answering.id, None)
        self._latest[answering.id] = answering
        return answering

    def live(self, channel_id: int, now: datetime) -> Answering | None:
        """The latest interaction that may still post in `channel_id`, if any."""
        kept = self._latest.get(channel_id)
        return kept if kept is not None and kept.usable(now) else None
