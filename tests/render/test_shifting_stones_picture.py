"""The Shifting Stones picture and alt text: symbols, the hand only in its seat's view."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image

import render
from games.shifting_stones import SHIFTING_STONES
from games.shifting_stones.stones import symbol_name
from render import shifting_stones as picture
from render.shifting_stones import COLOURS, SHAPES, symbol_sprite
from render.words import Words, written_with
from tests.games.shifting_stones_helpers import FILLER, play, position


def _open(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def state_with_hand():  # type: ignore[no-untyped-def]
    return position(2, [["1: sun fish", FILLER, "2: horse tree seed"], [FILLER] * 4])


def test_every_symbol_has_its_own_colour_and_shape() -> None:
    assert len(set(COLOURS.values())) == 8 and len(set(SHAPES.values())) == 8
    masks = {symbol_sprite(s, 40).image.getchannel("A").tobytes() for s in range(8)}
    assert len(masks) == 8, "the shapes differ even without colour"


def test_the_symbols_colours_appear_on_the_grid() -> None:
    image = _open(render.board_png(SHIFTING_STONES.new(2, seed=1).view(None)))
    colours = {rgb for _, rgb in image.getcolors(1 << 16) or []}
    grid = SHIFTING_STONES.new(2, seed=1).grid
    from games.shifting_stones.stones import SYMBOLS

    for symbol in set(grid):
        assert COLOURS[SYMBOLS[symbol]] in colours


def test_the_hand_is_drawn_only_for_the_seats_own_view() -> None:
    state = state_with_hand()
    public = _open(render.board_png(state.view(None), seat=0))
    full = _open(render.board_png(state, seat=0))
    others = _open(render.board_png(state.view(1), seat=0))
    own = _open(render.board_png(state.view(0), seat=0))
    assert public.size == full.size == others.size
    assert own.height > public.height, "the hand adds a row of cards"


def test_alt_text_tells_the_grid_and_the_own_hand_only_in_its_view() -> None:
    state = state_with_hand()
    own = render.alt_text(state.view(0))
    assert "row 1: Sun, Fish, Horse" in own
    assert "Your hand (Player 1): card 1, 1 point: Sun, Fish, scores at a1" in own
    assert "card 3, 2 points: Horse, Tree, Seed, scores at a3" in own
    for other in (state.view(None), state.view(1), state):
        text = render.alt_text(other)
        assert "point: Sun, Fish" not in text and "Your hand (Player 1)" not in text
        assert "Player 1 has scored 0 cards for 0 points and holds 3 cards" in text


def test_the_last_action_and_the_solo_strikes_are_told() -> None:
    state = play(position(1, [[FILLER] * 4], draw=[FILLER] * 4), "flip a1 pay 2", "end")
    text = render.alt_text(state.view(None))
    assert "Last action: Player 1 ended the turn and drew 1 card, a strike." in text
    assert "Strikes: 1 of 4." in text


def test_the_latest_turn_shows_every_action_or_says_how_many_earlier() -> None:
    hand = [FILLER] * 6
    state = play(
        position(2, [hand, [FILLER] * 4], draw=[FILLER] * 8),
        "flip a1 pay 1",
        "flip a2 pay 2",
        "flip a3 pay 3",
        "flip b1 pay 4",
        "flip b2 pay 5",
    )
    roomy = picture._latest_turn(state, 20, 2000, 20)
    assert roomy[0] == "Latest turn (Player 1):" and len(roomy) == 6
    assert roomy[1].startswith("Player 1 flipped a1") and roomy[5].startswith("Player 1 flipped b2")
    tight = picture._latest_turn(state, 20, 2000, 4)
    assert tight == ["Latest turn (Player 1):", "+3 earlier actions", roomy[4], roomy[5]]


def test_the_end_panel_shows_cards_bonus_total_and_the_final_order() -> None:
    state = position(
        2,
        [[], []],
        scored=[["1: sun fish"], ["5: horse tree seed"]],
        ending="round",
        triggered=True,
    )
    assert picture._order(state) == [1, 0], "the winner first"
    assert picture._facts(state, 1, None) == "1. Player 2: cards 5 = 5 points"
    assert picture._facts(state, 0, None) == "2. Player 1: cards 1 + bonus 3 = 4 points"
    running = replace(state, ending=None, triggered=False)
    assert picture._order(running) == [0, 1]
    assert picture._facts(running, 0, 0) == "Player 1 (to act): 0 in hand, 1 point"


#: A long name (32 characters) with emoji, as a member may choose one.
LONG_NAME = "🐉 Alexandria Konstantinopoulou 🐉"


def drawn_texts(monkeypatch) -> list[str]:  # type: ignore[no-untyped-def]
    """The texts the Shifting Stones picture draws from now on, in the order drawn."""
    texts: list[str] = []
    sprite = picture.text_sprite

    def noting(text, *args, **kwargs):  # type: ignore[no-untyped-def]
        texts.append(text)
        return sprite(text, *args, **kwargs)

    monkeypatch.setattr(picture, "text_sprite", noting)
    return texts


def test_no_one_is_to_act_once_the_match_ended_by_resignation_or_time(monkeypatch) -> None:
    state = play(state_with_hand(), "flip a1 pay 2")  # a game the rules have not ended
    texts = drawn_texts(monkeypatch)
    render.board_image(state.view(None), size=360)
    assert "Player 1 (to act): 2 in hand, 0 points" in texts
    texts.clear()
    render.board_image(state.view(None), size=360, ending="Player 2 resigned.")
    assert not [text for text in texts if "to act" in text], texts


def test_the_picture_calls_the_seats_by_the_players_names(monkeypatch) -> None:
    state = play(state_with_hand(), "flip a1 pay 2")
    texts = drawn_texts(monkeypatch)
    labels = [render.SeatLabel(LONG_NAME, "1500"), render.SeatLabel("bob")]
    render.board_image(state.view(0), seat=0, players=labels, size=800)
    shown = " ".join(texts)  # (the lines of the latest turn, wrapped at spaces, joined)
    short = picture._short_names(state.named([LONG_NAME, "bob"]), 800).seat_name(0)
    assert short.startswith("Alexandria Konst") and short.endswith("…")
    assert f"Latest turn ({short}): {short} flipped a1" in shown
    assert f"Your hand ({short})" in texts and "bob: 4 in hand, 0 points" in texts
    assert "Player" not in shown and "🐉" not in shown  # as the strip draws names


def test_long_names_are_cut_to_their_room() -> None:
    state = state_with_hand().named([LONG_NAME, "bob"])
    short = picture._short_names(state, 360)
    assert short.seat_name(1) == "bob"
    first = short.seat_name(0)
    assert first.endswith("…") and "🐉" not in first
    px = render.header.header_px(360)
    assert render.sprites.font(px).getlength(first) <= 360 * picture.NAME_ROOM


def test_the_latest_turn_writes_each_action_in_the_readers_words():
    """Each action of the latest turn is a game's phrase filling a drawn template, so a
    caller's `Words` writes it (the bot's: in the reader's language), not its English."""
    state = SHIFTING_STONES.new(2, seed=3)
    state = state.play(state.legal_moves()[0])
    with written_with(Words(value=lambda text: "WRITTEN")):
        lines = picture._latest_turn(state, 10, 10_000.0, 20)
    assert lines[-1] == "WRITTEN."


def test_each_stone_is_named_under_its_shape_in_the_readers_words(monkeypatch) -> None:
    drawn = drawn_texts(monkeypatch)
    state = SHIFTING_STONES.new(2, seed=1)
    german = {"Sun": "Sonne", "Moon": "Mond", "Fish": "Fisch", "Bird": "Vogel"}
    german |= {"Horse": "Pferd", "Boat": "Boot", "Seed": "Samen", "Tree": "Baum"}
    render.board_png(state.view(None), words=Words(value=lambda text: german.get(text, text)))
    names = [german[symbol_name(s)] for s in state.grid]
    assert [text for text in drawn if text in german.values()] == names
