"""The documentation stays true: every slash command, option and command line it shows
exists, each page's table of contents lists its sections, and the players' page holds
each game's own help on typing moves (the text `/rules` shows)."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

import games
from bot.__main__ import parser
from tests.docs_pictures import pictures

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
GUIDES = [ROOT / "docs" / name for name in ("players.md", "admins.md", "developers.md")]
#: Code spans that begin with a slash but are paths, not commands.
PATHS = {"/data", "/opt/shiftcord"}
SUBCOMMAND = 1  # Discord's option type of a subcommand


def spans(text: str) -> list[str]:
    """The inline code spans and code block lines of a Markdown text, spaces squashed."""
    found = [" ".join(s.split()) for s in re.findall(r"(?<!`)`([^`]+)`(?!`)", text)]
    for block in re.findall(r"^ *```\n(.*?)^ *```", text, re.M | re.S):
        found += [line.strip() for line in block.split("\n")]
    for block in re.findall(r"(?:^\n(?: {4,}.*\n)+)", text, re.M):
        found += [line.strip() for line in block.split("\n") if line.strip()]
    return found


def slash_commands() -> list[str]:
    """Every `/command ...` the pages show."""
    every = [s for page in PAGES for s in spans(page.read_text(encoding="utf-8"))]
    shown = {s for s in every if re.match("/[a-z]", s) and s.split()[0] not in PATHS}
    return sorted(shown)


def command_lines() -> list[str]:
    """Every `./scripts/...` and `python -m bot ...` command line the pages show."""
    lines = set()
    for page in PAGES:
        for span in spans(page.read_text(encoding="utf-8")):
            span = span.replace("$(date +%F)", "2026-03-01")
            lines |= set(re.findall(r"(?:\./scripts/\S+|python -m bot)(?: [^#;|>`]*)?", span))
    return sorted(line.strip() for line in lines)


def tree() -> dict[str, dict[str, Any]]:
    """The uploaded command payload, by command name."""
    path = ROOT / "tests" / "bot" / "golden" / "commands.json"
    return {c["name"]: c for c in json.loads(path.read_text(encoding="utf-8"))}


def test_the_pages_name_many_commands() -> None:
    """The checks below see the commands (a change of format would hide them)."""
    assert len(slash_commands()) > 80
    assert {"./scripts/bot local", "./scripts/bot sync --print", "./scripts/test"} <= set(
        command_lines()
    )


@pytest.mark.parametrize("shown", slash_commands())
def test_every_slash_command_and_option_shown_exists(shown: str) -> None:
    """A command, its subcommand and each `option:` named exist in the command tree."""
    name, *rest = shown[1:].split(" ")
    commands = tree()
    assert name in commands, f"{shown}: no command /{name}"
    command = commands[name]
    options = command.get("options", [])
    if any(o["type"] == SUBCOMMAND for o in options):
        assert rest, f"{shown}: /{name} needs a subcommand"
        sub = next((o for o in options if o["name"] == rest[0]), None)
        assert sub is not None, f"{shown}: /{name} has no subcommand {rest[0]}"
        options = sub.get("options", [])
    named = re.findall(r"(?:^| )([a-z_0-9]+):", " ".join(rest))
    unknown = set(named) - {o["name"] for o in options}
    assert not unknown, f"{shown}: no option {', '.join(sorted(unknown))}"


@pytest.mark.parametrize("shown", command_lines())
def test_every_command_line_shown_exists(shown: str) -> None:
    """A script shown exists; the bot's arguments are read by its command line parser."""
    words = shlex.split(shown)
    if words[0] == "python":
        words = ["./scripts/bot", *words[3:]]
    assert (ROOT / words[0]).is_file(), f"{shown}: no {words[0]}"
    if words[0] != "./scripts/bot" or words[1:] == ["--version"]:
        return
    arguments = ["123" if w == "ID" else w for w in words[1:]]
    if len(arguments) == 1 and not arguments[0].startswith("-"):  # a command named alone
        assert arguments[0] in subcommands(), f"{shown}: no command {arguments[0]}"
        return
    try:
        parser().parse_args(arguments)
    except SystemExit as error:
        pytest.fail(f"{shown}: the command line parser refuses it ({error})")


def subcommands() -> set[str]:
    """The names of the command line's subcommands."""
    actions = parser()._subparsers._group_actions  # type: ignore[union-attr]
    return {name for action in actions for name in action.choices}


def anchor(heading: str) -> str:
    """GitHub's anchor of a heading."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


@pytest.mark.parametrize("page", GUIDES, ids=lambda p: p.name)
def test_each_guide_lists_its_sections(page: Path) -> None:
    """A guide's table of contents links every section and subsection, in order."""
    text = page.read_text(encoding="utf-8")
    headings = re.findall(r"^#{2,3} (.+)$", text, re.M)
    contents = re.findall(r"^ *- \[(.+?)\]\(#([^)]+)\)$", text, re.M)
    assert contents == [(h, anchor(h)) for h in headings]


def test_every_link_between_pages_finds_its_section() -> None:
    """Links to a page or a section of one lead somewhere."""
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for target, part in re.findall(r"\]\(((?:[\w./-]+\.md)?)(?:#([\w-]+))?\)", text):
            linked = (page.parent / target) if target else page
            assert linked.is_file(), f"{page.name}: no {target}"
            if part:
                sections = re.findall(r"^#+ (.+)$", linked.read_text(encoding="utf-8"), re.M)
                assert part in {anchor(s) for s in sections}, f"{page.name}: no #{part}"


def test_every_picture_shown_exists() -> None:
    """The pictures the pages show are in docs/ (tests/docs_pictures.py draws some)."""
    for page in PAGES:
        for target in re.findall(r"!\[[^\]]+\]\(([^)]+)\)", page.read_text(encoding="utf-8")):
            assert (page.parent / target).is_file(), f"{page.name}: no {target}"
    assert set(pictures()) <= {p.name for p in (ROOT / "docs").glob("*.png")}


@pytest.mark.parametrize("name", games.names())
def test_players_page_holds_each_games_help(name: str) -> None:
    """The players' page shows a game's help as `/rules` does: the game's own text."""
    game = games.get(name)
    text = (ROOT / "docs" / "players.md").read_text(encoding="utf-8")
    assert game.kind.notation_help
    assert f"### {game.title}: how to type moves\n\n{game.kind.notation_help}\n" in text
