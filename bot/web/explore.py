"""Try moves: a line of moves tried on a copy of a match's position, by the same taps as
a move, for either side; nothing is stored, nothing sent to anyone. The page holds the
line (the notations tried, back and forward through them) and sends it with each
request; the server replays it on the match's position as it stands.

With hidden information (hands, a draw pile) a member's copy is dealt from what their seat
may know: `view(seat).determinize` with a seed of the match, its version and the member, so
each request deals the same guess again and the real unseen cards never enter it. Its
moves are offered, and its pictures drawn, from that seat's view of the copy (the member's
own hand, nothing of another's). A spectator has no seat to know a hand from, so there is
no Try moves for one there.
"""

from __future__ import annotations

import asyncio
import hashlib
import random
from collections.abc import Hashable, Sequence
from typing import Any
from urllib.parse import urlencode

import render
from bot.presentation import composer as composer_words
from bot.presentation.catalogue import fill
from bot.presentation.errors import Refusal
from bot.presentation.language import localised
from bot.presentation.pictures import Picture, board_picture, picture_words
from bot.service import Match, SettingsPart
from bot.web import words as web_words
from games import GameState, IllegalMove, InvalidMove
from games.steps import Composer, Path, write_path

#: The longest line tried (moves), and how a line travels (notations joined by newlines).
MOST_MOVES = 200
SEPARATOR = "\n"


def may_explore(match: Match, seat: int | None) -> bool:
    """Whether moves may be tried off `match` by a member in `seat` (None: a spectator):
    its game hides nothing, or the member plays in it."""
    return not match.has_secrets or seat is not None


def copy(match: Match, member: int) -> tuple[GameState, int | None]:
    """The position a line is tried on, and the seat whose view the member sees of it
    (None: the game hides nothing, the copy is the match's position). With hidden
    information it is dealt from the member's seat's view (the same guess at each request
    while the match stays at its version), never from the real cards."""
    seat = match.seat_of(member)
    if not may_explore(match, seat):
        raise Refusal(fill(web_words.NO_EXPLORE))
    if not match.has_secrets:
        return match.state, None
    assert seat is not None
    key = f"{match.id}:{match.version}:{member}".encode()
    seed = int.from_bytes(hashlib.sha256(key).digest()[:8], "big")
    return match.state.view(seat).determinize(random.Random(seed)), seat


def seen(state: GameState, seat: int | None) -> GameState:
    """What the member sees of a tried position: their seat's view (None: all of it)."""
    return state if seat is None else state.view(seat)


def read_line(text: str | None) -> list[str]:
    """A line as a page sends it (bounded)."""
    if not text:
        return []
    moves = text.split(SEPARATOR)
    if len(moves) > MOST_MOVES or any(len(move) > 40 for move in moves):
        raise Refusal(fill(web_words.LINE_TOO_LONG, most=MOST_MOVES))
    return moves


def tried(
    match: Match, member: int, line: Sequence[str]
) -> tuple[GameState, Hashable | None, int | None]:
    """The position after the line tried from `member`'s copy of the match's position,
    its last move and the seat whose view the member sees (see `copy`); a Refusal when a
    move of it is not legal there."""
    state, seat = copy(match, member)
    last: Hashable | None = None
    for notation in line:
        try:
            last = state.parse_move(notation)
        except (IllegalMove, InvalidMove):
            raise Refusal(fill(web_words.LINE_ILLEGAL, move=notation)) from None
        state = state.play(last)
    return state, last, seat


def picture_url(match: Match, line: Sequence[str]) -> str:
    """The relative address of the picture of a tried position."""
    query = {"match": match.id, "v": match.version, "line": SEPARATOR.join(line)}
    return "tried.png?" + urlencode(query)


async def tried_picture(
    settings: SettingsPart, match: Match, member: int, line: list[str]
) -> Picture:
    """The picture of the position after the tried line, as the member's seat sees it."""
    state, last, seat = tried(match, member, line)
    theme = await settings.picture_theme(match.guild_id, member)
    return await board_picture(seen(state, seat), last, theme=theme)


async def explore_state(
    settings: SettingsPart, match: Match, member: int, line: list[str], path: Path
) -> dict[str, Any]:
    """What the page draws of the tried line after the composer `path`: the picture, its
    places and buttons, or (when `path` completes a move) the line one move longer, and
    whether the bot's estimate may be asked there (with hidden cards, on the member's own
    turns only: on another's, it would think with that seat's guessed hand). The
    choices are those of the member's seat's view of the copy (with hidden cards, another
    seat's card actions that its unseen cards decide, a scoring, are not offered)."""
    state, _, seat = tried(match, member, line)
    composer = Composer(seen(state, seat))
    path = composer.forward(path) if composer.leads_somewhere(path) else ()
    move = composer.move_at(path)
    if move is not None:
        line = [*line, state.format_move(move)]
        state, path = state.play(move), ()
        composer = Composer(seen(state, seat))
        path = composer.forward(path)
    theme = await settings.picture_theme(match.guild_id, member)
    ended = state.outcome() is not None or state.current_player is None
    places = []
    if not ended:
        found = await asyncio.to_thread(
            render.board_places,
            seen(state, seat),
            composer,
            path,
            size=render.DEFAULT_SIZE,
            theme=theme,
            words=picture_words(),
        )
        places = [
            {
                "keys": write_path((*path, *place.keys)),
                "label": composer_words.choice_label(place.step),
                "points": [[round(x, 1), round(y, 1)] for x, y in place.shape],
            }
            for place in found
        ]
    trail = composer.trail(path)
    return {
        "line": line,
        "path": write_path(path),
        "back": write_path(composer.back(path)) if path else None,
        "picture": picture_url(match, line),
        "places": places,
        "choices": []
        if ended
        else [
            {"keys": write_path((*path, c.step.key)), "label": composer_words.choice_label(c.step)}
            for c in composer.choices(path)
        ],
        "text": composer_words.trail_text(trail).replace("`", "") if trail else "",
        "to_move": "" if ended else localised(state.seat_name(state.current_player or 0)),
        "guess": fill(web_words.TRIED_GUESS) if seat is not None else "",
        "estimable": not ended and (seat is None or state.current_player == seat),
    }
