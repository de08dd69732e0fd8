"""The commands and buttons in four languages (the `commands` domain): the localizations
Discord receives with the commands, within its rules in every language; the buttons in
the language of whoever sees them; /help with the names the member's client shows; the
console in German."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po

from bot.console import environment_language, run_console
from bot.discord.client import upload_commands
from bot.discord.command_texts import commands_template
from bot.presentation import labels
from bot.presentation.extraction import is_current
from bot.presentation.language import TRANSLATED, speaking, translation_path
from tests.bot.discord_harness import (
    ALICE,
    BOB,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
)

#: Discord's locales of our languages, as the payload names them.
LOCALES = ("de", "fr", "es-ES", "es-419")


async def uploaded(tmp_path) -> list[dict]:
    """The commands as the bot's sync PUTs them to the fake Discord."""
    fake = FakeDiscord()
    async with running_bot(fake, settings_for(tmp_path), FakeClock()) as bot:
        await upload_commands(bot)
    return fake.synced["global"]


def levels(commands: list[dict]) -> Iterator[list[dict]]:
    """Each list of siblings: the top-level commands, then every command's options."""
    yield commands
    for command in commands:
        if command.get("options"):
            yield from levels(command["options"])


def is_discord_name(name: str) -> bool:
    """Discord's rule for a command's or an option's name (letters and numbers of any
    script, - and _; 1 to 32; lowercase)."""
    return (
        1 <= len(name) <= 32
        and name == name.lower()
        and all(c.isalnum() or c in "-_" for c in name)
    )


@pytest.mark.asyncio
async def test_the_uploaded_commands_carry_their_names_in_every_language(tmp_path):
    payload = await uploaded(tmp_path)
    move = next(c for c in payload if c["name"] == "move")
    assert move["name_localizations"] == {
        "de": "zug",
        "fr": "coup",
        "es-ES": "jugada",
        "es-419": "jugada",
    }
    assert move["description_localizations"]["de"].startswith("Spiel deinen Zug")
    match = next(o for o in move["options"] if o["name"] == "match")
    assert match["name_localizations"]["fr"] == "partie"
    draw = next(c for c in payload if c["name"] == "draw")
    offer = next(o for o in draw["options"] if o["name"] == "offer")
    assert offer["name_localizations"]["es-419"] == "ofrecer"
    challenge = next(c for c in payload if c["name"] == "challenge")
    level = next(o for o in challenge["options"] if o["name"] == "level")
    master = next(c for c in level["choices"] if c["value"] == "master")
    assert master["name_localizations"]["de"] == "Meister" and master["name"] == "master"


@pytest.mark.asyncio
async def test_every_localization_keeps_discords_limits_and_names_are_unique(tmp_path):
    payload = await uploaded(tmp_path)
    for siblings in levels(payload):
        for locale in LOCALES:
            names = [s.get("name_localizations", {}).get(locale, s["name"]) for s in siblings]
            assert len(names) == len(set(names)), (locale, names)
            for sibling in siblings:
                assert is_discord_name(sibling["name_localizations"][locale]), locale
                text = sibling["description_localizations"][locale]
                assert 1 <= len(text) <= 100, (locale, text)
                for choice in sibling.get("choices", []):
                    shown = choice.get("name_localizations", {}).get(locale, choice["name"])
                    assert 1 <= len(shown) <= 100, (locale, shown)


@pytest.mark.asyncio
async def test_the_commands_domain_is_current_and_translated_in_every_language(tmp_path):
    from bot.discord.client import built_payload

    template = commands_template(await built_payload(settings_for(tmp_path)))
    assert is_current(template), "run python -m bot.translations"
    for language in TRANSLATED:
        with translation_path(language, "commands").open("rb") as file:
            catalog = read_po(file, locale=language)
        entries = {(m.context, m.id): m for m in catalog if m.id}
        for message in template:
            if message.id:
                found = entries.get((message.context, message.id))
                assert found and found.string and not found.fuzzy, (language, message.id)


def test_button_labels_fit_discords_80_characters_in_every_language():
    for language in TRANSLATED:
        with speaking(language):
            shown = [labels.label(text) for text in labels.button_labels()]
        assert all(1 <= len(text) <= 80 for text in shown)
        assert set(shown).isdisjoint(labels.button_labels()), language


@pytest.mark.asyncio
async def test_board_buttons_in_the_servers_language_next_game_in_the_members(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    fake.preferred_locale = "de"
    fake.locales = {ALICE: "fr", BOB: "es-ES"}
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB)
        match = await bot.service.queries.get_match(match_id)
        mover = match.to_act
        notation = match.state.format_move(match.state.legal_moves()[0])
        calls = await fake.slash(mover, "move", channel_id=thread, notation=notation)
        answers = [str(c.json) for c in calls if c.ephemeral and c.content]
        assert ("Partie suivante" if mover == ALICE else "Siguiente partida") in answers[-1]
        await fake.slash(mover, "draw offer", channel_id=thread)
        board = [m for m in fake.messages_in(thread) if m["components"]][-1]
        shown = [b["label"] for row in board["components"] for b in row["components"]]
        assert shown == ["Spielen", "Remis annehmen", "Remis ablehnen"]
        assert [b["custom_id"] for row in board["components"] for b in row["components"]] == [
            f"sc:match:{match_id}:play",
            f"sc:match:{match_id}:draw-accept:1",
            f"sc:match:{match_id}:draw-decline:1",
        ]


@pytest.mark.asyncio
async def test_help_names_the_commands_as_the_members_client_shows_them(tmp_path):
    fake = FakeDiscord()
    fake.locales = {ALICE: "de"}
    async with running_bot(fake, settings_for(tmp_path), FakeClock()) as _:
        calls = await fake.slash(ALICE, "help")
    text = "\n".join(c.content for c in calls if c.ephemeral)
    assert "/zug" in text and "/remis" in text and "anbieten" in text
    assert "/move " not in text


def test_the_consoles_language_comes_from_the_environment():
    assert environment_language({"LANG": "de_DE.UTF-8"}) == "de"
    assert environment_language({"LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}) == "fr"
    assert environment_language({"LANG": "C.UTF-8"}) == "en"
    assert environment_language({}) == "en"


@pytest.mark.asyncio
async def test_a_short_session_in_the_german_console(tmp_path):
    lines = io.StringIO("challenge skift\nhelp\nquit\n")
    out = io.StringIO()
    await run_console(
        settings_for(tmp_path), tmp_path / "local.db", tmp_path, lines, out, language="de"
    )
    said = out.getvalue()
    assert "alice fordert" in said and "Skift" in said, said
    assert "challenges anyone" not in said


@pytest.mark.asyncio
async def test_sentences_name_commands_and_options_as_the_readers_client_shows_them(tmp_path):
    """A sentence telling a German member to use `/move match:3` names `/zug partie:3`, the
    command their client offers: every command or option a translated sentence mentions
    is in that language's names."""
    payload = await uploaded(tmp_path)
    renamed: dict[str, set[str]] = {locale: set() for locale in ("de", "fr", "es-ES")}
    for siblings in levels(payload):
        for entry in siblings:
            for locale, names in renamed.items():
                if entry.get("name_localizations", {}).get(locale, entry["name"]) != entry["name"]:
                    names.add(entry["name"])
    for language, locale in (("de", "de"), ("fr", "fr"), ("es", "es-ES")):
        catalogue = read_po(translation_path(language, "messages").open("rb"))
        mentions = [
            word
            for message in catalogue
            if message.id
            for text in (message.string if isinstance(message.string, tuple) else [message.string])
            for command in re.findall(r"(?<![\w/])/([a-z_]+(?: [a-z_]+:?)*)", text)
            for word in re.findall(r"[a-z_]+", command)
        ]
        assert mentions, language  # the sentences do mention commands
        assert [word for word in mentions if word in renamed[locale]] == [], language
