"""The last of the games' texts in the players' language: why a typed move cannot be read,
the move composer's steps, and the reasons of a hint, through the presentation in German
(English kept as it was) and in the fake Discord for a German member."""

from __future__ import annotations

import asyncio
import random

import pytest

import games
from bot.presentation.composer import choice_label, trail_text
from bot.presentation.hints import hint_text
from bot.presentation.language import localised, speaking
from bot.presentation.pictures import board_picture
from bot.service.hints import Hint
from games import InvalidMove
from games.shiftago.words import COLOURS, lane_words
from games.steps import Composer
from games.wording import reason_of
from tests.bot.discord.test_composer import open_composer
from tests.bot.discord_harness import (
    ALICE,
    BOB,
    FakeClock,
    FakeDiscord,
    custom_ids,
    running_bot,
    settings_for,
    start_match,
    walk_components,
)

#: A move each game cannot read, the German and the English of why.
UNREADABLE = {
    "skift": (
        "c3",
        "Sag, wohin die Figur auf c3 zieht",
        "Say where the piece on c3 goes: the square it steps to (c3-c4)",
    ),
    "shiftago": (
        "zz",
        "'zz' ist kein Shiftago-Zug. Tippe ein Einsetzen als Rand und Bahn",
        "'zz' is not a Shiftago move. Type an insertion as the edge and the lane",
    ),
    "shifty": (
        "z99",
        "Es gibt keinen Punkt z99 auf diesem",
        "There is no point z99 on this",
    ),
}


def _refusal(name: str, typed: str) -> str:
    """Why the game's starting position cannot read `typed`, as the match rules pass it on."""
    with pytest.raises(InvalidMove) as refused:
        games.get(name).new(2).parse_move(typed)
    return reason_of(refused.value)


@pytest.mark.parametrize("name", UNREADABLE)
def test_why_a_typed_move_cannot_be_read_comes_out_in_german(name):
    typed, german, english = UNREADABLE[name]
    reason = _refusal(name, typed)
    with speaking("de"):
        assert german in localised(reason)
    assert english in reason


def test_the_skift_help_after_a_refusal_is_german_too():
    with speaking("de"):
        written = localised(_refusal("skift", "hello"))
    assert written.startswith("Ich kann 'hello' nicht als Skift-Zug lesen. Tippe einen Figurenzug")


#: The first choices each game's composer offers, in German and in English.
FIRST_STEPS = {
    "skift": ("Bauer auf", "pawn on"),
    "shiftago": ("Nordrand · N", "north edge · N"),
    "shifty": ("einen Stein setzen", "place a stone"),
    "shifting-stones": ("einen Stein umdrehen", "flip a stone over"),
}


@pytest.mark.parametrize("name", FIRST_STEPS)
def test_the_composers_steps_come_out_in_german(name):
    german, english = FIRST_STEPS[name]
    composer = Composer(games.get(name).new(2))
    steps = [choice.step for choice in composer.choices(())]
    with speaking("de"):
        labels = [choice_label(step) for step in steps]
    assert any(german in label for label in labels), labels
    assert any(english in choice_label(step) for step in steps)


def test_a_stones_shift_composed_step_by_step_comes_out_in_german():
    composer = Composer(games.get("shifting-stones").new(2, seed=1))
    trail = composer.trail(("shift", "a1", "a2"))
    with speaking("de"):
        german = trail_text(trail)
    assert german.startswith("tauschen: zwei benachbarte Steine vertauschen › den Stein auf a1 (")
    assert trail_text(trail).startswith("shift: swap two stones side by side › the ")


def test_a_chosen_trail_of_steps_comes_out_in_german():
    composer = Composer(games.get("shiftago").new(2))
    trail = composer.trail(("N", "c"))
    with speaking("de"):
        assert trail_text(trail) == "Nordrand › Spalte c (`Nc`)"
    assert trail_text(trail) == "north edge › column c (`Nc`)"


def test_a_hints_reasons_are_whole_german_sentences_with_the_games_words():
    stops = Hint("W4", None, wins=False, stops=COLOURS[1], estimate=None)
    own = Hint("Nc", lane_words("N", 2), wins=False, stops=None, estimate=None)
    searched = Hint("Nc", None, wins=False, stops=None, estimate=0.62, share=0.7)
    close = Hint("Nc", None, False, None, 0.62, share=0.34, runner_up="Sd", runner_up_share=0.3)
    with speaking("de"):
        assert hint_text(3, stops) == (
            "Tipp für Partie #3: `W4`, denn er hindert Grün daran, im nächsten Zug zu gewinnen."
        )
        assert hint_text(3, own) == "Tipp für Partie #3: `Nc`, denn Spalte c."
        assert hint_text(3, searched) == (
            "Tipp für Partie #3: `Nc`, denn die Suche des Bots bewertet ihn am besten, und "
            "zwar klar: Sie hat 70% ihrer Überlegung darauf verwendet. Deine Chance: etwa 62%."
        )
        assert hint_text(3, close) == (
            "Tipp für Partie #3: `Nc`, denn die Suche des Bots bewertet ihn am besten, aber "
            "nur knapp: `Sd` kam nahe heran (34% ihrer Überlegung gegenüber 30%). Deine "
            "Chance: etwa 62%."
        )
    assert hint_text(3, stops) == (
        "Hint for match #3: `W4`, because it keeps Green from winning on their next move."
    )


@pytest.mark.asyncio
async def test_a_german_member_is_told_in_german_why_their_move_cannot_be_read(tmp_path):
    fake = FakeDiscord()
    async with running_bot(fake, settings_for(tmp_path), FakeClock()) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, game="shiftago")
        mover = (await bot.service.queries.get_match(match_id)).to_act
        fake.locales[mover] = "de"
        calls = await fake.slash(mover, "move", channel_id=thread, notation="c")
        refusals = [c.content for c in calls if c.ephemeral and c.content]
        assert any(
            "Nenne auch den Rand: Nc rollt von Norden in Spalte c ein, Sc von Süden." in r
            for r in refusals
        ), refusals
        assert (await bot.service.queries.get_match(match_id)).state.ply == 0


@pytest.mark.asyncio
async def test_a_german_member_composes_a_move_with_german_steps(tmp_path):
    fake = FakeDiscord()
    async with running_bot(fake, settings_for(tmp_path), FakeClock()) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, game="shiftago")
        match = await bot.service.queries.get_match(match_id)
        fake.locales[match.to_act] = "de"
        composer = await open_composer(fake, match.to_act, thread, match_id)
        labels = [
            c.get("label")
            for c in walk_components(composer["components"])
            if c.get("custom_id", "").startswith("sc:cmp:")
        ]
        assert "Nordrand · N" in labels, labels
        at = f"sc:cmp:{match_id}:{match.version}"
        await fake.click(match.to_act, composer["id"], f"{at}:o:N")
        lanes = fake.message(composer["id"])
        assert "Nordrand" in lanes["content"], lanes["content"]
        assert f"{at}:o:N/c" in custom_ids(lanes)


def test_a_pictures_alt_text_writes_the_games_words_in_its_language():
    state = games.get("shiftago").new(2)
    state = state.play(state.parse_move("Nc"))
    with speaking("de"):
        german = asyncio.run(board_picture(state)).description
    english = asyncio.run(board_picture(state)).description
    assert "Zug 2: Grün schiebt eine Murmel ein." in german, german
    assert "Letzter Zug: Orange schob von Norden in Spalte c ein." in german
    assert "move 2: Green to insert a marble." in english, english
    assert "Last turn: Orange entered from the north into column c." in english


def test_a_refused_option_or_player_count_comes_out_in_german():
    """The refusals every game shares (an option's value, an unknown option, a player
    count) are phrases of the game's catalogue: German for a German reader, the English
    as it was for others."""
    shiftago = games.get("shiftago")
    refusals = []
    for refused in (
        lambda: shiftago.resolve_options({"variant": "nope"}),
        lambda: shiftago.resolve_options({"zzz": 1}),
        lambda: shiftago.check_players(9),
    ):
        with pytest.raises(ValueError) as error:
            refused()
        refusals.append(reason_of(error.value))
    assert refusals == [
        "Option variant must be one of: express, expert, extreme (got 'nope').",
        "Shiftago has no option 'zzz' (options: variant, handicap_turns, handicap_player, "
        "lone_colour).",
        "Shiftago is played by 2 to 4 players, not 9.",
    ]
    with speaking("de"):
        german = [localised(refusal) for refusal in refusals]
    assert german == [
        "Option variant muss eins davon sein: express, expert, extreme (nicht 'nope').",
        "Shiftago hat keine Option 'zzz' (Optionen: variant, handicap_turns, handicap_player, "
        "lone_colour).",
        "Shiftago wird von 2 bis 4 Spielern gespielt, nicht von 9.",
    ]


@pytest.mark.asyncio
async def test_a_german_member_reads_a_refused_challenge_option_in_german(tmp_path):
    fake = FakeDiscord()
    fake.locales[ALICE] = "de"
    async with running_bot(fake, settings_for(tmp_path), FakeClock()):
        calls = await fake.slash(
            ALICE, "challenge", game="shiftago", opponent=BOB, options="variant=nope"
        )
        assert calls[-1].ephemeral
        assert "muss eins davon sein: express, expert, extreme" in calls[-1].content


@pytest.mark.parametrize("name", games.names())
def test_no_composer_choice_says_its_notation_twice(name):
    state, rng = games.get(name).new(2, seed=3), random.Random(3)
    for _ in range(12):
        composer = Composer(state)
        paths: list[tuple[str, ...]] = [()]
        while paths:
            path = paths.pop()
            for choice in composer.choices(path):
                label = choice_label(choice.step)
                notation = choice.step.notation
                assert not notation or label.count(notation) == 1, label  # "b3 · b3"
                if choice.move is None and len(path) < 3:
                    paths.append((*path, choice.step.key))
        if state.outcome() is not None:
            break
        state = state.play(rng.choice(list(state.legal_moves())))
