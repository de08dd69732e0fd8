"""Members' display names (and their accounts' usernames) as the bot last saw them, kept
a while.

The bot has only the `guilds` intent, so discord.py keeps no members: a name is asked of
Discord (a request per member). Names change rarely, so the poster keeps the names it
fetched in a `NameCache`: bounded (the least recently used go first) and each name taken
as fresh for `NAME_TTL` seconds, after which it is asked again (and still used if Discord
does not answer).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from cachetools import LRUCache

#: How many names a cache keeps.
NAMES_KEPT = 4096
#: How long a fetched name is used before it is asked again, in seconds.
NAME_TTL = 3600.0


@dataclass(frozen=True)
class KnownName:
    """A name, whether it is still fresh (fetched less than `NAME_TTL` ago), and the
    username of the member's account ("" where none is known), which pictures draw when
    they can draw nothing of the name."""

    name: str
    fresh: bool
    account: str = ""


class NameCache:
    """Display names by (server, member), bounded and refreshed after `ttl` seconds."""

    def __init__(
        self,
        size: int = NAMES_KEPT,
        ttl: float = NAME_TTL,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.ttl, self.clock = ttl, clock
        self._names: LRUCache[tuple[int, int], tuple[str, str, float]] = LRUCache(maxsize=size)

    def get(self, key: tuple[int, int]) -> KnownName | None:
        """The name kept for `key`, fresh or not; None when none is kept."""
        kept = self._names.get(key)
        if kept is None:
            return None
        name, account, fetched = kept
        return KnownName(name, self.clock() - fetched < self.ttl, account)

    def put(self, key: tuple[int, int], name: str, account: str = "") -> None:
        """Keep `name` (and the `account`'s username) for `key` as fetched now, dropping
        the least recently used beyond the size."""
        self._names[key] = (name, account, self.clock())
