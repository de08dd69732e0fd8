"""Autocomplete for command options: games, game options, clocks and legal moves (and the
fixed choices of picture themes).

Discord shows at most 25 choices, each name and value at most 100 characters. An
autocomplete never fails loudly: whatever goes wrong, the player sees no suggestions.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

import games
import render
from bot.discord.actions import active_match_here, service_of
from bot.discord.options import MAX_CHOICE, clip_choice, game_named, suggest_options
from bot.discord.pictures import theme_label
from bot.discord.text import CLOCK_SUGGESTIONS, format_clock, parse_clock
from games import Game

log = logging.getLogger("shiftcord.discord")
Choices = list[app_commands.Choice[str]]
LIMIT = 25


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
                counts = f"{game.min_players}-{game.max_players}"
                if game.min_players == game.max_players:
                    counts = str(game.min_players)
                label = f"{game.title} ({counts} players)"
                out.append(app_commands.Choice(name=label, value=name))
        return out[:LIMIT]


#: The annotation of a command's `game` option.
GameOption = app_commands.Transform[Game, GameTransformer]


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
        hours = parse_clock(typed)
    except ValueError:
        hours = None
    if hours is not None and typed not in values and len(typed) <= MAX_CHOICE:
        values.insert(0, typed)
    out = []
    for value in values:
        hours = parse_clock(value)
        out.append(app_commands.Choice(name=f"{value}: {format_clock(hours or 0)}", value=value))
    return out[:LIMIT]


def theme_choices(*extra: app_commands.Choice[str]) -> list[app_commands.Choice[str]]:
    """The picture themes as fixed choices of a command option (after `extra` ones)."""
    return [
        *extra,
        *(app_commands.Choice(name=theme_label(name), value=name) for name in render.THEMES),
    ]


async def move_choices(interaction: discord.Interaction, current: str) -> Choices:
    """The user's legal moves in this thread's match that start with what was typed, each
    shown with its description."""
    service = service_of(interaction)
    try:
        match = await active_match_here(interaction)
        if match is None:
            return []
        moves = await service.legal_moves(match.id, interaction.user.id, current, LIMIT)
    except Exception:
        log.exception("move autocomplete failed in %s", interaction.channel_id)
        return []
    return [
        app_commands.Choice(
            name=clip_choice(f"{m.notation}: {m.words}"), value=m.notation[:MAX_CHOICE]
        )
        for m in moves
    ]
