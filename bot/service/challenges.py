"""Challenges: named or open seats, accept/join, decline, cancel, expiry, start of a match."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.service.base import ServiceBase
from bot.service.records import Challenge, ChallengeUpdate


class ChallengeMixin(ServiceBase):
    """Challenge methods of the match service."""

    async def create_challenge(
        self,
        guild_id: int,
        channel_id: int,
        challenger_id: int,
        game: str,
        *,
        opponents: Sequence[int] = (),
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        clock_hours: int | None = None,
        auto_timeout: bool = False,
        takebacks: bool = True,
    ) -> Challenge:
        """Post a challenge in `channel_id`.

        `opponents` are invited by name; `players` is the total seat count (default: the
        challenger, the opponents, and for an open challenge the game's minimum); seats
        beyond the named ones are open to anyone. `options` are the game's options (values
        of options with `names_player` are join indexes: 0 the challenger, 1 the next to
        join...). `clock_hours`: None for the server's default, 0 for no clock, else hours
        per move. Raises BadOption, LimitReached, ChannelBusy (not the server's challenge
        channel), NotAllowed (challenging oneself).
        """
        raise NotImplementedError

    async def accept_challenge(self, challenge_id: int, member_id: int) -> ChallengeUpdate:
        """Accept an invitation or take an open seat; the last seat filled starts the match.

        The started match has seats in random order and no channel yet: create its thread
        and call `attach_channel`. Raises NotFound, ChallengeClosed (also when expired),
        NotAllowed (not invited and no open seat, or already in), LimitReached.
        """
        raise NotImplementedError

    async def decline_challenge(self, challenge_id: int, member_id: int) -> Challenge:
        """An invited member declines (the challenge closes) or a joined member leaves.

        Raises NotFound, ChallengeClosed, NotAllowed.
        """
        raise NotImplementedError

    async def cancel_challenge(self, challenge_id: int, member_id: int) -> Challenge:
        """The challenger withdraws a pending challenge. Raises NotFound, ChallengeClosed,
        NotAllowed."""
        raise NotImplementedError

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> Challenge:
        """Remember the message that shows the challenge (to edit it after a restart)."""
        raise NotImplementedError

    async def get_challenge(self, challenge_id: int) -> Challenge:
        """A challenge by id. Raises NotFound."""
        raise NotImplementedError

    async def pending_challenges(
        self, *, member_id: int | None = None, guild_id: int | None = None
    ) -> list[Challenge]:
        """Pending challenges a member made, joined or is invited to, and/or of one server."""
        raise NotImplementedError
