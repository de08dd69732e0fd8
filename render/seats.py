"""The players strip: who sits at each seat, under a picture.

A picture given `players` (one `SeatLabel` per seat: a display name, its rating text and
its clock text) gets a strip under it with a row per seat: the seat's chip (its piece as
the game draws it, where the game has seat pieces), its name, rating and clock. The seat
to act stands out: its row is tinted in the highlight colour and says "to act". A seat
that won the match says "won" before its rating, in words, not by colour alone.

Names are drawn as members chose them, made drawable: invisible format and control
characters and Discord's markup characters are dropped, letters the font lacks are
drawn as `render.sprites.drawable_char` spells them, and characters it cannot draw at
all (emoji, scripts the font has not, such as Chinese) are left out; a name with nothing
drawable left is shown by its seat's name, in the reader's language.
A name too long for its row is cut at a whole character with an ellipsis.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image

from games.base import GameState
from render.pictures import Pictures
from render.sprites import (
    Sprite,
    drawable_char,
    drawable_text,
    font,
    legible_px,
    new_canvas,
    paste,
    text_sprite,
    text_width,
)
from render.theme import Theme, mix
from render.words import TO_ACT, WON, phrase, say

#: Characters Discord reads as markup in a name (bold, italics, spoilers, code, quotes).
MARKUP = frozenset("*_~`|\\>#")
ELLIPSIS = "…"
#: The tint of the row of the seat to act: this share of the way from the header's
#: colour to the highlight (a blend the fixed palette keeps close).
ACT_TINT = 0.375


class SeatLabel(NamedTuple):
    """One seat as a picture names it: the member's display name, the rating text ("1520",
    "1500 → 1512 (+12)" at the end of a rated match, empty where the match is not rated),
    the clock text ("2 days left", empty without a clock) and whether the seat won."""

    name: str
    rating: str = ""
    clock: str = ""
    won: bool = False


def drawn_name(name: str) -> str:
    """`name` as a picture can draw it (see the module docstring); "" if nothing is left."""
    kept: list[str] = []
    for char in name:
        category = unicodedata.category(char)
        if category in ("Cc", "Cf") or char in MARKUP:
            continue
        kept.append(drawable_char(char) or " ")
    return " ".join("".join(kept).split())


def seat_called(state: GameState, seat: int) -> str:
    """What a picture calls `seat` in the reader's language: the name it was given
    (`GameState.named`) as a picture can draw it, else the game's own name for it."""
    return drawn_name(phrase(state.seat_name(seat))) or phrase(state.game.seat_name(seat))


@lru_cache(maxsize=256)
def fitted(text: str, px: int, room: float) -> str:
    """`text` at size `px` in at most `room` pixels: whole, or cut at a whole character
    with an ellipsis. Cached: a match's names are the same in each of its pictures."""
    face = font(px)
    if face.getlength(text) <= room:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest cut that fits with its ellipsis
        middle = (low + high + 1) // 2
        if face.getlength(text[:middle].rstrip() + ELLIPSIS) <= room:
            low = middle
        else:
            high = middle - 1
    while low > 0 and unicodedata.combining(text[low]):
        low -= 1
    return text[:low].rstrip() + ELLIPSIS


#: How much larger than the smallest legible text (`legible_px`) the players' names are
#: written: they are what the strip is for.
STRIP_SCALE = 1.2


def strip_px(width: int) -> int:
    """The text size of the players strip under a picture `width` wide: the smallest
    legible size (`legible_px`: capitals 7 pixels tall on a phone) made `STRIP_SCALE`
    larger, from 14 to 40 pixels."""
    return max(14, min(40, round(legible_px(width) * STRIP_SCALE)))


def players_strip(
    width: int,
    theme: Theme,
    players: Sequence[SeatLabel],
    fallbacks: Sequence[str],
    chips: Sequence[Sprite | None],
    acting: int | None,
) -> Image.Image:
    """The strip: a row per seat (see the module docstring). `fallbacks` are the seats'
    own names (for a name with nothing drawable), `chips` their chips (None: none), and
    `acting` the seat to act (None: nobody)."""
    px = strip_px(width)
    line = round(px * 1.8)
    margin = px
    strip = new_canvas(width, line * len(players) + px // 2, theme.header)
    for seat, label in enumerate(players):
        top = px // 4 + seat * line
        middle = top + line // 2
        if seat == acting:
            tint = mix(theme.header, theme.highlight, ACT_TINT)
            strip.paste(tint, (0, top, width, top + line))
        x = float(margin)
        chip = chips[seat] if seat < len(chips) else None
        if chip is not None:
            paste(strip, chip, x + chip.ax, middle)
            x += chip.width + px * 0.5
        facts = [say(WON)] if label.won else []
        facts += [fact for fact in (label.rating, label.clock) if fact]
        if seat == acting:
            facts.append(say(TO_ACT))
        right = drawable_text(" · ".join(facts))
        right_width = text_width(right, px) if right else 0.0
        if right:
            paste(strip, text_sprite(right, px, theme.text, "rm"), width - margin, middle)
        room = width - margin - x - right_width - (px if right else 0)
        name = drawn_name(label.name) or (fallbacks[seat] if seat < len(fallbacks) else "")
        paste(strip, text_sprite(fitted(name, px, room), px, theme.text, "lm"), x, middle)
    return strip


def stacked(image: Image.Image, strip: Image.Image) -> Image.Image:
    """`image` with `strip` (as wide) under it: finished pictures on one palette, whose
    single bytes per pixel copy faster than the RGB they were drawn in."""
    framed = image.crop((0, 0, image.width, image.height + strip.height))
    framed.paste(strip, (0, image.height))
    return framed


def named_seats(state: GameState, players: Sequence[SeatLabel]) -> GameState:
    """`state` with its seats called by their `players`' names (an empty name keeps its
    seat's own), for a game whose seats are only numbered (`GameType.numbered_seats`; its
    picture draws them as it draws names, `drawn_name`); other games' states as they are."""
    if not players or not state.game.kind.numbered_seats:
        return state
    return state.named([p.name or state.seat_name(seat) for seat, p in enumerate(players)])


def strip_of(
    state: GameState,
    pictures: Pictures[Any],
    theme: Theme,
    players: Sequence[SeatLabel],
    width: int,
    ended: bool = False,
) -> Image.Image:
    """The players strip of `state`, `width` wide, to go under its picture; of a match
    that has `ended` (resigned, say, where the game still has a seat to move), nobody is
    to act."""
    px = strip_px(width)
    seats = range(len(players))
    chips = [pictures.seat_chip(theme, state, seat, round(px * 0.9)) for seat in seats]
    fallbacks = [phrase(state.seat_name(seat)) for seat in seats]
    acting = None if ended else state.current_player
    return players_strip(width, theme, players, fallbacks, chips, acting)
