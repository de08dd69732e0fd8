"""A console session: who is playing, which match is current, and how news is printed.

`ConsoleSession` reads typed lines, hands each command to its `do_` method (defined in
`bot.console.actions`) and prints what Discord would show, with names for mentions and
every picture written to a file.
"""

from __future__ import annotations

import inspect
import re
import sys
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TextIO

from bot.console.commands import (
    ACTION_COMMANDS,
    ConsoleError,
    help_text,
    parse_line,
    whole_number,
)
from bot.discord.pictures import TOO_LONG_TO_REPLAY, Picture, replay_picture, update_board
from bot.discord.replies import PLAYER_ERRORS
from bot.discord.text import Style, update_text
from bot.service import MatchService, MatchUpdate, Request, ServiceError

SLASH = re.compile(r"`/(?=[a-z])")  # a slash command named in a text: typed without "/" here
GUILD, CHANNEL, THREADS = 1, 1, 1_000_000  # the console's one server, channel, and threads


def member_id(name: str) -> int:
    """A stable id for a console player's name (the same in every session)."""
    return zlib.crc32(name.strip().lower().encode()) + 1


@dataclass
class ConsoleSession:
    """A terminal session: who is playing, which match is current, where pictures go."""

    service: MatchService
    pictures: Path
    out: TextIO = sys.stdout
    player: str = "alice"
    names: dict[int, str] = field(default_factory=dict)
    here: int | None = None

    def __post_init__(self) -> None:
        self.style = Style(mention=self.name_of, when=_when, channel=lambda _: "the channel")
        self.act_as(self.player)

    def name_of(self, member: int) -> str:
        """A player's name as typed in this session."""
        return self.names.get(member, f"player {member}")

    def act_as(self, name: str) -> None:
        """Switch to playing as `name`."""
        self.player = name.strip().lower()
        self.names[member_id(self.player)] = self.player

    @property
    def me(self) -> int:
        """The current player's id."""
        return member_id(self.player)

    def say(self, text: str) -> None:
        """Print a message, without Discord's bold marks and slash-command slashes."""
        print(SLASH.sub("`", text.replace("**", "")), file=self.out)

    def save(self, picture: Picture, name: str) -> Path:
        """Write a picture into the pictures folder; say where."""
        self.pictures.mkdir(parents=True, exist_ok=True)
        path = self.pictures / name
        path.write_bytes(picture.data)
        self.say(f"[picture: {path}]")
        return path

    async def run_line(self, line: str) -> bool:
        """Do what one typed line asks; False when the session should end."""
        words = line.strip().split()
        if not words:
            return True
        head = words[0].lower()
        if head in ("quit", "exit"):
            return False
        try:
            if head == "help":
                self.say(help_text())
            elif head == "as" and len(words) == 2:
                self.act_as(words[1])
                self.say(f"You are now {self.player}.")
            elif head == "use" and len(words) == 2:
                match_id = whole_number(words[1], "the match")
                self.here = (await self.service.get_match(match_id)).id
                self.say(f"Match #{self.here} is now the current match.")
            else:
                name, options = parse_line(line)
                await self.dispatch(name, options)
        except ServiceError as error:
            self.say(f"Refused: {self.style.words(error.phrase)}")
        except (ConsoleError, *PLAYER_ERRORS) as error:
            self.say(f"Refused: {error}")
        return True

    def handlers(self) -> dict[str, Callable[..., Awaitable[None]]]:
        """The method that does each command other than the match actions."""
        raise NotImplementedError

    async def dispatch(self, name: str, options: dict[str, str]) -> None:
        """Run a parsed command."""
        if name in ACTION_COMMANDS:
            await self.act(Request(ACTION_COMMANDS[name]))
            return
        handler = self.handlers()[name]
        needed = inspect.signature(handler).parameters.values()
        missing = [
            p.name
            for p in needed
            if p.default is p.empty and p.kind is not p.VAR_KEYWORD and p.name not in options
        ]
        if missing:
            raise ConsoleError(f"{name} needs {' and '.join(missing)}; type help for the options.")
        await handler(**options)

    def _current(self) -> int:
        if self.here is None:
            raise ConsoleError("There is no current match: accept a challenge or type use N.")
        return self.here

    async def public_theme(self) -> str:
        """The picture theme of what a thread shows everybody: the server's."""
        return await self.service.picture_theme(GUILD)

    async def own_theme(self) -> str:
        """The picture theme of what only the current player sees."""
        return await self.service.picture_theme(GUILD, self.me)

    async def announce(self, update: MatchUpdate) -> None:
        """Print an action's news and write its pictures."""
        self.say(update_text(update, self.style))
        match = update.match
        board = await update_board(update, await self.public_theme())
        if board is not None:
            step = "end" if update.result is not None else f"{match.ply:03d}"
            self.save(board, f"match-{match.id}-{step}.png")
        if update.result is not None:
            record = await self.service.match_record(match.id)
            replay = await replay_picture(record, await self.public_theme())
            if replay is None:
                self.say(TOO_LONG_TO_REPLAY)
            else:
                self.save(replay, f"match-{match.id}-replay.{replay.filename.rpartition('.')[2]}")

    async def act(self, request: Request) -> None:
        """Do a match action in the current match and print its news."""
        await self.announce(await self.service.act(self._current(), self.me, request))


def _when(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M UTC")
