"""The move composer: Play opens, for the member to act only, a private message that
builds their move by taps (the steps their game declares, `games.steps`), shows the
position it makes and plays it on Confirm.

Nothing is kept between presses: every component carries the match, the version of the
match it was made for and the steps chosen (`bot.discord.composer_view`), so a composer
opened before a restart keeps working after it. A press on a composer made for another
version (a move was played, or taken back, meanwhile) plays nothing and shows a fresh
composer; Confirm plays at the ply it was composed at, with the press's interaction as
the request, so two composers cannot both play and a press that arrives twice counts once.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Self, cast

import discord

from bot.discord import words as chat_words
from bot.discord.actions import act, poster_of, service_of
from bot.discord.composer_view import (
    COMPOSE_TEMPLATE,
    MENU_TEMPLATE,
    Composed,
    choices_view,
    preview_view,
)
from bot.discord.markup import STYLE
from bot.discord.parts import DiscordParts
from bot.discord.posting import as_file
from bot.discord.replies import answer, answer_error, begin
from bot.discord.served import bot_of
from bot.discord.speech import SpeaksToPresser
from bot.discord.views import board_button
from bot.match.actions import ASK_TAKEBACK, MOVE
from bot.match.records import Match
from bot.presentation import composer as words
from bot.presentation.catalogue import fill
from bot.presentation.composing import (
    composer_of,
    composer_page,
    composer_returns,
    member_to_act,
    skips_preview,
)
from bot.presentation.errors import Refusal
from games.steps import Composer, Path, read_path

#: The most components a message's view holds.
MAX_ITEMS = 25


async def open_composer(interaction: discord.Interaction, match_id: int) -> None:
    """The Play button: a fresh composer for the member to act, only they see it."""
    await begin(interaction)
    service = service_of(interaction)
    match = await member_to_act(service.queries, match_id, interaction.user.id, STYLE)
    content, files, view = await _composer(interaction, service, match, interaction.user.id, (), 0)
    await answer(interaction, content, files=files, view=view)


#: How long a composer's press may take to work out its next step before the press is
#: acknowledged without it (a deferred update, then an edit: two requests where one does).
QUICK_SECONDS = 1.0


@dataclass(frozen=True)
class Step:
    """What a press shows in its composer's message (`content` None: the words stay), and
    what it does after (play the move composed, ask for the undo), if anything."""

    content: str | None
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | None = None
    then: Callable[[], Awaitable[None]] | None = None

    def edits(self) -> dict[str, Any]:
        """The message's edit, as discord.py's edits take it."""
        kept = {} if self.content is None else {"content": self.content}
        return {**kept, "attachments": self.files, "view": self.view}


async def press(interaction: discord.Interaction, at: Composed, op: str) -> None:
    """A press on a composer: show a path, a page, go back, confirm, undo or cancel. The
    composer's message is updated in the press's own answer when its next step is worked
    out within `QUICK_SECONDS` (one request); else the press is acknowledged then, and
    the message edited when the step is ready."""
    work = asyncio.ensure_future(_step(interaction, at, op))
    try:
        done, _ = await asyncio.wait({work}, timeout=QUICK_SECONDS)
        if not done:
            await interaction.response.defer()
        step = await work
    finally:
        work.cancel()
    if interaction.response.is_done():
        await interaction.edit_original_response(**step.edits())
    else:
        await interaction.response.edit_message(**step.edits())
    if step.then is not None:
        await step.then()


async def _step(interaction: discord.Interaction, at: Composed, op: str) -> Step:
    """The step a press on a composer leads to."""
    if op == "x":
        return Step(fill(words.CANCELLED))
    service = service_of(interaction)
    user = interaction.user.id
    match = await member_to_act(service.queries, at.match, user, STYLE)
    if match.version != at.version:
        content, files, view = await _composer(interaction, service, match, user, (), 0)
        return Step(f"{fill(words.STALE)}\n{content}", files, view)
    composer = composer_of(match, user)
    path = at.path
    if op == "b":
        path = composer.back(path)
    if op == "c" or (
        op == "o"
        and composer.move_at(path) is not None
        and await skips_preview(service.settings, user)
    ):
        move = composer.move_at(path)
        if move is None:
            raise Refusal(fill(words.STALE))
        notation = match.state.format_move(move)

        async def play() -> None:
            await act(interaction, match.id, MOVE, text=notation, ply=match.ply)
            await _next_action(interaction, service, match.id, user)

        return Step(fill(chat_words.PLAYING, move=notation), then=play)
    if op == "u":

        async def undo() -> None:
            await act(interaction, match.id, ASK_TAKEBACK, ply=match.ply)
            await _next_action(interaction, service, match.id, user, undone=True)

        return Step(None, then=undo)
    page = int(op[1:]) if op.startswith("p") else 0
    content, files, view = await _composer(interaction, service, match, user, path, page, composer)
    return Step(content, files, view)


async def _next_action(
    interaction: discord.Interaction,
    service: DiscordParts,
    match_id: int,
    user: int,
    *,
    undone: bool = False,
) -> None:
    """After an action within a turn that goes on (several actions a turn), or an undo
    (even back to the turn's start), a fresh composer for the next one."""
    match = await service.queries.get_match(match_id)
    if composer_returns(match, user, undone=undone):
        content, files, view = await _composer(interaction, service, match, user, (), 0)
        await answer(interaction, content, files=files, view=view)


async def _composer(
    interaction: discord.Interaction,
    service: DiscordParts,
    match: Match,
    user: int,
    path: Path,
    page: int,
    composer: Composer | None = None,
) -> tuple[str, list[discord.File], discord.ui.View]:
    """The composer's message after `path`: the next choices, or the move's preview."""
    names = await poster_of(interaction).picture_names(interaction.guild, match.members)
    shown = await composer_page(
        service.queries, service.settings, match, user, path, names.__getitem__, composer
    )
    at = Composed(match.id, match.version, shown.path)
    if shown.move is None:
        back = bool(shown.path)
        view = choices_view(at, shown.choices, page, back=back, undo=bool(shown.turn))
        link = None if shown.path else bot_of(interaction).board_link(user, match.id)
        if link is not None and len(view.children) < MAX_ITEMS:
            with contextlib.suppress(ValueError):  # no row has room left
                view.add_item(board_button(link))
        return shown.text, [], view
    files = [] if shown.picture is None else [as_file(shown.picture)]
    return shown.text, files, preview_view(at)


class ComposerButton(
    SpeaksToPresser,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=COMPOSE_TEMPLATE,
):
    """A button of a composer (a choice, Back, a page, Confirm, Undo or Cancel)."""

    def __init__(self, item: discord.ui.Button[discord.ui.View], at: Composed, op: str) -> None:
        super().__init__(item)
        self.at = at
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Rebuild the button from its custom id."""
        at = Composed(int(match["id"]), int(match["version"]), read_path(match["path"]))
        return cls(cast(discord.ui.Button[discord.ui.View], item), at, match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Do what the button says; a refusal is answered privately and changes nothing."""
        try:
            await press(interaction, self.at, self.op)
        except Exception as error:
            await answer_error(interaction, error)


class ComposerMenu(
    SpeaksToPresser,
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=MENU_TEMPLATE,
):
    """A select menu of a composer: the chosen key extends the path."""

    def __init__(self, item: discord.ui.Select[discord.ui.View], at: Composed) -> None:
        super().__init__(item)
        self.at = at

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Rebuild the menu from its custom id."""
        at = Composed(int(match["id"]), int(match["version"]), read_path(match["path"]))
        return cls(cast(discord.ui.Select[discord.ui.View], item), at)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the composer after the chosen step."""
        try:
            data = cast(dict[str, Any], interaction.data or {})
            chosen = str((data.get("values") or [""])[0])
            at = Composed(self.at.match, self.at.version, (*self.at.path, chosen))
            await press(interaction, at, "o")
        except Exception as error:
            await answer_error(interaction, error)
