"""The commands `python -m bot sync` uploads: a golden file, help on every command and
option, and the upload itself (globally and to one server) through the fake Discord.

When a command changes on purpose, regenerate the golden file and commit it:

    .venv/bin/python -m bot sync --print > tests/bot/golden/commands.json

and after deploying, run `python -m bot sync` so Discord shows the new commands.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.discord.client import command_payload, upload_commands
from tests.bot.discord_harness import GUILD, FakeClock, FakeDiscord, running_bot, settings_for

GOLDEN = Path(__file__).parent.parent / "golden" / "commands.json"


def dumped(payload: list[dict]) -> str:
    """The payload as `python -m bot sync --print` writes it."""
    return json.dumps(payload, indent=2, sort_keys=True) + "\n"


def walk_options(command: dict, path: str = ""):
    for option in command.get("options", []):
        yield f"{path}/{command['name']} {option['name']}", option
        yield from walk_options(option, f"{path}/{command['name']}")


@pytest.mark.asyncio
async def test_the_uploaded_commands_match_the_golden_file(tmp_path):
    async with running_bot(FakeDiscord(), settings_for(tmp_path), FakeClock()) as bot:
        payload = await command_payload(bot)
    assert dumped(payload) == GOLDEN.read_text(), (
        "The slash commands changed: regenerate tests/bot/golden/commands.json with "
        "`.venv/bin/python -m bot sync --print > tests/bot/golden/commands.json`."
    )


def test_every_command_and_option_is_described_within_discords_limits():
    payload = json.loads(GOLDEN.read_text())
    assert len(payload) <= 100
    for command in payload:
        assert command["contexts"] in ([0], [0, 1, 2]), command["name"]
        assert command["integration_types"] in ([0], [0, 1]), command["name"]
        assert 0 < len(command["description"]) <= 100
        for where, option in walk_options(command):
            assert option["description"] != "…", where
            assert 0 < len(option["description"]) <= 100, where
            assert len(option["name"]) <= 32 and option["name"] == option["name"].lower()
    admin = next(c for c in payload if c["name"] == "admin")
    assert int(admin["default_member_permissions"]) == 32  # Manage Server


@pytest.mark.asyncio
async def test_sync_uploads_globally_or_to_one_server(tmp_path):
    fake = FakeDiscord()
    async with running_bot(fake, settings_for(tmp_path), FakeClock()) as bot:
        payload = await command_payload(bot)
        uploaded = await upload_commands(bot)
        assert fake.synced["global"] == payload and len(uploaded) == len(payload)
        await upload_commands(bot, GUILD)
        assert [c["name"] for c in fake.synced[str(GUILD)]] == [c["name"] for c in payload]
    puts = [c for c in fake.calls if c.kind == "sync"]
    assert [c.path for c in puts] == [
        f"/applications/{fake.bot_id}/commands",
        f"/applications/{fake.bot_id}/guilds/{GUILD}/commands",
    ]


@pytest.mark.asyncio
async def test_starting_the_bot_uploads_nothing(tmp_path):
    fake = FakeDiscord()
    async with running_bot(fake, settings_for(tmp_path), FakeClock()):
        pass
    assert [c.kind for c in fake.calls] == ["me", "app"]
