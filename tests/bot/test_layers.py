"""The bot's layers, read from the source: the console and the presentation package stand
on no Discord code, the presentation on no face, each face's own words are that face's
alone, no face builds an announcement (it delivers the presentation's), no module of the
bot imports itself back through others, and the service is small parts that name what
they build on, which the faces call: each face declares the parts it uses (its `parts`
module) and only its entry names the whole service."""

from __future__ import annotations

import ast
import functools
import inspect
import re
import typing
from pathlib import Path

import bot.service as service_package
from bot.config import PROJECT_ROOT, Settings
from bot.console.parts import ConsoleParts
from bot.discord.parts import DiscordParts
from bot.service import MatchService
from bot.service.engine_player import EngineParts, EnginePlayer
from bot.store import Store
from bot.web.parts import WebParts

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


@functools.cache
def import_graph(root: Path) -> dict[str, set[str]]:
    """The modules of the package at `root` and which of them each imports (read once;
    not to be changed)."""
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


#: The faces, each with its own words (`bot/<face>/words.py`), which call the service's parts.
FACES = ("discord", "console", "web")
FACE_PACKAGES = tuple(f"bot.{face}" for face in FACES)


def test_the_presentation_imports_no_face():
    """What every face shares knows none of them (nor their words)."""
    modules = frozenset(import_graph(BOT))
    used = {
        name for path in (BOT / "presentation").rglob("*.py") for name in imported(path, modules)
    }
    assert {name for name in used if name.startswith(FACE_PACKAGES)} == set()


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


#: What an action's announcement is made of (`bot.presentation.announcements` puts it
#: together): a face that imports one of these writes an announcement of its own.
ANNOUNCEMENT_PIECES = frozenset(
    {
        "bot.match.delivery",
        "bot.match.delivery.called",
        "bot.match.delivery.news",
        "bot.match.delivery.turn_receivers",
        "bot.presentation.matches.update_text",
        "bot.presentation.matches.newcomer_hint",
        "bot.presentation.pictures.update_board",
        "bot.presentation.announcements.turn_notice",
        "bot.presentation.announcements.own_view",
    }
)
#: The announcement's types: a face that calls one makes (part of) an announcement.
ANNOUNCEMENT_TYPES = frozenset(
    {"Announcement", "News", "PublicPost", "PrivateNotice", "PrivateAnswer"}
)


def announcement_builders(root: Path) -> dict[str, set[str]]:
    """The modules under `root` that build (part of) an announcement, with what: they
    import its pieces, or call one of its types."""
    found = {}
    for path in root.rglob("*.py"):
        names = imported(path) & ANNOUNCEMENT_PIECES
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                called = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if called in ANNOUNCEMENT_TYPES:
                    names.add(called)
        if names:
            found[module_name(path, root)] = names
    return found


def test_no_face_builds_an_announcement():
    for face in FACES:
        assert announcement_builders(BOT / face) == {}, face


def test_the_faces_that_post_news_deliver_the_presentations_announcement():
    delivering = {"bot.discord.posting", "bot.console.session", "bot.web.news"}
    for face in FACES:
        for path in (BOT / face).rglob("*.py"):
            name = module_name(path, BOT)
            if name in delivering:
                assert "bot.presentation.announcements.announcement" in imported(path), name


def test_the_checks_see_what_they_look_for(tmp_path):
    face = tmp_path / "face"
    face.mkdir()
    (face / "a.py").write_text("if True:\n    from bot.discord.text import Style\n")
    (face / "b.py").write_text("import discord.ui\n")
    assert set(discord_imports(face)) == {"face.a", "face.b"}
    (face / "c.py").write_text("from bot.presentation.matches import update_text\n")
    (face / "d.py").write_text("import x\nx.PublicPost('words', None)\n")
    (face / "e.py").write_text("from bot.presentation.announcements import Announcement\n")
    assert announcement_builders(face) == {
        "face.c": {"bot.presentation.matches.update_text"},
        "face.d": {"PublicPost"},
    }
    (face / "f.py").write_text("import bot.service\ndef f(s: bot.service.MatchService): ...\n")
    (face / "g.py").write_text("'''Not `MatchService`: its parts.'''\nfrom bot import service\n")
    assert names_of_the_service(face / "f.py")
    assert not names_of_the_service(face / "g.py")
    (face / "h.py").write_text("x = self.host.service.play\nservice_of(i).queries.q()\n")
    assert reached([face / "g.py", face / "h.py"]) == {"play", "queries"}
    assert cycle_in({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle_in({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_the_bot_has_no_import_cycle():
    assert cycle_in(import_graph(BOT)) is None


# --- the service's parts -------------------------------------------------------------------

#: The service's parts: the classes `bot.service` exports whose names end in "Part".
PARTS = {name: getattr(service_package, name) for name in service_package.__all__}
PARTS = {name: cls for name, cls in PARTS.items() if name.endswith("Part")}
#: How many public methods a part may have (a part that grows past it splits).
MOST_METHODS = 20


def depends_on(part: type) -> set[str]:
    """The parts `part` names in its constructor (the core aside): what it builds on."""
    hints = typing.get_type_hints(part.__init__)
    named = {hint.__name__ for name, hint in hints.items() if name != "return"}
    assert named - set(PARTS) <= {"Core"}, f"{part.__name__} is built on {named}"
    return named & set(PARTS)


def test_the_service_is_a_record_of_its_parts():
    """A face reaches a method through its part (`service.play.act`): the service has no
    method of its own besides opening, closing and telling the time."""
    own = {name for name, _ in inspect.getmembers(MatchService, callable)}
    assert {name for name in own if not name.startswith("_")} == {"open", "close", "now"}
    built = inspect.getsource(MatchService.__init__)
    assert {name for name in PARTS if f"= {name}(self.core" in built} == set(PARTS)


def test_each_part_names_the_parts_it_uses_and_none_is_built_on_itself():
    graph = {name: depends_on(part) for name, part in PARTS.items()}
    assert graph["LeaguesPart"] == {"ChallengesPart"}  # a round's matches are challenges
    assert cycle_in(graph) is None
    for name, part in PARTS.items():
        source = Path(inspect.getfile(part)).read_text(encoding="utf-8")
        used = {n.id for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Name)}
        assert used & set(PARTS) <= graph[name] | {name}, f"{name} uses a part it does not name"


def test_each_part_is_small():
    for name, part in PARTS.items():
        public = [n for n, _ in inspect.getmembers(part, inspect.iscoroutinefunction)]
        assert len([n for n in public if not n.startswith("_")]) <= MOST_METHODS, name


#: What a face's code calls of the service: `service.play`, `host.service.queries`,
#: `service_of(interaction).challenges` (import lines aside).
REACHES = re.compile(r"\bservice(?:_of\([^()]*\))?\.(\w+)")


def reached(paths: typing.Iterable[Path]) -> set[str]:
    """The names the code of `paths` reaches through a `service`."""
    found = set()
    for path in paths:
        lines = path.read_text(encoding="utf-8").splitlines()
        code = [line for line in lines if not line.lstrip().startswith(("from ", "import "))]
        found |= set(REACHES.findall("\n".join(code)))
    return found


def test_no_part_imports_a_face_and_the_faces_use_parts():
    below = {
        name: imported(path)
        for name, path in ((module_name(p, BOT), p) for p in (BOT / "service").rglob("*.py"))
    }
    upward = {
        name: {i for i in found if i.startswith(FACE_PACKAGES)} for name, found in below.items()
    }
    assert {name: found for name, found in upward.items() if found} == {}
    faces = reached(path for face in FACES for path in (BOT / face).rglob("*.py"))
    parts = {name for name in vars(service_fixture()) if not name.startswith("_")} - {"core"}
    assert faces <= parts | {"now", "close"}, faces - parts  # (not the core's steps)


#: Each face's declaration of the service's parts it calls (a Protocol the match service
#: satisfies), and the bot player's.
DECLARED = {
    "discord": DiscordParts,
    "console": ConsoleParts,
    "web": WebParts,
}


def declared(parts: type) -> set[str]:
    """The names a parts Protocol declares: its parts, and methods such as `now`."""
    methods = {name for name, _ in inspect.getmembers(parts, inspect.isfunction)}
    return set(typing.get_type_hints(parts)) | {m for m in methods if not m.startswith("_")}


def names_of_the_service(path: Path) -> bool:
    """Whether a module names `MatchService` (imports it or uses the name)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and any(a.name == "MatchService" for a in node.names):
            return True
        named = getattr(node, "id", getattr(node, "attr", None))
        if isinstance(node, ast.Name | ast.Attribute) and named == "MatchService":
            return True
    return False


def test_each_face_depends_on_the_parts_it_declares_and_uses_each():
    """A face's modules reach the service only through the parts its `parts` module
    declares, and it declares none it does not call; the match service has each."""
    service = service_fixture()
    for face, parts in DECLARED.items():
        names = declared(parts)
        assert all(hasattr(service, name) for name in names), face
        assert "core" not in names, face
        used = reached((BOT / face).rglob("*.py")) - {"close"}  # (by the entry that opened it)
        assert used == names, (face, used ^ names)


def test_only_a_face_s_entry_names_the_match_service():
    """The Discord client and the console's `run_console` are given (or open) the whole
    service and hand each module the parts it uses; no other face module names it, and
    the web board, served by either, never does."""
    entries = {"bot.discord.client", "bot.console"}
    naming = {
        module_name(path, BOT)
        for face in FACES
        for path in (BOT / face).rglob("*.py")
        if names_of_the_service(path)
    }
    assert naming == entries


def test_the_bot_player_holds_only_the_parts_it_uses():
    hint = typing.get_type_hints(EnginePlayer.__init__)["service"]
    assert hint is EngineParts
    source = Path(inspect.getfile(EnginePlayer))
    assert not names_of_the_service(source)
    assert reached([source]) == declared(EngineParts) == {"core", "play", "queries", "analysis"}


def service_fixture() -> MatchService:
    """A service over no store (only its attributes are read)."""
    return MatchService(typing.cast(Store, None), typing.cast(Settings, None))
