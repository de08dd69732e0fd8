"""Leagues through the real bot and the fake Discord: a whole five-player round robin with
a restart in the middle of a round, and a three-round Swiss with a leaver and a round
deadline adjudicated; standings (text and picture) and schedules."""

from __future__ import annotations

import io
from collections import Counter

import pytest
from PIL import Image

from render.theme import get_theme
from tests.bot.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    GUILD,
    MOD,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
)

PLAYERS = (ALICE, BOB, CAROL, DAVE, MOD)
#: test-swap moves: the first seat completes column a and wins.
FIRST_WINS = ("a1", "b1", "a2", "b2", "a3")
#: test-swap moves that fill the board with no line: a draw.
DRAWN = ("b2", "a1", "c1", "a3", "a2", "c2", "b1", "b3", "c3")


async def sign_up(fake, name, format, **options):
    """MOD creates the league in "games"; everyone else joins; MOD starts it."""
    await fake.slash(MOD, "league create", name=name, game="test-swap", format=format, **options)
    for member in PLAYERS[:-1]:
        joined = await fake.slash(member, "league join", name=name.lower())
        assert joined[-1].content == f"You are signed up for league {name}."
    started = await fake.slash(MOD, "league start", name=name)
    assert started[-1].content == f"League {name} has started."


async def open_boards(bot, name):
    """The league's boards whose match is going on."""
    table = await bot.service.leagues.league_table(fake_guild(bot), name)
    return [b for b in table.boards if b.result is None and b.match_id is not None]


def fake_guild(bot):
    return next(iter(bot.guilds)).id


async def play(fake, bot, match_id, moves):
    """Play `moves` in the match's thread with /move, each by the player to act."""
    for notation in moves:
        match = await bot.service.queries.get_match(match_id)
        await fake.slash(match.to_act, "move", channel_id=match.channel_id, notation=notation)


def standings_posts(fake):
    """The standings posted in the league channel, oldest first."""
    return [
        m
        for m in fake.messages_in(fake.channel_id)
        if "standings" in m["content"] and m["attachments"]
    ]


async def play_until(fake, bot, name, games):
    """Play `games` league matches (or until none is going): a draw on every third."""
    played = 0
    while played < games and (boards := await open_boards(bot, name)):
        board = boards[0]
        match = await bot.service.queries.get_match(board.match_id)
        assert match.members == board.pairing.seats  # the pairing's seat order is kept
        assert match.channel_id is not None  # in its own thread
        await play(fake, bot, match.id, DRAWN if match.id % 3 == 0 else FIRST_WINS)
        played += 1
    return played


@pytest.mark.asyncio
async def test_a_round_robin_of_five_with_a_restart(tmp_path, test_games):
    fake, clock, settings = FakeDiscord(), FakeClock(), settings_for(tmp_path)
    async with running_bot(fake, settings, clock) as bot:
        await sign_up(fake, "Winter", "round robin")
        assert len(fake.threads()) == 2  # round 1: two matches, a bye
        paired = [
            m["content"] for m in fake.messages_in(fake.channel_id) if "is paired" in m["content"]
        ]
        assert len(paired) == 1 and "round 1 is paired" in paired[0] and "Bye: <@" in paired[0]
        assert await play_until(fake, bot, "Winter", 5) == 5  # rounds 1, 2 and half of 3
        assert len(await open_boards(bot, "Winter")) == 1
    async with running_bot(fake, settings, clock) as bot:  # a restart mid-round
        assert await play_until(fake, bot, "Winter", 99) == 5
        table = await bot.service.leagues.league_table(fake_guild(bot), "Winter")
    assert table.league.status == "over" and len(table.rounds) == 5
    assert len(fake.threads()) == 10  # every pair met once, each in its own thread
    met = Counter(frozenset(b.pairing.seats) for b in table.boards)
    assert len(met) == 10 and set(met.values()) == {1}
    firsts = Counter(b.pairing.seats[0] for b in table.boards)
    assert set(firsts.values()) == {2}  # colours balanced: two games first for everyone
    assert all(line.games == 4 and line.byes == 1 for line in table.lines)
    assert sum(line.points for line in table.lines) == 15
    posts = standings_posts(fake)
    assert len(posts) == 10  # after every result
    final = posts[-1]["content"]
    assert "League **Winter**: final standings." in final and "The league is over." in final
    assert "Sonneborn-Berger" in final
    for line in table.lines:
        assert f"{line.place}. <@{line.player}>" in final
    async with running_bot(fake, settings, clock) as bot:
        asked = await fake.slash(CAROL, "league standings", name="winter")
        assert asked[-1].ephemeral and asked[-1].content == final
        picture = Image.open(io.BytesIO(asked[-1].files["standings.png"]))
        assert picture.width > 200 and picture.height > 6 * 28  # headings and five rows
        assert picture.convert("RGB").getpixel((2, 2)) == get_theme("default").header
        typed = await fake.autocomplete(CAROL, "league schedule", "name", name="wIN")
        assert typed == [{"name": "Winter (over)", "value": "Winter"}]
        schedule = await fake.slash(CAROL, "league schedule", name="Winter")
        text = schedule[-1].content
        assert "**Round 5**" in text and text.count("1–0") + text.count("½–½") == 10


@pytest.mark.asyncio
async def test_a_swiss_with_a_leaver_and_a_deadline(tmp_path, test_games):
    fake, clock, settings = FakeDiscord(), FakeClock(), settings_for(tmp_path)
    async with running_bot(fake, settings, clock) as bot:
        await sign_up(
            fake, "Spring", "swiss", rounds=3, clock="none", round_days=3, adjudication="clock"
        )
        assert await play_until(fake, bot, "Spring", 2) == 2  # round 1
        table = await bot.service.leagues.league_table(fake_guild(bot), "Spring")
        assert len(table.rounds) == 2
        (bye,) = table.rounds[0][0].byes
        assert bye not in table.rounds[1][0].byes  # one bye at most each
        # DAVE leaves during round 2: his match is resigned, his later games forfeited
        (dave,) = [b for b in await open_boards(bot, "Spring") if DAVE in b.pairing.seats]
        left = await fake.slash(DAVE, "league leave", name="Spring")
        assert "Your later games are forfeited." in left[-1].content
        resigned = await bot.service.queries.get_match(dave.match_id)
        assert not resigned.active and DAVE not in resigned.result.winners
        await play_until(fake, bot, "Spring", 1)  # the rest of round 2
        table = await bot.service.leagues.league_table(fake_guild(bot), "Spring")
        third = table.rounds[2][0]
        assert DAVE not in third.players() and len(third.pairings) == 2 and not third.byes
        # round 3: one match is played, the other waits: at the deadline it is adjudicated
        await play_until(fake, bot, "Spring", 1)
        (waiting,) = await open_boards(bot, "Spring")
        match = await bot.service.queries.get_match(waiting.match_id)
        await play(fake, bot, match.id, ("a1",))  # seat 0 moves at once; seat 1 thinks
        clock.advance(days=3, hours=1)
        await bot.reminders.run_once()
        table = await bot.service.leagues.league_table(fake_guild(bot), "Spring")
        stopped = await bot.service.queries.get_match(match.id)
        assert not stopped.active and stopped.result.how == "cancel"
        board = next(b for b in table.boards if b.match_id == match.id)
        assert board.result.places == (1, 2)  # the second seat's clock ran longest
        assert table.league.status == "over"
    posts = [p["content"] for p in standings_posts(fake)]
    assert "League **Spring**: standings after round 1 of 3." in posts[0]
    final = posts[-1]
    assert "Buchholz" in final and "median Buchholz" in final and "The league is over." in final
    assert f"<@{DAVE}> (left)" in final
    thread = fake.messages_in(match.channel_id)
    assert any("league round's deadline has passed" in m["content"] for m in thread)
    dave_line = next(line for line in table.lines if line.player == DAVE)
    assert dave_line.games == 2  # his played games stand; he was paired no more


@pytest.mark.asyncio
async def test_sign_up_ends_by_itself_and_only_organisers_create(tmp_path, test_games):
    fake, clock, settings = FakeDiscord(), FakeClock(), settings_for(tmp_path)
    async with running_bot(fake, settings, clock) as bot:
        refused = await fake.slash(ALICE, "league create", name="A", game="test-swap",
                                   format="round robin")  # fmt: skip
        assert refused[-1].ephemeral and "Only the server's admins" in refused[-1].content
        organisers = GUILD + 1  # the "Players" role every member has
        await fake.slash(MOD, "league role", role=organisers)
        for name in ("Full", "Empty"):
            created = await fake.slash(ALICE, "league create", name=name, game="test-swap",
                                       format="round robin", signup_days=2)  # fmt: skip
            assert created[-1].content == f"League {name} is open for sign-up; you are in it."
        await fake.slash(BOB, "league join", name="Full")
        clock.advance(days=2)
        await bot.reminders.run_once()
        said = [m["content"] for m in fake.messages_in(fake.channel_id)]
        assert any("League **Empty** is called off" in text for text in said)
        assert any("League **Full**: round 1 is paired" in text for text in said)
        assert len(fake.threads()) == 1
        match = await bot.service.queries.match_in_channel(int(fake.threads()[0]["id"]))
        assert sorted(match.members) == [ALICE, BOB]
