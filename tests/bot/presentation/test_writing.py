"""How a face's text is shaped: members' names handed over at once (`KnownNames`)."""

from __future__ import annotations

from bot.presentation.writing import KnownNames


def test_known_names_are_looked_up_and_another_member_is_asked_for():
    asked: list[int] = []

    def name_of(member: int) -> str:
        asked.append(member)
        return f"member {member}"

    names = KnownNames({1: "Alice", 2: "Bob"}, name_of)
    assert [names[1], names[2], names[1]] == ["Alice", "Bob", "Alice"]
    assert asked == []  # (no call back into the face for a known name)
    assert names[7] == "member 7" and asked == [7]
    assert 7 not in names  # (an unknown member is not kept)
