"""The board as an Activity: when the admin has enabled Activities for the application
(`ACTIVITIES` on, `Settings.activities`, with the board served at a public https address
and the client secret set: `bot.web.activity.activity_possible`), Play, `/board` and the
Play of a turn notice open the match's board inside Discord, in the thread or DM they
were used in (the interaction's answer LAUNCH_ACTIVITY, callback type 12; the page finds
the match of the channel itself). Off, they keep the composer and the web board's link.

Discord accepts the launch only as the interaction's first answer, so it comes before any
other acknowledgement (`bot.discord.replies.ShiftcordTree` lets `/board` through
unacknowledged); a launch Discord refuses (Activities not enabled in the portal after all)
is logged, and the interaction goes on as without Activities.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.discord.served import bot_of
from bot.web.activity import activity_possible

log = logging.getLogger("shiftcord.discord")

#: The `extras` key of a command that opens the board as an Activity when they are on.
OPENS_ACTIVITY = "opens_activity"


def activities_on(interaction: discord.Interaction) -> bool:
    """Whether the bot opens boards as Activities: switched on, and the board can run as
    one (a public https address and the application's client secret; without them the
    page could only say the admin has not set it up)."""
    settings = bot_of(interaction).settings
    return settings.activities and activity_possible(
        settings.web_url, settings.discord_client_id, settings.discord_client_secret
    )


def opens_activity(interaction: discord.Interaction) -> bool:
    """Whether this slash command is one that opens the board as an Activity now (used
    without options: `/board theme:` still answers with a private picture)."""
    command = interaction.command
    extras: dict[Any, Any] = getattr(command, "extras", {})
    data: dict[str, Any] = dict(interaction.data or {})
    return (
        bool(extras.get(OPENS_ACTIVITY)) and not data.get("options") and activities_on(interaction)
    )


async def launched(interaction: discord.Interaction) -> bool:
    """Open the board as an Activity when they are on and the interaction is not answered
    yet; whether it was."""
    if not activities_on(interaction) or interaction.response.is_done():
        return False
    try:
        await interaction.response.launch_activity()
    except discord.HTTPException as error:
        log.warning("could not open the board as an Activity (are Activities enabled?): %s", error)
        return False
    return True
