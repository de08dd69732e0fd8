"""The Shifty picture: real PNGs in both themes, stones and edge bands in their sides'
colours, the last placement, move and swap highlighted where they happened, the winning
chain ringed, and alt text a blind player can follow."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import render
from games.shifty import SHIFTY, ShiftyState
from games.shifty.moves import SWAP
from render import shifty as picture
from render.sprites import font, recording_text
from render.theme import get_theme
from tests.games.shifty_helpers import point, position, random_game, typed

SIZE = 600
THEMES = ["default", "contrast"]


def image_of(state: ShiftyState, theme: str = "default", size: int = SIZE) -> Image.Image:
    png = render.board_png(state, size=size, theme=theme)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png)).convert("RGB")


def at(
    image: Image.Image, state: ShiftyState, name: str, theme: str, dx: float = 0.0, dy: float = 0.0
) -> tuple[int, int, int]:
    """The colour at point `name`, shifted by (dx, dy) pitches."""
    board = picture.layout(state, size=image.width, theme=get_theme(theme))
    x, y = board.centre(point(state, name))
    return image.getpixel((round(x + dx * board.pitch), round(y + dy * board.pitch)))


def near(colour: tuple[int, int, int], expected: tuple[int, int, int]) -> bool:
    """Whether two colours are alike (the palette may map a colour to a close neighbour)."""
    return max(abs(a - b) for a, b in zip(colour, expected, strict=True)) <= 12


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("options", [{"size": 6}, {}, {"size": 19}])
def test_renders_start_and_mid_game_at_the_asked_width(theme: str, options: dict) -> None:
    for state in (SHIFTY.new(2, options=options), random_game(50, 1, **options)):
        image = image_of(state, theme)
        assert image.width == SIZE and SIZE < image.height < SIZE * 1.3


PAIR = """
    . . . . . .
    . B B . . .
    . . . . . .
    . . . . B .
    . . . . . .
    . W . . . W
"""


@pytest.mark.parametrize("theme", THEMES)
def test_stones_and_edges_are_drawn_in_their_sides_colours(theme: str) -> None:
    state = position(PAIR)
    image = image_of(state, theme)
    look = get_theme(theme)
    black, white = look.style("Black").fill, look.style("White").fill
    assert near(at(image, state, "b2", theme), black)
    assert near(at(image, state, "b6", theme), white)
    assert at(image, state, "c4", theme) != black and at(image, state, "c4", theme) != white
    board = picture.layout(state, size=SIZE, theme=look)
    x0, y0, x1, y1 = board.surface()
    middle = round((x0 + x1) / 2), round((y0 + y1) / 2)
    assert near(image.getpixel((middle[0], round(y0 - board.band / 2))), black)
    assert near(image.getpixel((middle[0], round(y1 + board.band / 2))), black)
    assert near(image.getpixel((round(x0 - board.band / 2), middle[1])), white)
    assert near(image.getpixel((round(x1 + board.band / 2), middle[1])), white)


@pytest.mark.parametrize("theme", THEMES)
def test_the_last_placement_is_ringed(theme: str) -> None:
    state = position(PAIR)
    after = typed(state, "b3")
    image = image_of(after, theme)
    highlight = get_theme(theme).highlight
    assert at(image, after, "b3", theme, dx=0.46) == highlight
    assert at(image, after, "b2", theme, dx=0.46) != highlight


@pytest.mark.parametrize("theme", THEMES)
def test_the_last_move_shows_origin_path_and_destination(theme: str) -> None:
    after = typed(position(PAIR), "b2-b5")
    image = image_of(after, theme)
    look = get_theme(theme)
    assert at(image, after, "b2", theme, dx=0.2) == look.highlight, "the hollow's rim"
    assert at(image, after, "b3", theme, dx=0.02) == look.highlight, "arrow over b3"
    assert at(image, after, "b5", theme, dx=0.46) == look.highlight, "the new point's ring"
    before = image_of(position(PAIR), theme)
    assert at(before, after, "b3", theme) != look.highlight


@pytest.mark.parametrize("theme", THEMES)
def test_the_swap_is_shown_on_blacks_stone(theme: str) -> None:
    placed = typed(SHIFTY.new(2), "e5")
    swapped = placed.play(placed.parse_move("swap"))
    look = get_theme(theme)
    image, plain = image_of(swapped, theme), image_of(placed, theme)

    def tagged(state: ShiftyState, drawn: Image.Image) -> int:
        """How many highlight pixels stand just above Black's stone on e5."""
        board = picture.layout(state, size=SIZE, theme=look)
        x, y = board.centre(point(state, "e5"))
        half = board.pitch / 2
        box = (round(x - half), round(y - 2 * half), round(x + half), round(y - 1.12 * half))
        colours = dict((c, n) for n, c in drawn.crop(box).getcolors(4096) or [])
        return colours.get(look.highlight, 0)

    assert tagged(swapped, image) > 40, "the tag above Black's stone"
    assert tagged(placed, plain) == 0


def test_the_winning_chain_is_ringed_and_other_stones_are_not() -> None:
    state = position(
        """
        B . . . . .
        . B . . . B
        . . B . . .
        . . . B . .
        . . . . B B
        W . . . . .
        """
    )
    final = typed(state, "f6")
    assert final.outcome() is not None
    image = image_of(final)
    highlight = get_theme("default").highlight
    for name in ("a1", "c3", "e5", "f6"):
        assert at(image, final, name, "default", dx=-0.46) == highlight
    assert at(image, final, "f2", "default", dx=-0.46) != highlight
    assert at(image, final, "b2", "default", dx=-0.5, dy=-0.5) == highlight, "the a1-b2 link"


def test_alt_text_tells_the_turn_the_last_action_and_every_stone() -> None:
    after = typed(position(PAIR), "b2-b5")
    text = render.alt_text(after)
    assert text.startswith("Shifty 6x6, move ")
    assert "White to place or move." in text
    assert "Last action: Black moved b2 to b5 (queen line, 3 points)." in text
    assert "Black stones (3): c2, e4 and b5." in text
    assert "White stones (2): b6 and f6." in text


def test_alt_text_follows_the_swap() -> None:
    swapped = typed(SHIFTY.new(2), "e5", "swap")
    text = render.alt_text(swapped)
    assert "move 3: White to place a singleton on any empty point." in text
    assert "The second player swapped sides (the pie rule)" in text
    assert "the second player plays Black" in text


def test_alt_text_of_a_full_big_board_keeps_both_sides_within_the_limit() -> None:
    state = random_game(900, 2, size=19)
    text = render.alt_text(state)
    assert len(text) <= render.ALT_TEXT_LIMIT
    assert "Black stones (" in text and "White stones (" in text
    assert text.rstrip().endswith("more.")


@pytest.mark.parametrize("size", [6, 11, 19])
def test_coordinates_and_the_swapped_tag_read_at_phone_width(size):
    """Scaled to a phone's 360 pixels, every text's capitals (measured from the layout as
    drawn) are at least 7 pixels tall, the coordinates of a 19x19 board and the "swapped"
    tag included."""
    state = SHIFTY.new(players=2, options={"size": size})
    state = state.play(state.legal_moves()[0])
    swapped = state.play(SWAP)
    for shown in (state, swapped):
        with recording_text() as drawn:
            render.board_image(shown, size=800)
        assert len(drawn) >= 3  # the header, the coordinates (and the tag)
        for text in drawn:
            top, bottom = font(text.px).getbbox("H")[1::2]
            assert (bottom - top) * 360 / text.width >= 7, (size, text.px, text.width)
