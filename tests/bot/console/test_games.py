"""Every registered game plays a whole match in the console, read from the registry (no
game is named): a challenge with as many seats as the game's type allows from two, each
seat accepting, random legal moves typed as text, a picture after every move, and the
end (the game's own result, or a resignation once MOST_MOVES were played)."""

from __future__ import annotations

import io
import random

import pytest
import pytest_asyncio

import games
from bot.console.actions import Console
from bot.console.clock import OffsetClock
from bot.service import MatchService
from tests.bot.console.test_local import run
from tests.bot.discord_harness import FakeClock, settings_for

#: Moves typed before the seat to act resigns, so that long games end soon too.
MOST_MOVES = 40
#: The members who take the other seats.
OPPONENTS = ("bob", "carol", "dave", "eve")


@pytest_asyncio.fixture
async def console(tmp_path):
    clock = OffsetClock(FakeClock())
    service = await MatchService.open(settings_for(tmp_path), clock=clock)
    out = io.StringIO()
    yield Console(service, tmp_path / "pictures", clock, out), out
    await service.close()


def challenge(name: str) -> tuple[str, list[str]]:
    """The challenge line for the game called `name` and the members it invites: a solo
    match for a game of one seat, else the fewest seats from two."""
    kind = games.get(name).kind
    if kind.max_players == 1:
        return f"challenge game:{name} players:1", []
    players = max(2, kind.min_players)
    invited = list(OPPONENTS[: players - 1])
    named = " ".join(
        f"opponent{index + 1 if index else ''}:{member}" for index, member in enumerate(invited)
    )
    return f"challenge game:{name} {named} players:{players} clock:none", invited


@pytest.mark.asyncio
@pytest.mark.parametrize("name", games.names())
async def test_every_game_plays_a_whole_match_in_the_console(console, name):
    con, out = console
    line, invited = challenge(name)
    await run(con, out, line)
    for member in invited:
        await run(con, out, f"as {member}", "accept")
    match = await con.service.queries.get_match(1)
    assert match.game == name and match.active
    rng = random.Random(name)
    moves = 0
    while match.active and moves < MOST_MOVES:
        drawn = len(list(con.pictures.glob("match-1-*.png")))
        legal = await con.service.play.legal_moves(match.id, match.to_act, "", 25)
        notation = rng.choice(legal).notation
        said = await run(con, out, f"as {con.name_of(match.to_act)}", f"move {notation}")
        after = await con.service.queries.get_match(match.id)
        assert after.version > match.version, said
        assert len(list(con.pictures.glob("match-1-*.png"))) > drawn, "a picture every move"
        match, moves = after, moves + 1
    while match.active:
        await run(con, out, f"as {con.name_of(match.to_act)}", "resign yes")
        match = await con.service.queries.get_match(match.id)
    assert match.result is not None and match.result.reason
    assert (con.pictures / "match-1-end.png").read_bytes().startswith(b"\x89PNG")
