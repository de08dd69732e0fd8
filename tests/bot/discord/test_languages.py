"""Each member reads what only they see in their Discord client's language, and everyone
reads public posts in the server's (its preferred locale), through the real bot in the fake
Discord: with translations of a few sentences (the .po files are read as they are)."""

from __future__ import annotations

import pytest

from bot.presentation import language
from tests.bot.discord_harness import (
    ALICE,
    BOB,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
)

HEADER = r"""
msgid ""
msgstr ""
"Language: {language}\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"
"Content-Type: text/plain; charset=utf-8\n"
"""
#: A few sentences of a move, in German and French.
TRANSLATIONS = {
    "de": r"""
msgid "Played `{move}`."
msgstr "`{move}` gespielt."
msgid "{player} played `{move}`: {words}."
msgstr "{player} spielte `{move}`: {words}."
""",
    "fr": r"""
msgid "Played `{move}`."
msgstr "Vous avez joué `{move}`."
msgid "{player} played `{move}`: {words}."
msgstr "{player} a joué `{move}` : {words}."
""",
}


@pytest.fixture
def translated(tmp_path, monkeypatch):
    for code, entries in TRANSLATIONS.items():
        (tmp_path / code).mkdir()
        po = HEADER.replace("{language}", code) + entries
        (tmp_path / code / "messages.po").write_text(po, encoding="utf-8")
    monkeypatch.setattr(language, "LOCALES", tmp_path)
    language._translations.cache_clear()
    yield
    language._translations.cache_clear()


async def play_one(fake: FakeDiscord, bot, thread: int, match_id: int) -> tuple[str, str]:
    """The mover's private answer to a /move and the thread's post about it."""
    match = await bot.service.queries.get_match(match_id)
    notation = match.state.format_move(match.state.legal_moves()[0])
    calls = await fake.slash(match.to_act, "move", channel_id=thread, notation=notation)
    private = [c for c in calls if c.kind in ("callback", "followup") and c.ephemeral]
    posted = [
        m for m in fake.messages_in(thread) if "played" in m["content"] or "joué" in m["content"]
    ]
    return private[-1].content, posted[-1]["content"]


@pytest.mark.asyncio
async def test_private_answers_in_the_members_language_public_posts_in_the_servers(
    tmp_path, translated
):
    fake, clock = FakeDiscord(), FakeClock()
    fake.preferred_locale = "fr"
    fake.locales = {ALICE: "de", BOB: "en-GB"}
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB)
        first = (await bot.service.queries.get_match(match_id)).to_act
        mine, public = await play_one(fake, bot, thread, match_id)
        if first == ALICE:
            assert mine.startswith("`") and mine.endswith("` gespielt.")
        else:
            assert mine.startswith("Played `")
        assert " a joué `" in public and " played " not in public
        mine, public = await play_one(fake, bot, thread, match_id)
        assert mine.startswith("Played `") if first == ALICE else mine.endswith("` gespielt.")
        assert " a joué `" in public
        assert language.spoken() == "en"  # the test's own context: nothing leaked into it
