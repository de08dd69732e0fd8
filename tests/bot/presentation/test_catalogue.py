"""The catalogue of keyed sentences, read against the source: every `Message` the code
makes names a key the catalogue has and fills exactly its placeholders, every sentence of
the catalogue is used and can be written, and the match rules and the service hold no
sentence of their own."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

from bot.config import PROJECT_ROOT
from bot.presentation.catalogue import TEMPLATES, fill, write
from bot.translations import CATALOGUE_MODULES

BOT = PROJECT_ROOT / "bot"
#: The catalogue itself: the modules that hold the sentences (and the functions that fill
#: them, whose code is held to the same rule as any other).
CATALOGUES = {Path(str(module.__file__)) for module in CATALOGUE_MODULES}
#: Sentences the bot may hold outside the catalogue, and why. The Result line of an
#: exported record is part of the record's file format, not a sentence of the bot's.
ALLOWED = {
    "draw: {}.",
    "won by {}: {}.",
    "{}: {}.",
}
#: Modules whose sentences are read by the admin who runs the bot, like the log lines
#: (in English, never translated): the command line and the settings it checks, the
#: translations' script, and the database files, backups and migrations the admin handles.
#: And the league's pairing code, whose errors are preconditions its callers check first:
#: only a bug raises them, and only the log shows them.
FOR_ADMINS = {
    "__main__.py",
    "config.py",
    "translations.py",
    "store/files.py",
    "store/health.py",
    "store/migrations.py",
    "store/postgres.py",
    "store/postgres_schema.py",
    "store/to_postgres.py",
    *(f"league/{name}.py" for name in ("deadlines", "forfeits", "matching", "records")),
    *(f"league/{name}.py" for name in ("roundrobin", "standings", "swiss", "tables")),
}
#: Text with SQL's words or placeholders is a statement for the database, not a sentence.
SQL = re.compile(r"\b(SELECT|UPDATE|DELETE|INSERT|WHERE|ORDER BY|AND)\b|[=<>] \?")
#: The layers that make `Message`s.
LAYERS = ("match", "league", "service", "store", "presentation")
#: Objects whose calls write log lines: for admins, in English, never translated.
LOGGERS = ("log", "logger", "logging")


def placeholders(template: str) -> set[str]:
    """The names of a template's placeholders (refused if any is positional)."""
    names = {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}
    assert all(name.isidentifier() for name in names), template
    return names


def made_messages(root: Path) -> list[tuple[str, str, set[str]]]:
    """Every `Message(key, **values)` under `root`: where, the key as a pattern (an
    f-string's fields match any key part) and the names of the values."""
    found = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "Message"
            ):
                continue
            where = f"{path.name}:{node.lineno}"
            key = node.args[0]
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                pattern = re.escape(key.value)
            else:
                assert isinstance(key, ast.JoinedStr), f"{where}: a key must be written out"
                pattern = "".join(
                    re.escape(part.value) if isinstance(part, ast.Constant) else "[a-z_]+"
                    for part in key.values
                )
            assert all(k.arg for k in node.keywords), where
            found.append((where, pattern, {str(k.arg) for k in node.keywords}))
    return found


def catalogue_entries(tree: ast.Module) -> set[int]:
    """The nodes of a catalogue module's sentences: its top-level constants in upper case
    (the functions below them that fill them are scanned like any other code)."""
    return {
        id(inner)
        for node in tree.body
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name) and target.id.isupper()
        for inner in ast.walk(node)
    }


def sentences(path: Path) -> list[str]:
    """The string literals of a module that look like a sentence (a space, and a final
    . ! ? or :), docstrings and a catalogue module's sentences left out; an f-string's
    fields count as words."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    if path in CATALOGUES:
        skipped |= catalogue_entries(tree)
    skipped |= {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
    skipped |= {
        id(arg)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id in LOGGERS
        for arg in node.args
    }
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        elif isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
        else:
            continue
        if " " in text.strip() and text.strip().endswith((".", "!", "?", ":")):
            found.append(f"{path.name}:{node.lineno}: {text}")
    return found


def test_every_message_made_names_a_key_and_fills_its_placeholders():
    made = [m for layer in LAYERS for m in made_messages(BOT / layer)]
    assert len(made) > 100
    for where, pattern, names in made:
        keys = [key for key in TEMPLATES if re.fullmatch(pattern, key)]
        assert keys, f"{where}: no key of the catalogue is {pattern}"
        for key in keys:
            assert placeholders(TEMPLATES[key]) == names, f"{where}: {key}"


def test_every_sentence_of_the_catalogue_is_used_and_can_be_written():
    patterns = [pattern for layer in LAYERS for _, pattern, _ in made_messages(BOT / layer)]
    for key, template in TEMPLATES.items():
        assert any(re.fullmatch(p, key) for p in patterns), f"{key} is never used"
        filled = template.format(**dict.fromkeys(placeholders(template), 1))
        assert "{" not in filled.replace("{...}", ""), key


def test_no_sentence_a_player_reads_is_outside_the_catalogue():
    modules = [
        path
        for path in sorted(BOT.rglob("*.py"))
        if path.relative_to(BOT).as_posix() not in FOR_ADMINS
    ]
    found = [line for path in modules for line in sentences(path)]
    assert len(modules) > 80  # every face and layer of the bot
    found = [line for line in found if not SQL.search(line.split(": ", 1)[1])]
    assert [line for line in found if line.split(": ", 1)[1] not in ALLOWED] == []


def test_the_scan_sees_sentences_and_keys(tmp_path):
    module = tmp_path / "face.py"
    module.write_text(
        '"""A docstring, left out."""\n'
        'log.info("a line for admins.")\n'
        'raise NotAllowed(f"You are not playing in match #{match.id}.")\n'
        'Message("match.none", match=3)\n'
        'Message(f"match.over.{status}", match=3)\n'
    )
    assert [line.split(": ", 1)[1] for line in sentences(module)] == [
        "You are not playing in match #{}."
    ]
    made = made_messages(tmp_path)
    assert [(pattern, names) for _, pattern, names in made] == [
        (re.escape("match.none"), {"match"}),
        (re.escape("match.over.") + "[a-z_]+", {"match"}),
    ]


def test_members_and_counts_are_written_by_the_face():
    from bot.match.phrases import Member, Message

    said = Message("limit.cooldown", player=Member(7), minutes=1)
    assert write(said, lambda m: f"<@{m}>", str) == (
        "You challenged <@7> a moment ago; you can challenge them again in 1 minute."
    )
    assert str(Message("limit.you_play", matches=3)) == (
        "You already play 3 matches, the most allowed at once; finish one first."
    )


def test_every_sentence_of_the_catalogues_can_be_written():
    written = []
    every = [item for module in CATALOGUE_MODULES for item in vars(module).items()]
    for name, value in every:
        texts = value.values() if isinstance(value, dict) else [value]
        for text in texts:
            if name.isupper() and isinstance(text, str):
                filled = fill(text, **dict.fromkeys(placeholders(text), 1))
                assert "{" not in filled.replace("{...}", ""), name
                written.append(filled)
    assert "Vacation days left this year: 1." in written
    assert "Match #1, after 1 move." in written
    assert "Give 1 as a whole number up to 1, not 1." in written
    assert "Deleted 1 premove in match #1." in written
