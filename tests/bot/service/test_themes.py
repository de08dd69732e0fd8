"""Picture themes in the service: a server's default for its public pictures, a member's
own for what they see privately, refusals of unknown themes; and the match of a thread,
finished ones included."""

from __future__ import annotations

import pytest

from bot.match.actions import ABORT, RESIGN
from bot.service import BadOption
from tests.bot.service_fixtures import GUILD, act, dump, play_first_legal, start_match


@pytest.mark.asyncio
async def test_a_server_theme_and_a_members_own(service):
    assert (await service.settings.guild_settings(GUILD)).picture_theme == "default"
    assert (await service.settings.member_settings(1)).picture_theme is None
    assert (
        await service.settings.picture_theme(GUILD)
        == await service.settings.picture_theme(GUILD, 1)
        == "default"
    )
    server = await service.settings.set_guild_theme(GUILD, " Contrast ")
    assert server.picture_theme == "contrast" and server.clock_hours == 72
    assert await service.settings.picture_theme(GUILD) == "contrast"
    assert await service.settings.picture_theme(GUILD, 1) == "contrast"  # no theme of their own
    assert await service.settings.picture_theme(GUILD + 1, 1) == "default"  # another server
    mine = await service.settings.set_member_theme(1, "default")
    assert mine.picture_theme == "default" and mine.reminders
    assert await service.settings.picture_theme(GUILD, 1) == "default"
    assert (
        await service.settings.picture_theme(GUILD) == "contrast"
    )  # public pictures keep the server's
    await service.settings.set_reminders(1, False)  # other settings leave the theme alone
    assert (await service.settings.member_settings(1)).picture_theme == "default"
    await service.settings.set_member_theme(1, None)  # back to each server's own
    assert await service.settings.picture_theme(GUILD, 1) == "contrast"
    assert (await service.settings.member_settings(1)).reminders is False
    await service.settings.set_guild_clock(GUILD, 24)
    assert (await service.settings.guild_settings(GUILD)).picture_theme == "contrast"


@pytest.mark.asyncio
async def test_unknown_themes_are_refused_and_change_nothing(service):
    await service.settings.set_guild_theme(GUILD, "contrast")
    before = await dump(service.store)
    for attempt in (
        service.settings.set_guild_theme(GUILD, "neon"),
        service.settings.set_member_theme(1, ""),
    ):
        with pytest.raises(BadOption, match="^There is no picture theme .*; choose one of: def"):
            await attempt
    assert await dump(service.store) == before


@pytest.mark.asyncio
async def test_a_theme_the_renderer_no_longer_has_falls_back_to_default(service):
    await service.settings.set_guild_theme(GUILD, "contrast")
    await service.settings.set_member_theme(1, "contrast")
    async with service.store.transaction() as conn:  # written by a Shiftcord with more themes
        await conn.run("UPDATE guilds SET picture_theme = 'sepia'")
        await conn.run("UPDATE members SET picture_theme = 'sepia'")
    assert (await service.settings.guild_settings(GUILD)).picture_theme == "default"
    assert await service.settings.picture_theme(GUILD, 1) == "default"


@pytest.mark.asyncio
async def test_the_last_match_of_a_thread_includes_finished_ones(service):
    elsewhere = await start_match(service, (5, 6), channel=900)
    assert await service.queries.last_match_in_channel(777) is None
    first = await start_match(service, (1, 2), channel=777)
    assert (await service.queries.last_match_in_channel(777)).id == first.id
    await act(service, first.id, 1, RESIGN)
    assert await service.queries.match_in_channel(777) is None  # no active match there any more
    found = await service.queries.last_match_in_channel(777)
    assert found.id == first.id and found.status == "finished"
    second = await start_match(service, (3, 4), channel=777)
    await play_first_legal(service, second, 1)
    assert (await service.queries.last_match_in_channel(777)).id == second.id
    await act(service, second.id, 3, ABORT)
    assert (
        await service.queries.last_match_in_channel(777)
    ).id == second.id  # the newest ended one
    await service.play.attach_channel(elsewhere.id, 777)  # an older match moved in
    assert (
        await service.queries.last_match_in_channel(777)
    ).id == elsewhere.id  # the active one first
    assert await service.queries.last_match_in_channel(778) is None
