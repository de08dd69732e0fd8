"""Who reads in which language, through the real bot in the fake Discord with the real
translations: a server's public posts in the language its admins chose with `/admin
language` (else its preferred locale), and what the background round sends unprompted in
each member's remembered language (direct messages) or the server's (pings in threads)."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

import pytest

from bot.discord import speech
from bot.match.errors import CannotSave, NotAllowed
from bot.match.phrases import Message
from bot.presentation.catalogue import write
from bot.presentation.clocks import span_words
from bot.presentation.language import moment_words, speaking
from bot.presentation.refusals import REFUSALS
from bot.service import SettingsPart
from bot.store.health import CANNOT_SAVE
from tests.bot.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    EPHEMERAL,
    MOD,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
)


def public(fake: FakeDiscord, channel: int) -> list[str]:
    """What was posted for everyone in a channel or thread."""
    return [m["content"] for m in fake.messages_in(channel) if not m["flags"] & EPHEMERAL]


async def move(fake: FakeDiscord, bot, match_id: int, thread: int) -> str:
    """The player to act plays their first legal move; the thread's post about it."""
    match = await bot.service.queries.get_match(match_id)
    notation = match.state.format_move(match.state.legal_moves()[0])
    await fake.slash(match.to_act, "move", channel_id=thread, notation=notation)
    return public(fake, thread)[-1]


@pytest.mark.asyncio
async def test_admin_language_sets_the_public_posts_and_auto_returns_to_discords(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    fake.preferred_locale = "de"
    fake.locales = {MOD: "es-ES"}
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        calls = await fake.slash(MOD, "admin show")
        assert calls[-1].ephemeral
        assert "Los mensajes públicos están en Deutsch, el idioma del servidor" in calls[-1].content
        calls = await fake.slash(MOD, "admin language", language="fr")
        assert "Los mensajes públicos están en Français, como eligieron" in calls[-1].content
        match_id, thread = await start_match(fake, ALICE, BOB)
        assert " a joué `" in await move(fake, bot, match_id, thread)
        calls = await fake.slash(MOD, "admin language", language="auto")
        assert "están en Deutsch, el idioma del servidor en Discord" in calls[-1].content
        assert " spielt `" in await move(fake, bot, match_id, thread)
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:  # after a restart
        await fake.slash(MOD, "admin language", language="fr")
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        assert " a joué `" in await move(fake, bot, match_id, thread)


@pytest.mark.asyncio
async def test_the_background_round_dms_in_the_members_language_and_pings_in_the_servers(
    tmp_path,
):
    fake, clock = FakeDiscord(), FakeClock()
    fake.preferred_locale = "fr"
    fake.locales = {ALICE: "de", BOB: "de"}
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        for member in (ALICE, BOB):  # their last interaction: German, remembered
            await fake.slash(member, "settings notices", dm="also", warnings="24")
        fake.locales = {}  # later interactions say nothing: what they saw last is kept
        late = (await bot.service.queries.get_match(match_id)).to_act
        clock.now = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
        clock.advance(hours=49)  # 23 hours left: the warning, by DM and as a ping
        await bot.reminders.run_once()
        [warning] = [m["content"] for m in fake.dms_to(late)]
        assert warning.startswith(f"<@{late}>, deine Zeit in Partie #{match_id} (Skift) läuft")
        pinged = [t for t in public(fake, thread) if t.startswith(f"<@{late}>,")]
        assert pinged and f"ton temps dans la partie #{match_id} (Skift) expire" in pinged[-1]


@pytest.mark.asyncio
async def test_a_turn_dm_is_in_the_members_language_the_thread_in_the_servers(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    fake.preferred_locale = "fr"
    fake.locales = {ALICE: "es-ES", BOB: "de"}
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB)
        for member in (ALICE, BOB):
            await fake.slash(member, "settings notices", dm="also")
        mover = (await bot.service.queries.get_match(match_id)).to_act
        waiting = BOB if mover == ALICE else ALICE
        assert " a joué `" in await move(fake, bot, match_id, thread)
        [notice] = [m["content"] for m in fake.dms_to(waiting)]
        expected = "Tu turno en la partida" if waiting == ALICE else "Du bist am Zug in Partie"
        assert notice.startswith(f"{expected} #{match_id} (Skift)")


@pytest.mark.asyncio
async def test_what_quiet_hours_held_comes_after_them_in_the_members_language(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    fake.preferred_locale = "fr"
    fake.locales = {ALICE: "de", BOB: "de"}
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        for member in (ALICE, BOB):
            await fake.slash(member, "settings notices", dm="instead", quiet_start=22, quiet_end=7)
        clock.now = datetime(2026, 1, 5, 23, 30, tzinfo=UTC)
        mover = (await bot.service.queries.get_match(match_id)).to_act
        waiting = BOB if mover == ALICE else ALICE
        assert " a joué `" in await move(fake, bot, match_id, thread)
        clock.now = datetime(2026, 1, 6, 7, 0, tzinfo=UTC)
        await bot.reminders.run_once()
        [batch] = [m["content"] for m in fake.dms_to(waiting)]
        assert batch.startswith("Während deiner Ruhezeit:\n")
        assert f"Du bist am Zug in Partie #{match_id} (Skift)" in batch


@pytest.mark.asyncio
async def test_the_servers_languages_are_read_later_when_the_database_did_not_answer(
    tmp_path, monkeypatch
):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock):
        await fake.slash(MOD, "admin language", language="fr")
    read = SettingsPart.guild_languages
    tries = []

    async def first_unreachable(settings: SettingsPart) -> dict[int, str]:
        tries.append(settings)
        if len(tries) == 1:
            raise CannotSave(CANNOT_SAVE)
        return await read(settings)

    monkeypatch.setattr(SettingsPart, "guild_languages", first_unreachable)
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:  # restarted
        match_id, thread = await start_match(fake, ALICE, BOB)
        assert " played `" in await move(fake, bot, match_id, thread)  # preferred: English
        await bot.reminders.run_once()
        assert " a joué `" in await move(fake, bot, match_id, thread)
        await bot.reminders.run_once()
    assert len(tries) == 2  # read once it worked, not at every round


#: What each member reads privately after their move, in their own language.
PLAYED = {ALICE: "Played `", BOB: "` gespielt.", CAROL: "Tu as joué `", DAVE: "Jugaste `"}
#: The label of each member's button confirming their resignation.
RESIGN = {
    ALICE: "Resign match #{match}",
    BOB: "Partie #{match} aufgeben",
    CAROL: "Abandonner la partie #{match}",
    DAVE: "Abandonar partida #{match}",
}


@pytest.mark.asyncio
async def test_a_whole_match_of_four_locales_each_reads_their_own_and_the_server_french(
    tmp_path,
):
    fake, clock = FakeDiscord(), FakeClock()
    fake.locales = {ALICE: "en-US", BOB: "de", CAROL: "fr", DAVE: "es-ES", MOD: "en-US"}
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        await fake.slash(MOD, "admin language", language="fr")
        await fake.slash(DAVE, "settings notices", dm="also")
        match_id, thread = await start_match(fake, ALICE, BOB, CAROL, DAVE, game="shiftago")
        for _ in range(4):  # a round: each plays once
            match = await bot.service.queries.get_match(match_id)
            mover = match.to_act
            notation = match.state.format_move(match.state.legal_moves()[0])
            calls = await fake.slash(mover, "move", channel_id=thread, notation=notation)
            assert PLAYED[mover] in [c for c in calls if c.ephemeral][-1].content
            post = next(c for c in calls if c.kind == "send_message")
            assert f"<@{mover}> a joué `{notation}` : " in post.content
            alt = post.json["attachments"][0]["description"]
            assert alt.startswith("Pendules : ") and " : reste " in alt
            assert "Shiftago Express, 4 joueurs, coup " in alt and "d'insérer une bille." in alt
            assert " billes en main" in alt and "Sur le plateau : " in alt
        [notice] = [m["content"] for m in fake.dms_to(DAVE)]
        assert notice.startswith(f"Tu turno en la partida #{match_id} (Shiftago)")
        for _ in range(3):  # three resign in turn: the last one left wins
            resigning = (await bot.service.queries.get_match(match_id)).to_act
            calls = await fake.slash(resigning, "resign", channel_id=thread)
            confirm = fake.last_message(thread, ephemeral=True)
            label = confirm["components"][0]["components"][0]["label"]
            assert label == RESIGN[resigning].format(match=match_id)
            calls = await fake.click(resigning, confirm["id"], f"sc:match:{match_id}:resign")
            assert [c for c in calls if c.ephemeral]
        assert not (await bot.service.queries.get_match(match_id)).active
        await bot.poster.idle()  # the replay, drawn after the answer
        replay = fake.messages_in(thread)[-1]
        assert replay["content"].startswith(f"Replay de la partie #{match_id}"), replay
        calls = await fake.slash(MOD, "admin language", language="auto")
        assert "Public posts are written in English, the server's language" in calls[-1].content
        second, thread = await start_match(fake, CAROL, DAVE)  # public posts: English again
        assert f"<@{(await bot.service.queries.get_match(second)).to_act}> played `" in await move(
            fake, bot, second, thread
        )


def test_log_lines_are_english_whatever_is_spoken():
    refusal = NotAllowed(Message("settings.block_yourself"))
    with speaking("de"):
        logged = str(refusal)
    assert logged == REFUSALS["settings.block_yourself"]
    with speaking("de"):  # while the player reads it in German
        assert write(refusal.sentence, str, str) != logged


@pytest.mark.parametrize(
    ("spoken", "moment", "span"),
    [
        ("en", "Sun, Mar 1, 18:00", "2 days 1 hour"),
        ("de", "So., 1. März, 18:00", "2 Tage 1 Stunde"),
        ("fr", "dim. 1 mars, 18:00", "2 jours 1 heure"),
        ("es", "dom, 1 mar, 18:00", "2 días y 1 hora"),
    ],
)
def test_dates_and_durations_in_the_readers_language(spoken, moment, span):
    with speaking(spoken):
        assert moment_words(datetime(2026, 3, 1, 18, 0, tzinfo=UTC)) == moment
        assert span_words(timedelta(days=2, hours=1)) == span


@pytest.mark.asyncio
async def test_languages_are_stored_in_each_kind_of_database(service):
    assert await service.settings.guild_languages() == {}
    assert (await service.settings.guild_settings(8)).language is None
    assert (await service.settings.set_guild_language(8, "fr")).language == "fr"
    await service.settings.set_guild_language(9, "de")
    await service.settings.set_guild_language(9, None)  # auto: Discord's preferred locale again
    assert await service.settings.guild_languages() == {8: "fr"}
    assert await service.settings.member_locales([7, 5]) == {}
    await service.settings.remember_locale(7, "es-ES")
    await service.settings.remember_locale(7, "de")
    await service.settings.remember_locale(5, "fr")
    assert await service.settings.member_locales([7, 5, 4]) == {7: "de", 5: "fr"}
    assert await service.settings.member_locales([]) == {}


@pytest.mark.asyncio
async def test_a_process_keeps_the_locales_of_the_members_seen_latest_only(tmp_path, monkeypatch):
    monkeypatch.setattr(speech, "LOCALES_KEPT", 2)
    fake = FakeDiscord()
    fake.locales = {ALICE: "de", BOB: "fr", CAROL: "es-ES"}
    async with running_bot(fake, settings_for(tmp_path), FakeClock()) as bot:
        for member in (ALICE, BOB, CAROL):
            await fake.slash(member, "about")
        # Changed behind the bot's back: a write shows who it no longer keeps.
        for member in (ALICE, CAROL):
            await bot.service.settings.remember_locale(member, "en-US")
        for member in (ALICE, CAROL):
            await fake.slash(member, "about")
        locales = await bot.service.settings.member_locales([ALICE, CAROL])
    assert locales == {ALICE: "de", CAROL: "en-US"}  # alice forgotten and written again


@pytest.mark.asyncio
@pytest.mark.parametrize("locale", ["x" * 1_000_000, "de\x00", None, "xx-YY"])
async def test_only_discords_locales_are_stored_and_the_member_is_answered(
    databases, tmp_path, locale
):
    fake = FakeDiscord()
    fake.locales = {ALICE: locale}
    async with running_bot(fake, await databases.settings(), FakeClock()) as bot:
        calls = await fake.slash(ALICE, "about")
        assert calls[-1].kind == "followup" and "Shiftcord" in calls[-1].content
        assert await bot.service.settings.member_locales([ALICE]) == {}
        for odd in ("x" * 1000, "de\x00"):  # nor does the service store such a locale
            await bot.service.settings.remember_locale(BOB, odd)
        assert await bot.service.settings.member_locales([BOB]) == {}


@pytest.mark.asyncio
async def test_no_failure_to_store_a_locale_keeps_the_member_from_an_answer(tmp_path, caplog):
    caplog.set_level(logging.INFO, "shiftcord")
    fake = FakeDiscord()
    fake.locales = {ALICE: "de"}
    async with running_bot(fake, settings_for(tmp_path), FakeClock()) as bot:

        async def broken(member_id: int, locale: str) -> None:
            raise RuntimeError("the store failed in a way nobody foresaw")

        bot.service.settings.remember_locale = broken
        calls = await fake.slash(ALICE, "about")
        assert calls[-1].kind == "followup" and calls[-1].content
        assert "could not remember the locale of member" in caplog.text
