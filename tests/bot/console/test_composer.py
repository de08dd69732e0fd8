"""The console's move composer: `play`, then a number per step, as Discord's Play button.

Whole matches of every game are played by `play` and numbers alone, choosing at random
among the numbered choices; then a stale composer (the match moved meanwhile), a press by
the wrong member, the preview with its picture, Back and Cancel, the preview setting, and
Undo within a turn of several actions.
"""

from __future__ import annotations

import io
import random
import re
import statistics
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from bot.console import words as console_words
from bot.console.actions import Console
from bot.console.clock import OffsetClock
from bot.presentation import composer as words
from bot.service import MatchService
from tests.bot.discord_harness import FakeClock, settings_for

NAMES = ("alice", "bob", "carol", "dave", "eve")
CHOICE = re.compile(r"^  (\d+)\. (.*)$", re.MULTILINE)
OPENED = words.HEADER.split("#")[0]  # "Your move in match #": a composer is printed
PLAYED = " played `"  # the news of an action
#: Taps (numbers and confirm) per move of the random matches, by game, for the report.
TAPS: dict[str, list[int]] = {}


@pytest_asyncio.fixture
async def console(tmp_path) -> AsyncIterator[tuple[Console, io.StringIO]]:
    clock = OffsetClock(FakeClock())
    service = await MatchService.open(settings_for(tmp_path), clock=clock)
    out = io.StringIO()
    yield Console(service, tmp_path / "pictures", clock, out), out
    await service.close()


async def run(con: Console, out: io.StringIO, *lines: str) -> str:
    """Type lines into the console; returns what it printed."""
    start = len(out.getvalue())
    for line in lines:
        assert await con.run_line(line)
    return out.getvalue()[start:]


def open_composer(said: str) -> str | None:
    """The composer printed last in `said`, if no action was played after it."""
    at = said.rfind(OPENED)
    return said[at:] if at >= 0 and at > said.rfind(PLAYED) else None


async def compose(
    con: Console, out: io.StringIO, said: str, rng: random.Random, prefer: str = ""
) -> tuple[int, str]:
    """Type random numbers until the move is played (confirm at a preview); a choice whose
    words start with `prefer` is taken whenever offered. Returns the taps and what the
    last of them printed."""
    taps = 0
    while True:
        shown = open_composer(said)
        assert shown is not None and "Refused" not in said, said
        if shown.rstrip().endswith(console_words.TYPE_CONFIRM):
            return taps + 1, await run(con, out, "confirm")
        offered = CHOICE.findall(shown)
        assert offered and console_words.TYPE_A_NUMBER in shown, shown
        preferred = [n for n, label in offered if prefer and label.startswith(prefer)]
        said = await run(con, out, preferred[0] if preferred else rng.choice(offered)[0])
        taps += 1
        if PLAYED in said:  # at the last number (no preview)
            return taps, said


async def start(con: Console, out: io.StringIO, game: str, players: int, options: str) -> int:
    """A match of `game` between the first `players` names; its number."""
    challenge = f"challenge {game} clock:none"
    seats = ("opponent", "opponent2", "opponent3", "opponent4")
    opponents = zip(seats[: players - 1], NAMES[1:players], strict=True)
    challenge += "".join(f" {seat}:{name}" for seat, name in opponents)
    challenge += f' options:"{options}"' if options else ""
    challenge += " players:1" if players == 1 else ""
    said = await run(con, out, "as alice", challenge)
    for name in NAMES[1:players]:
        said = await run(con, out, f"as {name}", "accept")
    assert "Match #1: " in said
    return 1


async def _no_replay(*_: object, **__: object) -> None:
    """No replay is drawn at the end of these long matches (tested elsewhere)."""


def report() -> str:
    """Taps per move, median and worst, per game."""
    return "; ".join(
        f"{game}: median {statistics.median(taps)}, worst {max(taps)} ({len(taps)} moves)"
        for game, taps in sorted(TAPS.items())
    )


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("game", "players", "options", "prefer"),
    [
        ("skift", 2, "", ""),
        ("shiftago", 4, "variant=expert", ""),
        ("shifty", 2, "size=7", "Swap"),
        ("shifting-stones", 5, "", "score"),
        ("shifting-stones", 1, "", ""),
    ],
)
async def test_whole_matches_are_played_by_play_and_numbers_alone(
    console, monkeypatch, undrawn_boards, game, players, options, prefer
):
    con, out = console
    monkeypatch.setattr("bot.console.session.replay_picture", _no_replay)
    await run(con, out, "as bob", "settings preview show:no")  # two taps for Bob
    match_id = await start(con, out, game, players, options)
    rng = random.Random(players)
    said = ""
    while (match := await con.service.queries.get_match(match_id)).active:
        name = con.name_of(match.to_act)
        if con.player != name:
            said = await run(con, out, f"as {name}")
        if open_composer(said) is None:
            said = await run(con, out, "play")
        taps, said = await compose(con, out, said, rng, prefer)
        assert (await con.service.queries.get_match(match_id)).version > match.version
        TAPS.setdefault(game, []).append(taps)
    assert (await con.service.queries.get_match(match_id)).result is not None
    played = [entry.notation for entry in (await con.service.queries.match_record(match_id)).log]
    if game == "shiftago":
        assert any(n.startswith("x ") for n in played), "a scoring turn was played"
    if game == "shifty":
        assert "swap" in played
    print(report())


async def to_act(con: Console, match_id: int = 1) -> str:
    """The name of the player to act."""
    return con.name_of((await con.service.queries.get_match(match_id)).to_act)


@pytest.mark.asyncio
async def test_a_stale_composer_plays_nothing_and_offers_a_fresh_one(console):
    con, out = console
    await start(con, out, "skift", 2, "")
    mover = await to_act(con)
    other = "bob" if mover == "alice" else "alice"
    said = await run(con, out, f"as {other}", "play", "as carol", "play")
    assert "turn in match #1; nothing was changed." in said
    assert "Refused: You are not playing in match #1; nothing was changed." in said
    said = await run(con, out, f"as {mover}", "play")
    assert CHOICE.findall(said) and said.rstrip().endswith(console_words.TYPE_A_NUMBER)
    # the mover plays by notation meanwhile, then the other answers
    for name in (mover, other):
        legal = await con.service.play.legal_moves(1, con.remember(name), "", 1)
        said = await run(con, out, f"as {name}", f"move {legal[0].notation}")
        assert PLAYED in said
        if name == mover:
            said = await run(con, out, "1")
            assert "turn in match #1; nothing was changed." in said
    version = (await con.service.queries.get_match(1)).version
    said = await run(con, out, f"as {mover}", "1")
    assert said.startswith(f"You are now {mover}.\n{words.STALE}\n{OPENED}#1.")
    assert CHOICE.findall(said) and PLAYED not in said
    assert (await con.service.queries.get_match(1)).version == version
    said = await run(con, out, "1")  # the fresh one works
    assert "So far: " in said and (await con.service.queries.get_match(1)).version == version


@pytest.mark.asyncio
async def test_the_preview_back_cancel_and_the_setting_that_skips_it(console):
    con, out = console
    await start(con, out, "shiftago", 2, "")
    mover = await to_act(con)
    said = await run(con, out, f"as {mover}", "play")
    edges = {label: number for number, label in CHOICE.findall(said)}
    assert list(edges) == ["north edge · N", "south edge · S", "west edge · W", "east edge · E"]
    said = await run(con, out, "9")
    assert said == f"Refused: {console_words.NO_SUCH_CHOICE.format(last=4)}\n"
    said = await run(con, out, "confirm")
    assert said == f"Refused: {words.NOT_COMPLETE}\n"
    said = await run(con, out, edges["north edge · N"])
    lanes = {label: number for number, label in CHOICE.findall(said)}
    assert "So far: north edge (`N`)." in said and len(lanes) == 7
    said = await run(con, out, lanes["column c · Nc"])
    assert "After `Nc` (" in said and said.rstrip().endswith(console_words.TYPE_CONFIRM)
    picture = con.pictures / f"match-1-preview-{mover}.png"
    assert f"[picture: {picture}]\nAlt text: Shiftago" in said
    assert picture.read_bytes().startswith(b"\x89PNG")
    assert re.search(r"On the tray: \w+ on c1\.", said)  # the alt text: the marble on c1
    said = await run(con, out, "back")
    assert "So far: north edge (`N`)." in said and words.NEXT_STEP in said
    said = await run(con, out, "cancel", "1")
    assert said == f"{words.CANCELLED}\nRefused: {console_words.NO_COMPOSER}\n"
    assert (await con.service.queries.get_match(1)).ply == 0
    said = await run(con, out, "settings preview show:no", "play", "choose 1", "3")
    assert "played at the last tap, without a preview" in said
    assert f"{mover} played `Nc`" in said and "After `Nc`" not in said
    assert (await con.service.queries.get_match(1)).ply == 1


@pytest.mark.asyncio
async def test_the_composer_stays_through_a_turn_of_actions_with_undo(console):
    con, out = console
    await start(con, out, "shifting-stones", 2, "")
    mover = await to_act(con)
    said = await run(con, out, f"as {mover}", "undo")
    assert said.endswith(f"Refused: {console_words.NO_COMPOSER}\n")
    said = await run(con, out, "play")
    assert console_words.TYPE_UNDO not in said
    said = await run(con, out, "undo")
    assert said == f"Refused: {console_words.NOTHING_TO_UNDO}\n"
    _, said = await compose(con, out, await run(con, out, "play"), random.Random(1), "flip")
    assert PLAYED in said and "This turn so far: `flip" in open_composer(said)
    assert said.rstrip().endswith(console_words.TYPE_UNDO)
    said = await run(con, out, "undo")
    assert (await con.service.queries.get_match(1)).ply == 0
    assert open_composer(said) is not None and "This turn so far" not in open_composer(said)
