"""Each game's own texts (seat names, /rules, moves in words, results, its pictures' words)
in the languages it declares complete (`GameType.languages`): its catalogues
(games/<name>/locales, render/<name>/locales) are complete in those and kept in no other,
the texts every game shares are kept once (games/locales), and the presentation writes a
game's phrases in the language spoken, in the console's words and in the fake Discord."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from string import Formatter

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

import games
from bot.presentation.extraction import game_catalogues, is_current, shared_template
from bot.presentation.game_rules import rules_text
from bot.presentation.language import (
    TRANSLATED,
    game_template_path,
    game_translation_path,
    localised,
    speaking,
)
from bot.presentation.pictures import picture_words
from bot.presentation.writing import unwrapped
from games.skift.words import ending
from games.wording import SHARED_DOMAIN, Written
from tests.bot.discord_harness import (
    ALICE,
    BOB,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
)


def languages(name: str) -> tuple[str, ...]:
    """The languages the game called `name` declares complete."""
    return games.get(name).kind.languages


#: Every catalogue the registered games keep in their own folders (phrases, pictures' words).
CATALOGUES = {catalogue.domain: catalogue for catalogue in game_catalogues()}
#: Each catalogue with each language its game declares complete.
DECLARED = [(domain, language) for domain, c in CATALOGUES.items() for language in c.languages]
#: Each game with each language it declares complete.
GAME_LANGUAGES = [(name, language) for name in games.names() for language in languages(name)]


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name}


def _code(text: str) -> list[str]:
    """The `code` spans of a help text: what players type, the same in every language."""
    return re.findall(r"`[^`\n]+`", text)


def complete(template: Catalog, path: Path, language: str) -> None:
    """The .po file at `path` holds exactly the template's entries (no stale one), each
    translated, not fuzzy, with the English placeholders."""
    with path.open("rb") as file:
        catalog = read_po(file, locale=language)
    entries = [m for m in catalog if m.id]
    assert [m.id for m in entries] == [m.id for m in template if m.id]
    for entry in entries:
        ids = [entry.id] if isinstance(entry.id, str) else list(entry.id)
        forms = [entry.string] if isinstance(entry.string, str) else list(entry.string)
        assert not entry.fuzzy and all(forms), (language, entry.id)
        english = set().union(*map(_placeholders, ids))
        assert all(_placeholders(form) == english for form in forms), (language, entry.id)


@pytest.mark.parametrize("domain", CATALOGUES)
def test_the_games_templates_are_extracted_from_their_code_as_it_is(domain):
    assert is_current(CATALOGUES[domain].template, game_template_path(domain)), (
        f"{domain}: run ./scripts/translations"
    )


@pytest.mark.parametrize(("domain", "language"), DECLARED)
def test_every_text_is_translated_in_each_language_its_game_declares(domain, language):
    complete(CATALOGUES[domain].template, game_translation_path(language, domain), language)


@pytest.mark.parametrize("domain", CATALOGUES)
def test_no_language_the_game_does_not_declare_keeps_a_file(domain):
    """A language left out is read in English, whole: no half-translated file lingers."""
    catalogue = CATALOGUES[domain]
    kept = {path.stem for path in game_template_path(domain).parent.glob("*.po")}
    assert kept == set(catalogue.languages), f"{catalogue.game} declares {catalogue.languages}"
    assert not catalogue.missing().keys() & set(catalogue.languages)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_texts_every_game_shares_are_kept_once_and_translated(language):
    template = shared_template()
    assert is_current(template, game_template_path(SHARED_DOMAIN))
    complete(template, game_translation_path(language, SHARED_DOMAIN), language)
    for domain, catalogue in CATALOGUES.items():
        assert not {m.id for m in template if m.id} & {m.id for m in catalogue.template}, domain


@pytest.mark.parametrize(("name", "language"), GAME_LANGUAGES)
def test_every_game_has_its_help_in_each_language_it_declares_with_the_same_notation(
    name, language
):
    help_text = games.get(name).kind.notation_help
    assert isinstance(help_text, Written)
    translated = help_text.versions[language]
    assert translated != help_text
    assert _code(translated) == _code(help_text)


@pytest.mark.parametrize("name", games.names())
def test_no_help_is_kept_in_a_language_the_game_does_not_declare(name):
    help_text = games.get(name).kind.notation_help
    versions = help_text.versions if isinstance(help_text, Written) else {}
    assert set(versions) == set(languages(name))


@pytest.mark.parametrize("name", [name for name in games.names() if "de" in languages(name)])
def test_rules_in_german_come_in_german_and_english_stays_as_it_was(name):
    game = games.get(name)
    english = rules_text(game)
    with speaking("de"):
        german = rules_text(game)
    kind = game.kind
    assert kind.summary.strip() in english and unwrapped(kind.notation_help) in english
    with speaking("de"):
        summary = localised(kind.summary)
    assert summary != kind.summary
    assert summary.strip() in german and unwrapped(kind.notation_help.versions["de"]) in german
    assert kind.summary.strip() not in german
    for option in kind.options:
        with speaking("de"):
            assert localised(option.help) in german
        assert option.help not in german


def test_shiftago_speaks_of_murmeln_billes_and_canicas():
    rules = {}
    for language in TRANSLATED:
        with speaking(language):
            rules[language] = rules_text(games.get("shiftago"))
    assert "Murmeln" in rules["de"] and "billes" in rules["fr"] and "canicas" in rules["es"]


def test_a_move_and_its_nested_words_and_counted_marbles_come_out_in_german():
    state = games.get("shiftago").new(2)
    state = state.play(state.parse_move("Nc"))
    pushing = state.play(state.parse_move("Nc"))
    words = pushing.describe_move(pushing.parse_move("Nc"))
    assert words == "Orange enters from the north into column c, pushing 2 marbles"
    one = state.describe_move(state.parse_move("Nc"))
    assert one == "Green enters from the north into column c, pushing 1 marble"
    with speaking("de"):
        assert (
            localised(words) == "Orange schiebt von Norden in Spalte c ein und verschiebt 2 Murmeln"
        )
        assert localised(one) == "Grün schiebt von Norden in Spalte c ein und verschiebt 1 Murmel"
    with speaking("fr"):
        assert localised(one) == "Vert entre par le nord dans la colonne c, poussant 1 bille"


def test_seat_names_and_results_in_the_language_spoken():
    skift = games.get("skift")
    with speaking("es"):
        assert [localised(skift.seat_name(seat)) for seat in (0, 1)] == ["Blanco", "Negro"]
    result = ending((0, 3), (2, 6))
    assert result is not None and result.reason == "White has no kings left."
    with speaking("de"):
        assert localised(result.reason) == "Weiß hat keine Könige mehr."
    with speaking("fr"):
        assert localised(result.reason) == "Blanc n'a plus aucun roi."


@pytest.mark.asyncio
async def test_a_german_member_reads_the_rules_and_the_moves_in_german(tmp_path):
    fake = FakeDiscord()
    fake.locales = {ALICE: "de", BOB: "en-GB"}
    async with running_bot(fake, settings_for(tmp_path), FakeClock()) as bot:
        calls = await fake.slash(ALICE, "rules", game="shiftago")
        german = "\n".join(c.content for c in calls if c.content)
        assert "Murmeln" in german and "marbles" not in german
        calls = await fake.slash(BOB, "rules", game="shiftago")
        assert "marbles" in "\n".join(c.content for c in calls if c.content)
        match_id, thread = await start_match(fake, ALICE, BOB, game="shiftago")
        mover = (await bot.service.queries.get_match(match_id)).to_act
        words = {}
        for locale in ("de", "en-GB"):
            fake.locales[mover] = locale
            choices = await fake.autocomplete(
                mover, "move", "notation", channel_id=thread, notation="Nc"
            )
            words[locale] = [choice["name"] for choice in choices]
        assert words["de"] == ["Nc: Orange schiebt von Norden in Spalte c ein"]
        assert words["en-GB"] == ["Nc: Orange enters from the north into column c"]


@pytest.mark.asyncio
async def test_a_french_server_reads_the_move_in_french_in_the_thread(tmp_path):
    fake = FakeDiscord()
    fake.preferred_locale = "fr"
    async with running_bot(fake, settings_for(tmp_path), FakeClock()) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, game="shiftago")
        mover = (await bot.service.queries.get_match(match_id)).to_act
        await fake.slash(mover, "move", channel_id=thread, notation="Nc")
        posts = [m["content"] for m in fake.messages_in(thread) if "`Nc`" in m["content"]]
        assert any("Orange entre par le nord dans la colonne c" in post for post in posts), posts


@pytest.mark.asyncio
async def test_the_end_of_a_game_is_announced_in_the_servers_language(tmp_path):
    fake = FakeDiscord()
    fake.preferred_locale = "fr"
    async with running_bot(fake, settings_for(tmp_path), FakeClock()) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, game="shiftago")
        for notation in ("Na", "Sa", "Nb", "Sb", "Nc", "Sc", "Nd", "Sd", "Ne"):
            mover = (await bot.service.queries.get_match(match_id)).to_act
            await fake.slash(mover, "move", channel_id=thread, notation=notation)
        assert (await bot.service.queries.get_match(match_id)).result is not None
        posts = "\n".join(m["content"] for m in fake.messages_in(thread))
        assert "Orange a formé une ligne de 5." in posts, posts[-600:]


@pytest.mark.asyncio
async def test_an_illegal_move_is_refused_in_the_members_language(tmp_path):
    fake = FakeDiscord()
    async with running_bot(fake, settings_for(tmp_path), FakeClock()) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, game="shiftago")
        mover = (await bot.service.queries.get_match(match_id)).to_act
        answers = {}
        for locale in ("de", "en-GB"):
            fake.locales[mover] = locale
            calls = await fake.slash(mover, "move", channel_id=thread, notation="x")
            answers[locale] = [c.content for c in calls if c.ephemeral and c.content]
        assert any(
            "Express zählt keine Punkte: Eine Linie aus 5 gewinnt sofort." in a
            for a in answers["de"]
        ), answers
        assert any(
            "Express keeps no score: a line of 5 wins at once." in a for a in answers["en-GB"]
        )
        assert (await bot.service.queries.get_match(match_id)).state.ply == 0


def test_a_shifting_stones_action_and_its_ending_come_out_in_german():
    stones = games.get("shifting-stones")
    state = stones.new(2, seed=3).named(["<member:42>", "Bob"])
    shift = state.parse_move("shift a1 b1 pay 2")
    words = state.describe_move(shift)
    assert words == (
        "<member:42> swaps the Bird on a1 and the Boat on b1, discarding card 2 "
        "(5 points: Sun, Fish, Bird)"
    )
    ones = [card for card, c in enumerate(state.cards) if c.value == 1]
    twos = [card for card, c in enumerate(state.cards) if c.value == 2]
    ended = replace(state, scored=(tuple(ones[:10]), tuple(twos[:6])), ending="round")
    outcome = ended.outcome()
    assert outcome is not None
    with speaking("de"):
        assert localised(words) == (
            "<member:42> vertauscht die Steine auf a1 (Vogel) und b1 (Boot) und legt Karte 2 "
            "ab (5 Punkte: Sonne, Fisch, Vogel)"
        )
        assert localised(outcome.reason) == (
            "Von <member:42> wurden 10 oder mehr Karten gewertet, und die Runde wurde zu Ende "
            "gespielt, damit alle gleich viele Züge hatten. Die meisten 1-Punkt-Karten "
            "(10 1-Punkt-Karten): <member:42> erhält 3 Punkte. <member:42> gewinnt mit "
            "13 Punkten."
        )


@pytest.mark.asyncio
async def test_a_german_member_is_refused_an_illegal_shifting_stones_action_in_german(tmp_path):
    fake = FakeDiscord()
    async with running_bot(fake, settings_for(tmp_path), FakeClock()) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, game="shifting-stones")
        mover = (await bot.service.queries.get_match(match_id)).to_act
        answers = {}
        for locale in ("de", "en-GB"):
            fake.locales[mover] = locale
            calls = await fake.slash(mover, "move", channel_id=thread, notation="shift a1 c3 pay 1")
            answers[locale] = [c.content for c in calls if c.ephemeral and c.content]
        assert any(
            "Nur nebeneinanderliegende Steine können vertauscht werden, nicht diagonal oder "
            "weiter entfernt: a1 und c3 grenzen nicht mit einer Seite aneinander." in a
            for a in answers["de"]
        ), answers
        assert any("a1 and c3 do not share a side." in a for a in answers["en-GB"]), answers
        assert (await bot.service.queries.get_match(match_id)).state.ply == 0


@pytest.mark.asyncio
async def test_a_french_server_reads_a_shifting_stones_action_in_french(tmp_path):
    fake = FakeDiscord()
    fake.preferred_locale = "fr"
    async with running_bot(fake, settings_for(tmp_path), FakeClock()) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, game="shifting-stones")
        mover = (await bot.service.queries.get_match(match_id)).to_act
        await fake.slash(mover, "move", channel_id=thread, notation="flip b2 pay 1")
        posts = [m["content"] for m in fake.messages_in(thread) if "flip b2 pay 1" in m["content"]]
        assert any(
            re.search(
                r"retourne la pierre en b2 \(face \w+, puis \w+\) en défaussant la carte 1", post
            )
            for post in posts
        ), posts
        assert not any("flips the" in post for post in posts), posts


@pytest.mark.asyncio
async def test_a_resignation_is_announced_in_the_servers_language(tmp_path):
    """A match ended by a seat (not by its game) keeps its English sentence in the store,
    and a German server reads it in German, the seat's colour included."""
    fake = FakeDiscord()
    fake.preferred_locale = "de"
    async with running_bot(fake, settings_for(tmp_path), FakeClock()) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, game="shiftago")
        match = await bot.service.queries.get_match(match_id)
        waiting = next(seat.member_id for seat in match.seats if seat.member_id != match.to_act)
        await fake.slash(waiting, "resign", channel_id=thread)
        confirm = fake.last_message(thread, ephemeral=True)
        calls = await fake.click(waiting, confirm["id"], f"sc:match:{match_id}:resign")
        post = next(c for c in calls if c.kind == "send_message")
        assert "Grün hat aufgegeben." in post.content, post.content
        assert (await bot.service.queries.get_match(match_id)).result.reason == "Green resigned."


def test_a_games_picture_words_come_from_its_own_folder_and_the_shared_ones_centrally():
    """Shifty's header words (render/shifty/locales) and the shared ones
    (bot/presentation/locales/<language>/pictures.po) are both drawn in German; a
    language with no file for a game's pictures draws its words in English."""
    with speaking("de"):
        german = picture_words()
    assert german.text("{seat} to play") == "{seat} ist am Zug"  # Shifty's own
    assert german.text("{seat} to move") == "{seat} ist am Zug"  # shared
    assert german.counted(2, "{count} move", "{count} moves") == "{count} Züge"
    assert german.text("An English template no catalogue holds") == (
        "An English template no catalogue holds"
    )
