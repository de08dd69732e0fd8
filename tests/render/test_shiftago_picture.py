"""The Shiftago picture: real PNGs in both themes, true marble colours, the last turn's
highlights where the move was, and the alt text."""

from __future__ import annotations

import io
import random
from dataclasses import replace

import pytest
from PIL import Image

import render
from games.shiftago import SHIFTAGO, ShiftagoState
from games.shiftago.geometry import cell
from render import shiftago as picture
from render.sprites import legible_px
from render.theme import get_theme
from tests.games.shiftago_helpers import play, position, run_in_row_4

SIZE = 480

SCORING = """
    . . . . . . .
    . . . . . . .
    B B B . . . .
    . . . . . . .
    . . . . G . .
    . . . . . . .
    . . . . . . O
"""


def image_of(state: ShiftagoState, theme: str = "default", size: int = SIZE) -> Image.Image:
    png = render.board_png(state, size=size, theme=theme)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png)).convert("RGB")


def pixels(image: Image.Image) -> list[tuple[int, int, int]]:
    """The RGB pixels of an image, row by row."""
    raw = image.convert("RGB").tobytes()
    return [tuple(raw[i : i + 3]) for i in range(0, len(raw), 3)]


def cell_pixels(image: Image.Image, state: ShiftagoState, index: int, theme: str) -> bytes:
    """The pixels of one cell's square."""
    tray = picture.layout(state, size=image.width, theme=get_theme(theme))
    x0, y0, x1, y1 = (round(v) for v in tray.box(index))
    return image.crop((x0 + 2, y0 + 2, x1 - 2, y1 - 2)).tobytes()


def random_position(players: int, variant: str, plies: int, seed: int) -> ShiftagoState:
    rng = random.Random(seed)
    state = SHIFTAGO.new(players, options={"variant": variant})
    while state.ply < plies and state.outcome() is None:
        state = state.play(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("theme", ["default", "contrast"])
@pytest.mark.parametrize(
    "state",
    [SHIFTAGO.new(2), random_position(4, "expert", 40, 1), random_position(3, "extreme", 60, 2)],
)
def test_renders_start_and_mid_game_positions_at_the_asked_width(
    state: ShiftagoState, theme: str
) -> None:
    image = image_of(state, theme)
    assert image.width == SIZE and SIZE < image.height < SIZE * 1.4


@pytest.mark.parametrize("theme", ["default", "contrast"])
def test_each_colour_is_drawn_in_its_own_colour(theme: str) -> None:
    rows = """
        O . G . B . W
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    """
    state = position(rows, players=4)
    image = image_of(state, theme, size=800)
    tray = picture.layout(state, size=800, theme=get_theme(theme))
    seen = []
    for seat, index in enumerate((cell(0, 0), cell(2, 0), cell(4, 0), cell(6, 0))):
        x, y = tray.centre(index)
        # Below the centre and off to the side: the marble's body, clear of letter and glint.
        sample = image.getpixel((round(x + tray.pitch * 0.2), round(y + tray.pitch * 0.2)))
        fill = picture.marble_style(get_theme(theme), seat).fill
        assert max(abs(a - b) for a, b in zip(sample, fill, strict=True)) <= 24, (seat, sample)
        seen.append(sample)
    assert len(set(seen)) == 4


def test_contrast_marbles_carry_their_letter() -> None:
    rows = "G" + " ." * 48
    state = position(rows)
    tray = picture.layout(state, size=800, theme=get_theme("contrast"))
    x, y = tray.centre(0)
    image = image_of(state, "contrast", size=800)
    half = round(tray.pitch * 0.12)
    middle = image.crop((round(x) - half, round(y) - half, round(x) + half, round(y) + half))
    fill = picture.marble_style(get_theme("contrast"), 1).fill
    letter = [
        p for p in pixels(middle) if max(abs(a - b) for a, b in zip(p, fill, strict=True)) > 80
    ]
    assert len(letter) > half  # the letter's strokes differ from the marble's body


def test_the_last_insertion_and_its_push_are_highlighted_where_they_happened() -> None:
    rows = SCORING.replace("B B B . . . .", "B B . . . . .")
    state = play(position(rows, players=4, turn=2), "W3")
    plain = replace(state, recent=())
    after, before = image_of(state), image_of(plain)
    for index in (cell(0, 2), cell(1, 2), cell(2, 2)):  # the new marble and the pushed run
        assert cell_pixels(after, state, index, "default") != cell_pixels(
            before, plain, index, "default"
        )
    far = cell(4, 4)
    assert cell_pixels(after, state, far, "default") == cell_pixels(before, plain, far, "default")


def test_a_scored_line_is_shown_where_it_was_removed() -> None:
    state = play(position(SCORING, players=4, turn=2, options={"variant": "expert"}), "W3")
    assert state.scoring
    pending = image_of(state)
    unmarked = image_of(replace(state, scoring=False))
    assert cell_pixels(pending, state, cell(3, 2), "default") != cell_pixels(
        unmarked, state, cell(3, 2), "default"
    )
    scored = play(state, "x a3-d3 keep d3")
    shown = image_of(scored)
    bare = image_of(replace(scored, recent=()))
    for index in (cell(0, 2), cell(1, 2), cell(2, 2)):
        assert cell_pixels(shown, scored, index, "default") != cell_pixels(
            bare, scored, index, "default"
        )
    # A bar is struck through the whole line, between its marbles too.
    tray = picture.layout(scored, size=SIZE, theme=get_theme("default"))
    for left in range(3):
        x, y = tray.centre(cell(left, 2))
        between = shown.getpixel((round(x + tray.pitch / 2), round(y)))
        assert between == get_theme("default").ink, left


@pytest.mark.parametrize("theme", ["default", "contrast"])
def test_the_last_turn_colour_is_not_a_marble_colour(theme: str) -> None:
    look = picture._look(get_theme(theme))
    for seat in range(4):
        fill = picture.marble_style(get_theme(theme), seat).fill
        assert sum(abs(a - b) for a, b in zip(look.highlight, fill, strict=True)) > 150, seat


def test_the_lane_of_the_last_insertion_has_its_label_on_a_tag() -> None:
    state = play(position(SCORING, players=4, turn=2), "W3")
    image = image_of(state, size=800)
    tray = picture.layout(state, size=800, theme=get_theme("default"))
    highlight = picture._look(get_theme("default")).highlight
    px = legible_px(800)
    for row, colour in ((2, highlight), (3, get_theme("default").background)):
        x, y = tray.centre(cell(0, row))
        label = (x - tray.pitch / 2 - tray.rim - tray.margin / 2, y)
        below_text = image.getpixel((round(label[0]), round(label[1] + px * 0.55)))
        assert below_text == colour, row


def test_png_stays_small() -> None:
    state = random_position(4, "expert", 45, 3)
    assert len(render.board_png(state)) < 60_000


def test_alt_text_names_the_turn_the_counts_and_the_last_turn() -> None:
    state = play(position(SCORING, players=4, turn=2, options={"variant": "expert"}), "W3")
    words = render.alt_text(state)
    assert words.startswith(
        "Shiftago Expert, 4 players, move 1: Blue must score a line"
    )  # (its turn goes on)
    assert "x a3-d3 keep a3, x a3-d3 keep d3" in words
    assert "Blue has 18 marbles in hand and 0 points" in words
    assert "Last turn: Blue entered from the west into row 3, pushing 3 marbles." in words
    scored = play(state, "x a3-d3 keep a3")
    words = render.alt_text(scored)
    assert (
        "Blue to insert a marble" in words and "Blue has 21 marbles in hand and 2 points" in words
    )
    assert "then Blue scored the line a3-d3 (4 marbles) for 2 points, keeping a3" in words
    assert "On the tray: Orange on g7; Green on e5; Blue on a3." in words


def test_alt_text_of_a_finished_game_and_its_length_limit() -> None:
    state = random_position(4, "express", 200, 4)
    words = render.alt_text(state)
    assert "over after" in words and len(words) <= 1024
    full = random_position(4, "expert", 400, 5)
    assert len(render.alt_text(full)) <= 1024


def test_the_winning_line_of_an_express_game_is_barred_in_the_highlight() -> None:
    before = run_in_row_4(4, 2, {"variant": "express"})
    won = play(before, "W4")
    assert won.outcome() is not None and won.outcome().winners == (0,)
    highlight = picture._look(get_theme("default")).highlight
    for state, barred in ((before, False), (won, True)):
        image = image_of(state, size=800)
        tray = picture.layout(state, size=800, theme=get_theme("default"))
        centres = [tray.centre(cell(column, 3)) for column in range(1, 4)]
        seen = [image.getpixel((round(x), round(y))) == highlight for x, y in centres]
        assert seen == [barred] * 3, (barred, seen)


def test_the_squares_names_are_printed_on_the_rim(monkeypatch) -> None:
    """A scoring move names squares (a1..g7): each column's letter stands on the rim above
    its column, each row's number on the rim left of its row, in legible text."""
    state = play(position(SCORING, players=4, turn=2), "W3")
    placed: dict[str, list[tuple[float, float, int]]] = {}
    spoken = {}
    write, put = picture.text_sprite, picture.paste

    def writing(text, px, *args, **kwargs):  # type: ignore[no-untyped-def]
        sprite = write(text, px, *args, **kwargs)
        spoken[id(sprite)] = (text, px)
        return sprite

    def pasting(image, sprite, x, y):  # type: ignore[no-untyped-def]
        if id(sprite) in spoken:
            text, px = spoken[id(sprite)]
            placed.setdefault(text, []).append((x, y, px))
        put(image, sprite, x, y)

    monkeypatch.setattr(picture, "text_sprite", writing)
    monkeypatch.setattr(picture, "paste", pasting)
    render.board_image(state, size=800)
    tray = picture.layout(state, size=800, theme=get_theme("default"))
    for index in range(7):
        ((cx, cy, cpx),) = placed["abcdefg"[index]]
        assert cx == tray.centre(cell(index, 0))[0] and tray.top - tray.rim < cy < tray.top
        ((rx, ry, rpx),) = placed[str(index + 1)]
        assert ry == tray.centre(cell(0, index))[1] and tray.left - tray.rim < rx < tray.left
        assert cpx == rpx == legible_px(800)
