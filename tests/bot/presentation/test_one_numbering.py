"""One numbering: /history's lines, a board picture's alt text and the analysis number a
match's moves the same way, by turns (`GameState.turn_number`), in every game, so a moment
the analysis names can be found in the history and on the board."""

from __future__ import annotations

import random
import re

import pytest

import games
from bot.discord.autocomplete import _match_label
from bot.match.actions import MOVE
from bot.match.replay import PublicLine, standing_turns, turn_numbers
from bot.presentation.analysis import analysis_text
from bot.presentation.history import record_text
from bot.presentation.matches import board_caption
from bot.presentation.pictures import board_picture
from bot.presentation.writing import Style
from bot.service import ChallengeRequest
from bot.service.analysis import Analysis, Point
from tests.bot.discord_harness import FakeClock
from tests.bot.service_fixtures import CHANNEL, GUILD, act, open_service, start_match

STYLE = Style(mention=lambda member: f"P{member}", when=str, channel=str)
ACTIONS = 40  # enough for turns of several actions in every game


#: Every game, with the fewest seats it is played with and with two (where that differs).
PLAYED = sorted(
    {(name, seats) for name in games.names() for seats in (games.get(name).kind.min_players, 2)}
)


async def _played(tmp_path, name: str, seats: int):
    """A match of `name` with `seats` seats after up to `ACTIONS` random actions."""
    service = await open_service(tmp_path / "db.sqlite3", FakeClock())
    if seats == 1:
        solo = await service.challenges.create_challenge(
            ChallengeRequest(GUILD, CHANNEL, 1, name, opponents=[], players=1)
        )
        assert solo.match_id is not None
        match = await service.queries.get_match(solo.match_id)
    else:
        match = await start_match(service, list(range(1, seats + 1)), name, rated=False)
    rng = random.Random(5)
    for _ in range(ACTIONS):
        state = match.state
        if not match.active or state.outcome() is not None:
            break
        notation = state.format_move(rng.choice(list(state.legal_moves())))
        match = (await act(service, match.id, match.to_act, MOVE, notation)).match
    return service, match, await service.queries.match_record(match.id)


@pytest.mark.asyncio
@pytest.mark.parametrize(("name", "seats"), PLAYED)
async def test_history_pictures_and_analysis_count_moves_the_same_way(tmp_path, name, seats):
    service, match, record = await _played(tmp_path, name, seats)
    try:
        numbers = turn_numbers(record)
        turns = standing_turns(record)
        # /history: one line a turn, numbered 1, 2, 3 ... by the turn number
        history = re.findall(r"^\d+\. ", record_text(record, STYLE), re.MULTILINE)
        assert len(turns) > 1 and [t.number for t in turns] == list(range(1, len(turns) + 1))
        assert [int(line.split(".")[0]) for line in history] == [t.number for t in turns]
        # a turn of several actions is one line; a new seat always starts a new turn
        for before, after in zip(turns, turns[1:], strict=False):
            if after.moves[0].seat != before.moves[-1].seat:
                assert after.number == before.number + 1
        # the board picture numbers the position by the turn it is in
        if match.active:
            board = await board_picture(match.public_view())
            said = re.findall(r"(?:move|turn) (\d+)", board.description)
            assert said == [str(numbers[-1])], board.description
        assert f"after {numbers[-1] - 1} " in board_caption(match, STYLE) or numbers[-1] == 1
        # the match as autocomplete offers it
        assert f", move {numbers[-1]}: " in _match_label(match, match.members[0])
        # the analysis names each move by the history's number for it
        line = list(PublicLine(record))
        points = tuple(
            Point(i, tuple((i * 37 % 11) / 10 for _ in match.seats), "x", "y")
            for i in range(len(line))
        )
        text = analysis_text(record, Analysis(len(line), points), STYLE)
        named = [int(n) for n in re.findall(r"^Move (\d+):", text, re.MULTILINE)]
        assert named and set(named) <= {t.number for t in turns}
    finally:
        await service.close()
