"""How a face's text is shaped, whatever its subject: the face's `Style` (how it writes
a member, a channel and a time: Discord mentions and timestamps, or plain names and dates
in the console), members' names a face hands over at once (`KnownNames`), words joined as
in a sentence (`listed`), and the bounds of what one message shows (`clip`,
`MAX_MESSAGE`), so that every face says the same things.

The sentences of each subject are in its own catalogue module (`clocks`, `challenges`,
`matches`, `results`, ...); what players type is read in `parsing`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.match.phrases import Message, write_members
from bot.presentation import catalogue
from bot.presentation.catalogue import fill
from bot.presentation.language import localised

#: The longest text shown in one message (Discord's limit; the console shows the same).
MAX_MESSAGE = 2000
#: Discord's limit on a thread's name (the console shows the same).
MAX_THREAD_NAME = 100
#: Names or words in a list: "{first}" is all but the last, joined by commas.
AND = "{first} and {last}"
MORE_LEFT_OUT = "… (more left out)"


class KnownNames(dict[int, str]):
    """Members' names a face hands over at once (those of a match, by member id), so that
    what it writes does not call back into the face for each; another member's name is
    asked of `name_of` when it is met."""

    def __init__(self, known: Mapping[int, str], name_of: Callable[[int], str]) -> None:
        super().__init__(known)
        self._name_of = name_of

    def __missing__(self, member: int) -> str:
        return self._name_of(member)


@dataclass(frozen=True)
class Style:
    """How names, channels and times are written: `mention(member_id)`,
    `channel(channel_id)` and `when(datetime)`."""

    mention: Callable[[int], str]
    when: Callable[[datetime], str]
    channel: Callable[[int], str]

    def words(self, message: Message) -> str:
        """A message of the lower layers (a refusal naming members) written in this
        style."""
        return catalogue.write(message, self.mention, self.channel)

    def named(self, text: str) -> str:
        """A text of the match (a move's words, an ending's reason, a seat's name) with
        the members it marks (a game's numbered seats) named in this style, in the language
        spoken."""
        return write_members(localised(text), self.mention)


def listed(words: Sequence[str]) -> str:
    """Words joined as in a sentence of the language spoken: "a", "a and b", "a, b and c"
    ("" for none)."""
    words = [localised(word) for word in words]
    if len(words) <= 1:
        return "".join(words)
    return fill(AND, first=", ".join(words[:-1]), last=words[-1])


def clip(text: str, limit: int = MAX_MESSAGE) -> str:
    """`text` cut to `limit` characters at a line break, with a note that more was left out."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 20].rsplit("\n", 1)[0]
    return cut + "\n" + fill(MORE_LEFT_OUT)


def unwrapped(markdown: str) -> str:
    """Markdown written with wrapped lines (a game's help) as chat shows it best: each
    paragraph and list item on one line; code blocks (```) kept line for line."""
    lines: list[str] = []
    joining = code = False
    for line in markdown.strip().split("\n"):
        if line.startswith("```"):
            code, joining = not code, False
            lines.append(line)
        elif code or not line.strip():
            joining = False
            lines.append(line)
        elif joining and not line.startswith("- "):
            lines[-1] += " " + line.strip()
        else:
            joining = True
            lines.append(line)
    return "\n".join(lines)
