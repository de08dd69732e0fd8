"""The header strip on top of every picture: whose turn, or the result, and each seat's figures.

`header_strip` lays out rows of tokens (strings and sprites): `turn_tokens` (move number,
whose turn or the result, or how the match ended) on the left, each seat's figures on the
right.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image

from games.base import GameState
from render.sprites import Sprite, new_canvas, paste, text_box, text_sprite
from render.theme import Theme
from render.words import (
    DRAW,
    GAME_OVER,
    MOVE_NUMBER,
    MOVES,
    TO_MOVE,
    WINS,
    WINS_BECAUSE,
    count,
    say,
)


def header_px(width: int) -> int:
    """The header's text size for a picture `width` pixels wide."""
    return max(13, min(40, round(width / 30)))


#: A header token: text (in the theme's text colour), a sprite, or None for a wide gap.
Token = str | Sprite | None


def _token_width(token: Token, px: int, gap: int) -> int:
    """How wide `token` lays out at text size `px`."""
    if token is None:
        return gap * 3
    if isinstance(token, Sprite):
        return token.width
    left, _, right, _ = text_box(token, px, "lm")
    return max(1, right - left)


def _gap(px: int) -> int:
    """The space between a header's tokens at text size `px` (its margin is `px`)."""
    return max(4, px // 3)


def _row_width(tokens: Sequence[Token], px: int, gap: int) -> int:
    """How wide a row of `tokens` lays out at text size `px`."""
    return sum(_token_width(t, px, gap) + gap for t in tokens) - gap if tokens else 0


def _draw_row(
    image: Image.Image, tokens: Sequence[Token], x: int, y: int, px: int, gap: int, theme: Theme
) -> None:
    """Lay `tokens` out from x along the text line centred on y."""
    for token in tokens:
        if isinstance(token, Sprite):
            paste(image, token, x + token.ax, y)
        elif token:
            paste(image, text_sprite(token, px, theme.text, "lm"), x, y)
        x += _token_width(token, px, gap) + gap


def _fit(tokens: Sequence[Token], room: int, px: int, gap: int) -> list[list[Token]]:
    """`tokens` on one line if they fit in `room`, else in lines broken between tokens
    and between the words of a text (a long ending sentence on a narrow picture)."""
    if _row_width(tokens, px, gap) <= room:
        return [list(tokens)]
    lines: list[list[Token]] = [[]]
    for token in tokens:
        for piece in token.split() if isinstance(token, str) else [token]:
            if lines[-1] and _row_width([*lines[-1], piece], px, gap) > room:
                lines.append([])
            if piece is not None or lines[-1]:  # no wide gap at the start of a line
                lines[-1].append(piece)
    return lines


def _wrap(tokens: Sequence[Token], room: int, px: int, gap: int) -> list[list[Token]]:
    """`tokens` in lines at most `room` wide, broken only at the wide gaps (None)."""
    groups: list[list[Token]] = [[]]
    for token in tokens:
        if token is None:
            groups.append([])
        else:
            groups[-1].append(token)
    lines: list[list[Token]] = []
    for group in groups:
        if lines and _row_width([*lines[-1], None, *group], px, gap) <= room:
            lines[-1] += [None, *group]
        else:
            lines.append(group)
    return lines


def header_strip(
    width: int, theme: Theme, left: Sequence[Token], right: Sequence[Token], px: int
) -> Image.Image:
    """The strip on top of a picture: `left` tokens from the left, `right` from the right.

    Typical content: left "Move 12", a seat's piece, "White to move"; right each seat's
    figures, seats apart by a wide gap (None). When both do not fit on one line, `right`
    follows on the lines below, broken between seats; a `left` too long for a line of
    its own is broken between its words. Returns an RGB image `width` wide to paste at
    the top of the picture.
    """
    gap = _gap(px)
    margin = px
    room = width - 2 * margin
    line = round(px * 1.6)
    right_width = _row_width(right, px, gap)
    if _row_width(left, px, gap) + right_width + 3 * gap * 2 <= room:
        strip = new_canvas(width, line + px, theme.header)
        _draw_row(strip, left, margin, strip.height // 2, px, gap, theme)
        _draw_row(strip, right, width - margin - right_width, strip.height // 2, px, gap, theme)
        return strip
    lines = [*_fit(left, room, px, gap), *_wrap(right, room, px, gap)]
    strip = new_canvas(width, len(lines) * line + px, theme.header)
    for index, tokens in enumerate(lines):
        _draw_row(strip, tokens, margin, px // 2 + line // 2 + index * line, px, gap, theme)
    return strip


def turn_tokens(
    state: GameState,
    chip: Callable[[int], Sprite],
    *,
    width: int,
    px: int,
    doing: str = TO_MOVE,
    why: bool = False,
    ending: str | None = None,
) -> list[Token]:
    """The left of a game's header strip: the move number and whose turn, or the result.

    `chip(seat)` is the seat's piece as drawn in the header; `doing` is the template of
    whose turn it is, with the seat's name as `{seat}` ("{seat} to move"). With `why`, a
    winner's line adds the outcome's reason when it fits in a header `width` wide at
    text size `px` ("Black wins: White has no kings left"); use it where the reasons
    read well after the winner's name. Seats are named by the state (`state.seat_name`),
    so a swap of sides renames them; a game that ends with neither a winner nor a draw
    (a solo game lost) says "Game over". `ending`, the sentence saying how a match ended
    ("Black wins: White resigned."), is shown instead of all that: a match can end (by
    resignation, timeout, agreement, abort) where the game itself has not. Its words are
    written with `render.words`.
    """
    name = state.seat_name
    played = count(MOVES, state.turn_number - 1)
    if ending is not None:
        return [played, None, ending.rstrip(".")]
    outcome, seat = state.outcome(), state.current_player
    if outcome is None:
        assert seat is not None, "a running game has a seat to act"
        turn = say(doing, seat=name(seat))
        return [say(MOVE_NUMBER, number=state.turn_number), None, chip(seat), turn]
    if outcome.draw or not outcome.winners:
        return [played, None, say(DRAW if outcome.draw else GAME_OVER)]
    winner = outcome.winners[0]
    tokens: list[Token] = [played, None, chip(winner), say(WINS, seat=name(winner))]
    if why:
        reason = outcome.reason.rstrip(".")
        reasoned = [*tokens[:-1], say(WINS_BECAUSE, seat=name(winner), reason=reason)]
        if _row_width(reasoned, px, _gap(px)) <= width - 2 * px:
            return reasoned
    return tokens
