"""/about end to end: the version, uptime, gateway latency and number of servers, privately."""

from __future__ import annotations

import time
from importlib import metadata

import pytest

from bot.discord.client import ShiftcordClient
from tests.bot.discord_harness import ALICE, FakeClock, FakeDiscord, running_bot, settings_for


def private_answer(calls):
    """The final answer of an interaction, checked to be seen only by whoever asked."""
    assert calls[0].json["type"] == 5 and calls[0].ephemeral
    assert "send_message" not in [c.kind for c in calls]
    return calls[-1].content


@pytest.mark.asyncio
async def test_about_shows_version_uptime_latency_and_servers(tmp_path, monkeypatch):
    fake = FakeDiscord()
    async with running_bot(fake, settings_for(tmp_path), FakeClock()) as bot:
        text = private_answer(await fake.slash(ALICE, "about"))
        assert f"**Shiftcord {metadata.version('shiftcord')}**" in text
        assert "Running for 0 minutes." in text
        assert "Latency to Discord's gateway: not measured yet." in text  # no heartbeat yet
        assert "Servers: 1." in text

        bot.get_cog("About").started -= 2 * 86400 + 5 * 3600 + 120
        monkeypatch.setattr(ShiftcordClient, "latency", property(lambda self: 0.0424))
        text = private_answer(await fake.slash(ALICE, "about"))
        assert "Running for 2 days 5 hours." in text
        assert "Latency to Discord's gateway: 42 ms." in text

        bot.get_cog("About").started = time.monotonic() - 3570
        assert "Running for 59 minutes." in private_answer(await fake.slash(ALICE, "about"))
