"""Pictures for messages: the board with its alt text, and a match's replay animation.

Drawing is CPU work, so every picture is made in a worker thread (`asyncio.to_thread`) and
the event loop keeps answering interactions meanwhile. Public pictures only ever draw the
public view of a position; a player's own view is drawn only for that player. Every
picture takes a `theme` (a name in `render.THEMES`): the server's for public pictures, the
member's own for private answers (`MatchService.picture_theme` says which).
"""

from __future__ import annotations

import asyncio
from collections.abc import Hashable
from dataclasses import dataclass
from functools import lru_cache

import games
import render
from bot.match.replay import public_line
from bot.service import MatchRecord, MatchUpdate
from bot.service.base import DEFAULT_THEME
from games import GameState
from games.wording import plural

MAX_ALT = 1024  # Discord's limit on an attachment's description
#: What each picture theme is for, as players choose them.
THEME_USES = {
    "default": "for Discord's dark and light modes",
    "contrast": "high contrast, for colour-blind players",
}


def theme_label(name: str) -> str:
    """A picture theme with what it is for: "contrast (high contrast, for ...)"."""
    use = THEME_USES.get(name)
    return f"{name} ({use})" if use else name


@dataclass(frozen=True)
class Picture:
    """A rendered image: its bytes, file name and the description screen readers get."""

    data: bytes
    filename: str
    description: str


def _board(state: GameState, last_move: Hashable | None, seat: int | None, theme: str) -> Picture:
    png = render.board_png(state, last_move=last_move, seat=seat, theme=theme)
    alt = render.alt_text(state, last_move)
    return Picture(png, "board.png", alt[:MAX_ALT])


async def board_picture(
    state: GameState,
    last_move: Hashable | None = None,
    *,
    seat: int | None = None,
    theme: str = DEFAULT_THEME,
) -> Picture:
    """The board as a PNG with its alt text, drawn in a worker thread."""
    return await asyncio.to_thread(_board, state, last_move, seat, theme)


def _replay(record: MatchRecord, theme: str) -> Picture:
    states, moves = public_line(record)
    data = render.replay(states, moves, theme=theme)
    kind = "png" if data.startswith(b"\x89PNG") else "gif"
    alt = f"Replay of match #{record.match.id}: {plural(len(moves), 'move')}, a frame each."
    return Picture(data, f"match-{record.match.id}.{kind}", alt)


async def replay_picture(record: MatchRecord, theme: str = DEFAULT_THEME) -> Picture:
    """The replay animation of a whole match, drawn in a worker thread."""
    return await asyncio.to_thread(_replay, record, theme)


async def update_board(update: MatchUpdate, theme: str = DEFAULT_THEME) -> Picture | None:
    """The board an action's announcement carries: when the position changed or the match
    ended (None otherwise)."""
    if update.after != update.before or update.result is not None:
        return await board_picture(update.after, update.move, theme=theme)
    return None


EXAMPLE_MOVES = 6


def example_position(game: games.Game) -> tuple[GameState, Hashable | None]:
    """A fixed position a few moves into a game, and the move that led to it, for /rules."""
    state, last = game.new(game.min_players, seed=1), None
    for step in range(EXAMPLE_MOVES):
        moves = state.legal_moves()
        if not moves or state.outcome() is not None:
            break
        last = moves[(step * 7 + 3) % len(moves)]
        state = state.play(last)
    return state.view(None), last


@lru_cache(maxsize=16)
def _example(name: str, theme: str) -> Picture:
    game = games.get(name)
    state, last = example_position(game)
    picture = _board(state, last, None, theme)
    return Picture(picture.data, f"{name}-example.png", picture.description)


async def example_picture(game: games.Game, theme: str = DEFAULT_THEME) -> Picture:
    """The example position of `game`, drawn once per theme (in a worker thread) and kept."""
    return await asyncio.to_thread(_example, game.name, theme)
