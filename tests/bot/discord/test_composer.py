"""The move composer through the fake Discord: Play on the board, a private composer that
builds a move by taps (`games.steps`), its preview and Confirm.

Matches of every registered game (read from the registry: its most seats, and alone where
it allows) are played by the composer alone, choosing at random among what it offers
(every message checked against Discord's limits), and two whole matches show a Shiftago
scoring turn and Shifty's pie swap composed; then a stale composer
(the opponent moved, a takeback, a restart), a press by the wrong member, the preview
setting, and the composer's largest steps at the limit of a custom id.
"""

from __future__ import annotations

import dataclasses
import random
import statistics

import pytest

import games
from bot.discord.composer_view import BUTTON_LABEL, BUTTONS, Composed, choices_view
from bot.match.actions import RESIGN
from bot.presentation.composer import choice_label
from games.steps import Composer, Step, write_path
from tests.bot.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    EPHEMERAL,
    MOD,
    FakeClock,
    FakeDiscord,
    all_disabled,
    custom_ids,
    running_bot,
    settings_for,
    start_match,
    walk_components,
    within_limits,
)
from tests.bot.service_fixtures import act

PLAYERS = (ALICE, BOB, CAROL, DAVE, MOD)
#: Composed moves of each game's match before the seat to act resigns.
MOST_COMPOSED = 40
#: Taps per move of the random matches, by game, for the closing report.
TAPS: dict[str, list[int]] = {}


def live_composer(fake: FakeDiscord, channel: int) -> dict | None:
    """The newest private composer in `channel` with live components, if any."""
    for message in reversed(fake.messages_in(channel)):
        if message["flags"] & EPHEMERAL and any(
            i.startswith("sc:cmp") for i in custom_ids(message)
        ):
            return None if all_disabled(message) and not menus(message) else message
    return None


def menus(message: dict) -> list[dict]:
    """The select menus of a message."""
    return [c for c in walk_components(message["components"]) if c.get("type") == 3]


def play_button_of(fake: FakeDiscord, channel: int, match_id: int) -> dict:
    """The newest message in `channel` whose Play button is live."""
    play = f"sc:match:{match_id}:play"
    for message in reversed(fake.messages_in(channel)):
        if play in custom_ids(message) and not all_disabled(message):
            return message
    raise AssertionError("no live Play button")


async def open_composer(fake: FakeDiscord, member: int, channel: int, match_id: int) -> dict:
    """Press Play as `member`; the private composer it opened."""
    calls = await fake.click(
        member, play_button_of(fake, channel, match_id)["id"], f"sc:match:{match_id}:play"
    )
    opened = calls[-1]
    assert opened.ephemeral and opened.kind == "followup"
    composer = live_composer(fake, channel)
    assert composer is not None
    return composer


async def compose(
    fake: FakeDiscord, member: int, message: dict, rng: random.Random, prefer: str = ""
) -> int:
    """Tap random choices until the move is played (Confirm, or the last choice when the
    member skips previews); each state of the composer within Discord's limits. Returns
    the taps. A choice keyed `prefer` is taken whenever offered."""
    taps = 0
    while True:
        message = fake.message(message["id"])
        within_limits(message)
        ids = custom_ids(message)
        confirm = [i for i in ids if ":c:" in i]
        if confirm:
            await fake.click(member, message["id"], confirm[0])
            return taps + 1
        options = [(i, None) for i in ids if ":o:" in i]
        options += [(m["custom_id"], o["value"]) for m in menus(message) for o in m["options"]]
        assert options, message["content"]
        preferred = [
            (i, v) for i, v in options if (v or i.rsplit("/", 1)[-1].rsplit(":", 1)[-1]) == prefer
        ]
        custom_id, value = (preferred or options)[0] if preferred else rng.choice(options)
        before = len(fake.messages)
        if value is None:
            calls = await fake.click(member, message["id"], custom_id)
        else:
            calls = await fake.select(member, message["id"], custom_id, value)
        taps += 1
        for call in calls:
            if call.json and call.kind in ("edit_original", "followup", "send_message"):
                within_limits(call.json)
        if not fake.message(message["id"])["components"] or len(fake.messages) > before + 1:
            return taps  # played at the last choice (no preview)


async def play_out(
    fake: FakeDiscord,
    bot,
    match_id: int,
    thread: int,
    seed: int,
    prefer: str = "",
    most: int | None = None,
) -> list[str]:
    """Play the match by the composer alone, to its end or `most` moves; returns the moves
    played."""
    rng = random.Random(seed)
    game = (await bot.service.queries.get_match(match_id)).game
    played = 0
    while (match := await bot.service.queries.get_match(match_id)).active and played != most:
        member = match.to_act
        composer = live_composer(fake, thread)
        if composer is None or f":{match.version}:" not in custom_ids(composer)[0]:
            composer = await open_composer(fake, member, thread, match_id)
        taps = await compose(fake, member, composer, rng, prefer)
        after = await bot.service.queries.get_match(match_id)
        assert after.version > match.version, "a composed move must be played"
        TAPS.setdefault(game, []).append(taps)
        played += 1
    record = await bot.service.queries.match_record(match_id)
    return [entry.notation for entry in record.log]


async def _no_replay(match_id: int, channel: object) -> None:
    """No replay is drawn at the end of these long matches."""


def report() -> str:
    """Taps per move, median and worst, per game."""
    return "; ".join(
        f"{game}: median {statistics.median(taps)}, worst {max(taps)} ({len(taps)} moves)"
        for game, taps in sorted(TAPS.items())
    )


def seatings() -> list[tuple[str, int]]:
    """Each registered game at its most seats, and alone where its type allows a solo
    match (which starts at once)."""
    found = []
    for name in games.names():
        kind = games.get(name).kind
        found += [(name, kind.max_players)] + ([(name, 1)] if kind.min_players == 1 else [])
    return found


async def composed_match(
    fake: FakeDiscord,
    bot,
    game: str,
    players: int,
    options: str | None = None,
    prefer: str = "",
    most: int | None = None,
) -> tuple[int, list[str]]:
    """A match of `game` with `players` seats (Bob skipping previews), played by the
    composer alone (see `play_out`); its id and its moves."""
    await fake.slash(BOB, "settings preview", show=False)  # two taps for Bob
    extra: dict[str, object] = {"players": players} if players != 2 else {}
    if options:
        extra["options"] = options
    if players == 1:  # a solo match starts at once, in a thread
        await fake.slash(ALICE, "challenge", game=game, players=1)
        solo = await bot.service.queries.match_in_channel(int(fake.threads()[-1]["id"]))
        assert solo is not None
        match_id, thread = solo.id, int(solo.channel_id)
    else:
        match_id, thread = await start_match(fake, *PLAYERS[:players], game=game, **extra)
    played = await play_out(fake, bot, match_id, thread, players, prefer, most)
    return match_id, played


@pytest.mark.asyncio
@pytest.mark.parametrize(("game", "players"), seatings())
async def test_every_game_is_played_by_the_composer_alone(tmp_path, monkeypatch, game, players):
    """Every registered game, by taps alone, for MOST_COMPOSED moves or to its end; then
    the seat to act resigns, and the match is over."""
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        monkeypatch.setattr(bot.poster, "post_replay", _no_replay)  # long: tested elsewhere
        match_id, _ = await composed_match(fake, bot, game, players, most=MOST_COMPOSED)
        while (match := await bot.service.queries.get_match(match_id)).active:
            await act(bot.service, match_id, match.to_act, RESIGN)
        assert (await bot.service.queries.get_match(match_id)).result is not None
    print(report())


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("game", "players", "options", "prefer"),
    [("shiftago", 4, "variant=expert", ""), ("shifty", 2, "size=7", "swap")],
)
async def test_a_scoring_turn_and_the_pie_swap_are_composed_to_the_end(
    tmp_path, monkeypatch, game, players, options, prefer
):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        monkeypatch.setattr(bot.poster, "post_replay", _no_replay)  # long: tested elsewhere
        match_id, played = await composed_match(fake, bot, game, players, options, prefer)
        match = await bot.service.queries.get_match(match_id)
        assert not match.active and match.result is not None
        if game == "shiftago":
            assert any(n.startswith("x ") for n in played), "a scoring turn was played"
        if game == "shifty":
            assert "swap" in played


@pytest.mark.asyncio
async def test_a_stale_composer_plays_nothing_and_offers_a_fresh_one(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    settings = settings_for(tmp_path)
    async with running_bot(fake, settings, clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB)
        match = await bot.service.queries.get_match(match_id)
        mover = match.to_act
        old = await open_composer(fake, mover, thread, match_id)
        first = old["components"][0]["components"][0]["custom_id"]
        # the mover plays by notation meanwhile: now it is the other's turn
        for _ in range(2):
            to_act = (await bot.service.queries.get_match(match_id)).to_act
            legal = await bot.service.play.legal_moves(match_id, to_act, "", 1)
            await fake.slash(to_act, "move", channel_id=thread, notation=legal[0].notation)
            if to_act == mover:
                calls = await fake.click(mover, old["id"], first)
                assert calls[-1].ephemeral and "turn in match" in calls[-1].content
        # the opponent moved: the mover's old composer plays nothing, and is made fresh
        version = (await bot.service.queries.get_match(match_id)).version
        calls = await fake.click(mover, old["id"], first)
        shown = fake.message(old["id"])
        assert shown["content"].startswith("The position changed")
        assert f"sc:cmp:{match_id}:{version}:" in custom_ids(shown)[0]
        assert (await bot.service.queries.get_match(match_id)).version == version  # nothing played
        assert not [c for c in calls if c.kind == "send_message"]
    async with running_bot(fake, settings, clock) as bot:  # a restart: the composer still works
        other = (await bot.service.queries.get_match(match_id)).to_act
        composer = fake.message(old["id"])  # opened before the restart
        rng = random.Random(3)
        await compose(fake, other, composer, rng)
        assert (await bot.service.queries.get_match(match_id)).ply == 3


@pytest.mark.asyncio
async def test_a_takeback_makes_a_confirm_stale(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, game="shifting-stones")
        match = await bot.service.queries.get_match(match_id)
        mover = match.to_act
        composer = await open_composer(fake, mover, thread, match_id)
        rng = random.Random(1)
        # two actions of one turn: flip or shift (never end or skip, which reveal)
        await compose(fake, mover, composer, rng, prefer="flip")
        ahead = live_composer(fake, thread)
        assert ahead is not None and "This turn so far: `flip" in ahead["content"]
        undo = next(i for i in custom_ids(ahead) if ":u:" in i)
        # a second composer, opened at the same position, then the first undoes the action
        second = await open_composer(fake, mover, thread, match_id)
        await fake.click(mover, ahead["id"], undo)
        assert (await bot.service.queries.get_match(match_id)).ply == 0
        fresh = live_composer(fake, thread)  # the turn goes on from its start
        assert fresh is not None and fresh["id"] not in (ahead["id"], second["id"])
        assert "This turn so far" not in fresh["content"]
        version = (await bot.service.queries.get_match(match_id)).version
        await fake.click(
            mover,
            second["id"],
            custom_ids(second)[0] if ":o:" in custom_ids(second)[0] else custom_ids(second)[-1],
        )
        assert (await bot.service.queries.get_match(match_id)).version == version
        assert "The position changed" in fake.message(second["id"])["content"]


@pytest.mark.asyncio
async def test_only_the_member_to_act_opens_a_composer(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB)
        match = await bot.service.queries.get_match(match_id)
        waiting = BOB if match.to_act == ALICE else ALICE
        board = play_button_of(fake, thread, match_id)
        for member, said in ((waiting, "turn in match"), (CAROL, "not playing in match")):
            calls = await fake.click(member, board["id"], f"sc:match:{match_id}:play")
            assert calls[-1].ephemeral and said in calls[-1].content
            assert "nothing was changed" in calls[-1].content
        assert (await bot.service.queries.get_match(match_id)).version == match.version


@pytest.mark.asyncio
async def test_the_preview_shows_the_position_and_back_and_cancel_play_nothing(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, game="shiftago")
        match = await bot.service.queries.get_match(match_id)
        mover = match.to_act
        composer = await open_composer(fake, mover, thread, match_id)
        north = f"sc:cmp:{match_id}:{match.version}:o:N"
        assert north in custom_ids(composer)
        await fake.click(mover, composer["id"], north)
        lanes = fake.message(composer["id"])
        assert "north edge" in lanes[
            "content"
        ] and f"sc:cmp:{match_id}:{match.version}:b:N" in custom_ids(lanes)
        calls = await fake.click(mover, composer["id"], f"sc:cmp:{match_id}:{match.version}:o:N/c")
        preview = fake.message(composer["id"])
        assert "After `Nc`" in preview["content"] and preview["attachments"]
        assert any("board.png" in c.files or c.files for c in calls)
        await fake.click(mover, composer["id"], f"sc:cmp:{match_id}:{match.version}:b:N/c")
        assert "Choose the next step" in fake.message(composer["id"])["content"]
        await fake.click(mover, composer["id"], f"sc:cmp:{match_id}:{match.version}:x:N")
        assert fake.message(composer["id"])["content"] == "Nothing was played."
        assert (await bot.service.queries.get_match(match_id)).version == match.version


def largest_options(game: games.Game) -> dict[str, object]:
    """The options that make the game's positions largest: the highest choice of each
    number that is no player (a board's size), where the game takes them all."""
    options = {
        o.name: max(o.choices)
        for o in game.kind.options
        if o.type is int and o.choices and not o.names_player
    }
    try:
        game.new(players=game.kind.max_players, options=options)
    except ValueError:
        return {}
    return options


#: The most choices one step offered, by game (`test_every_step_fits_discord...`).
LARGEST_STEP: dict[str, int] = {}


@pytest.mark.parametrize("name", games.names())
def test_every_step_fits_discord_at_the_largest_ids(name):
    """At random positions of the largest options (Shifty 19x19 late in the game, Stones
    with big hands), every step's components fit, with a match number and version as
    long as they get."""
    game = games.get(name)
    rng = random.Random(7)
    options = largest_options(game)
    players = game.kind.max_players
    largest = 0
    for seed in range(3):
        state = game.new(players=players, seed=seed, options=options)
        while state.outcome() is None and state.ply < 400:
            seat = state.current_player
            composer = Composer(state.view(seat))
            waiting = [()]
            while waiting:
                path = waiting.pop()
                offered = composer.choices(path)
                largest = max(largest, len(offered))
                pages = -(-len(offered) // 100)
                for page in range(max(pages, 1)):
                    at = Composed(10**15, 10**8, path)
                    view = choices_view(at, offered, page, back=bool(path), undo=True)
                    within_limits({"components": view.to_components()})
                waiting += [(*path, c.step.key) for c in offered if c.move is None]
            assert all(len(write_path(p)) <= 40 for p in composer.moves)
            state = state.play(rng.choice(state.legal_moves()))
    LARGEST_STEP[name] = largest


def test_shiftys_largest_board_offers_more_choices_than_buttons_so_menus_were_checked():
    if "shifty" not in LARGEST_STEP:
        test_every_step_fits_discord_at_the_largest_ids("shifty")
    assert LARGEST_STEP["shifty"] > BUTTONS


@pytest.mark.asyncio
async def test_shiftys_composer_offers_the_pie_choice_first(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, game="shifty", options="size=7")
        black = (await bot.service.queries.get_match(match_id)).to_act
        await fake.slash(black, "move", channel_id=thread, notation="d4")
        match = await bot.service.queries.get_match(match_id)
        composer = await open_composer(fake, match.to_act, thread, match_id)
        buttons = [
            (c["label"], c["custom_id"])
            for c in walk_components(composer["components"])
            if c.get("custom_id", "").startswith("sc:cmp:")
        ]
        at = f"sc:cmp:{match_id}:{match.version}"
        assert buttons[:2] == [
            ("Swap: take over Black's stone and side · swap", f"{at}:o:swap"),
            ("Play on: keep your side", f"{at}:o:on"),
        ]
        await fake.click(match.to_act, composer["id"], f"{at}:o:on")
        columns = fake.message(composer["id"])
        assert "So far: Play on: keep your side › place a stone." in columns["content"]
        assert f"{at}:o:on/p/c" in custom_ids(columns)


@pytest.mark.asyncio
async def test_a_quick_composer_tap_costs_one_request(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, game="shiftago")
        match = await bot.service.queries.get_match(match_id)
        composer = await open_composer(fake, match.to_act, thread, match_id)
        for op in ("o:N", "o:N/c", "b:N/c", "x:N"):  # a step, the preview, back, cancel
            custom_id = f"sc:cmp:{match_id}:{match.version}:{op}"
            calls = await fake.click(match.to_act, composer["id"], custom_id)
            assert [(c.kind, c.json["type"]) for c in calls] == [("callback", 7)], op
        assert fake.message(composer["id"])["content"] == "Nothing was played."


def test_a_long_choice_keeps_its_notation_on_a_button_and_cuts_its_words():
    long = Step("k", "swap the stone of the centre with the stone at the north edge " * 2, "")
    notation = "b2-b3 c1~ a4-a5"
    label = choice_label(dataclasses.replace(long, notation=notation), BUTTON_LABEL)
    assert len(label) == BUTTON_LABEL and label.endswith(" · " + notation)
    assert label.startswith("swap the stone") and "…" in label
    assert len(choice_label(long, BUTTON_LABEL)) == BUTTON_LABEL
    short = Step("k", "tile E", "Ec")
    assert choice_label(short, BUTTON_LABEL) == choice_label(short) == "tile E · Ec"


@pytest.mark.asyncio
async def test_a_custom_id_with_a_number_of_thousands_of_digits_is_no_button(tmp_path):
    fake = FakeDiscord()
    async with running_bot(fake, settings_for(tmp_path), FakeClock()):
        huge = "9" * 5000
        for custom_id in (
            f"sc:cmp:{huge}:1:o:",
            f"sc:cmp:1:{huge}:p{huge}:",
            f"sc:match:{huge}:play",
            f"sc:page:history:1:{huge}:N",
        ):
            message = fake.bot_message(
                fake.channel_id,
                [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "b", "custom_id": custom_id}
                        ],
                    }
                ],
            )
            calls = await fake.click(ALICE, message["id"], custom_id)  # drain: nothing logged
            assert calls == []
