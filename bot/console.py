"""`python -m bot local`: play Shiftcord in a terminal, through the same match service.

The commands are the slash commands typed as text, options as `name:value` (quote values
with spaces); the first options may also be given in order without their names. Buttons
are commands too (`accept`, `decline`). Every picture is written to a file.

    alice> challenge game:skift opponent:bob clock:none
    alice> as bob
    bob> accept
    bob> moves c3            the legal moves starting with c3, as the autocomplete shows them
    bob> move c3-c4
    bob> draw offer

`help` lists the commands, `as NAME` switches player, `use N` goes into match N's thread
(accepting a challenge goes into the new one), `leave` back to the channel, `quit` ends.
Public pictures are drawn in the server's theme (`admin theme`), the others in the
player's own (`settings theme`).
"""

from __future__ import annotations

import inspect
import re
import shlex
import sys
import zlib
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TextIO

import games
from bot.config import PROJECT_ROOT, Settings
from bot.discord.options import game_named, parse_options
from bot.discord.pictures import (
    Picture,
    board_picture,
    example_picture,
    replay_picture,
    update_board,
)
from bot.discord.replies import PLAYER_ERRORS
from bot.discord.text import (
    Style,
    board_caption,
    challenge_text,
    guild_settings_text,
    history_text,
    matches_text,
    parse_clock,
    record_text,
    reminder_text,
    rules_text,
    settings_text,
    standings_text,
    start_text,
    stats_text,
    turn_text,
    update_text,
)
from bot.service import MatchService, MatchUpdate
from bot.service.settings import check_theme

MENTION = re.compile(r"<@!?(\d+)>")  # a mention in a text the service wrote
SLASH = re.compile(r"`/(?=[a-z])")  # a slash command named in a text: typed without "/" here
GUILD, CHANNEL, THREADS = 1, 1, 1_000_000  # the console's one server, channel, and threads

# command -> (method name, option names in order); groups as "draw offer"
COMMANDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "challenge": (
        "challenge",
        (
            "game",
            "opponent",
            "opponent2",
            "opponent3",
            "players",
            "options",
            "clock",
            "takebacks",
            "auto_timeout",
        ),
    ),
    "accept": ("accept", ("challenge",)),
    "decline": ("decline", ("challenge",)),
    "move": ("move", ("notation",)),
    "moves": ("moves", ("prefix",)),
    "board": ("board", ("theme",)),
    "resign": ("resign", ()),
    "draw offer": ("offer_draw", ()),
    "draw accept": ("accept_draw", ()),
    "draw decline": ("decline_draw", ()),
    "takeback ask": ("ask_takeback", ()),
    "takeback grant": ("grant_takeback", ()),
    "takeback refuse": ("refuse_takeback", ()),
    "abort": ("abort", ()),
    "claim": ("claim_timeout", ()),
    "hand": ("hand", ()),
    "matches": ("matches", ()),
    "history": ("history", ("member", "game", "match")),
    "export": ("export", ("match",)),
    "standings": ("standings", ("game",)),
    "stats": ("stats", ("member",)),
    "rules": ("rules", ("game",)),
    "settings show": ("settings_show", ()),
    "settings reminders": ("settings_reminders", ("enabled",)),
    "settings vacation": ("settings_vacation", ("days",)),
    "settings theme": ("settings_theme", ("theme",)),
    "admin theme": ("admin_theme", ("theme",)),
    "leave": ("leave", ()),
    "tick": ("tick", ()),
}
FREE_TEXT = {"notation", "prefix"}  # options that take the rest of the line, spaces and all
MATCH_ACTIONS = {
    "resign",
    "offer_draw",
    "accept_draw",
    "decline_draw",
    "ask_takeback",
    "grant_takeback",
    "refuse_takeback",
    "abort",
    "claim_timeout",
}


class ConsoleError(ValueError):
    """A line the console cannot read; the message says what to type."""


def member_id(name: str) -> int:
    """A stable id for a console player's name (the same in every session)."""
    return zlib.crc32(name.strip().lower().encode()) + 1


def parse_line(line: str) -> tuple[str, dict[str, str]]:
    """A typed line as (command, options); raises ConsoleError for unknown commands."""
    try:
        words = shlex.split(line)
    except ValueError as error:
        raise ConsoleError(f"I cannot read that line: {error}.") from None
    if not words:
        return "", {}
    name = words[0].lower()
    if name not in COMMANDS and len(words) > 1 and f"{name} {words[1].lower()}" in COMMANDS:
        name, words = f"{name} {words[1].lower()}", words[1:]
    if name not in COMMANDS:
        raise ConsoleError(f"There is no command {name!r}; type help for the list.")
    params = COMMANDS[name][1]
    rest = words[1:]
    if len(params) == 1 and params[0] in FREE_TEXT and rest:
        text = " ".join(rest)
        key, sep, value = text.partition(":")
        return name, {params[0]: value.strip() if sep and key == params[0] else text}
    options: dict[str, str] = {}
    for position, word in enumerate(rest):
        key, sep, value = word.partition(":")
        if sep and key in params:
            options[key] = value
        elif position < len(params) and params[position] not in options:
            options[params[position]] = word
        else:
            known = f"its options are {', '.join(params)}" if params else "it takes no options"
            raise ConsoleError(f"{name} has no option for {word!r}; {known}.")
    return name, options


def whole_number(text: str, what: str) -> int:
    """`text` read as a whole number, or a ConsoleError naming `what` was expected."""
    try:
        return int(text)
    except ValueError:
        raise ConsoleError(f"Give {what} as a whole number, not {text!r}.") from None


def _yes(text: str) -> bool:
    lowered = text.strip().lower()
    if lowered not in ("yes", "no", "true", "false", "on", "off"):
        raise ConsoleError(f"Answer yes or no, not {text!r}.")
    return lowered in ("yes", "true", "on")


@dataclass
class Console:
    """A terminal session: who is playing, which match is current, where pictures go."""

    service: MatchService
    pictures: Path
    out: TextIO = sys.stdout
    player: str = "alice"
    names: dict[int, str] = field(default_factory=dict)
    here: int | None = None

    def __post_init__(self) -> None:
        self.style = Style(mention=self.name_of, when=_when)
        self.act_as(self.player)

    def name_of(self, member: int) -> str:
        """A player's name as typed in this session."""
        return self.names.get(member, f"player {member}")

    def act_as(self, name: str) -> None:
        """Switch to playing as `name`."""
        self.player = name.strip().lower()
        self.names[member_id(self.player)] = self.player

    @property
    def me(self) -> int:
        """The current player's id."""
        return member_id(self.player)

    def say(self, text: str) -> None:
        """Print a message, without Discord's bold marks and with names for mentions."""
        named = MENTION.sub(lambda found: self.name_of(int(found[1])), text)
        print(SLASH.sub("`", named.replace("**", "")), file=self.out)

    def save(self, picture: Picture, name: str) -> Path:
        """Write a picture into the pictures folder; say where."""
        self.pictures.mkdir(parents=True, exist_ok=True)
        path = self.pictures / name
        path.write_bytes(picture.data)
        self.say(f"[picture: {path}]")
        return path

    async def run_line(self, line: str) -> bool:
        """Do what one typed line asks; False when the session should end."""
        words = line.strip().split()
        if not words:
            return True
        head = words[0].lower()
        if head in ("quit", "exit"):
            return False
        try:
            if head == "help":
                self.say(help_text())
            elif head == "as" and len(words) == 2:
                self.act_as(words[1])
                self.say(f"You are now {self.player}.")
            elif head == "use" and len(words) == 2:
                match_id = whole_number(words[1], "the match")
                self.here = (await self.service.get_match(match_id)).id
                self.say(f"Match #{self.here} is now the current match.")
            else:
                name, options = parse_line(line)
                await self.dispatch(name, options)
        except (ConsoleError, *PLAYER_ERRORS) as error:
            self.say(f"Refused: {error}")
        return True

    async def dispatch(self, name: str, options: dict[str, str]) -> None:
        """Run a parsed command."""
        method = COMMANDS[name][0]
        if method in MATCH_ACTIONS:
            await self.match_action(method)
            return
        handler = getattr(self, "do_" + method)
        needed = inspect.signature(handler).parameters.values()
        missing = [
            p.name
            for p in needed
            if p.default is p.empty and p.kind is not p.VAR_KEYWORD and p.name not in options
        ]
        if missing:
            raise ConsoleError(f"{name} needs {' and '.join(missing)}; type help for the options.")
        await handler(**options)

    def _current(self) -> int:
        if self.here is None:
            raise ConsoleError("There is no current match: accept a challenge or type use N.")
        return self.here

    def _member(self, name: str | None) -> int | None:
        if not name:
            return None
        self.names.setdefault(member_id(name), name.strip().lower())
        return member_id(name)

    async def public_theme(self) -> str:
        """The picture theme of what a thread shows everybody: the server's."""
        return await self.service.picture_theme(GUILD)

    async def own_theme(self) -> str:
        """The picture theme of what only the current player sees."""
        return await self.service.picture_theme(GUILD, self.me)

    async def announce(self, update: MatchUpdate) -> None:
        """Print an action's news and write its pictures."""
        self.say(update_text(update, self.style))
        match = update.match
        board = await update_board(update, await self.public_theme())
        if board is not None:
            step = "end" if update.result is not None else f"{match.ply:03d}"
            self.save(board, f"match-{match.id}-{step}.png")
        if update.result is not None:
            record = await self.service.match_record(match.id)
            replay = await replay_picture(record, await self.public_theme())
            self.save(replay, f"match-{match.id}-replay.{replay.filename.rpartition('.')[2]}")

    # ---- commands
    async def do_challenge(self, game: str, **given: str) -> None:
        """challenge game:G [opponent:NAME ...] [players:N] [options:"k=v"] [clock:3d]"""
        chosen = game_named(game)
        opponents = [
            self._member(given[k]) for k in ("opponent", "opponent2", "opponent3") if k in given
        ]
        challenge = await self.service.create_challenge(
            GUILD,
            CHANNEL,
            self.me,
            chosen.name,
            opponents=opponents,
            players=whole_number(given["players"], "players") if "players" in given else None,
            options=parse_options(chosen, given.get("options")),
            clock_hours=parse_clock(given.get("clock")),
            takebacks=_yes(given.get("takebacks", "yes")),
            auto_timeout=_yes(given.get("auto_timeout", "no")),
        )
        self.say(challenge_text(challenge, self.style))
        self.say(f"(answer with: accept {challenge.id} or decline {challenge.id})")

    async def _challenge_id(self, given: str | None) -> int:
        if given:
            return whole_number(given, "the challenge")
        pending = await self.service.pending_challenges(guild_id=GUILD)
        if not pending:
            raise ConsoleError("There is no pending challenge to answer.")
        return pending[-1].id

    async def do_accept(self, challenge: str | None = None) -> None:
        """accept [challenge]: accept or join (default: the latest pending challenge)."""
        update = await self.service.accept_challenge(await self._challenge_id(challenge), self.me)
        if update.match is None:
            self.say(challenge_text(update.challenge, self.style))
            return
        match = await self.service.attach_channel(update.match.id, THREADS + update.match.id)
        self.here = match.id
        self.say(start_text(match, self.style))
        self.say("Play with: move NOTATION (moves PREFIX lists your legal moves).")
        board = await board_picture(match.public_view(), theme=await self.public_theme())
        self.save(board, f"match-{match.id}-000.png")

    async def do_decline(self, challenge: str | None = None) -> None:
        """decline [challenge]: decline, leave, or (the challenger) withdraw."""
        cid = await self._challenge_id(challenge)
        found = await self.service.get_challenge(cid)
        if found.challenger_id == self.me:
            found = await self.service.cancel_challenge(cid, self.me)
        else:
            found = await self.service.decline_challenge(cid, self.me)
        self.say(challenge_text(found, self.style))

    async def do_move(self, notation: str) -> None:
        """move NOTATION: play a move in the current match."""
        await self.announce(await self.service.move(self._current(), self.me, notation))

    async def do_moves(self, prefix: str = "") -> None:
        """moves [PREFIX]: your legal moves starting with PREFIX (at most 25)."""
        match = await self.service.get_match(self._current())
        if not match.active:
            raise ConsoleError(f"Match #{match.id} has ended.")
        if match.to_act != self.me:
            raise ConsoleError(f"It is not your turn: {turn_text(match, self.style)}")
        found = await self.service.legal_moves(match.id, self.me, prefix)
        self.say("\n".join(f"{m.notation}: {m.words}" for m in found) or "No legal moves match.")

    async def match_action(self, method: str) -> None:
        """resign, draw offer/accept/decline, takeback ask/grant/refuse, abort, claim."""
        await self.announce(await getattr(self.service, method)(self._current(), self.me))

    async def do_board(self, theme: str | None = None) -> None:
        """board [theme]: write the current match's picture again (with a theme: only for
        you, in that theme)."""
        match = await self.service.get_match(self._current())
        self.say(board_caption(match, self.style))
        if theme is None:
            board = await board_picture(match.public_view(), theme=await self.public_theme())
            self.save(board, f"match-{match.id}-board.png")
            return
        chosen = check_theme(theme)
        board = await board_picture(match.public_view(), theme=chosen)
        self.save(board, f"match-{match.id}-board-{chosen}-{self.player}.png")

    async def do_hand(self) -> None:
        """hand: what only you may see in the current match."""
        match = await self.service.get_match(self._current())
        if not match.has_secrets:
            self.say(f"{match.game_title} has no hidden information: everything is on the board.")
            return
        state = await self.service.view(match.id, self.me)
        picture = await board_picture(
            state, seat=match.seat_of(self.me), theme=await self.own_theme()
        )
        self.save(picture, f"match-{match.id}-hand-{self.player}.png")

    async def do_matches(self) -> None:
        """matches: your active matches."""
        found = await self.service.active_matches(self.me)
        self.say(matches_text(found, self.me, self.style, lambda m: f"(use {m.id})"))

    async def _match_id(self, given: str | None) -> int:
        """The match numbered `given`, else the match of the thread the player is in, even
        when it has ended."""
        if given:
            return whole_number(given, "the match")
        found = None
        if self.here is not None:
            found = await self.service.last_match_in_channel(THREADS + self.here)
        if found is None:
            raise ConsoleError("There is no current match: give its number, or type use N.")
        return found.id

    async def do_history(
        self, member: str | None = None, game: str | None = None, match: str | None = None
    ) -> None:
        """history [member] [game] [match]: finished matches, or the moves of one match
        (in a match's thread, without options: that match's)."""
        if match is not None or (member is None and game is None and self.here is not None):
            record = await self.service.match_record(await self._match_id(match))
            self.say(record_text(record, self.style))
            return
        found = await self.service.finished_matches(
            member_id=self._member(member),
            guild_id=GUILD,
            game=game_named(game).name if game else None,
        )
        self.say(history_text(found, self.style))

    async def do_export(self, match: str | None = None) -> None:
        """export [match]: write the record (text) and the replay next to the pictures."""
        match_id = await self._match_id(match)
        record = await self.service.match_record(match_id)
        names = {m: self.name_of(m) for m in record.match.members}
        text_path = self.pictures / f"match-{match_id}.txt"
        self.pictures.mkdir(parents=True, exist_ok=True)
        text_path.write_text(await self.service.export(match_id, names))
        self.say(f"[record: {text_path}]")
        replay = await replay_picture(record, await self.own_theme())
        self.save(replay, f"match-{match_id}-replay.gif")

    async def do_standings(self, game: str) -> None:
        """standings game: the ratings table."""
        chosen = game_named(game)
        table = await self.service.standings(GUILD, chosen.name)
        self.say(standings_text(chosen.title, table, self.style))

    async def do_stats(self, member: str | None = None) -> None:
        """stats [member]: ratings and results."""
        found = await self.service.player_stats(GUILD, self._member(member) or self.me)
        self.say(stats_text(found, self.style))

    async def do_rules(self, game: str) -> None:
        """rules game: a game in short, with an example picture."""
        chosen = game_named(game)
        self.say(rules_text(chosen))
        picture = await example_picture(chosen, await self.own_theme())
        self.save(picture, f"{chosen.name}-example.png")

    async def do_settings_show(self) -> None:
        """settings show: your reminders, picture theme and vacation."""
        self.say(settings_text(await self.service.member_settings(self.me), self.style))

    async def do_settings_reminders(self, enabled: str) -> None:
        """settings reminders yes|no."""
        mine = await self.service.set_reminders(self.me, _yes(enabled))
        self.say(settings_text(mine, self.style))

    async def do_settings_vacation(self, days: str) -> None:
        """settings vacation DAYS (0 ends it)."""
        count = whole_number(days, "the days")
        if count:
            mine = await self.service.start_vacation(self.me, count)
        else:
            mine = await self.service.end_vacation(self.me)
        self.say(settings_text(mine, self.style))

    async def do_settings_theme(self, theme: str) -> None:
        """settings theme NAME|server: the picture theme of what only you see (server: the
        server's)."""
        chosen = None if theme.strip().lower() == "server" else theme
        self.say(settings_text(await self.service.set_member_theme(self.me, chosen), self.style))

    async def do_admin_theme(self, theme: str) -> None:
        """admin theme NAME: the picture theme of the server's public pictures."""
        self.say(guild_settings_text(await self.service.set_guild_theme(GUILD, theme)))

    async def do_leave(self) -> None:
        """leave: go back from the match's thread to the channel."""
        self.here = None
        self.say("You are back in the channel: there is no current match.")

    async def do_tick(self) -> None:
        """tick: send what is due now (reminders, timeouts, expired challenges)."""
        report = await self.service.tick()
        for reminder in report.reminders:
            self.say(reminder_text(reminder, self.style))
        for update in report.timeouts:
            await self.announce(update)
        for challenge in report.expired_challenges:
            self.say(challenge_text(challenge, self.style))
        if not (report.reminders or report.timeouts or report.expired_challenges):
            self.say("Nothing is due.")


def _when(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def help_text() -> str:
    """Every console command with its options."""
    lines = ["Commands (options as name:value, or in this order without names):"]
    for name, (_, params) in COMMANDS.items():
        lines.append(f"  {name} " + " ".join(f"[{p}]" for p in params))
    lines.append("  as NAME   play as another player;  use N   switch to match N;  quit")
    lines.append(f"Games: {', '.join(games.names())}.")
    return "\n".join(lines)


async def run_console(
    settings: Settings,
    database: Path | None = None,
    pictures: Path | None = None,
    lines: TextIO = sys.stdin,
    out: TextIO = sys.stdout,
) -> int:
    """Read commands until the input ends or `quit`; the console keeps its own database."""
    database = database or PROJECT_ROOT / "data" / "local.sqlite3"
    service = await MatchService.open(replace(settings, database_path=database))
    console = Console(service, pictures or PROJECT_ROOT / "data" / "pictures", out)
    console.say(f"Shiftcord local console ({database}). Type help for the commands.")
    try:
        while True:
            if lines.isatty():
                out.write(f"{console.player}> ")
                out.flush()
            line = lines.readline()
            if not line or not await console.run_line(line):
                return 0
    finally:
        await service.close()
