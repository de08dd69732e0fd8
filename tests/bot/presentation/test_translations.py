"""The translations: their templates are extracted from the code as it is, and every
language's .po files hold exactly the templates' msgids, with the language's plural rule."""

from __future__ import annotations

import ast
import gettext
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from bot.presentation.extraction import (
    PLURAL_SAMPLES,
    is_current,
    messages_template,
    pictures_template,
    update_translations,
)
from bot.presentation.language import TRANSLATED, template_path, translation_path
from bot.translations import CATALOGUE_MODULES

TEMPLATES = (messages_template(CATALOGUE_MODULES), pictures_template())


def _key(msgid: str | tuple[str, ...]) -> str:
    """What gettext finds an entry by: its msgid, the singular of a plural entry (the
    script brings a changed English plural into the .po files, keeping translations)."""
    return msgid if isinstance(msgid, str) else msgid[0]


def test_the_templates_are_extracted_from_the_code_as_it_is():
    for template in TEMPLATES:
        assert is_current(template), f"{template.domain}: run python -m bot.translations"


def test_every_language_has_the_msgids_of_the_templates():
    for template in TEMPLATES:
        domain = str(template.domain)
        with template_path(domain).open("rb") as file:
            msgids = [_key(m.id) for m in read_po(file) if m.id]
        for language in TRANSLATED:
            with translation_path(language, domain).open("rb") as file:
                catalog = read_po(file, locale=language)
            assert [_key(m.id) for m in catalog if m.id] == msgids, (language, domain)
            assert catalog.plural_forms == Catalog(locale=language).plural_forms


def test_the_messages_template_holds_the_sentences_and_the_counted_nouns():
    template = messages_template(CATALOGUE_MODULES)
    assert template["Done."].auto_comments == ["matches.DONE"]
    refusal = template["There is no match #{match}."]
    # a sentence two modules hold is one entry, naming both
    assert refusal.auto_comments == ["refusals.REFUSALS[match.none]", "web.words.NO_MATCH"]
    assert template[("{count} reply", "{count} replies")].pluralizable
    # matches.py imports DRAW ("draw") from the match rules: only its own constants count
    assert template["draw"].auto_comments == ["history.OUTCOME_DRAW"]


def test_a_sentence_changed_in_the_code_makes_the_template_stale(monkeypatch):
    from bot.presentation import history

    monkeypatch.setattr(history, "NO_MOVES_YET", "No moves at all yet.")
    assert not is_current(messages_template(CATALOGUE_MODULES))


def test_a_po_file_written_with_another_plural_rule_takes_babels_keeping_each_count_s_words(
    tmp_path,
):
    template = Catalog(domain="messages")
    template.add(("{count} match", "{count} matches"))
    old_rule = "nplurals=2; plural=(n != 1);"  # not French's (0 is singular in French)
    path = tmp_path / "fr.po"
    path.write_text(
        'msgid ""\nmsgstr ""\n'
        f'"Language: fr\\n"\n"Plural-Forms: {old_rule}\\n"\n'
        '"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        'msgid "{count} match"\nmsgid_plural "{count} matches"\n'
        'msgstr[0] "{count} partie"\nmsgstr[1] "{count} parties"\n',
        encoding="utf-8",
    )
    update_translations(template, lambda language, domain: tmp_path / f"{language}.po")
    with path.open("rb") as file:
        catalog = read_po(file, locale="fr")
    assert catalog.plural_forms == Catalog(locale="fr").plural_forms != old_rule
    forms = catalog[("{count} match", "{count} matches")].string
    assert len(forms) == catalog.num_plurals
    now, before = gettext.c2py(catalog.plural_expr), gettext.c2py("(n != 1)")
    old = ("{count} partie", "{count} parties")
    assert all(forms[now(n)] == old[before(n)] for n in PLURAL_SAMPLES if n != 0)
    assert forms[now(0)] == old[0]  # 0 takes the singular in French: the file's form for 1


def _filled_modules(source: str) -> set[str]:
    """The `bot` modules whose constants a source passes to `fill` (`fill(module.NAME)`),
    by their full names, through the names it imports them by."""
    tree = ast.parse(source)
    imported: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("bot"):
            for alias in node.names:
                imported[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    filled = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "fill"
            and node.args
            and isinstance(node.args[0], ast.Attribute)
            and isinstance(node.args[0].value, ast.Name)
            and node.args[0].value.id in imported
        ):
            filled.add(imported[node.args[0].value.id])
    return filled


def test_every_module_whose_sentences_are_filled_is_a_catalogue_module():
    """A module of sentences left out of `CATALOGUE_MODULES` is never translated (the web
    board's words were English whatever the member spoke)."""
    catalogued = {module.__name__ for module in CATALOGUE_MODULES}
    filled = set()
    for path in (Path(__file__).resolve().parents[3] / "bot").rglob("*.py"):
        filled |= _filled_modules(path.read_text())
    assert "bot.web.words" in filled
    assert filled <= catalogued, f"not in bot.translations.CATALOGUE_MODULES: {filled - catalogued}"
