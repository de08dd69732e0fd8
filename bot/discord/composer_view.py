"""The move composer's messages, built from the match, its version and the steps chosen
so far (`games.steps`); no state is kept anywhere else.

Every component's custom id carries the match, the version of the match it was made for,
what it does and the path of step keys chosen so far: buttons `sc:cmp:<match>:<version>:
<op>:<path>` (op `o` shows the path, `b` goes back from it, `p<N>` shows page N of its
choices, `c` confirms the move it completes, `u` undoes the turn's last action, `x`
cancels), select menus `sc:cmps:<match>:<version>:<n>:<path>` (the chosen key is the
menu's value). A step of more than BUTTONS choices is offered in select menus of
Discord's 25 options, MENUS a page, with Previous and Next between pages.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.discord import words as chat_words
from bot.discord.views import MAX_CUSTOM_ID, NUMBER, ViewButton
from bot.match.shown import shorten
from bot.presentation import composer as words
from bot.presentation.catalogue import fill
from bot.presentation.language import localised
from games.steps import Choice, Path, write_path

COMPOSE_TEMPLATE = (
    rf"sc:cmp:(?P<id>{NUMBER}):(?P<version>{NUMBER}):(?P<op>[a-z](?:{NUMBER})?):"
    r"(?P<path>[A-Za-z0-9+/-]*)"
)
MENU_TEMPLATE = (
    rf"sc:cmps:(?P<id>{NUMBER}):(?P<version>{NUMBER}):(?P<menu>{NUMBER}):"
    r"(?P<path>[A-Za-z0-9+/-]*)"
)
#: At most this many choices are buttons (four rows of five); more go in select menus.
BUTTONS = 20
PER_ROW = 5
#: Discord's limits: options of a select menu, menus a page (a fifth row for navigation),
#: characters of a button's label and of an option's label and description.
OPTIONS = 25
MENUS = 4
BUTTON_LABEL = 80
OPTION_TEXT = 100


@dataclass(frozen=True)
class Composed:
    """Where a composer is: the match and version it was made for, the path chosen."""

    match: int
    version: int
    path: Path

    def button_id(self, op: str, path: Path | None = None) -> str:
        """The custom id of one of its buttons."""
        shown = self.path if path is None else path
        made = f"sc:cmp:{self.match}:{self.version}:{op}:{write_path(shown)}"
        assert len(made) <= MAX_CUSTOM_ID, made
        return made

    def menu_id(self, menu: int) -> str:
        """The custom id of its `menu`-th select menu on the page."""
        made = f"sc:cmps:{self.match}:{self.version}:{menu}:{write_path(self.path)}"
        assert len(made) <= MAX_CUSTOM_ID, made
        return made


def _button(label: str, custom_id: str, style: discord.ButtonStyle, row: int) -> ViewButton:
    return discord.ui.Button(
        label=shorten(label, BUTTON_LABEL), custom_id=custom_id, style=style, row=row
    )


def choices_view(
    at: Composed, offered: list[Choice], page: int, *, back: bool, undo: bool
) -> discord.ui.View:
    """The choices of one step: buttons, or select menus (a page of them) when there are
    many; then Back (when something was chosen), Previous/Next, Undo and Cancel."""
    view = discord.ui.View(timeout=None)
    navigation: list[ViewButton] = []
    if back:
        navigation.append(
            _button(fill(words.BACK), at.button_id("b"), discord.ButtonStyle.secondary, 4)
        )
    if len(offered) <= BUTTONS:
        for index, choice in enumerate(offered):
            chosen = (*at.path, choice.step.key)
            label = words.choice_label(choice.step, BUTTON_LABEL)
            style = discord.ButtonStyle.primary
            view.add_item(_button(label, at.button_id("o", chosen), style, index // PER_ROW))
    else:
        per_page = OPTIONS * MENUS
        pages = -(-len(offered) // per_page)
        page = min(max(page, 0), pages - 1)
        shown = offered[page * per_page : (page + 1) * per_page]
        for menu in range(-(-len(shown) // OPTIONS)):
            first = page * per_page + menu * OPTIONS
            block = offered[first : first + OPTIONS]
            view.add_item(_menu(at, menu, block, first, len(offered)))
        if page > 0:
            navigation.append(
                _button(
                    fill(words.PREVIOUS),
                    at.button_id(f"p{page - 1}"),
                    discord.ButtonStyle.secondary,
                    4,
                )
            )
        if page < pages - 1:
            navigation.append(
                _button(
                    fill(words.NEXT), at.button_id(f"p{page + 1}"), discord.ButtonStyle.secondary, 4
                )
            )
    if undo:
        navigation.append(
            _button(fill(chat_words.UNDO), at.button_id("u"), discord.ButtonStyle.secondary, 4)
        )
    navigation.append(_button(fill(words.CANCEL), at.button_id("x"), discord.ButtonStyle.danger, 4))
    for button in navigation:
        view.add_item(button)
    return view


def _menu(
    at: Composed, menu: int, block: list[Choice], first: int, total: int
) -> discord.ui.Select[discord.ui.View]:
    """A select menu of up to 25 choices (the `first`-th of `total` onwards)."""
    placeholder = fill(
        chat_words.CHOICES_FROM_TO, first=first + 1, last=first + len(block), total=total
    )
    return discord.ui.Select(
        custom_id=at.menu_id(menu),
        placeholder=shorten(placeholder, OPTION_TEXT),
        row=menu,
        options=[
            discord.SelectOption(
                label=shorten(localised(choice.step.label), OPTION_TEXT),
                value=choice.step.key,
                description=shorten(choice.step.notation, OPTION_TEXT) or None,
            )
            for choice in block
        ],
    )


def preview_view(at: Composed) -> discord.ui.View:
    """Confirm, Back and Cancel under a composed move."""
    view = discord.ui.View(timeout=None)
    view.add_item(_button(fill(words.CONFIRM), at.button_id("c"), discord.ButtonStyle.success, 0))
    view.add_item(_button(fill(words.BACK), at.button_id("b"), discord.ButtonStyle.secondary, 0))
    view.add_item(_button(fill(words.CANCEL), at.button_id("x"), discord.ButtonStyle.danger, 0))
    return view
