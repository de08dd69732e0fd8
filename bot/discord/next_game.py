"""The next game: a link to the match that has waited longest for the member (for `/next`
and the **Next game** button under every answer to a move)."""

from __future__ import annotations

import re
from typing import Any, Self, cast

import discord

from bot.discord.actions import service_of
from bot.discord.markup import STYLE
from bot.discord.replies import answer, answer_error, begin
from bot.discord.speech import SpeaksToPresser
from bot.discord.views import NEXT_GAME_ID, ViewButton
from bot.presentation.deadlines import next_game_text


async def answer_next_game(interaction: discord.Interaction) -> None:
    """Answer privately with the member's next game (see `MatchService.next_game`), among
    the servers the bot is in: each match's players were members there."""
    await begin(interaction)
    guilds = {guild.id for guild in interaction.client.guilds}
    found = await service_of(interaction).queries.next_game(interaction.user.id, guilds)
    await answer(interaction, next_game_text(found, STYLE.when))


class NextGameButton(SpeaksToPresser, discord.ui.DynamicItem[ViewButton], template=NEXT_GAME_ID):
    """The **Next game** button: answers the presser as `/next` does, whenever pressed."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Rebuild the button from its custom id (it names nothing else)."""
        return cls(cast(ViewButton, item))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Answer with the presser's next game; anything refused is answered privately."""
        try:
            await answer_next_game(interaction)
        except Exception as error:
            await answer_error(interaction, error)
