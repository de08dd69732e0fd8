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

import re
from typing import Any, Self, cast

import discord

from bot.discord.actions import act, service_of
from bot.discord.composer_view import (
    COMPOSE_TEMPLATE,
    MENU_TEMPLATE,
    Composed,
    choices_view,
    preview_view,
)
from bot.discord.posting import as_file
from bot.discord.replies import answer, answer_error, begin
from bot.match.actions import ASK_TAKEBACK, MOVE
from bot.match.records import Match
from bot.match.replay import standing_entries
from bot.presentation import composer as words
from bot.presentation.errors import Refusal
from bot.presentation.pictures import board_picture
from bot.service import MatchService
from games.steps import Composer, Path, read_path


async def open_composer(interaction: discord.Interaction, match_id: int) -> None:
    """The Play button: a fresh composer for the member to act, only they see it."""
    await begin(interaction)
    service = service_of(interaction)
    match = await _to_act(service, match_id, interaction.user.id)
    content, files, view = await _composer(service, match, interaction.user.id, (), 0)
    await answer(interaction, content, files=files, view=view)


async def press(interaction: discord.Interaction, at: Composed, op: str) -> None:
    """A press on a composer: show a path, a page, go back, confirm, undo or cancel."""
    await interaction.response.defer()
    if op == "x":
        await interaction.edit_original_response(content=words.CANCELLED, view=None, attachments=[])
        return
    service = service_of(interaction)
    user = interaction.user.id
    match = await _to_act(service, at.match, user)
    if match.version != at.version:
        content, files, view = await _composer(service, match, user, (), 0)
        await _show(interaction, f"{words.STALE}\n{content}", files, view)
        return
    composer = Composer(match.view_for(_seat(match, user)))
    path = at.path
    if op == "b":
        path = composer.back(path)
    if op == "c" or (
        op == "o" and composer.move_at(path) is not None and await _skips(service, user)
    ):
        move = composer.move_at(path)
        if move is None:
            raise Refusal(words.STALE)
        notation = match.state.format_move(move)
        await interaction.edit_original_response(
            content=words.PLAYING.format(move=notation), view=None, attachments=[]
        )
        await act(interaction, match.id, MOVE, text=notation, ply=match.ply)
        await _next_action(interaction, service, match.id, user)
        return
    if op == "u":
        await interaction.edit_original_response(view=None)
        await act(interaction, match.id, ASK_TAKEBACK, ply=match.ply)
        await _next_action(interaction, service, match.id, user)
        return
    page = int(op[1:]) if op.startswith("p") else 0
    content, files, view = await _composer(service, match, user, path, page, composer)
    await _show(interaction, content, files, view)


async def _next_action(
    interaction: discord.Interaction, service: MatchService, match_id: int, user: int
) -> None:
    """After an action within a turn that goes on (several actions a turn), a fresh
    composer for the next one."""
    match = await service.get_match(match_id)
    if match.active and match.to_act == user and match.ply > match.turn_ply:
        content, files, view = await _composer(service, match, user, (), 0)
        await answer(interaction, content, files=files, view=view)


async def _show(
    interaction: discord.Interaction,
    content: str,
    files: list[discord.File],
    view: discord.ui.View,
) -> None:
    await interaction.edit_original_response(content=content, attachments=files, view=view)


async def _to_act(service: MatchService, match_id: int, user: int) -> Match:
    """The match, if `user` is the member to act in it; else Refusal saying whose turn."""
    match = await service.get_match(match_id)
    if not match.active or match.to_act is None:
        raise Refusal(words.OVER.format(match=match.id))
    seat = match.seat_of(user)
    if seat is None:
        raise Refusal(words.NOT_PLAYING.format(match=match.id))
    if match.to_act != user:
        assert match.current_seat is not None
        player = match.seat_name(match.current_seat)
        raise Refusal(words.NOT_YOUR_TURN.format(player=player, match=match.id))
    return match


def _seat(match: Match, user: int) -> int:
    seat = match.seat_of(user)
    assert seat is not None  # checked by _to_act
    return seat


async def _skips(service: MatchService, user: int) -> bool:
    """Whether the member plays a composed move without its preview."""
    return (await service.member_settings(user)).skip_preview


async def _composer(
    service: MatchService,
    match: Match,
    user: int,
    path: Path,
    page: int,
    composer: Composer | None = None,
) -> tuple[str, list[discord.File], discord.ui.View]:
    """The composer's message after `path`: the next choices, or the move's preview."""
    seat = _seat(match, user)
    composer = composer or Composer(match.view_for(seat))
    if not composer.leads_somewhere(path):
        path = ()
    path = composer.forward(path)
    at = Composed(match.id, match.version, path)
    lines = [words.HEADER.format(match=match.id)]
    turn = await _turn_so_far(service, match)
    if turn:
        lines.append(words.TURN_SO_FAR.format(actions=", ".join(f"`{n}`" for n in turn)))
    move = composer.move_at(path)
    if move is None:
        trail = composer.trail(path)
        if trail:
            lines.append(words.SO_FAR.format(steps=words.trail_text(trail)))
        lines.append(words.NEXT_STEP if trail else words.FIRST_STEP)
        view = choices_view(at, composer.choices(path), page, back=bool(path), undo=bool(turn))
        return "\n".join(lines), [], view
    state = composer.state
    notation, described = state.format_move(move), state.describe_move(move)
    if match.state.reveals(move):
        lines.append(words.PREVIEW_HIDDEN.format(move=notation, words=described))
        return "\n".join(lines), [], preview_view(at)
    after = match.state.play(move).view(seat if match.has_secrets else None)
    theme = await service.picture_theme(match.guild_id, user)
    picture = await board_picture(after, seat=seat if match.has_secrets else None, theme=theme)
    lines.append(words.PREVIEW.format(move=notation, words=described))
    return "\n".join(lines), [as_file(picture)], preview_view(at)


async def _turn_so_far(service: MatchService, match: Match) -> list[str]:
    """The notations of the actions of the turn going on (none at a turn's start)."""
    count = match.ply - match.turn_ply
    if count <= 0:
        return []
    log = standing_entries((await service.match_record(match.id)).log)
    return [entry.notation for entry in log[-count:]]


class ComposerButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=COMPOSE_TEMPLATE
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
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=MENU_TEMPLATE
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
