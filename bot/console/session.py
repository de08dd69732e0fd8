"""A console session: who is playing, which match is current, and how news is printed.

`ConsoleSession` reads typed lines, hands each command to its `do_` method (defined in
`bot.console.actions`) and prints what Discord would show, with names for mentions and
every picture written to a file.
"""

from __future__ import annotations

import inspect
import itertools
import json
import re
import secrets
import sys
import zlib
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TextIO

from bot.console import words as console_words
from bot.console.clock import OffsetClock
from bot.console.commands import (
    ACTION_COMMANDS,
    SESSION_COMMANDS,
    ConsoleError,
    command_named,
    confirms,
    help_text,
    parse_line,
    player_name,
    split_line,
    usage,
    whole_number,
)
from bot.console.parts import ConsoleParts
from bot.match.actions import RESIGN, MatchAction
from bot.match.engine_seats import engine_name
from bot.presentation import matches
from bot.presentation.announcements import Audience, Controls, announcement
from bot.presentation.catalogue import fill
from bot.presentation.errors import PLAYER_ERRORS, refusal_text
from bot.presentation.history import TOO_LONG_TO_REPLAY
from bot.presentation.labels import command_name_typed, described, option_name_typed
from bot.presentation.language import spoken
from bot.presentation.matches import already_done, players_text, turn_text
from bot.presentation.pictures import (
    Picture,
    replay_labels,
    replay_picture,
    seat_labels,
)
from bot.presentation.results import result_text
from bot.presentation.writing import KnownNames, Style, listed
from bot.service import Match, MatchUpdate, Request
from bot.service.engine_player import EnginePlayer
from render import SeatLabel

#: A slash command named in a text (its name and options): typed here without "/" and in
#: English, whatever language is spoken.
SLASH_COMMAND = re.compile(r"`/([^`]+)`")
FILE_UNSAFE = re.compile(r"\W+")  # what a player's name cannot keep in a file name
GUILD, CHANNEL, THREADS = 1, 1, 1_000_000  # the console's one server, channel, and threads


def member_id(name: str) -> int:
    """A stable id for a console player's name (the same in every session, whatever the
    case and spacing it is typed in)."""
    return zlib.crc32(" ".join(name.lower().split()).encode()) + 1


@dataclass
class ConsoleSession:
    """A terminal session: who is playing, which match is current, where pictures go."""

    service: ConsoleParts
    pictures: Path
    clock: OffsetClock
    out: TextIO = sys.stdout
    player: str = "alice"
    names: dict[int, str] = field(default_factory=dict)
    here: int | None = None
    resigning: int | None = None  # the match whose resignation waits for a yes
    alt_text: bool = True  # whether each picture's alt text is printed after it
    #: The ply of the last board shown of each match: a typed move carries it, so a move
    #: typed against a position that has since changed is refused, not played.
    seen: dict[int, int] = field(default_factory=dict)
    #: The bot as a player (None: matches against it wait); it thinks in its own process.
    engine_player: EnginePlayer | None = None
    #: This session's requests are "console:SESSION:N", N counting its match actions.
    session_id: str = field(default_factory=lambda: secrets.token_hex(8))
    requests: Iterator[int] = field(default_factory=itertools.count)

    def __post_init__(self) -> None:
        self.style = Style(mention=self.name_of, when=_when, channel=_place)
        self.names_file = Path(f"{self.service.config.database_path}.names.json")
        self._load_names()
        self.act_as(self.player)

    def _load_names(self) -> None:
        """Read the names typed in earlier sessions (a list in the names file)."""
        if not self.names_file.exists():
            return
        try:
            typed = json.loads(self.names_file.read_text(encoding="utf-8"))
            if not isinstance(typed, list) or not all(isinstance(n, str) for n in typed):
                raise ValueError("not a list of names")
            known = [player_name(n) for n in typed]
        except (OSError, ValueError):  # ConsoleError and JSON errors are ValueErrors
            self.say(fill(console_words.NAMES_UNREADABLE, path=self.names_file))
            return
        for name in known:
            self.names.setdefault(member_id(name), name)

    def _save_names(self) -> None:
        """Write every name typed so far beside the database: a temporary file renamed
        over the old one, so the file is never half-written."""
        partial = self.names_file.with_name(self.names_file.name + ".tmp")
        partial.write_text(json.dumps(sorted(self.names.values()), indent=1), encoding="utf-8")
        partial.replace(self.names_file)

    def name_of(self, member: int) -> str:
        """A player's name as first typed (a bot seat: "Shiftcord (hard)")."""
        return (
            engine_name(member)
            or self.names.get(member)
            or fill(console_words.UNKNOWN_PLAYER, member=member)
        )

    def remember(self, name: str) -> int:
        """The id of the player called `name`, whose name is kept as first typed; raises
        ConsoleError for an empty or overlong name."""
        typed = player_name(name)
        found = member_id(typed)
        if found not in self.names:
            self.names[found] = typed
            self._save_names()
        return found

    def act_as(self, name: str) -> None:
        """Switch to playing as `name`."""
        self.player = self.name_of(self.remember(name))

    @property
    def me(self) -> int:
        """The current player's id."""
        return member_id(self.player)

    @property
    def player_file(self) -> str:
        """The current player's name as a part of a file name ("mary-jane")."""
        return FILE_UNSAFE.sub("-", self.player.lower())

    def say(self, text: str) -> None:
        """Print a message, without Discord's bold marks, and with the slash commands it
        names as they are typed here."""
        print(SLASH_COMMAND.sub(_typed, text.replace("**", "")), file=self.out)

    def save(self, picture: Picture, name: str) -> Path:
        """Write a picture into the pictures folder; say where, with its alt text (the
        position in the players' words, as Discord's alt text says it)."""
        self.pictures.mkdir(parents=True, exist_ok=True)
        path = self.pictures / name
        path.write_bytes(picture.data)
        if self.alt_text:
            self.say(fill(console_words.PICTURE_WRITTEN, path=path, alt=picture.description))
        else:
            self.say(fill(console_words.PICTURE_WRITTEN_ALONE, path=path))
        return path

    async def run_line(self, line: str) -> bool:
        """Do what one typed line asks; False when the session should end."""
        try:
            if self.resigning is not None:
                await self._answer_resignation(line)
                return True
            typed = split_line(line)
            head = typed[0].lower() if typed else ""
            if head in ("quit", "exit"):
                return False
            if head == "help":
                self.say(self.help(typed[1:]) if typed[1:] else help_text())
            elif head == "as":
                self.act_as(" ".join(typed[1:]))
                self.say(fill(console_words.NOW_PLAYING_AS, player=self.player))
            elif head == "use" and len(typed) == 2:
                match = await self.service.queries.get_match(whole_number(typed[1], "the match"))
                self.here = match.id
                self.say(fill(console_words.NOW_CURRENT, match=match.id))
                self.say(fill(matches.PLAYERS, players=players_text(match, self.style)))
                self.say(turn_text(match, self.style))
            elif typed:
                await self.dispatch(*parse_line(line))
                await self.bot_turns()
        except PLAYER_ERRORS as error:
            self.say(fill(console_words.REFUSED, reason=refusal_text(error, self.style)))
        return True

    async def bot_turns(self) -> None:
        """Let the bot do what its seats owe (moves, answers), printing each of its actions
        as a player's."""
        if self.engine_player is not None:
            await self.engine_player.sweep()
            await self.engine_player.idle()

    def help(self, typed: list[str]) -> str:
        """What the command named by `typed` does, with its options."""
        name = command_named(typed)
        if name in SESSION_COMMANDS:
            form, does = SESSION_COMMANDS[name]
            return f"{form}\n{fill(does)}"
        if name in ACTION_COMMANDS:
            does = described(ACTION_COMMANDS[name].help)
            return fill(console_words.HELP_ACTION, command=name, help=does)
        return fill(
            console_words.HELP_COMMAND, usage=usage(name), help=fill(console_words.HELP[name])
        )

    def handlers(self) -> dict[str, Callable[..., Awaitable[None]]]:
        """The method that does each command other than the match actions."""
        raise NotImplementedError

    async def dispatch(self, name: str, options: dict[str, str]) -> None:
        """Run a parsed command."""
        if name in ACTION_COMMANDS:
            await self.act(ACTION_COMMANDS[name])
            return
        handler = self.handlers()[name]
        needed = inspect.signature(handler).parameters.values()
        missing = [
            p.name
            for p in needed
            if p.default is p.empty and p.kind is not p.VAR_KEYWORD and p.name not in options
        ]
        if missing:
            raise ConsoleError(fill(console_words.NEEDS, command=name, missing=listed(missing)))
        await handler(**options)

    def _current(self) -> int:
        if self.here is None:
            raise ConsoleError(fill(console_words.NO_CURRENT_MATCH_YET))
        return self.here

    async def public_theme(self) -> str:
        """The picture theme of what a thread shows everybody: the server's."""
        return await self.service.settings.picture_theme(GUILD)

    async def own_theme(self) -> str:
        """The picture theme of what only the current player sees."""
        return await self.service.settings.picture_theme(GUILD, self.me)

    async def players(self, match: Match) -> tuple[SeatLabel, ...]:
        """Who sits at each seat of `match`, for the players strip of its pictures."""
        ratings = await self.service.queries.seat_ratings(match)
        return seat_labels(match, self.name_of, ratings, self.service.now())

    async def announce(self, update: MatchUpdate) -> None:
        """Print an action's announcement (the presentation's, as Discord posts it: the
        action's news, then its premove's) and write its pictures; of a match only the
        bot's seats still play (everyone else left it), only one line when it ends. A
        terminal shared by every player has no private notices to send."""
        match = update.match
        if bots_play_on(update):
            if update.result is not None:
                ended = result_text(match, self.style).splitlines()[0]
                self.say(fill(console_words.PLAYED_ON_ENDED, match=match.id, result=ended))
            return
        if update.delivery is None:  # (the bot's actions, the clock's)
            update = await self.service.play.delivery(update)
        # the members' names handed over at once: the presentation does not call back for each
        names = KnownNames({m: self.name_of(m) for m in match.members}, self.name_of)
        style = replace(self.style, mention=names.__getitem__)
        audience = Audience(style, names.__getitem__, spoken(), self._link, newcomers=False)
        told = await announcement(update, audience, self.service.now())
        for news in told.news:
            post = news.post
            self.say(post.text)
            if post.picture is not None:
                step = "end" if post.controls is Controls.RESULT else f"{post.match.ply:03d}"
                self.save(post.picture, f"match-{post.match.id}-{step}.png")
                self.seen[post.match.id] = post.match.ply
        if told.ended:
            record = await self.service.queries.match_record(match.id)
            players = replay_labels(record, self.name_of)
            replay = await replay_picture(record, await self.public_theme(), players=players)
            if replay is None:
                self.say(fill(TOO_LONG_TO_REPLAY))
            else:
                self.save(replay, f"match-{match.id}-replay.{replay.filename.rpartition('.')[2]}")

    def _link(self, match: Match) -> str:
        """Where a match is played, as the console names it."""
        return self.style.channel(match.channel_id or CHANNEL)

    async def act(
        self,
        action: MatchAction,
        text: str = "",
        match_id: int | None = None,
        ply: int | None = None,
    ) -> None:
        """Do a match action in the current match (or `match_id`) and print its news. It
        carries `ply` (else the ply of the match's last board shown here, else the current
        one) and the session's next request id; one seen again is told as already done."""
        match_id = self._current() if match_id is None else match_id
        ply = self.seen.get(match_id) if ply is None else ply
        if ply is None:
            ply = (await self.service.queries.get_match(match_id)).ply
        request_id = f"console:{self.session_id}:{next(self.requests)}"
        request = Request(action, text, ply=ply, request_id=request_id)
        update = await self.service.play.act(match_id, self.me, request, deliver=True)
        if update.repeated:
            self.say(already_done(update))
            return
        await self.announce(update)

    def ask_resignation(self, match_id: int) -> None:
        """Ask the player to confirm resigning the match: the next line answers."""
        self.resigning = match_id
        confirm = fill(matches.CONFIRM_RESIGN, match=match_id)
        self.say(f"{confirm} {fill(console_words.TYPE_YES_TO_RESIGN)}")

    async def resign(self, match_id: int) -> None:
        """Resign the match (confirmed) and print the news."""
        await self.act(RESIGN, match_id=match_id)

    async def _answer_resignation(self, line: str) -> None:
        match_id, self.resigning = self.resigning, None
        assert match_id is not None
        if confirms(line):
            await self.resign(match_id)
        else:
            self.say(fill(console_words.DID_NOT_RESIGN, match=match_id))


def bots_play_on(update: MatchUpdate) -> bool:
    """Whether `update` is the bot's (or the clock's) action in a match only the bot's
    seats still play, every other player having left it."""
    match = update.match
    if update.actor_id is not None and engine_name(update.actor_id) is None:
        return False
    return all(seat.retired or seat.bot_level is not None for seat in match.seats)


def _typed(command: re.Match[str]) -> str:
    """A slash command named in a text ("`/herausfordern optionen:`") as the console reads
    it: without the slash, its name and options in English ("`challenge options:`"), as
    what is typed is the same in every language."""
    words = []
    for word in command.group(1).split(" "):
        option, colon, value = word.partition(":")
        if colon:
            words.append(f"{option_name_typed(option)}:{value}")
        else:
            words.append(command_name_typed(word))
    return f"`{' '.join(words)}`"


def _when(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def _place(channel_id: int) -> str:
    """A channel as the console names it: a match's thread says how to enter it."""
    if channel_id >= THREADS:
        number = channel_id - THREADS
        return fill(console_words.MATCH_THREAD, match=number)
    return fill(console_words.THE_CHANNEL)
