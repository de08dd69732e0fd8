"""Try moves: a line of moves tried on a copy of a match's position, by the same taps as
a move, for either side; nothing is stored, nothing sent to anyone. The page holds the
line (the notations tried, back and forward through them) and sends it with each
request; the server replays it on the match's position as it stands.

Only where nothing is hidden: a game with hidden information would need the unseen cards
to play a line on, so it has no Try moves.
"""

from __future__ import annotations

import asyncio
from collections.abc import Hashable, Sequence
from typing import Any
from urllib.parse import urlencode

import render
from bot.presentation import composer as composer_words
from bot.presentation.catalogue import fill
from bot.presentation.errors import Refusal
from bot.presentation.language import localised
from bot.presentation.pictures import Picture, board_picture, picture_words
from bot.service import Match, MatchService
from bot.web import words as web_words
from games import GameState, IllegalMove, InvalidMove
from games.steps import Composer, Path, write_path

#: The longest line tried (moves), and how a line travels (notations joined by newlines).
MOST_MOVES = 200
SEPARATOR = "\n"


def may_explore(match: Match) -> bool:
    """Whether moves may be tried off `match`: its game hides nothing."""
    return not match.has_secrets


def read_line(text: str | None) -> list[str]:
    """A line as a page sends it (bounded)."""
    if not text:
        return []
    moves = text.split(SEPARATOR)
    if len(moves) > MOST_MOVES or any(len(move) > 40 for move in moves):
        raise Refusal(fill(web_words.LINE_TOO_LONG, most=MOST_MOVES))
    return moves


def tried(match: Match, line: Sequence[str]) -> tuple[GameState, Hashable | None]:
    """The position after the line tried from the match's position, and its last move;
    a Refusal when a move of it is not legal there."""
    if not may_explore(match):
        raise Refusal(fill(web_words.NO_EXPLORE))
    state, last = match.state, None
    for notation in line:
        try:
            last = state.parse_move(notation)
        except (IllegalMove, InvalidMove):
            raise Refusal(fill(web_words.LINE_ILLEGAL, move=notation)) from None
        state = state.play(last)
    return state, last


def picture_url(match: Match, line: Sequence[str]) -> str:
    """The relative address of the picture of a tried position."""
    query = {"match": match.id, "v": match.version, "line": SEPARATOR.join(line)}
    return "tried.png?" + urlencode(query)


async def tried_picture(
    service: MatchService, match: Match, member: int, line: list[str]
) -> Picture:
    """The picture of the position after the tried line."""
    state, last = tried(match, line)
    theme = await service.settings.picture_theme(match.guild_id, member)
    return await board_picture(state, last, theme=theme)


async def explore_state(
    service: MatchService, match: Match, member: int, line: list[str], path: Path
) -> dict[str, Any]:
    """What the page draws of the tried line after the composer `path`: the picture, its
    places and buttons, or (when `path` completes a move) the line one move longer."""
    state, _ = tried(match, line)
    composer = Composer(state)
    path = composer.forward(path) if composer.leads_somewhere(path) else ()
    move = composer.move_at(path)
    if move is not None:
        line = [*line, state.format_move(move)]
        state, path = state.play(move), ()
        composer = Composer(state)
        path = composer.forward(path)
    theme = await service.settings.picture_theme(match.guild_id, member)
    ended = state.outcome() is not None or state.current_player is None
    places = []
    if not ended:
        found = await asyncio.to_thread(
            render.board_places,
            state,
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
    }
