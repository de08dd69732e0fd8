"""`python -m bot local --web`: the console serves the web board beside itself, on
127.0.0.1 only, and prints (and at a terminal opens) a one-time link for its player."""

from __future__ import annotations

import webbrowser
from collections.abc import Mapping

from bot.console import words as console_words
from bot.console.actions import Console
from bot.presentation.catalogue import fill
from bot.service import Match, MatchUpdate
from bot.web.parts import WebParts
from bot.web.server import Running, WebHost, serve


async def serve_console_board(
    console: Console, service: WebParts, port: int, terminal: bool
) -> Running:
    """Serve the board at 127.0.0.1:`port` (0: a free port) over the parts of the
    console's service it uses: moves played there are printed as the console's own, and
    the bot answers them."""

    async def names(match: Match) -> Mapping[int, str]:
        return {member: console.name_of(member) for member in match.members}

    async def announce(update: MatchUpdate) -> None:
        await console.announce(update)
        if console.engine_player is not None:
            console.engine_player.notice(update.match)

    async def may_watch(match: Match, member: int) -> bool:
        return True  # everyone at this console sees every match of it

    host = WebHost(service, names, announce, engine=console.engine_player, may_watch=may_watch)
    running = await serve(host, "127.0.0.1", port)
    token = running.board.host.signer.grant(console.me, console.here or 0)
    link = f"http://127.0.0.1:{running.port}/open#{token}"
    console.say(fill(console_words.WEB_BOARD, link=link))
    if terminal:
        webbrowser.open(link)
    return running
