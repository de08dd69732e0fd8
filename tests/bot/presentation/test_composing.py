"""The composer of a position is built once for each seat: every tap of a turn reuses it,
and a new position (or the other seat) gets its own."""

from __future__ import annotations

import pytest

from bot.match.actions import MOVE, Request
from bot.presentation.composing import composer_of
from tests.bot.service_fixtures import FakeClock, open_service, start_match


@pytest.mark.asyncio
async def test_each_tap_of_a_turn_reuses_the_composer_of_its_position(tmp_path) -> None:
    service = await open_service(tmp_path / "composer.sqlite3", FakeClock())
    try:
        match = await start_match(service, game="shifting-stones")
        mover = match.to_act
        assert mover is not None
        again = await service.queries.get_match(match.id)  # read anew, as the next tap is
        composer = composer_of(match, mover)
        assert composer_of(again, mover) is composer
        other = next(member for member in match.members if member != mover)
        assert composer_of(match, other).state != composer.state  # each sees their own hand
        move = composer.state.format_move(next(iter(composer.moves.values())))
        request = Request(MOVE, move, ply=match.ply, request_id="r1")
        played = await service.play.act(match.id, mover, request)
        assert composer_of(played.match, other) is not composer_of(match, other)
    finally:
        await service.close()
