"""Buttons that survive restarts: discord.py rebuilds them from their custom ids.

The ids are made in `bot.discord.views`; the state behind them lives in the match service,
so a button pressed days later (or after the bot restarted) still does the right thing, and
a button whose challenge or match is over answers why, privately.
"""

from __future__ import annotations

import re
from typing import Any, Self, cast

import discord

from bot.discord.actions import (
    act,
    answer_challenge,
    rematch,
    service_of,
    show_hand,
)
from bot.discord.activity import launched
from bot.discord.analysis import show_analysis
from bot.discord.composer import ComposerButton, ComposerMenu, open_composer
from bot.discord.next_game import NextGameButton
from bot.discord.pages import PageButton
from bot.discord.preview import cancel_preview, confirm_preview
from bot.discord.replies import answer_error, begin
from bot.discord.speech import SpeaksToPresser
from bot.discord.views import (
    ANALYSIS_TEMPLATE,
    CHALLENGE_TEMPLATE,
    HAND,
    MATCH_TEMPLATE,
    PLAY,
    PREVIEW_TEMPLATE,
    REMATCH_TEMPLATE,
    ViewButton,
    disabled,
    view_keyword,
)
from bot.match.actions import RESIGN, action_named


class RecordButton(
    SpeaksToPresser,
    discord.ui.DynamicItem[ViewButton],
    template=r"sc:[a-z]+:(?P<id>[0-9]+):(?P<action>[a-z-]+)",  # never registered itself
):
    """What every Shiftcord button shares: its custom id names a record (`id`) and an
    `action`; pressing it runs `press`, and anything refused is answered privately.
    Only its subclasses are registered, each with the template of its own ids."""

    def __init__(
        self, item: ViewButton, record_id: int, action: str, ply: int | None = None
    ) -> None:
        super().__init__(item)
        self.record_id = record_id
        self.action = action
        self.ply = ply

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Rebuild the button from its custom id (only buttons carry these ids)."""
        ply = match.groupdict().get("ply")
        button = cast(ViewButton, item)
        return cls(button, int(match["id"]), match["action"], None if ply is None else int(ply))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Do the button's action as the member who pressed; answer a refusal privately."""
        try:
            await self.press(interaction)
        except Exception as error:
            await answer_error(interaction, error)

    async def press(self, interaction: discord.Interaction) -> None:
        """The button's action."""
        raise NotImplementedError


class ChallengeButton(RecordButton, template=CHALLENGE_TEMPLATE):
    """Accept/Join or Decline under a challenge message."""

    async def press(self, interaction: discord.Interaction) -> None:
        """Answer the challenge."""
        await answer_challenge(interaction, self.record_id, self.action)


class MatchButton(RecordButton, template=MATCH_TEMPLATE):
    """A match's buttons: Play, draw and takeback answers, the resign confirmation, "My
    hand"."""

    async def press(self, interaction: discord.Interaction) -> None:
        """Open the move composer, answer a proposal, resign, or show the presser their hand."""
        if self.action == PLAY:
            if not await launched(interaction):
                await open_composer(interaction, self.record_id)
            return
        if self.action == HAND:
            await show_hand(interaction, self.record_id)
            return
        action = action_named(self.action)
        if action is RESIGN and interaction.message is not None:
            # the private confirmation is used up: grey it out at once
            view = disabled(discord.ui.View.from_message(interaction.message, timeout=None))
            await interaction.response.edit_message(**view_keyword(view))
        await act(interaction, self.record_id, action, ply=self.ply)


class RematchButton(RecordButton, template=REMATCH_TEMPLATE):
    """Rematch, under the result of an ended match."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Rebuild the button from its custom id (the match's number alone)."""
        return cls(cast(ViewButton, item), int(match["id"]), "rematch")

    async def press(self, interaction: discord.Interaction) -> None:
        """Challenge the match's other players again."""
        await rematch(interaction, self.record_id)


class AnalysisButton(RecordButton, template=ANALYSIS_TEMPLATE):
    """Analysis, under the result of an ended match: anyone may press it."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Rebuild the button from its custom id (the match's number alone)."""
        return cls(cast(ViewButton, item), int(match["id"]), "analysis")

    async def press(self, interaction: discord.Interaction) -> None:
        """Show the presser the bot's analysis of the match, privately (acknowledged before
        the match is read)."""
        await begin(interaction)
        await show_analysis(
            interaction, await service_of(interaction).queries.get_match(self.record_id)
        )


class PreviewButton(RecordButton, template=PREVIEW_TEMPLATE):
    """Confirm or Cancel under a move's private preview."""

    def __init__(
        self, item: ViewButton, record_id: int, action: str, ply: int, notation: str
    ) -> None:
        super().__init__(item, record_id, action, ply)
        self.notation = notation

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Rebuild the button from its custom id: the match, the ply, and Confirm's move."""
        button = cast(ViewButton, item)
        return cls(
            button, int(match["id"]), match["action"], int(match["ply"]), match["move"] or ""
        )

    async def press(self, interaction: discord.Interaction) -> None:
        """Play the previewed move (if the position is unchanged), or drop it."""
        if self.action == "cancel":
            await cancel_preview(interaction)
            return
        assert self.ply is not None
        await confirm_preview(interaction, self.record_id, self.ply, self.notation)


DYNAMIC_ITEMS = (
    ChallengeButton,
    MatchButton,
    RematchButton,
    AnalysisButton,
    PreviewButton,
    PageButton,
    ComposerButton,
    ComposerMenu,
    NextGameButton,
)
