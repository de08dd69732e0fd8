"""`python -m bot local`: the console plays through the same match service with the same
commands typed as text, and writes every picture to a file."""

from __future__ import annotations

import io
import itertools

import pytest
import pytest_asyncio

import games
import render
from bot.console import run_console
from bot.console.actions import Console
from bot.console.clock import OffsetClock
from bot.console.commands import COMMANDS, SESSION_COMMANDS, ConsoleError, parse_line
from bot.match.actions import MOVE
from bot.presentation.language import LANGUAGES, SOURCE, speaking
from bot.presentation.matches import turn_text
from bot.presentation.pictures import example_position
from bot.presentation.results import result_text
from bot.service import MatchService
from bot.service.engine_player import EnginePlayer
from tests.bot.discord_harness import FakeClock, settings_for
from tests.bot.service.test_engine_player import TINY
from tests.bot.service_fixtures import act


@pytest_asyncio.fixture
async def console(tmp_path):
    clock = OffsetClock(FakeClock())
    service = await MatchService.open(settings_for(tmp_path), clock=clock)
    out = io.StringIO()
    yield Console(service, tmp_path / "pictures", clock, out), out
    await service.close()


async def run(console, out, *lines) -> str:
    """Type lines into the console; returns what it printed."""
    start = len(out.getvalue())
    for line in lines:
        assert await console.run_line(line)
    return out.getvalue()[start:]


def test_parse_line_reads_named_and_positional_options():
    assert parse_line("challenge game:skift opponent:bob clock:3d") == (
        "challenge",
        {"game": "skift", "opponent": "bob", "clock": "3d"},
    )
    assert parse_line("move c3-c4") == ("move", {"notation": "c3-c4"})
    assert parse_line('challenge shiftago options:"variant=expert handicap_turns=2"') == (
        "challenge",
        {"game": "shiftago", "options": "variant=expert handicap_turns=2"},
    )
    assert parse_line("draw offer") == ("draw offer", {})
    assert parse_line("move x g3-g6 keep g3") == ("move", {"notation": "x g3-g6 keep g3"})
    assert parse_line("moves prefix:x g") == ("moves", {"prefix": "x g"})
    with pytest.raises(ConsoleError, match="no command 'dance'"):
        parse_line("dance")
    with pytest.raises(ConsoleError, match="^hand has no option for 'now'; it takes no option"):
        parse_line("hand now")
    assert parse_line("board contrast") == ("board", {"theme": "contrast"})
    with pytest.raises(ConsoleError, match="; its options are game, opponent, opponent2, "):
        parse_line("challenge skift bob carol dave eve 4 x 3d yes no yes 1 easy no extra")


@pytest.mark.asyncio
async def test_a_match_in_the_console(console):
    con, out = console
    said = await run(con, out, "challenge game:skift opponent:bob clock:none")
    assert "alice challenges bob to Skift" in said and "accept 1" in said
    said = await run(con, out, "as bob", "accept")
    assert "Match #1: Skift" in said and "match-1-000.png" in said
    match = await con.service.queries.get_match(1)
    mover = con.name_of(match.to_act)
    said = await run(con, out, f"as {mover}", "moves")
    first = said.splitlines()[1].split(":")[0]
    said = await run(con, out, f"move {first}")
    assert f"{mover} played `{first}`" in said
    assert (con.pictures / "match-1-001.png").read_bytes().startswith(b"\x89PNG")
    said = await run(con, out, f"move {first}", "moves")
    assert said.startswith("Refused: It is ") and "turn" in said
    assert said.splitlines()[1].startswith("Refused: It is not your turn: ")
    said = await run(con, out, "draw offer", "as alice" if mover == "bob" else "as bob")
    said = await run(con, out, "draw accept", "export", "board", "hand", "matches")
    assert "Drawn. " in said and "Skift has no hidden information" in said
    assert "Match #1, final position after 1 move.\nDrawn. " in said
    assert (con.pictures / "match-1-end.png").read_bytes().startswith(b"\x89PNG")
    assert (con.pictures / "match-1-replay.gif").read_bytes().startswith(b"GIF8")
    assert "Moves:" in (con.pictures / "match-1.txt").read_text()
    assert "You have no active matches" in said
    said = await run(con, out, "history")  # in the ended match's thread: its moves
    assert said.startswith("Match #1, Skift. White: ") and "\n1. " in said and "Drawn. " in said
    said = await run(con, out, "leave", "export", "history", "standings skift", "stats bob")
    assert "Refused: There is no current match: give its number, or type use N." in said
    assert "#1 Skift, alice vs bob: draw" in said or "#1 Skift, bob vs alice: draw" in said
    assert "Skift standings" in said and "Skift: rating" in said
    said = await run(con, out, "rules skift")
    assert (con.pictures / "skift-example.png").exists()


@pytest.mark.asyncio
async def test_playing_the_bot_in_the_console(console):
    con, out = console
    con.engine_player = EnginePlayer(con.service, con.announce, workers=1, budget=TINY)
    try:
        said = await run(con, out, "challenge shiftago bots:1 level:easy clock:none")
        assert "Match #1: Shiftago" in said and "Shiftcord (easy)" in said
        assert "takebacks allowed" in said  # the easy bot grants them
        match = await con.service.queries.get_match(1)
        assert match.to_act == con.me  # whoever sat first, the bot has moved if it was it
        said = await run(con, out, "moves")
        first = said.splitlines()[1].split(":")[0]
        said = await run(con, out, f"move {first}")
        assert f"alice played `{first}`" in said
        assert "Shiftcord (easy) played `" in said  # its answer is printed after the move
        assert (await con.service.queries.get_match(1)).to_act == con.me
        said = await run(con, out, "takeback ask", f"move {first}")  # both moves taken back
        assert said.count("Shiftcord (easy) played `") == 1  # it answers the move again
        assert (await con.service.queries.get_match(1)).to_act == con.me
        said = await run(con, out, "challenge skift level:hard", "challenge skift bots:9")
        assert said.splitlines() == [
            "Refused: A level is for a match against the bot: add bots:1.",
            "Refused: bots is a number from 1 to 4.",
        ]
        said = await run(con, out, "challenge skift bots:1 level:hard clock:none")
        assert "takebacks refused by Shiftcord (hard)" in said and "allowed" not in said
    finally:
        await con.engine_player.close()


@pytest.mark.asyncio
async def test_who_moves_is_said_once_around_a_draw_offer_the_bot_declines(console):
    con, out = console
    con.engine_player = EnginePlayer(con.service, con.announce, workers=1, budget=TINY)
    try:
        await run(con, out, "challenge skift bots:1 level:easy clock:none")
        said = await run(con, out, "draw offer")
        assert said.splitlines() == [
            "alice offers a draw.",
            "Waiting for Shiftcord (easy) to answer the draw offer.",
            "Shiftcord (easy) declined the draw.",
            f"{turn_text(await con.service.queries.get_match(1), con.style)}",
        ]
    finally:
        await con.engine_player.close()


@pytest.mark.asyncio
async def test_a_match_left_to_the_bot_says_in_one_line_how_it_ended(console):
    con, out = console
    con.engine_player = EnginePlayer(con.service, con.announce, workers=1, budget=TINY)
    try:
        await run(con, out, "challenge shiftago bots:2 level:easy clock:none")
        said = await run(con, out, "resign yes")
        left = await con.service.queries.get_match(1)
        assert not left.active and left.ply > 4  # the bot played it out
        lines = said.splitlines()
        assert lines[0] == "alice resigned; the others play on."
        assert "played `" not in said  # none of the bot's moves after it
        assert said.count("[picture") <= 1  # the board of the resignation, if it changed
        assert lines[-1].startswith("Match #1, which only the bot played on, has ended. ")
        assert " won" in lines[-1] and len(lines) <= 5
    finally:
        await con.engine_player.close()


@pytest.mark.asyncio
async def test_the_timeout_rule_is_said_as_it_works_for_the_number_of_players(console):
    con, out = console
    said = await run(con, out, "challenge shifting-stones players:1 clock:2d auto_timeout:yes")
    assert "running out of time loses the solo match" in said and "a timeout" not in said
    said = await run(con, out, "challenge shiftago bob carol clock:2d auto_timeout:yes")
    assert "a player out of time leaves the match and the others play on" in said
    said = await run(con, out, "challenge skift dave clock:2d auto_timeout:yes")
    assert "a timeout ends the match" in said


@pytest.mark.asyncio
async def test_the_bots_seats_share_one_rating_said_once_as_such(console):
    con, out = console
    con.engine_player = EnginePlayer(con.service, con.announce, workers=1, budget=TINY)
    try:
        await run(con, out, "challenge shiftago bots:3 level:easy clock:none")
        await run(con, out, "resign yes")
        ended = await con.service.queries.get_match(1)
        ratings = result_text(ended, con.style).splitlines()[-1]
        assert ratings.startswith("Ratings: ")
        assert ratings.count("Shiftcord (easy)") == 1, ratings  # not each seat's 1612?
        assert "one rating for its 3 seats, moved by its first seat's result)" in ratings
        assert "alice " in ratings
    finally:
        await con.engine_player.close()


@pytest.mark.asyncio
async def test_alt_text_can_be_turned_off_and_on(console):
    con, out = console
    said = await run(con, out, "settings alttext show:no", "rules skift")
    assert "without their alt text" in said
    assert "[picture: " in said and "Alt text" not in said
    said = await run(con, out, "settings alttext yes", "rules skift")
    assert "Alt text: " in said


@pytest.mark.asyncio
async def test_master_in_the_console_says_it_is_thinking(console):
    con, out = console
    con.engine_player = EnginePlayer(con.service, con.announce, workers=1, budget=TINY)
    try:
        said = await run(con, out, "challenge skift bots:1 level:expert")
        assert "Refused: The level is easy, medium, hard or master, not" in said
        said = await run(con, out, "challenge skift bots:1 level:master clock:none")
        assert "Shiftcord (master)" in said
        said = await run(con, out, "moves")
        first = said.splitlines()[1].split(":")[0]
        said = await run(con, out, f"move {first}")
        thinking = said.index("Shiftcord (master) (")
        assert "is thinking about its move" in said[thinking:]
        assert "Shiftcord (master) played `" in said[thinking:]  # then its move
    finally:
        await con.engine_player.close()


@pytest.mark.asyncio
async def test_hints_in_the_console_in_solo_matches_not_rated_ones(console):
    con, out = console
    con.engine_player = EnginePlayer(con.service, con.announce, workers=1, budget=TINY)
    try:
        said = await run(con, out, "challenge shifting-stones players:1", "hint")
        hint = said.splitlines()[-1]
        assert hint.startswith("Hint for match #1: `") and "because" in hint
        said = await run(con, out, "challenge skift bots:1 level:easy clock:none", "hint")
        assert said.splitlines()[-1] == (
            "Refused: Match #2 is rated, so the bot gives no hints in it: hints are for "
            "casual and solo matches."
        )
    finally:
        await con.engine_player.close()


@pytest.mark.asyncio
async def test_analysis_in_the_console_once_the_match_is_over(console):
    con, out = console
    con.engine_player = EnginePlayer(con.service, con.announce, workers=1, budget=TINY)
    try:
        said = await run(con, out, "challenge skift bots:1 level:easy clock:none", "analysis")
        assert said.splitlines()[-1] == (
            "Refused: Match #1 is still being played: the bot analyses a match only once it "
            "is over."
        )
        said = await run(con, out, "moves")
        first = said.splitlines()[1].split(":")[0]
        await run(con, out, f"move {first}", "resign yes")
        said = await run(con, out, "analysis 1")
        assert "Analysing match #1: this takes about " in said
        assert "The bot's estimate of each player's chance after every move of match #1." in said
        chart = con.pictures / "match-1-analysis.png"
        assert chart.read_bytes().startswith(b"\x89PNG") and str(chart) in said
        again = await run(con, out, "analysis 1")  # kept with the match: no thinking
        assert "Analysing" not in again and str(chart) in again
    finally:
        await con.engine_player.close()


@pytest.mark.asyncio
async def test_settings_tick_help_and_refusals(console):
    con, out = console
    said = await run(con, out, "settings reminders no", "settings show", "tick")
    assert "Reminders: off." in said and "Nothing is due." in said
    said = await run(con, out, "settings reminders maybe", "move c3-c4", "dance")
    assert said.count("Refused:") == 3 and "no current match" in said
    said = await run(con, out, "move", "use 7", "challenge skift players:two", "use x")
    assert said.splitlines() == [
        "Refused: move needs notation; type help for the options.",
        "Refused: There is no match #7.",
        "Refused: Give players as a whole number, not 'two'.",
        "Refused: Give the match as a whole number, not 'x'.",
    ]
    said = await run(con, out, f"use {2**63}", "accept 99999999999999999999", "use -1")
    assert said.splitlines() == [
        "Refused: Give the match as a whole number up to 999,999,999, not 9223372036854775808.",
        "Refused: Give the challenge as a whole number up to 999,999,999, not "
        "99999999999999999999.",
        "Refused: Give the match as a whole number, not '-1'.",
    ]
    said = await run(con, out, "help")
    assert all(name in said for name in COMMANDS)
    assert not await con.run_line("quit")


@pytest.mark.asyncio
async def test_run_console_reads_until_the_input_ends(tmp_path):
    lines = io.StringIO("challenge skift\nquit\n")
    out = io.StringIO()
    code = await run_console(settings_for(tmp_path), tmp_path / "local.db", tmp_path, lines, out)
    assert code == 0 and (tmp_path / "local.db").exists()
    assert "alice challenges anyone to Skift" in out.getvalue()


@pytest.mark.asyncio
async def test_picture_themes_in_the_console(console):
    con, out = console
    said = await run(con, out, "admin theme contrast", "settings theme default")
    assert "Pictures: the contrast theme." in said
    assert "Pictures shown only to you: the default theme." in said
    await run(con, out, "challenge skift bob clock:none", "as bob", "accept")
    match = await con.service.queries.get_match(1)
    public = match.public_view()
    names = {con.remember("alice"): "alice", con.remember("bob"): "bob"}
    players = [render.SeatLabel(names[m], "1500?") for m in match.members]  # rated, no clock
    written = (con.pictures / "match-1-000.png").read_bytes()
    assert written == render.board_png(public, theme="contrast", players=players)  # the server's
    said = await run(con, out, "board theme:default", "board neon")
    assert (con.pictures / "match-1-board-default-bob.png").read_bytes() == render.board_png(
        public, theme="default", players=players
    )
    assert "Refused: There is no picture theme 'neon'; choose one of: default, contrast." in said
    example, last = example_position(games.get("skift"))
    await run(con, out, "rules skift")  # bob has no theme of his own: the server's
    drawn = (con.pictures / "skift-example.png").read_bytes()
    assert drawn == render.board_png(example, last_move=last, theme="contrast")
    await run(con, out, "as alice", "rules skift")  # alice chose the default theme
    drawn = (con.pictures / "skift-example.png").read_bytes()
    assert drawn == render.board_png(example, last_move=last, theme="default")
    said = await run(con, out, "settings theme server", "settings show")
    assert "Pictures shown only to you: each server's theme." in said


@pytest.mark.asyncio
@pytest.mark.parametrize("language", LANGUAGES)
async def test_commands_named_in_texts_are_the_consoles_own_in_every_language(console, language):
    con, out = console
    with speaking(language):
        said = await run(con, out, "rules shiftago", "matches")
    assert "`challenge options:`" in said  # as typed here, not Discord's "herausfordern"
    assert "`challenge`" in said  # "no active matches: start one with challenge"
    assert "`/" not in said


async def started(con, out, game: str = "skift") -> tuple[str, object]:
    """alice challenges bob to `game` without a clock and bob accepts: (printed, match)."""
    said = await run(con, out, f"challenge {game} bob clock:none", "as bob", "accept")
    return said, await con.service.queries.get_match(1)


@pytest.mark.asyncio
async def test_every_board_picture_comes_with_its_alt_text(console):
    con, out = console
    said, match = await started(con, out)
    public = match.public_view()
    picture = said.index("[picture: ")
    assert said.index(f"Alt text: {render.alt_text(public)}\n") > picture
    mover = con.name_of(match.to_act)
    first = (await con.service.play.legal_moves(1, match.to_act))[0].notation
    said = await run(con, out, f"as {mover}", f"move {first}")
    after = (await con.service.queries.get_match(1)).public_view()
    assert f"match-1-001.png]\nAlt text: {render.alt_text(after)}\n" in said
    said = await run(con, out, "board")
    assert f"match-1-board.png]\nAlt text: {render.alt_text(after)}\n" in said
    assert public.to_text() not in said and after.to_text() not in said  # the export format


@pytest.mark.asyncio
async def test_the_hand_is_described_in_the_players_own_view(console):
    con, out = console
    said = await run(con, out, "challenge shifting-stones players:1")
    public = (await con.service.queries.get_match(1)).public_view()
    assert f"Alt text: {render.alt_text(public.named(['alice']))}\n" in said  # by name
    said = await run(con, out, "hand")
    assert "match-1-hand-alice.png]\nAlt text: Shifting Stones, 1 player" in said
    assert "Your hand (alice): card 1, " in said  # the cards as the player pays with them


@pytest.mark.asyncio
async def test_moves_says_how_many_more_there_are(console):
    con, out = console
    _, match = await started(con, out)
    total = len(match.public_view().legal_moves())
    assert total > 25
    said = await run(con, out, f"as {con.name_of(match.to_act)}", "moves")
    listed = said.splitlines()[1:]
    assert len(listed) == 26 and all(": " in line for line in listed[:25])
    assert listed[25] == f"... and {total - 25} more: type moves PREFIX to narrow them."
    prefix = listed[0].split(":")[0][:2]
    said = await run(con, out, f"moves {prefix}")
    narrowed = said.splitlines()
    assert 0 < len(narrowed) < 25 and all(line.startswith(prefix) for line in narrowed)


@pytest.mark.asyncio
async def test_names_with_spaces_and_quoted_options(console):
    con, out = console
    said = await run(con, out, 'challenge skift opponent:"Mary  Jane" clock:none')
    assert "alice challenges Mary Jane to Skift" in said
    said = await run(con, out, 'as "mary jane"', "accept")
    assert said.startswith("You are now Mary Jane.\n") and "Mary Jane" in said
    assert "player " not in said
    said = await run(con, out, 'stats "Mary Jane"', 'history member:"Mary Jane"')
    assert "Refused" not in said and "Mary Jane" in said
    await run(con, out, "board contrast", 'as "Ann/Lee"', "board contrast")  # safe file names
    assert (con.pictures / "match-1-board-contrast-mary-jane.png").exists()
    assert (con.pictures / "match-1-board-contrast-ann-lee.png").exists()
    shiftago = 'challenge shiftago "Mary Jane" options:"variant=expert handicap_turns=2"'
    said = await run(con, out, "as alice", shiftago)
    assert "Mary Jane to Shiftago" in said and "handicap_turns=2" in said
    said = await run(con, out, "challenge shiftago bob options:variant=expert handicap_turns=2")
    assert said == (
        "Refused: challenge has no option for 'handicap_turns=2': give all the game's options "
        'as one quoted value, options:"variant=expert handicap_turns=2".\n'
    )
    said = await run(con, out, 'as ""', 'as "Mary')
    assert said.splitlines() == [
        'Refused: Give a name, quoted if it has spaces: as "Mary Jane".',
        "Refused: I cannot read that line: No closing quotation.",
    ]


@pytest.mark.asyncio
async def test_help_for_one_command(console):
    con, out = console
    said = await run(con, out, "help challenge")
    assert said.startswith("challenge [game] [opponent] [opponent2] ")
    assert "Challenge members to a game" in said and 'options:"variant=expert' in said
    said = await run(con, out, "help draw offer", "help tick", "help as", "help dance")
    assert "draw offer\nOffer your opponents a draw." in said
    assert "tick [time]\nSend what is due now" in said and "tick 2d" in said
    assert "as NAME\n" in said
    assert said.endswith("Refused: There is no command 'dance'; type help for the list.\n")
    said = await run(con, out, "help")
    assert "help COMMAND" in said


@pytest.mark.asyncio
@pytest.mark.parametrize("language", LANGUAGES)
async def test_help_for_every_command_in_every_language(console, language):
    con, out = console
    with speaking(language):
        for name in [*COMMANDS, *SESSION_COMMANDS]:
            said = await run(con, out, f"help {name}")
            assert not said.startswith("Refused"), name
            form, does = said.split("\n", 1)
            assert form.split()[0] == name.split()[0] and len(does) > 20, said
            if language != SOURCE:  # what it does is said in the language spoken
                with speaking(SOURCE):
                    english = (await run(con, out, f"help {name}")).split("\n", 1)[1]
                assert does != english, (language, name)


@pytest.mark.asyncio
async def test_resign_asks_for_confirmation(console):
    con, out = console
    await started(con, out)
    said = await run(con, out, "resign")
    assert said == (
        "Do you really resign match #1? This cannot be undone. "
        "Type yes to resign; anything else cancels.\n"
    )
    said = await run(con, out, "no", "resign", "matches")  # the cancelling line does nothing
    assert said.splitlines() == [
        "You did not resign match #1.",
        "Do you really resign match #1? This cannot be undone. "
        "Type yes to resign; anything else cancels.",
        "You did not resign match #1.",
    ]
    assert (await con.service.queries.get_match(1)).active
    said = await run(con, out, "resign", "yes")
    ended = await con.service.queries.get_match(1)
    assert not ended.active and [con.name_of(m) for m in ended.result.winners] == ["alice"]
    assert " won. " in said and " resigned." in said
    await run(con, out, "challenge skift alice clock:none", "as alice", "accept")
    said = await run(con, out, "resign maybe", "as carol", "resign", "as alice", "resign yes")
    assert said.splitlines()[0] == (
        "Refused: Type resign confirm (or resign yes) to resign, or resign to be asked."
    )
    assert "Refused: You are not playing in match #2." in said
    ended = await con.service.queries.get_match(2)
    assert not ended.active and [con.name_of(m) for m in ended.result.winners] == ["bob"]


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("language", "lines"),
    [
        ("en", ["resign confirm"]),
        ("en", ["resign", "confirm"]),
        ("de", ["resign ja"]),
        ("de", ["resign", "Ja"]),
        ("fr", ["resign", "oui"]),
        ("es", ["resign sí"]),
    ],
)
async def test_resign_is_confirmed_as_help_writes_it_and_in_the_language_spoken(
    console, language, lines
):
    con, out = console
    await started(con, out)
    with speaking(language):
        assert "resign [confirm]" in await run(con, out, "help")
        said = await run(con, out, *lines)
    assert "Refused" not in said
    assert not (await con.service.queries.get_match(1)).active


@pytest.mark.asyncio
async def test_a_typed_move_carries_the_position_last_shown(console):
    session, out = console
    await run(session, out, "challenge skift bob", "as bob", "accept")
    match = await session.service.queries.get_match(session.here)
    first = session.name_of(match.to_act)
    other = session.name_of(next(m for m in match.members if m != match.to_act))
    await run(session, out, f"as {first}", "move b2-b1")
    match = await session.service.queries.get_match(session.here)
    state = match.state
    elsewhere = state.format_move(state.legal_moves()[0])  # played by another bot process
    await act(session.service, match.id, match.to_act, MOVE, elsewhere)
    said = await run(session, out, f"as {other}", f"move {elsewhere}")
    assert "Refused: The position changed since you looked (move 1 then, 2 now)" in said
    said = await run(session, out, "board")
    assert "after 2 moves" in said
    assert (await session.service.queries.get_match(match.id)).ply == 2


@pytest.mark.asyncio
async def test_a_request_seen_again_is_told_as_already_done(console):
    con, out = console
    await run(con, out, "challenge game:skift opponent:bob clock:none", "as bob", "accept")
    match = await con.service.queries.get_match(1)
    mover = con.name_of(match.to_act)
    first = match.state.format_move(match.state.legal_moves()[0])
    said = await run(con, out, f"as {mover}", f"move {first}")
    assert f"{mover} played `{first}`" in said
    con.requests = itertools.count()  # the session's first request id, sent again
    said = await run(con, out, f"move {first}")
    assert said == (
        f"This was already done when it first arrived; nothing was done again. Played `{first}`.\n"
    )
    assert (await con.service.queries.get_match(1)).ply == 1
