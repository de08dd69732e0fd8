"""Autocomplete for command options: games, game options, clocks and legal moves (and the
fixed choices of picture themes).

Discord shows at most 25 choices, each name and value at most 100 characters. An
autocomplete never fails loudly: whatever goes wrong, the player sees no suggestions (a
choice cannot be a hint that is not chosen). A refusal (no such match, the database out
of reach: the store logs that once) is quiet; anything else is logged.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import discord
from discord import app_commands

import games
import render
from bot.discord import words as chat_words
from bot.discord.actions import active_match_here, service_of
from bot.discord.choices import MAX_CHOICE, clip_choice, suggest_options
from bot.discord.markup import STYLE
from bot.match.errors import ServiceError
from bot.match.phrases import write_members
from bot.match.records import NO_SERVER
from bot.match.shown import clean_name
from bot.presentation.catalogue import fill
from bot.presentation.clocks import clock_words
from bot.presentation.language import localised
from bot.presentation.parsing import CLOCK_SUGGESTIONS, ClockSpec, game_named, parse_clock
from bot.presentation.pictures import theme_label
from bot.service import Match
from games import Game

log = logging.getLogger("shiftcord.discord")
Choices = list[app_commands.Choice[str]]
LIMIT = 25
#: The longest an autocomplete that asks the service takes: well inside Discord's 3
#: seconds, which include the way there and back.
SUGGEST_SECONDS = 1.5


class GameTransformer(app_commands.Transformer):
    """A `game` option: typed as text with the registered games suggested, given to the
    command as the `Game` (an unknown name is refused with the list of games)."""

    async def transform(self, interaction: discord.Interaction, value: str) -> Game:
        """The game called `value`; OptionsError names the games there are."""
        return game_named(value)

    async def autocomplete(
        self, interaction: discord.Interaction, value: int | float | str
    ) -> list[app_commands.Choice[int | float | str]]:
        """Registered games whose name or title starts with what was typed (the `game`
        option is text, so `value` is too; the types are those of every transformer's)."""
        typed = str(value).strip().lower()
        out: list[app_commands.Choice[int | float | str]] = []
        for name in games.names():
            game = games.get(name)
            if name.startswith(typed) or game.title.lower().startswith(typed):
                counts = f"{game.kind.min_players}-{game.kind.max_players}"
                if game.kind.min_players == game.kind.max_players:
                    counts = str(game.kind.min_players)
                label = fill(chat_words.GAME_CHOICE, game=game.title, players=counts)
                out.append(app_commands.Choice(name=label, value=name))
        return out[:LIMIT]


#: The annotation of a command's `game` option.
GameOption = app_commands.Transform[Game, GameTransformer]
#: A match's number as commands take it (bounded: Discord sends integers up to 2^53).
MatchNumber = app_commands.Range[int, 1, 2_000_000_000]
NumberChoices = list[app_commands.Choice[int]]
Suggested = TypeVar("Suggested", Choices, NumberChoices)
#: An autocomplete callback as discord.py takes it.
Suggest = Callable[[discord.Interaction, str], Coroutine[Any, Any, Suggested]]


def quiet(suggest: Suggest[Suggested]) -> Suggest[Suggested]:
    """An autocomplete that asks the service: no choices when it refuses (quietly), fails
    (logged) or has not answered within `SUGGEST_SECONDS` (a slow database: the member
    sees no suggestions now, and those of their next keypress when it has answered)."""

    @functools.wraps(suggest)
    async def suggesting(interaction: discord.Interaction, current: str) -> Suggested:
        try:
            return await asyncio.wait_for(suggest(interaction, current), SUGGEST_SECONDS)
        except (ServiceError, TimeoutError):
            return []
        except Exception:
            log.exception("%s failed in %s", suggest.__name__, interaction.channel_id)
            return []

    return suggesting


async def option_choices(interaction: discord.Interaction, current: str) -> Choices:
    """Completions of the options text for the game chosen in the same command."""
    try:
        game = games.get(interaction.namespace.game or "")
    except KeyError:
        return []
    return [
        app_commands.Choice(name=label, value=value)
        for label, value in suggest_options(game, current, LIMIT)
    ]


async def clock_choices(interaction: discord.Interaction, current: str) -> Choices:
    """Common clocks, and what was typed if it reads as a clock."""
    typed = current.strip().lower()
    values = [c for c in CLOCK_SUGGESTIONS if c.startswith(typed)]
    try:
        read = parse_clock(typed)
    except ValueError:
        read = None
    if read is not None and typed not in values and len(typed) <= MAX_CHOICE:
        values.insert(0, typed)
    out = []
    for value in values:
        clock = parse_clock(value) or ClockSpec(0)
        words = clock_words(clock.hours, clock.increment_hours, clock.cap_hours)
        out.append(app_commands.Choice(name=clip_choice(f"{value}: {words}"), value=value))
    return out[:LIMIT]


def theme_choices(*extra: app_commands.Choice[str]) -> list[app_commands.Choice[str]]:
    """The picture themes as fixed choices of a command option (after `extra` ones)."""
    return [
        *extra,
        *(app_commands.Choice(name=theme_label(name), value=name) for name in render.THEMES),
    ]


@quiet
async def move_choices(interaction: discord.Interaction, current: str) -> Choices:
    """The user's legal moves in the match named by number (else this thread's) that start
    with what was typed, each shown with its description."""
    number = getattr(interaction.namespace, "match", None)
    if isinstance(number, int):
        match_id: int | None = number
    else:
        here = await active_match_here(interaction)
        match_id = None if here is None else here.id
    if match_id is None:
        return []
    service = service_of(interaction)
    moves = await service.play.legal_moves(match_id, interaction.user.id, current, LIMIT)
    own = clean_name(interaction.user.display_name)

    def name(member: int) -> str:  # the moves' words name the member to act: the user
        return own if member == interaction.user.id else STYLE.mention(member)

    return [
        app_commands.Choice(
            name=clip_choice(f"{m.notation}: {write_members(localised(m.words), name)}"),
            value=m.notation[:MAX_CHOICE],
        )
        for m in moves
    ]


def _match_label(match: Match, member_id: int) -> str:
    """How a match is offered in a list of numbers: "#12 Skift, move 14: your move", its
    move numbered as every place numbers it (`GameState.turn_number`)."""
    if not match.active:
        state = "ended"
    elif match.to_act == member_id:
        state = "your_move"
    else:
        state = "playing"
    label = fill(
        chat_words.MATCH_CHOICES[state],
        match=match.id,
        game=match.game_title,
        number=match.state.turn_number,
    )
    return clip_choice(label)


def _numbered(found: list[Match], member_id: int, typed: str) -> NumberChoices:
    return [
        app_commands.Choice(name=_match_label(m, member_id), value=m.id)
        for m in found
        if str(m.id).startswith(typed.strip().lstrip("#"))
    ][:LIMIT]


@quiet
async def my_match_choices(interaction: discord.Interaction, current: str) -> NumberChoices:
    """The user's matches in this server (in a DM or group DM: outside servers) whose
    number starts with what was typed: active ones first, then ended ones, newest first."""
    service, member = service_of(interaction), interaction.user.id
    here = NO_SERVER if interaction.guild_id is None else interaction.guild_id
    active = [m for m in await service.queries.active_matches(member) if m.guild_id == here]
    ended = await service.queries.finished_matches(member_id=member, guild_id=here)
    return _numbered([*active, *ended], member, str(current))


@quiet
async def server_match_choices(interaction: discord.Interaction, current: str) -> NumberChoices:
    """The server's active matches whose number starts with what was typed (for admins)."""
    if interaction.guild_id is None:
        return []
    found = await service_of(interaction).queries.server_matches(interaction.guild_id, 100)
    return _numbered(found, interaction.user.id, str(current))
