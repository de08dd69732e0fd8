"""Long answers in pages: a match's moves (`/history match:`), your matches (`/matches`) and
a server's standings (`/standings`), with Previous / Next buttons and a `page` option.

The buttons' ids say what is paged and which page (`sc:page:history:12:3`); pressing one
works the page out again from the database, so the buttons keep working after a restart
and always show the list as it is now.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, Self, cast

import discord
from discord import app_commands

import games
from bot.discord import words as chat_words
from bot.discord.actions import guild_id_of, match_of_server, service_of
from bot.discord.markup import STYLE, pages
from bot.discord.replies import answer, answer_error
from bot.discord.speech import SpeaksToPresser
from bot.discord.views import NUMBER, ViewButton
from bot.presentation.catalogue import fill
from bot.presentation.history import matches_text, record_text
from bot.presentation.stats import standings_text

PAGE_TEMPLATE = (
    r"sc:page:(?P<kind>history|matches|standings):(?P<arg>[a-z0-9-]{1,40}):"
    rf"(?P<page>{NUMBER})"
)
#: The most standings rows listed (a table of a huge server is cut there).
MAX_STANDINGS = 1000
#: A page's number as commands take it.
PageNumber = app_commands.Range[int, 1, 100_000]


async def _history(interaction: discord.Interaction, match: str) -> str:
    match_id = (await match_of_server(interaction, int(match))).id
    return record_text(await service_of(interaction).queries.match_record(match_id), STYLE)


async def _matches(interaction: discord.Interaction, _: str) -> str:
    found = await service_of(interaction).queries.active_matches(interaction.user.id)
    return matches_text(found, interaction.user.id, STYLE)


async def _standings(interaction: discord.Interaction, game: str) -> str:
    chosen = games.get(game)
    service = service_of(interaction)
    table = await service.queries.standings(guild_id_of(interaction), chosen.name, MAX_STANDINGS)
    return standings_text(chosen.title, table, STYLE)


#: How each kind of list is written (its argument: a match number, nothing, a game).
WRITERS: dict[str, Callable[[discord.Interaction, str], Awaitable[str]]] = {
    "history": _history,
    "matches": _matches,
    "standings": _standings,
}


def page_view(kind: str, arg: str, page: int, count: int) -> discord.ui.View | None:
    """Previous / Next under page `page` (1-based) of `count` (none for a single page)."""
    if count <= 1:
        return None
    view = discord.ui.View(timeout=None)
    turns = ((fill(chat_words.PREVIOUS), page - 1, "P"), (fill(chat_words.NEXT), page + 1, "N"))
    for label, target, letter in turns:
        view.add_item(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"sc:page:{kind}:{arg}:{max(1, min(count, target))}:{letter}",
                disabled=not 1 <= target <= count,
            )
        )
    return view


def _page(text: str, page: int) -> tuple[str, int, int]:
    """Page `page` (clamped) of `text`: its words with "Page 2 of 5" under, the page, the
    count."""
    cut = pages(text)
    page = max(1, min(len(cut), page))
    footer = "\n" + fill(chat_words.PAGE_OF, page=page, pages=len(cut)) if len(cut) > 1 else ""
    return cut[page - 1] + footer, page, len(cut)


async def send_pages(interaction: discord.Interaction, kind: str, arg: str, page: int) -> None:
    """Answer with page `page` of a list, privately, with buttons to turn the pages."""
    text, page, count = _page(await WRITERS[kind](interaction, arg), page)
    view = page_view(kind, arg, page, count)
    await answer(interaction, text, view=view)


class PageButton(
    SpeaksToPresser, discord.ui.DynamicItem[ViewButton], template=PAGE_TEMPLATE + ":[PN]"
):
    """Previous or Next under a paged answer: shows that page in the same message."""

    def __init__(self, item: ViewButton, kind: str, arg: str, page: int) -> None:
        super().__init__(item)
        self.kind, self.arg, self.page = kind, arg, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Rebuild the button from its custom id."""
        return cls(cast(ViewButton, item), match["kind"], match["arg"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the page in place of the one shown (acknowledged first: the list is read
        after); anything refused is answered privately."""
        try:
            await interaction.response.defer()
            text, page, count = _page(await WRITERS[self.kind](interaction, self.arg), self.page)
            view = page_view(self.kind, self.arg, page, count)
            await interaction.edit_original_response(content=text, view=view)
        except Exception as error:
            await answer_error(interaction, error)
