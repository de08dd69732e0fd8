"""The console's move composer: `play` offers the steps of a move as numbered choices (the
same composer as Discord's Play button, `bot.presentation.composing`), a number goes one
step further, `back` one step back, `cancel` leaves; a complete move is previewed (its
picture written as every picture is) and played by `confirm`, or at once for a member who
skips previews. Within a turn of several actions the composer comes back after each,
with `undo` of the last.

What was chosen is kept with the match's version it was chosen at: a number typed after
the match moved on plays nothing, says so and shows a fresh composer.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.console import words as console_words
from bot.console.commands import whole_number
from bot.console.session import ConsoleSession
from bot.match.actions import ASK_TAKEBACK, MOVE, MatchAction
from bot.presentation import composer as words
from bot.presentation.catalogue import fill
from bot.presentation.composing import (
    ComposerPage,
    composer_of,
    composer_page,
    composer_returns,
    member_to_act,
    skips_preview,
)
from bot.presentation.errors import Refusal
from bot.service import Match
from games.steps import Path


@dataclass(frozen=True)
class Composing:
    """An open composer: whose, in which match, at which version, the steps chosen."""

    member: int
    match: int
    version: int
    path: Path


@dataclass
class ComposingSession(ConsoleSession):
    """A console session with the move composer's commands."""

    composing: Composing | None = None

    async def do_play(self) -> None:
        """The `play` command (what `help` says of it: `console_words.HELP`)."""
        match = await member_to_act(self.service.queries, self._current(), self.me, self.style)
        await self._show(match, ())

    async def do_choose(self, number: str) -> None:
        """The `choose` command (what `help` says of it: `console_words.HELP`)."""
        match, path = await self._composing()
        if match is None:
            return
        composer = composer_of(match, self.me)
        offered = composer.choices(path)
        chosen = whole_number(number, "the choice")
        if not 1 <= chosen <= len(offered):
            raise Refusal(fill(console_words.NO_SUCH_CHOICE, last=len(offered)))
        path = composer.forward((*path, offered[chosen - 1].step.key))
        if composer.move_at(path) is not None and await skips_preview(
            self.service.settings, self.me
        ):
            await self._play(match, path)
            return
        await self._show(match, path)

    async def do_back(self) -> None:
        """The `back` command (what `help` says of it: `console_words.HELP`)."""
        match, path = await self._composing()
        if match is not None:
            await self._show(match, composer_of(match, self.me).back(path))

    async def do_confirm(self) -> None:
        """The `confirm` command (what `help` says of it: `console_words.HELP`)."""
        match, path = await self._composing()
        if match is not None:
            await self._play(match, path)

    async def do_undo(self) -> None:
        """The `undo` command (what `help` says of it: `console_words.HELP`)."""
        match, _ = await self._composing()
        if match is None:
            return
        if match.ply <= match.turn_ply:
            raise Refusal(fill(console_words.NOTHING_TO_UNDO))
        await self._do(match, ASK_TAKEBACK, undoing=True)

    async def do_cancel(self) -> None:
        """The `cancel` command (what `help` says of it: `console_words.HELP`)."""
        self.composing = None
        self.say(fill(words.CANCELLED))

    async def _composing(self) -> tuple[Match | None, Path]:
        """The match of the current player's open composer and the steps chosen, if it is
        still their turn in it (a Refusal otherwise); when the match moved on since it was
        opened, says so, shows a fresh one and gives None."""
        opened = self.composing
        if opened is None or opened.member != self.me:
            raise Refusal(fill(console_words.NO_COMPOSER))
        match = await member_to_act(self.service.queries, opened.match, self.me, self.style)
        if match.version != opened.version:
            self.say(fill(words.STALE))
            await self._show(match, ())
            return None, ()
        return match, opened.path

    async def _play(self, match: Match, path: Path) -> None:
        """Play the move `path` completes, at the ply it was composed at."""
        move = composer_of(match, self.me).move_at(path)
        if move is None:
            raise Refusal(fill(words.NOT_COMPLETE))
        await self._do(match, MOVE, match.state.format_move(move))

    async def _do(
        self, match: Match, action: MatchAction, text: str = "", *, undoing: bool = False
    ) -> None:
        """Do `action` at the match's ply; then, in a turn that goes on (or that an undo
        took back to its start), a fresh composer."""
        self.composing = None
        await self.act(action, text, match.id, ply=match.ply)
        after = await self.service.queries.get_match(match.id)
        if composer_returns(after, self.me, undone=undoing):
            await self._show(after, ())

    async def _show(self, match: Match, path: Path) -> None:
        """Print the composer after `path` and keep it open."""
        page = await composer_page(
            self.service.queries, self.service.settings, match, self.me, path, self.name_of
        )
        self.composing = Composing(self.me, match.id, match.version, page.path)
        self.say(page.text)
        if page.move is None:
            self._say_choices(page)
            return
        if page.picture is not None:
            name = f"match-{match.id}-preview-{self.player_file}.png"
            self.save(page.picture, name)
        self.say(fill(console_words.TYPE_CONFIRM))

    def _say_choices(self, page: ComposerPage) -> None:
        """The next step's choices, numbered, and what to type."""
        lines = [
            fill(console_words.NUMBERED, number=number, choice=words.choice_label(choice.step))
            for number, choice in enumerate(page.choices, start=1)
        ]
        lines.append(fill(console_words.TYPE_A_NUMBER))
        if page.turn:
            lines.append(fill(console_words.TYPE_UNDO))
        self.say("\n".join(lines))
