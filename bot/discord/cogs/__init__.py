"""The bot's slash commands, one cog per area; every command's docstring is its help."""

from __future__ import annotations

from bot.discord.cogs.about import About
from bot.discord.cogs.admin import Admin
from bot.discord.cogs.challenges import Challenges
from bot.discord.cogs.info import Info
from bot.discord.cogs.leagues import Leagues
from bot.discord.cogs.next_game import NextGame
from bot.discord.cogs.play import Play
from bot.discord.cogs.premoves import Premoves
from bot.discord.cogs.settings import MemberSettingsCog

COGS = (Challenges, Play, Premoves, Info, MemberSettingsCog, Admin, Leagues, About, NextGame)

__all__ = ["COGS"]
