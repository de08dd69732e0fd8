"""Words that name members and channels by id, so that each face writes them its own way.

The match rules and the service never write Discord's mention markup: a refusal or a
notice is a `Phrase`, a template whose `{0}`, `{1}`... stand for members (by id) and
`{channel}` for a channel. Discord renders members as mentions (`<@id>`), the console
as the names players typed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Namer = Callable[[int], str]


def plain_member(member_id: int) -> str:
    """A member named without any face's help: "member 123"."""
    return f"member {member_id}"


def plain_channel(channel_id: int) -> str:
    """A channel named without any face's help: "channel 123"."""
    return f"channel {channel_id}"


@dataclass(frozen=True)
class Phrase:
    """A sentence with member ids in `{0}`, `{1}`... and a channel id in `{channel}`."""

    template: str
    members: tuple[int, ...] = ()
    channel: int | None = None

    @classmethod
    def plain(cls, sentence: str) -> Phrase:
        """A sentence that names no member or channel, kept as written: braces in it (a
        move or a name a player typed) are text, never places to fill in."""
        return cls(sentence.replace("{", "{{").replace("}", "}}"))

    def render(self, member: Namer = plain_member, channel: Namer = plain_channel) -> str:
        """The sentence with every member and the channel written by the given functions."""
        names = [member(m) for m in self.members]
        where = channel(self.channel) if self.channel is not None else ""
        return self.template.format(*names, channel=where)

    def __str__(self) -> str:
        return self.render()
