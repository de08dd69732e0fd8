"""/help end to end: a member's guide, and the admin part only for Manage Server."""

from __future__ import annotations

import pytest

import games
from tests.bot.discord_harness import (
    ALICE,
    MOD,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
)


@pytest.mark.asyncio
async def test_help_shows_the_admin_part_only_to_admins(tmp_path):
    fake = FakeDiscord()
    async with running_bot(fake, settings_for(tmp_path), FakeClock()):
        member = await fake.slash(ALICE, "help")
        assert fake.member_permissions(MOD).manage_guild
        admin = await fake.slash(MOD, "help")
    for calls in (member, admin):
        answers = [c for c in calls if c.kind == "followup"]
        assert answers and all(c.ephemeral and len(c.content) <= 2000 for c in answers)
    member_text = "\n".join(c.content for c in member if c.kind == "followup")
    admin_text = "\n".join(c.content for c in admin if c.kind == "followup")
    for text in (member_text, admin_text):
        assert "- `/challenge`: Challenge members" in text
        assert "- `/draw` offer · accept · decline:" in text
        for name in games.names():
            assert f"{games.get(name).title}: `/rules game:{name}`" in text
    assert "/admin" not in member_text and "For server admins" not in member_text
    assert "**For server admins** (Manage Server)" in admin_text
    assert "- `/admin cancel`: Cancel an active match" in admin_text
    assert admin_text.startswith(member_text.split("**Games**")[0].rstrip())
