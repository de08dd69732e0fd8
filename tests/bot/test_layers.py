"""The bot's layers, read from the source: the console and the presentation package stand
on no Discord code, the presentation on no face, each face's own words are that face's
alone, and no module of the bot imports itself back through others."""

from __future__ import annotations

import ast
from pathlib import Path

from bot.config import PROJECT_ROOT

BOT = PROJECT_ROOT / "bot"


def module_name(path: Path, root: Path) -> str:
    """The dotted name of a module file of the package at `root` ("bot.discord" for a
    package's `__init__.py`)."""
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, modules: frozenset[str] = frozenset()) -> set[str]:
    """Every module a file imports, at the top or inside a function or `if TYPE_CHECKING`;
    `from package import name` is `package.name` where that is one of `modules`, else the
    package (or both, when unknown)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            inner = {f"{node.module}.{alias.name}" for alias in node.names}
            names.update(inner)
            if not inner <= modules:
                names.add(node.module)
    return names


def import_graph(root: Path) -> dict[str, set[str]]:
    """The modules of the package at `root` and which of them each imports."""
    files = {module_name(path, root): path for path in root.rglob("*.py")}
    modules = frozenset(files)
    return {
        name: {other for other in imported(path, modules) if other in files and other != name}
        for name, path in files.items()
    }


def cycle_in(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of `graph` (its modules in order, the first repeated at the end),
    or None."""
    done: set[str] = set()
    path: list[str] = []

    def visit(name: str) -> list[str] | None:
        if name in path:
            return [*path[path.index(name) :], name]
        if name in done:
            return None
        path.append(name)
        for other in sorted(graph[name]):
            found = visit(other)
            if found is not None:
                return found
        path.pop()
        done.add(name)
        return None

    for name in sorted(graph):
        found = visit(name)
        if found is not None:
            return found
    return None


def discord_imports(root: Path) -> dict[str, set[str]]:
    """The modules under `root` that import discord.py or the Discord face, with what."""
    found = {}
    for path in root.rglob("*.py"):
        names = {
            name
            for name in imported(path)
            if name.split(".")[0] == "discord" or name.startswith("bot.discord")
        }
        if names:
            found[module_name(path, root)] = names
    return found


def test_the_console_and_the_presentation_import_nothing_of_discord():
    assert discord_imports(BOT / "console") == {}
    assert discord_imports(BOT / "presentation") == {}


#: The faces, each with its own words (`bot/<face>/words.py`).
FACES = ("discord", "console", "web")


def test_the_presentation_imports_no_face():
    """What every face shares knows none of them (nor their words)."""
    used = {
        name
        for path in (BOT / "presentation").rglob("*.py")
        for name in imported(path, frozenset(import_graph(BOT)))
    }
    assert {name for name in used if name.startswith(tuple(f"bot.{f}" for f in FACES))} == set()


def test_each_face_s_words_are_imported_by_that_face_alone():
    """(and by `bot.translations`, which extracts every catalogue for the translators)"""
    graph = import_graph(BOT)
    for face in FACES:
        words = f"bot.{face}.words"
        assert words in graph, words
        users = {name for name, imports in graph.items() if words in imports}
        assert users, words
        strangers = {name for name in users if name.split(".")[:2] != ["bot", face]}
        assert strangers <= {"bot.translations"}, (words, strangers)


def test_the_console_stands_on_the_presentation_and_the_service():
    """(and the web board it may serve beside itself, as the Discord client does)"""
    below = (
        "bot.console",
        "bot.presentation",
        "bot.service",
        "bot.match",
        "bot.config",
        "bot.web",
    )
    used = set().union(*(imported(path) for path in (BOT / "console").rglob("*.py")))
    assert {name for name in used if name.startswith("bot.")} - {
        name for name in used if name.startswith(below)
    } == set()


def test_the_web_board_stands_on_the_presentation_and_the_service():
    below = ("bot.web", "bot.presentation", "bot.service", "bot.match")
    used = set().union(*(imported(path) for path in (BOT / "web").rglob("*.py")))
    assert discord_imports(BOT / "web") == {}
    assert {name for name in used if name.startswith("bot.")} - {
        name for name in used if name.startswith(below)
    } == set()


def test_the_checks_see_what_they_look_for(tmp_path):
    face = tmp_path / "face"
    face.mkdir()
    (face / "a.py").write_text("if True:\n    from bot.discord.text import Style\n")
    (face / "b.py").write_text("import discord.ui\n")
    assert set(discord_imports(face)) == {"face.a", "face.b"}
    assert cycle_in({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle_in({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_the_bot_has_no_import_cycle():
    assert cycle_in(import_graph(BOT)) is None
