"""The buttons under Shiftcord's messages, built from records alone.

A button's custom id carries everything its handler needs (`sc:challenge:<id>:accept`,
`sc:match:<id>:draw-accept`...), and the handlers read the match or challenge from the
database, so buttons keep working after a restart. `bot.discord.buttons` matches these ids.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.match import actions
from bot.match.events import DRAW
from bot.service import Challenge, Match

#: The "My hand" button's key (it shows a view; it is no match action).
HAND = "hand"
CHALLENGE_TEMPLATE = r"sc:challenge:(?P<id>[0-9]+):(?P<action>accept|decline)"
MATCH_KEYS = (*(a.key for a in actions.BUTTON_ACTIONS), HAND)
MATCH_TEMPLATE = r"sc:match:(?P<id>[0-9]+):(?P<action>" + "|".join(MATCH_KEYS) + ")"
#: The buttons answering each kind of proposal: yes, then no.
_ANSWERS = {
    DRAW: (actions.ACCEPT_DRAW, actions.DECLINE_DRAW),
    "takeback": (actions.GRANT_TAKEBACK, actions.REFUSE_TAKEBACK),
}


def challenge_id(challenge: int, action: str) -> str:
    """The custom id of a challenge's button."""
    return f"sc:challenge:{challenge}:{action}"


def match_id(match: int, action: str) -> str:
    """The custom id of a match's button."""
    return f"sc:match:{match}:{action}"


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


def challenge_view(challenge: Challenge) -> discord.ui.View | None:
    """Accept (or Join, for open seats) and Decline while the challenge is pending."""
    if not challenge.pending:
        return None
    label = "Accept" if challenge.invited and not challenge.open_seats else "Join"
    return _view(
        discord.ui.Button(
            label=label,
            style=discord.ButtonStyle.success,
            custom_id=challenge_id(challenge.id, "accept"),
        ),
        discord.ui.Button(
            label="Decline",
            style=discord.ButtonStyle.secondary,
            custom_id=challenge_id(challenge.id, "decline"),
        ),
    )


def match_view(match: Match) -> discord.ui.View | None:
    """Answers to a pending draw offer or takeback request, and "My hand" in games with
    hidden information."""
    buttons: list[ViewButton] = []
    proposal = match.proposal if match.active else None
    if proposal is not None:
        yes, no = _ANSWERS[proposal.kind]
        buttons += [
            discord.ui.Button(
                label=yes.button,
                style=discord.ButtonStyle.success,
                custom_id=match_id(match.id, yes.key),
            ),
            discord.ui.Button(
                label=no.button,
                style=discord.ButtonStyle.secondary,
                custom_id=match_id(match.id, no.key),
            ),
        ]
    if match.active and match.has_secrets:
        buttons.append(
            discord.ui.Button(
                label="My hand",
                style=discord.ButtonStyle.primary,
                custom_id=match_id(match.id, HAND),
            )
        )
    return _view(*buttons)


def resign_view(match: Match) -> discord.ui.View | None:
    """The confirmation button shown privately after /resign."""
    return _view(
        discord.ui.Button(
            label=f"Resign match #{match.id}",
            style=discord.ButtonStyle.danger,
            custom_id=match_id(match.id, actions.RESIGN.key),
        )
    )
