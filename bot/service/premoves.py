"""The premoves part of the service: conditional premoves entered, listed and cleared
privately by their owner (what a premove is and when it is played: `bot.match.premoves`;
playing one is part of `Core.apply`)."""

from __future__ import annotations

from bot.match import premoves
from bot.match.premoves import Premove
from bot.service.base import Core
from bot.store import premoves as premove_rows
from bot.store.sql import Connection


class PremovesPart:
    """A member's premoves, over the service's core."""

    def __init__(self, core: Core) -> None:
        self._core = core

    async def add_premove(
        self, match_id: int, member_id: int, if_text: str, then_text: str
    ) -> list[Premove]:
        """Store "if the opponent plays `if_text`, the member plays `then_text`", checked
        in the current position (a line for the same move replaces the older one); the
        member's premoves in the match afterwards. Raises NotFound, MatchOver, NotAllowed,
        IllegalMoveError or LimitReached, storing nothing."""

        async def add(conn: Connection) -> list[Premove]:
            match = await self._core.fetch_known(conn, match_id)
            held = await premove_rows.of_match(conn, match_id, member_id)
            await premove_rows.add(conn, premoves.check(match, member_id, if_text, then_text, held))
            return await premove_rows.of_match(conn, match_id, member_id)

        return await self._core.store.transact(add)

    async def premoves(self, match_id: int, member_id: int) -> list[Premove]:
        """The member's premoves waiting in the match (for them alone to see)."""

        async def waiting(conn: Connection) -> list[Premove]:
            await self._core.fetch_known(conn, match_id)
            return await premove_rows.of_match(conn, match_id, member_id)

        return await self._core.store.read(waiting)

    async def clear_premoves(self, match_id: int, member_id: int) -> int:
        """Delete the member's premoves in the match; how many there were."""

        async def clear(conn: Connection) -> int:
            await self._core.fetch_known(conn, match_id)
            return await premove_rows.clear(conn, match_id, member_id)

        return await self._core.store.transact(clear)
