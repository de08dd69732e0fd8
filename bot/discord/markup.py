"""How the Discord face writes the presentation's words: members and channels as mentions,
times as timestamps, and texts cut into messages within Discord's length limit."""

from __future__ import annotations

from datetime import datetime

from bot.match.engine_seats import engine_name
from bot.presentation.writing import MAX_MESSAGE, Style


def discord_style() -> Style:
    """Mentions (`<@id>`, `<#id>`; a bot seat by name, "Shiftcord (hard)") and Discord
    timestamps in each reader's own time zone."""

    def when(moment: datetime) -> str:
        stamp = int(moment.timestamp())
        return f"<t:{stamp}:f> (<t:{stamp}:R>)"

    return Style(
        mention=lambda member_id: engine_name(member_id) or f"<@{member_id}>",
        when=when,
        channel=lambda channel_id: f"<#{channel_id}>",
    )


#: The style of everything the bot writes on Discord.
STYLE = discord_style()


def split_message(text: str, limit: int = MAX_MESSAGE) -> list[str]:
    """`text` as messages of at most `limit` characters, cut between paragraphs where it
    can, else between lines, else between words."""
    pieces = []
    while len(text) > limit:
        for mark in ("\n\n", "\n", " "):
            cut = text.rfind(mark, 0, limit + 1)
            if cut >= limit // 2:
                break
        if cut <= 0:
            cut = limit
        pieces.append(text[:cut].rstrip())
        text = text[cut:].lstrip("\n ")
    return [*pieces, text]


def pages(text: str, limit: int = MAX_MESSAGE - 100) -> list[str]:
    """`text` as pages of at most `limit` characters, cut between lines; every page after
    the first repeats the first line (what the list is). A line longer than a page is cut."""
    head, *rest = text.split("\n")
    out: list[str] = []
    page = [head[:limit]]
    size = len(page[0])
    for line in rest:
        line = line[: limit - len(head) - 1]
        if size + 1 + len(line) > limit and len(page) > 1:
            out.append("\n".join(page))
            page, size = [head], len(head)
        page.append(line)
        size += 1 + len(line)
    out.append("\n".join(page))
    return out
