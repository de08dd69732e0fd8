"""What a match page shows its viewer, as the JSON its script draws: the board picture's
address, the places to tap and the buttons of the composer's current step (or the
move's preview), the words, and the moves so far.

Who sees what is decided here, on every request: a player of the match sees the board
from their seat (their own hand, nobody else's) and composes when it is their turn;
anyone else sees what the public post shows. Pictures are the Discord post's (the same
drawing, players strip and theme), drawn `SIZE` wide.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import games
import render
from bot.match.replay import PublicLine, standing_entries
from bot.presentation import composer as composer_words
from bot.presentation.catalogue import fill
from bot.presentation.composing import composer_of, composer_page, skips_preview
from bot.presentation.language import localised
from bot.presentation.matches import board_caption
from bot.presentation.pictures import (
    Picture,
    board_picture,
    drawn_board,
    ending_words,
    picture_words,
    seat_labels,
)
from bot.presentation.writing import Style
from bot.service import Match
from bot.web import words as web_words
from bot.web.explore import may_explore
from bot.web.parts import WebParts
from games import GameState
from games.steps import Composer, Path, read_path, write_path

#: The pictures' width on the page (the Discord post's).
SIZE = render.DEFAULT_SIZE


@dataclass(frozen=True)
class Seen:
    """Who looks at a match: the signed-in `member`, and their seat (None: watching)."""

    member: int
    seat: int | None


def seen_by(match: Match, member: int) -> Seen:
    """How `member` sees `match`: from their seat, or as the public."""
    return Seen(member, match.seat_of(member))


def _view(match: Match, seen: Seen) -> tuple[GameState, int | None]:
    """The position the viewer may see, and the seat it is drawn for."""
    if match.has_secrets and seen.seat is not None:
        return match.view_for(seen.seat), seen.seat
    return match.public_view(), None


def composing(match: Match, seen: Seen) -> bool:
    """Whether the viewer is the member to act (their page composes a move)."""
    return match.active and seen.seat is not None and match.to_act == seen.member


@dataclass(frozen=True)
class Viewing:
    """What a member's pages of one position need besides the composer's path, made
    once a position (a tap then reads nothing more than the match): who looks, their
    `composer` (None: not theirs to compose), the picture `theme` they see, and whether
    they play a composed move without its preview (`skip_preview`, `/settings`)."""

    seen: Seen
    composer: Composer | None
    theme: str
    skip_preview: bool


async def viewing(service: WebParts, match: Match, member: int) -> Viewing:
    """How `member` views `match` at its current position."""
    seen = seen_by(match, member)
    theme = await service.settings.picture_theme(match.guild_id, member)
    if not composing(match, seen):
        return Viewing(seen, None, theme, False)
    composer = composer_of(match, member)
    return Viewing(seen, composer, theme, await skips_preview(service.settings, member))


async def board(
    service: WebParts, match: Match, seen: Seen, name: Callable[[int], str], path: Path
) -> Picture:
    """The board picture the page shows: the position from the viewer's seat, or after
    `path` when it completes a move (the preview)."""
    theme = await service.settings.picture_theme(match.guild_id, seen.member)
    players = seat_labels(match, name, await service.queries.seat_ratings(match))
    if path and composing(match, seen):
        page = await composer_page(
            service.queries, service.settings, match, seen.member, path, name
        )
        if page.picture is not None:
            return page.picture
    state, seat = _view(match, seen)
    ending = ending_words(match, players)
    return await board_picture(state, seat=seat, theme=theme, ending=ending, players=players)


async def position(
    service: WebParts, match: Match, seen: Seen, name: Callable[[int], str], ply: int
) -> Picture | None:
    """The picture of the position after `ply` moves (0: the start) as the viewer saw
    it then (a player's own hand as it was; the public's view for anyone else), or None
    when the match has no such position."""
    record = await service.queries.match_record(match.id)
    theme = await service.settings.picture_theme(match.guild_id, seen.member)
    players = seat_labels(match, name)
    seat = seen.seat if match.has_secrets else None

    def draw() -> Picture | None:
        line = PublicLine(record, seat)
        if not 0 <= ply < len(line):
            return None
        for index, state in enumerate(line):
            if index == ply:
                last = line.moves[ply - 1] if ply else None
                return drawn_board(state, last, seat, theme, None, players=players)
        return None

    return await asyncio.to_thread(draw)


def picture_url(match: Match, **query: str | int) -> str:
    """The relative address of a picture of `match` (works under any path prefix)."""
    return "board.png?" + urlencode({"match": match.id, "v": match.version, **query})


async def page_state(
    service: WebParts,
    match: Match,
    seen: Seen,
    name: Callable[[int], str],
    style: Style,
    path: Path,
    moves: list[dict[str, Any]] | None,
    viewing: Viewing | None = None,
) -> dict[str, Any]:
    """Everything the match page draws for the viewer after the composer `path`, with
    the `moves` so far (None: left as the page has them, as a tap within a move does);
    the composer's choices only given the member's `viewing` (without it, what a list of
    matches shows)."""
    game = games.get(match.game)
    state: dict[str, Any] = {
        "match": match.id,
        "version": match.version,
        "ply": match.ply,
        "title": fill(web_words.MATCH_TITLE, match=match.id, game=localised(game.title)),
        "caption": style.named(board_caption(match, style)).replace("`", ""),
        "watching": seen.seat is None,
        "composing": False,
        "moves": moves,
        "picture": picture_url(match),
        "alt": fill(web_words.BOARD_FOR, match=match.id),
        "explore": may_explore(match, seen.seat),
        "over": not match.active,
    }
    if viewing is None or viewing.composer is None or not composing(match, seen):
        return state
    composer = viewing.composer
    page = await composer_page(
        service.queries, service.settings, match, seen.member, path, name, composer, drawn=False
    )
    state.update(
        composing=True,
        path=write_path(page.path),
        back=write_path(composer.back(page.path)) if page.path else None,
        text=page.text.replace("`", ""),
        choices=[
            {
                "keys": write_path((*page.path, c.step.key)),
                "label": composer_words.choice_label(c.step),
            }
            for c in page.choices
        ],
        places=_places(match, viewing, page.path),
    )
    if page.move is not None:
        state["preview"] = {
            "notation": match.state.format_move(page.move),
            "autoplay": viewing.skip_preview,
        }
        if page.after is not None:
            state["picture"] = picture_url(match, path=write_path(page.path))
    return state


def _places(match: Match, viewing: Viewing, path: Path) -> list[dict[str, Any]]:
    """The places of the composer's choices after `path` on the viewer's picture (worked
    out here, not in a thread: it is geometry, no drawing, about a millisecond, less than
    a hop to a thread and back costs on a busy machine)."""
    composer = viewing.composer
    if composer is None or composer.move_at(path) is not None:
        return []
    view, seat = _view(match, viewing.seen)
    places = render.board_places(
        view, composer, path, seat=seat, size=SIZE, theme=viewing.theme, words=picture_words()
    )
    return [
        {
            "keys": write_path((*path, *place.keys)),
            "label": composer_words.choice_label(place.step),
            "points": [[round(x, 1), round(y, 1)] for x, y in place.shape],
        }
        for place in places
    ]


async def moves(
    service: WebParts, match: Match, name: Callable[[int], str]
) -> list[dict[str, Any]]:
    """The moves so far, each with who made it (taken-back moves left out)."""
    if match.ply == 0:
        return []
    record = await service.queries.match_record(match.id)
    entries = [entry for entry in standing_entries(record.log) if entry.kind == "move"]
    return [
        {
            "ply": number,
            "notation": entry.notation,
            "text": fill(
                web_words.MOVE_BY, number=number, move=entry.notation, player=name(entry.member_id)
            ),
        }
        for number, entry in enumerate(entries, start=1)
    ]


def asked_path(text: str | None) -> Path:
    """A composer path as a page sends it (bounded; an unreadable one is the start)."""
    if not text or len(text) > 200:
        return ()
    return read_path(text)
