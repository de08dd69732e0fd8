"""Shards: SHARD_COUNT and SHARD_IDS checked and handed to discord.py (an AutoShardedBot
that runs exactly those shards, or as many as Discord recommends), the background work of
a process limited to the servers on its shards, and claims on work in the database."""

from __future__ import annotations

from datetime import timedelta

import discord
import pytest

from bot.config import ConfigError, Settings
from bot.discord.client import ShiftcordClient
from bot.service import ChallengeRequest, MatchRules, MatchService
from bot.store import claims, open_store
from tests.bot import discord_harness as harness
from tests.bot.service_fixtures import START, FakeClock, make_settings

#: Servers on shard 0 and shard 1 of two (Discord: (id >> 22) % shards).
ON_0, ON_1 = 1000, (1 << 22) + 1000


@pytest.fixture
def environment(monkeypatch, tmp_path):
    """No .env file, and neither shard setting in the environment."""
    for name in ("SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch, tmp_path / "missing.env"


def test_shard_settings_are_read_from_the_environment(environment):
    monkeypatch, env_file = environment
    monkeypatch.setenv("SHARD_COUNT", "4")
    settings = Settings.from_env(env_file)
    assert (settings.shard_count, settings.shard_ids) == (4, None)  # all four
    monkeypatch.setenv("SHARD_IDS", " 3, 1,3 ")
    settings = Settings.from_env(env_file)
    assert (settings.shard_count, settings.shard_ids) == (4, (1, 3))


@pytest.mark.parametrize(
    ("count", "ids", "message"),
    [
        (
            "",
            "0",
            "SHARD_IDS needs SHARD_COUNT: set SHARD_COUNT to the number of shards of all the "
            "bot's processes together, or leave both unset.",
        ),
        ("2", "0,2", "SHARD_IDS may only hold shards 0 to 1 (SHARD_COUNT is 2), not 2."),
        ("2", "0;1", "SHARD_IDS must be shard numbers separated by commas (like 0,1), not '0;1'."),
        ("2", "1,", "SHARD_IDS must be shard numbers separated by commas (like 0,1), not '1,'."),
        ("2", "-1", "SHARD_IDS must be shard numbers separated by commas (like 0,1), not '-1'."),
    ],
)
def test_shard_ids_out_of_range_are_refused_in_plain_words(environment, count, ids, message):
    monkeypatch, env_file = environment
    monkeypatch.setenv("SHARD_COUNT", count)
    monkeypatch.setenv("SHARD_IDS", ids)
    with pytest.raises(ConfigError) as caught:
        Settings.from_env(env_file)
    assert str(caught.value) == message


def test_a_process_runs_the_servers_of_its_shards(tmp_path):
    base = make_settings(tmp_path / "db.sqlite3")
    assert base.runs_guild(ON_0) and base.runs_guild(ON_1)  # unset: every server
    first = make_settings(tmp_path / "db.sqlite3", shard_count=2, shard_ids=(0,))
    assert first.runs_guild(ON_0) and not first.runs_guild(ON_1)
    both = make_settings(tmp_path / "db.sqlite3", shard_count=2, shard_ids=(0, 1))
    assert both.runs_guild(ON_0) and both.runs_guild(ON_1)


async def _launched(bot: ShiftcordClient, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The shards discord.py would connect (their websockets are not opened)."""
    launched: list[int] = []

    async def launch_shard(gateway: object, shard_id: int, *, initial: bool = False) -> None:
        launched.append(shard_id)

    async def get_bot_gateway(*_: object, **__: object) -> tuple[int, str, dict]:
        return 3, "wss://gateway.discord.gg", {}  # Discord recommends three shards

    monkeypatch.setattr(bot, "launch_shard", launch_shard)
    monkeypatch.setattr(bot.http, "get_bot_gateway", get_bot_gateway)
    await bot.launch_shards()
    return launched


@pytest.mark.asyncio
async def test_the_shard_settings_reach_discord_py(tmp_path, monkeypatch):
    chosen = ShiftcordClient(harness.settings_for(tmp_path, shard_count=4, shard_ids=(1, 3)), None)
    assert isinstance(chosen, discord.AutoShardedClient)
    assert await _launched(chosen, monkeypatch) == [1, 3]
    assert (chosen.shard_count, chosen._connection.shard_count) == (4, 4)
    counted = ShiftcordClient(harness.settings_for(tmp_path, shard_count=2), None)
    assert await _launched(counted, monkeypatch) == [0, 1]
    unset = ShiftcordClient(harness.settings_for(tmp_path), None)
    assert await _launched(unset, monkeypatch) == [0, 1, 2]  # as Discord recommends
    assert unset.shard_count == 3


@pytest.mark.asyncio
async def test_a_sharded_bot_answers_on_the_fake_discord(tmp_path):
    shard = (harness.GUILD >> 22) % 2
    settings = harness.settings_for(tmp_path, shard_count=2, shard_ids=(shard,))
    fake, clock = harness.FakeDiscord(), harness.FakeClock()
    async with harness.running_bot(fake, settings, clock) as bot:
        assert bot.get_guild(harness.GUILD).shard_id == shard
        match_id, thread = await harness.start_match(fake, harness.ALICE, harness.BOB)
        assert (await bot.service.queries.get_match(match_id)).channel_id == thread


#: The server's clock, and late turns that wait for a claim (so that the matches wait).
CLAIMED = MatchRules(0, auto_timeout=False, takebacks=True)


@pytest.mark.asyncio
async def test_tick_does_only_the_servers_of_the_process_shards(tmp_path):
    clock = FakeClock(START)
    path = tmp_path / "db.sqlite3"
    opened = {
        shard: await MatchService.open(
            make_settings(path, shard_count=2, shard_ids=(shard,)), clock=clock
        )
        for shard in (0, 1)
    }
    try:
        matches = {}
        for n, guild in enumerate((ON_0, ON_1)):
            posted = await opened[0].challenges.create_challenge(
                ChallengeRequest(guild, 5, 1 + n, "skift", opponents=[10 + n], rules=CLAIMED)
            )
            matches[guild] = (
                await opened[0].challenges.accept_challenge(posted.id, 10 + n)
            ).match.id
            await opened[0].play.attach_channel(matches[guild], 6000 + guild)
            await opened[0].challenges.create_challenge(
                ChallengeRequest(guild, 5, 20 + n, "skift", opponents=[30 + n])
            )
        clock.advance(days=7, hours=1)  # the matches wait for a move, the challenges expire
        for shard, guild in ((0, ON_0), (1, ON_1)):
            report = await opened[shard].clocks.tick(mark_sent=False)
            assert [r.match.id for r in report.reminders] == [matches[guild]]
            assert [c.guild_id for c in report.expired_challenges] == [guild]
    finally:
        for service in opened.values():
            await service.close()


@pytest.mark.asyncio
async def test_a_claim_is_one_process_s_until_done_given_back_or_its_lease_runs_out(databases):
    store = await open_store(await databases.settings())
    lease = timedelta(minutes=5)
    now = START

    async def claim(worker: str, at: timedelta = timedelta(0)) -> bool:
        async with store.transaction() as conn:
            return await claims.claim(conn, "reminder", "7:1", worker, now + at, now + at + lease)

    try:
        assert await claim("a")
        assert not await claim("b")  # a's lease runs
        assert await claim("a", timedelta(minutes=1))  # a may retry its own
        assert not await claim("b", timedelta(minutes=5))  # (renewed at minute 1)
        assert await claim("b", timedelta(minutes=7))  # a stopped: its lease ran out
        async with store.transaction() as conn:
            await claims.release(conn, "reminder", "7:1", "a")  # no longer a's: stays
        assert not await claim("a", timedelta(minutes=8))
        async with store.transaction() as conn:
            await claims.release(conn, "reminder", "7:1", "b")
        assert await claim("a", timedelta(minutes=8))  # given back: anyone may take it
        async with store.transaction() as conn:
            await claims.finish(conn, "reminder", "7:1")
        assert not await claim("b", timedelta(days=1))  # done: never again, lease or not
        async with store.transaction() as conn:
            await claims.prune(conn, now + timedelta(days=2))
            assert await conn.rows("SELECT * FROM work_claims") == []
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_work_a_process_claims_is_given_back_when_it_stops(tmp_path):
    path, clock = tmp_path / "db.sqlite3", FakeClock(START)
    first = await MatchService.open(make_settings(path), clock=clock)
    second = await MatchService.open(make_settings(path), clock=clock)
    try:
        assert await first.core.claim_work("bot-move", "5:12")
        assert not await second.core.claim_work("bot-move", "5:12")
        await first.core.release_work("bot-move", "5:12")
        assert await second.core.claim_work("bot-move", "5:12")
        assert not await first.core.claim_work("bot-move", "5:12")
        await second.close()  # stopping: what it held, the others may take at once
        assert await first.core.claim_work("bot-move", "5:12")
        await first.core.finish_work("bot-move", "5:12")
        clock.advance(hours=1)
        assert not await first.core.claim_work("bot-move", "5:12")  # done
    finally:
        await first.close()
