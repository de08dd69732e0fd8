"""Live pages: each open match page holds a server-sent events stream, told the match's
version whenever it changes, from whichever face the action came.

One watcher task per watched match reads its version every `POLL` seconds (one query
however many pages watch it; the database is the one truth, so moves made by another
process are seen too) and wakes every page of that match; a move made through the web is
told at once (`changed`). At most `MAX_PAGES` streams are open, `MAX_PER_MEMBER` for one
member.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field

log = logging.getLogger("shiftcord.web")

POLL = 0.3
MAX_PAGES = 5000
MAX_PER_MEMBER = 12
#: A comment is sent this often on a quiet stream, so that proxies keep it open.
KEEPALIVE = 20.0


@dataclass
class _Watched:
    """A watched match: its last known version, the pages' wake-up events, the task."""

    version: int
    pages: set[asyncio.Event] = field(default_factory=set)
    task: asyncio.Task[None] | None = None


class Live:
    """The open live pages, by match; `version_of(match)` reads a match's version."""

    def __init__(self, version_of: Callable[[int], Awaitable[int]]) -> None:
        self._version_of = version_of
        self._watched: dict[int, _Watched] = {}
        self._members: dict[int, int] = {}
        self._open = 0
        self._closed = False

    @property
    def open_pages(self) -> int:
        """How many live pages are open."""
        return self._open

    @property
    def closed(self) -> bool:
        """Whether the board is shutting down: its pages' streams end."""
        return self._closed

    def admits(self, member: int) -> bool:
        """Whether one more page of `member` may open."""
        if self._closed or self._open >= MAX_PAGES:
            return False
        return self._members.get(member, 0) < MAX_PER_MEMBER

    def version(self, match: int) -> int | None:
        """The last version seen of a watched match."""
        watched = self._watched.get(match)
        return watched.version if watched else None

    @contextlib.asynccontextmanager
    async def page(self, member: int, match: int, version: int) -> AsyncIterator[asyncio.Event]:
        """An open page of `match` (at `version`): the event set when the match changes."""
        woken = asyncio.Event()
        watched = self._watched.get(match)
        if watched is None:
            watched = self._watched[match] = _Watched(version)
            watched.task = asyncio.create_task(self._watch(match, watched))
        watched.pages.add(woken)
        self._open += 1
        self._members[member] = self._members.get(member, 0) + 1
        try:
            yield woken
        finally:
            self._open -= 1
            self._members[member] -= 1
            if not self._members[member]:
                del self._members[member]
            watched.pages.discard(woken)
            if not watched.pages and self._watched.get(match) is watched:
                del self._watched[match]
                if watched.task is not None:
                    watched.task.cancel()

    def changed(self, match: int, version: int) -> None:
        """Tell the pages of `match` that it is now at `version`."""
        watched = self._watched.get(match)
        if watched is not None and version > watched.version:
            watched.version = version
            for woken in watched.pages:
                woken.set()

    async def _watch(self, match: int, watched: _Watched) -> None:
        while True:
            await asyncio.sleep(POLL)
            try:
                self.changed(match, await self._version_of(match))
            except Exception as error:  # the database away: the pages wait, unharmed
                log.warning("live pages of match %s cannot read it: %s", match, error)

    async def close(self) -> None:
        """Stop every watcher and wake every page, whose stream then ends (a shutdown
        does not wait for a quiet stream's next keep-alive)."""
        self._closed = True
        for watched in self._watched.values():
            for woken in watched.pages:
                woken.set()
        tasks = [w.task for w in self._watched.values() if w.task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._watched.clear()
