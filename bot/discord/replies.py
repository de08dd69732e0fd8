"""Answering interactions: defer first, answer privately, turn refusals into plain words.

Every command and button follows one pattern: `await begin(interaction)` (an ephemeral
"thinking" answer, sent before any database work or drawing so Discord's 3-second limit is
always met; the command tree sends it for every slash command before the command runs,
and every button sends it, or its own acknowledgement, first), then the work, then
`await answer(interaction, ...)`. Anything a player did
wrong is raised as an exception and `answer_error` shows its message, only to them; as every
service method checks before it changes anything, a refusal changes nothing.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.discord import words as chat_words
from bot.discord.activity import opens_activity
from bot.discord.markup import STYLE, split_message
from bot.discord.served import bot_of
from bot.discord.speech import languages_of
from bot.discord.views import view_keyword
from bot.presentation.catalogue import fill
from bot.presentation.errors import Refusal, refusal_text
from bot.presentation.settings import DMS_REFUSED
from bot.presentation.writing import listed
from bot.service import ServiceError

log = logging.getLogger("shiftcord.discord")

#: What the bot needs where matches are played; names as Discord's settings show them.
THREAD_PERMISSIONS = {
    "view_channel": "View Channels",
    "send_messages_in_threads": "Send Messages in Threads",
    "attach_files": "Attach Files",
}
CHALLENGE_PERMISSIONS = {
    "view_channel": "View Channels",
    "send_messages": "Send Messages",
    "read_message_history": "Read Message History",
    "create_public_threads": "Create Public Threads",
    **THREAD_PERMISSIONS,
}


class MissingBotPermissions(Refusal):
    """The bot lacks Discord permissions it needs here; the message names them."""

    def __init__(self, names: list[str]) -> None:
        many = chat_words.MISSING_PERMISSIONS if len(names) > 1 else chat_words.MISSING_PERMISSION
        super().__init__(fill(many, permissions=listed(names)))


def require_permissions(granted: discord.Permissions, needed: dict[str, str]) -> None:
    """Raise MissingBotPermissions naming every permission of `needed` not in `granted`."""
    missing = [label for name, label in needed.items() if not getattr(granted, name)]
    if missing:
        raise MissingBotPermissions(missing)


async def begin(interaction: discord.Interaction) -> None:
    """Answer at once with an ephemeral "thinking..." that the final answer replaces. A
    button or menu in a DM or group DM is acknowledged without one (a deferred update):
    there the bot posts only in follow-ups, which "thinking..." would swallow, and may
    edit the pressed message only in answer to the press (`bot.discord.private`)."""
    if interaction.response.is_done():
        return
    if interaction.guild_id is None and interaction.type is discord.InteractionType.component:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)


async def answer(
    interaction: discord.Interaction,
    content: str,
    *,
    files: list[discord.File] | None = None,
    view: discord.ui.View | None = None,
    dms_refused: bool | None = None,
) -> None:
    """The final answer, seen only by the user who asked. A text too long for one message
    goes in several, the files and buttons with the last. A member whose DMs Discord
    refused is told so here, once (`dms_refused`: whether to tell them, when the action's
    own transaction said so; None: asked here)."""
    if dms_refused is None:
        dms_refused = await _dms_refused_untold(interaction)
    if dms_refused:
        content = f"{content}\n\n{fill(DMS_REFUSED)}"
    *first, last = split_message(content)
    for piece in first:
        await _send(interaction, piece)
    extra = view_keyword(view)
    if files:
        extra["files"] = files
    await _send(interaction, last, **extra)


async def _dms_refused_untold(interaction: discord.Interaction) -> bool:
    """Whether the user is to be told now that their DMs were refused; a store that cannot
    answer (a full disk) never keeps the answer itself from going out."""
    service = bot_of(interaction).service
    if service is None:
        return False
    try:
        return await service.notices.dm_refusal_untold(interaction.user.id)
    except ServiceError:
        return False


async def _send(interaction: discord.Interaction, content: str, **extra: Any) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **extra)
    else:
        await interaction.response.send_message(content, ephemeral=True, **extra)


def error_message(error: BaseException) -> str | None:
    """What to tell the player about `error`, or None for a fault of the bot itself."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, app_commands.TransformerError) and error.__cause__ is not None:
        error = error.__cause__  # an option's value could not be read (a game's name...)
    refused = refusal_text(error, STYLE)  # members as mentions
    if refused is not None:
        return refused
    if isinstance(error, app_commands.NoPrivateMessage):
        return fill(chat_words.SERVERS_ONLY)
    if isinstance(error, app_commands.MissingPermissions):
        return fill(chat_words.MANAGERS_ONLY)
    if isinstance(error, app_commands.CheckFailure):
        return str(error) or fill(chat_words.NOT_HERE)
    if isinstance(error, discord.Forbidden):
        details = error.text or fill(chat_words.NO_DETAILS)
        return fill(chat_words.FORBIDDEN, details=details, ask_admin=fill(chat_words.ASK_ADMIN))
    return None


async def answer_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Tell the user why it did not work (privately); log faults of the bot itself."""
    message = error_message(error)
    if message is None:
        original = getattr(error, "original", error)
        command = interaction.command.qualified_name if interaction.command else "a button"
        log.error(
            "interaction %s (%s) by %s failed: %r",
            interaction.id,
            command,
            interaction.user.id,
            original,
            exc_info=original,
        )
        message = fill(chat_words.OUR_FAULT)
    try:
        await answer(interaction, message)
    except discord.HTTPException as failure:
        log.warning("could not answer interaction %s: %s", interaction.id, failure)


class ShiftcordTree(app_commands.CommandTree):
    """The command tree: every command answers in the member's language (`Languages.speak_to`), and
    every command error becomes a private answer in plain words."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Let every command run, in the language of the member who used it, acknowledged
        (`begin`) before anything else: before its options are read, its checks run and
        the member's locale is stored (autocomplete answers by itself). One that cannot be
        acknowledged (Discord's time for it ran out, or a delivery of it again was
        answered already) is not run."""
        command = interaction.type is discord.InteractionType.application_command
        if command and not opens_activity(interaction):
            try:
                await begin(interaction)
            except discord.HTTPException as failure:  # (too late, or answered already)
                log.warning("could not acknowledge interaction %s: %s", interaction.id, failure)
                return False
        return await languages_of(interaction).speak_to(interaction)

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Answer the user privately; log the error if it is the bot's own fault."""
        await answer_error(interaction, error)
