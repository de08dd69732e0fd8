"""What players read, as the console prints it (the same words as on Discord): the
sentences issue 23 found wrong, each checked as a player would meet it."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.presentation.clocks import span_words
from bot.service.engine_player import EnginePlayer
from tests.bot.console import test_local
from tests.bot.console.test_local import run
from tests.bot.service.test_engine_player import TINY

console = test_local.console  # the console fixture: a session on a fresh database


def test_a_span_is_rounded_to_the_nearest_hour_and_minutes_below_one():
    assert span_words(timedelta(hours=36) - timedelta(seconds=5)) == "1 day 12 hours"
    assert span_words(timedelta(hours=48, minutes=-20)) == "2 days"
    assert span_words(timedelta(minutes=40)) == "40 minutes"
    assert span_words(timedelta(minutes=1)) == "1 minute"
    assert span_words(timedelta(hours=30)) == "1 day 6 hours"


@pytest.mark.asyncio
async def test_a_solo_match_says_nothing_of_claiming_a_timeout(console):
    con, out = console
    said = await run(con, out, "challenge shifting-stones players:1 clock:3d auto_timeout:no")
    assert "alice plays Shifting Stones alone: 3 days per move.\n" in said
    assert "claimed" not in said
    said = await run(con, out, "challenge skift opponent:bob clock:3d auto_timeout:no")
    assert "3 days per move, a timeout can be claimed, " in said


@pytest.mark.asyncio
async def test_an_option_without_a_list_of_values_shows_only_its_default(console):
    con, out = console
    said = await run(con, out, "rules shifting-stones")
    assert "- deck (default standard): The deck of pattern cards" in said
    assert "(;" not in said


@pytest.mark.asyncio
async def test_history_groups_a_turn_of_several_actions_with_its_player(console):
    con, out = console
    await run(con, out, "challenge shifting-stones players:1 clock:none")
    match = await con.service.queries.get_match(1)
    played = []
    while match.turns == 0:
        (move, *_) = await con.service.play.legal_moves(1, con.me, "", limit=1)
        await run(con, out, f"move {move.notation}")
        played.append(move.notation)
        match = await con.service.queries.get_match(1)
    assert len(played) > 1  # a turn of several actions
    said = await run(con, out, "history")
    assert f"\n1. alice: {', '.join(played)}\n" in said  # its seats are only numbered


@pytest.mark.asyncio
async def test_a_takeback_granted_by_the_bot_says_its_reply_went_too(console):
    con, out = console
    con.engine_player = EnginePlayer(con.service, con.announce, workers=1, budget=TINY)
    await run(con, out, "challenge shiftago bots:1 level:easy clock:none")
    (move, *_) = await con.service.play.legal_moves(1, con.me, "", limit=1)
    said = await run(con, out, f"move {move.notation}")
    assert "Shiftcord (easy) played `" in said
    said = await run(con, out, "takeback ask")
    match = await con.service.queries.get_match(1)
    seat = match.seat_name(match.seat_of(con.me))
    words = [line for line in said.splitlines() if not line.startswith(("[", "Alt text"))]
    assert words[:4] == [  # one answer, in order, with everything undone
        "alice asks to take back their last move.",
        "Waiting for Shiftcord (easy) to answer the takeback request.",
        f"Shiftcord (easy) agreed: the move `{move.notation}` and 1 reply after it were "
        "taken back.",
        f"alice ({seat}) to move.",
    ]


@pytest.mark.asyncio
async def test_a_board_in_an_unknown_theme_is_refused_before_anything_is_shown(console):
    con, out = console
    await run(con, out, "challenge skift opponent:bob clock:none", "as bob", "accept")
    said = await run(con, out, "board theme:neon")
    assert said == "Refused: There is no picture theme 'neon'; choose one of: default, contrast.\n"


@pytest.mark.asyncio
async def test_the_console_help_of_a_command_comes_from_the_catalogue(console):
    from bot.console.words import HELP

    con, out = console
    said = await run(con, out, "help board")
    assert said == f"board [theme]\n{HELP['board']}\n"
    assert "Write the current match's board again" in HELP["board"]


@pytest.mark.asyncio
async def test_the_console_prints_no_internal_data(console):
    con, out = console
    said = await run(con, out, "challenge skift opponent:bob clock:none", "as bob", "accept")
    match = await con.service.queries.get_match(1)
    (move, *_) = await con.service.play.legal_moves(1, match.to_act, "", limit=1)
    said += await run(con, out, f"as {con.name_of(match.to_act)}", f"move {move.notation}")
    said += await run(con, out, "resign yes", "board")
    assert "Alt text: Skift, move 2: " in said  # each position in the players' words
    assert "last: {" not in said and "origin " not in said and ", ply " not in said
    said = await run(con, out, "as alice", "challenge shifting-stones players:1", "hand")
    assert "Alt text: Shifting Stones, 1 player, " in said
    assert "1 players" not in said and "[card " not in said and "seed hidden" not in said
