"""`python -m bot local`: play Shiftcord in a terminal, through the same match service.

The commands are the slash commands typed as text, options as `name:value` (quote values
with spaces); the first options may also be given in order without their names. Buttons
are commands too (`accept`, `decline`). Every picture is written to a file.

    alice> challenge game:skift opponent:bob clock:none
    alice> as bob
    bob> accept
    bob> moves c3            the legal moves starting with c3, as the autocomplete shows them
    bob> move c3-c4
    bob> play                the move step by step: numbered choices, then confirm
    bob> 2                   a number chooses; back, cancel (and undo within a turn)
    bob> draw offer
    alice> challenge shiftago bots:3 level:easy     the bot plays three seats

The bot answers at once: its moves are printed after yours.

`play` is the composer of Discord's Play button: each step's choices numbered, with their
notation; a complete move is previewed (its picture written) and played by `confirm`,
or at once after `settings preview show:no`.
`help` lists the commands (`help COMMAND`: what one does), `as NAME` switches player
(quote names with spaces), `use N` goes into match N's thread (accepting a challenge goes
into the new one), `leave` back to the channel, `quit` ends. `resign` waits for a `yes`.
`tick 2d` moves the console's clock forward and does what is then due. Every picture is
followed by its alt text and, for a board, the position as text. Public pictures are
drawn in the server's theme (`admin theme`), the others in the player's own (`settings
theme`); `settings alttext show:no` (or `--no-alt-text`) leaves the alt text out, for
sighted players. The names typed are kept beside the database (`<database>.names.json`).
The console speaks the language it is given (`--language de`), else the environment's
(`LC_ALL`, `LC_MESSAGES`, `LANG`), else English; what is typed (commands, options, moves,
durations) is the same in every language.

The package: `commands` holds the command table and reads typed lines, `session` the
player, the current match and the printing, `actions` one method per command, `composer`
the commands of `play`, `clock` the console's clock that `tick` moves forward, `parts`
the service's parts the console calls (`ConsoleParts`). This entry opens the match
service and hands the session, the bot player and the web board the parts each uses.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from bot.config import PROJECT_ROOT, Settings
from bot.console import words as console_words
from bot.console.actions import Console
from bot.console.clock import OffsetClock
from bot.console.web import serve_console_board
from bot.presentation.catalogue import fill
from bot.presentation.language import SOURCE, language_of, speaking
from bot.service import MatchService
from bot.service.engine_player import EnginePlayer

#: What a newcomer's console starts with when no match of theirs is going on: a match
#: against the bot, ready to play.
FIRST_MATCH = "challenge skift bots:1 level:easy"
#: The environment's locale settings, in the order they take precedence.
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def environment_language(environ: Mapping[str, str] = os.environ) -> str:
    """The language of the first locale setting that is set: ours where it names one of
    them (LANG=de_DE.UTF-8: German), else English."""
    locale = next((environ[name] for name in LOCALE_VARIABLES if environ.get(name)), None)
    return language_of(locale) or SOURCE


async def run_console(
    settings: Settings,
    database: Path | None = None,
    pictures: Path | None = None,
    lines: TextIO | None = None,
    out: TextIO | None = None,
    *,
    ready: bool = False,
    language: str | None = None,
    alt_text: bool = True,
    web: int | None = None,
) -> int:
    """Read commands until the input ends or `quit`; the console keeps its own
    SQLite database (even when the bot uses PostgreSQL). `ready`: begin in a match
    against the bot (the player's latest one going on, else a new one). `lines` and `out`
    default to the standard input and output; `language` (one of `LANGUAGES`) to the
    environment's; `alt_text`: whether each picture's alt text is printed after it. `web`:
    also serve the web board on 127.0.0.1 at that port (0: a free one), printing a one-time
    link to it (`bot.console.web`)."""
    with speaking(language or environment_language()):
        return await _console(settings, database, pictures, lines, out, ready, alt_text, web)


async def _console(
    settings: Settings,
    database: Path | None,
    pictures: Path | None,
    lines: TextIO | None,
    out: TextIO | None,
    ready: bool,
    alt_text: bool,
    web: int | None,
) -> int:
    lines, out = lines or sys.stdin, out or sys.stdout
    database = database or PROJECT_ROOT / "data" / "local.sqlite3"
    clock = OffsetClock()
    service = await MatchService.open(
        replace(settings, database_path=database, database_url=None), clock=clock
    )
    console = Console(service, pictures or PROJECT_ROOT / "data" / "pictures", clock, out)
    console.alt_text = alt_text
    console.engine_player = EnginePlayer(service, console.announce, workers=1)
    console.say(fill(console_words.WELCOME, database=database))
    board = None
    try:
        await console.bot_turns()  # what the bot owed when the console last ended
        if ready:
            going = await service.queries.active_matches(console.me)
            await console.run_line(f"use {going[0].id}" if going else FIRST_MATCH)
        if web is not None:
            board = await serve_console_board(console, service, web, lines.isatty())
        while True:
            if lines.isatty():
                out.write(fill(console_words.PROMPT, player=console.player))
                out.flush()
            line = await asyncio.to_thread(lines.readline) if board else lines.readline()
            if not line or not await console.run_line(line):
                return 0
    finally:
        if board is not None:
            await board.stop()
        await console.engine_player.close()
        await service.close()
