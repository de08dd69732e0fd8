"""What the match rules and the service say to a player, as a key and named values.

The lower layers never write a sentence: a refusal carries a `Message`, the key of a
sentence in the presentation's catalogue (bot/presentation/catalogue) and the values of
its placeholders. Members and channels among the values are ids (`Member`, `Channel`), so
that each face names them its own way (Discord as mentions, the console by the names
players typed).

A game whose seats are only numbered says in its own words (a move's, an ending's reason)
what the match calls its seats: each seat's member, marked by `member_mark`, so that each
face writes those words naming the members its own way (`write_members`).

`str(message)` is the sentence in plain English words (members as "member 123"), for
logs and tests, whatever language is spoken; it reads the templates the presentation
lends with `lend_templates` when it is imported (every face imports it), and is the key
with its values before that.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

Namer = Callable[[int], str]


@dataclass(frozen=True)
class Member:
    """A member named among a message's values, by id."""

    id: int


@dataclass(frozen=True)
class Channel:
    """A channel named among a message's values, by id."""

    id: int


Value = str | int | Member | Channel


@dataclass(frozen=True, init=False)
class Message:
    """The key of a sentence of the catalogue and the values of its named placeholders."""

    key: str
    values: Mapping[str, Value] = field(hash=False)

    def __init__(self, key: str, /, **values: Value) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "values", values)

    def __str__(self) -> str:
        return _lent.words(self)


_MEMBER_MARK = re.compile(r"<member:(-?\d+)>")


def member_mark(member_id: int) -> str:
    """How a text of the match names a member for the faces to write (`write_members`)."""
    return f"<member:{member_id}>"


def write_members(text: str, member: Namer) -> str:
    """`text` with each member marked in it (`member_mark`) named by `member`."""
    return _MEMBER_MARK.sub(lambda found: member(int(found[1])), text)


def plain_member(member_id: int) -> str:
    """A member named without any face's help: "member 123"."""
    return f"member {member_id}"


def plain_channel(channel_id: int) -> str:
    """A channel named without any face's help: "channel 123"."""
    return f"channel {channel_id}"


class _Lent:
    """How `str(message)` is written: by the presentation once it is imported."""

    def __init__(self) -> None:
        self.write: Callable[[Message, Namer, Namer], str] | None = None

    def words(self, message: Message) -> str:
        """The message in plain words, or its key and values while nobody lent templates."""
        if self.write is None:
            return f"{message.key} {dict(message.values)}"
        return self.write(message, plain_member, plain_channel)


_lent = _Lent()


def lend_templates(write: Callable[[Message, Namer, Namer], str]) -> None:
    """Let `str(message)` write messages with `write` (message, member namer, channel
    namer): the presentation's catalogue, given once when it is imported."""
    _lent.write = write
