"""The news of the moves played on the web board, as its pages show them: the
presentation's announcement (`bot.presentation.announcements`), delivered whole as the
other faces deliver it. Its public posts' words go to every page of the match, in each
page's language; its private answer goes to the member who moved alone, in the answer to
their move. Each page draws its viewer's own board (a player sees their own hand there,
nobody else's), so the announcement draws no picture here (`Audience.drawn`).

The face that serves the board posts the same action's news where it shows them
(Discord's thread, the console's lines); this is the page's copy. Only moves played
through this board are known here, each while the match stands where it left it: a page
of a match moved elsewhere shows whose turn it is, and the moves so far.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from bot.match.records import Match, MatchUpdate
from bot.presentation.announcements import Announcement, Audience, announcement
from bot.presentation.language import speaking
from bot.presentation.writing import Style

#: The most matches whose latest move is kept (the oldest forgotten first).
MAX_KEPT = 512


def plain(style: Style, text: str) -> str:
    """A text of the presentation as the page shows it: numbered seats named, no
    Markdown code marks."""
    return style.named(text).replace("`", "")


def public_lines(told: Announcement | None, style: Style) -> list[str]:
    """The words of `told`'s public posts, in order, as the page shows them."""
    return [] if told is None else [plain(style, each.post.text) for each in told.news]


def _no_link(match: Match) -> str:
    return ""  # (the page tells nobody privately: it needs no link)


class LatestNews:
    """The latest move played on this board in each match (its update, with what
    announcing it needs), and its announcement as each language reads it."""

    def __init__(self, now: Callable[[], datetime]) -> None:
        self._now = now
        self._updates: dict[int, MatchUpdate] = {}
        self._told: dict[tuple[int, int, str], Announcement] = {}

    def played(self, update: MatchUpdate) -> None:
        """Keep a move played on the board (its update carries its `Delivery`)."""
        assert update.delivery is not None, "an announcement needs what its delivery read"
        self._updates.pop(update.match.id, None)
        self._updates[update.match.id] = update
        while len(self._updates) > MAX_KEPT:
            del self._updates[next(iter(self._updates))]

    async def told(
        self, match: Match, style: Style, name: Callable[[int], str], language: str
    ) -> Announcement | None:
        """The announcement of the latest move played on the board in `match`, in
        `language`, while `match` stands where it (and the premove that answered it)
        left it; else None."""
        update = self._updates.get(match.id)
        if update is None or update.match.version > match.version:
            return None
        told = await self.announced(update, style, name, language)
        return told if told.match.version == match.version else None

    async def announced(
        self, update: MatchUpdate, style: Style, name: Callable[[int], str], language: str
    ) -> Announcement:
        """The announcement of a move played on the board, in `language` (its members
        called by `name`)."""
        key = (update.match.id, update.match.version, language)
        told = self._told.get(key)
        if told is None:
            audience = Audience(style, name, language, _no_link, newcomers=False, drawn=False)
            with speaking(language):
                told = await announcement(update, audience, self._now())
            self._told[key] = told
            while len(self._told) > MAX_KEPT:
                del self._told[next(iter(self._told))]
        return told
