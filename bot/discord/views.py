"""The buttons under Shiftcord's messages, built from records alone.

A button's custom id carries everything its handler needs (`sc:challenge:<id>:accept`,
`sc:match:<id>:draw-accept:<ply>`...: an answer carries the position it was offered at, so
a press that arrives twice, or after the match moved on, does nothing), and the handlers
read the match or challenge from the database, so buttons keep working after a restart.
`bot.discord.buttons` matches these ids. A button that can no longer do anything is shown
disabled (`disabled`), not left to refuse.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.discord import words as chat_words
from bot.discord.words import PLAY as PLAY_LABEL
from bot.match import actions
from bot.match.analysis import analysable
from bot.match.engine_seats import is_engine
from bot.match.events import DRAW
from bot.match.records import FINISHED
from bot.presentation.analysis import ANALYSIS_BUTTON
from bot.presentation.catalogue import fill
from bot.presentation.labels import NEXT_GAME, label
from bot.service import Challenge, Match

#: The "My hand" button's key (it shows a view; it is no match action).
HAND = "hand"
#: The Play button's key: it opens the move composer of the member to act.
PLAY = "play"
#: A number in a custom id: at most 18 digits (a longer one, which the bot never makes,
#: matches no template rather than being read into a number too big for anything).
NUMBER = "[0-9]{1,18}"
REMATCH_TEMPLATE = rf"sc:rematch:(?P<id>{NUMBER})"
ANALYSIS_TEMPLATE = rf"sc:analysis:(?P<id>{NUMBER})"
PREVIEW_TEMPLATE = (
    rf"sc:preview:(?P<id>{NUMBER}):(?P<ply>{NUMBER}):(?P<action>confirm|cancel)(?::(?P<move>.+))?"
)
#: The longest custom id Discord takes.
MAX_CUSTOM_ID = 100
CHALLENGE_TEMPLATE = rf"sc:challenge:(?P<id>{NUMBER}):(?P<action>accept|decline)"
MATCH_KEYS = (*(a.key for a in actions.BUTTON_ACTIONS), HAND, PLAY)
MATCH_TEMPLATE = (
    rf"sc:match:(?P<id>{NUMBER}):(?P<action>" + "|".join(MATCH_KEYS) + rf")(?::(?P<ply>{NUMBER}))?"
)
#: The buttons answering each kind of proposal: yes, then no.
_ANSWERS = {
    DRAW: (actions.ACCEPT_DRAW, actions.DECLINE_DRAW),
    "takeback": (actions.GRANT_TAKEBACK, actions.REFUSE_TAKEBACK),
}


def is_person(member: int | None) -> bool:
    """Whether `member` is a member of the server (not None, not an engine seat)."""
    return member is not None and not is_engine(member)


def challenge_id(challenge: int, action: str) -> str:
    """The custom id of a challenge's button."""
    return f"sc:challenge:{challenge}:{action}"


def rematch_id(match: int) -> str:
    """The custom id of the Rematch button under an ended match's result."""
    return f"sc:rematch:{match}"


def analysis_id(match: int) -> str:
    """The custom id of the Analysis button under an ended match's result."""
    return f"sc:analysis:{match}"


def preview_id(match: int, ply: int, action: str, notation: str = "") -> str:
    """The custom id of a move preview's Confirm (with the move's notation) or Cancel."""
    return f"sc:preview:{match}:{ply}:{action}" + (f":{notation}" if notation else "")


#: The custom id of the **Next game** button under every answer to a move.
NEXT_GAME_ID = "sc:next"


def next_game_view() -> discord.ui.View:
    """The **Next game** button: a link to the match that waits longest for the presser."""
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Button(
            label=label(NEXT_GAME), style=discord.ButtonStyle.primary, custom_id=NEXT_GAME_ID
        )
    )
    return view


def match_id(match: int, action: str, ply: int | None = None) -> str:
    """The custom id of a match's button (with the ply it answers, if it matters)."""
    return f"sc:match:{match}:{action}" + ("" if ply is None else f":{ply}")


#: The buttons Shiftcord makes: in a plain `View` (no layout view).
ViewButton = discord.ui.Button[discord.ui.View]


def view_keyword(view: discord.ui.View | None) -> dict[str, Any]:
    """`view=view` as keyword arguments for sending a message, or none when there is no
    view (discord.py's `send` takes a view or no keyword at all, never None)."""
    return {} if view is None else {"view": view}


def _view(*buttons: ViewButton) -> discord.ui.View | None:
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for button in buttons:
        view.add_item(button)
    return view


def disabled(view: discord.ui.View | None, only: str | None = None) -> discord.ui.View | None:
    """The same buttons, greyed out: what a message keeps once they can do nothing; with
    `only` (a custom id), just that button (used up, beside others still of use)."""
    if view is None:
        return None
    for item in view.children:
        if isinstance(item, discord.ui.Button) and only in (None, item.custom_id):
            item.disabled = True
    return view


def challenge_view(challenge: Challenge) -> discord.ui.View | None:
    """Accept (or Join, for open seats) and Decline: live while the challenge is pending,
    disabled once it has closed (none for a solo match, which never waits)."""
    if challenge.players == 1:
        return None
    taking = (
        fill(chat_words.ACCEPT)
        if challenge.invited and not challenge.open_seats
        else fill(chat_words.JOIN)
    )
    view = _view(
        discord.ui.Button(
            label=taking,
            style=discord.ButtonStyle.success,
            custom_id=challenge_id(challenge.id, "accept"),
        ),
        discord.ui.Button(
            label=fill(chat_words.DECLINE),
            style=discord.ButtonStyle.secondary,
            custom_id=challenge_id(challenge.id, "decline"),
        ),
    )
    return view if challenge.pending else disabled(view)


def play_button(match: Match) -> ViewButton:
    """Play: opens the move composer of the member to act (`bot.discord.composer`)."""
    return discord.ui.Button(
        label=fill(PLAY_LABEL),
        style=discord.ButtonStyle.success,
        custom_id=match_id(match.id, PLAY),
    )


def board_button(url: str) -> ViewButton:
    """The link that opens the web board (a signed one-time `url`)."""
    return discord.ui.Button(label=label(fill(chat_words.OPEN_BOARD)), url=url)


def play_view(match: Match) -> discord.ui.View | None:
    """Play alone, under a turn notice: while a member (not the engine) is to act."""
    return _view(play_button(match)) if match.active and is_person(match.to_act) else None


def match_view(match: Match) -> discord.ui.View | None:
    """Play while a member is to act, answers to a pending draw offer or takeback request,
    and "My hand" in games with hidden information."""
    buttons: list[ViewButton] = []
    if match.active and is_person(match.to_act):
        buttons.append(play_button(match))
    proposal = match.proposal if match.active else None
    if proposal is not None:
        yes, no = _ANSWERS[proposal.kind]
        buttons += [
            discord.ui.Button(
                label=label(yes.button),
                style=discord.ButtonStyle.success,
                custom_id=match_id(match.id, yes.key, match.ply),
            ),
            discord.ui.Button(
                label=label(no.button),
                style=discord.ButtonStyle.secondary,
                custom_id=match_id(match.id, no.key, match.ply),
            ),
        ]
    if match.active and match.has_secrets:
        buttons.append(
            discord.ui.Button(
                label=fill(chat_words.MY_HAND),
                style=discord.ButtonStyle.primary,
                custom_id=match_id(match.id, HAND),
            )
        )
    return _view(*buttons)


def resign_view(match: Match) -> discord.ui.View | None:
    """The confirmation button shown privately after /resign."""
    return _view(
        discord.ui.Button(
            label=fill(chat_words.RESIGN_MATCH, match=match.id),
            style=discord.ButtonStyle.danger,
            custom_id=match_id(match.id, actions.RESIGN.key),
        )
    )


def result_view(match: Match) -> discord.ui.View | None:
    """Under the result of an ended match: Rematch where it ended with one (not a solo
    match, nor one aborted or cancelled), and Analysis, disabled when no move was played
    (then there is nothing to analyse)."""
    buttons: list[ViewButton] = []
    if match.status == FINISHED and not match.solo:
        buttons.append(
            discord.ui.Button(
                label=chat_words.REMATCH,
                style=discord.ButtonStyle.primary,
                custom_id=rematch_id(match.id),
            )
        )
    buttons.append(
        discord.ui.Button(
            label=fill(ANALYSIS_BUTTON),
            style=discord.ButtonStyle.secondary,
            custom_id=analysis_id(match.id),
            disabled=not analysable(match),
        )
    )
    return _view(*buttons)


def preview_view(match: Match, notation: str) -> discord.ui.View | None:
    """Confirm and Cancel under a move's private preview, for the position it was
    previewed in; None when the notation is too long to fit in Confirm's custom id."""
    confirm = preview_id(match.id, match.ply, "confirm", notation)
    if len(confirm) > MAX_CUSTOM_ID:
        return None
    return _view(
        discord.ui.Button(
            label=fill(chat_words.CONFIRM), style=discord.ButtonStyle.success, custom_id=confirm
        ),
        discord.ui.Button(
            label=fill(chat_words.CANCEL),
            style=discord.ButtonStyle.secondary,
            custom_id=preview_id(match.id, match.ply, "cancel"),
        ),
    )
