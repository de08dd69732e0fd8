"""What a move costs the database through Discord: one transaction before its news is
posted (the action, with what posting needs) and one after (what the posts showed, the
notices held back), and no other read or write on the way."""

from __future__ import annotations

import pytest

from tests.bot.discord_harness import (
    ALICE,
    BOB,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
)


def mark_transactions(store, fake: FakeDiscord) -> list[tuple[str, int]]:
    """From now on, note each transaction the store opens ("write" or "read") with how
    many requests Discord had received by then."""
    marks: list[tuple[str, int]] = []

    def counted(kind, opener):
        def opened(*body):
            marks.append((kind, len(fake.calls)))
            return opener(*body)

        return opened

    store.transaction = counted("write", store.transaction)
    store.transact = counted("write", store.transact)
    store.reading = counted("read", store.reading)
    store.read = counted("read", store.read)
    return marks


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "notices",
    [{}, {"dm": "also"}, {"dm": "instead", "quiet_start": 12, "quiet_end": 14}],
    ids=["pinged", "by DM too", "by DM in quiet hours"],
)
async def test_a_move_costs_one_transaction_before_posting_and_one_after(tmp_path, notices):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        match = await bot.service.queries.get_match(match_id)
        waiting = BOB if match.to_act == ALICE else ALICE
        if notices:  # (the clock says 12:00 UTC: quiet hours from 12 to 14 hold the DM)
            await fake.slash(waiting, "settings notices", **notices)
        notation = (await bot.service.play.legal_moves(match_id, match.to_act, "", 1))[0].notation
        marks = mark_transactions(bot.service.store, fake)
        start = len(fake.calls)
        data = fake.command_data("move", {"notation": notation})
        payload = fake.interaction_payload(2, match.to_act, data, thread)
        kinds = [c.kind for c in await fake.feed(payload)]
        marks = list(marks)  # (closing the bot writes too)
    assert [kind for kind, _ in marks] == ["write", "write"], (marks, kinds)
    before, after = (seen - start for _, seen in marks)
    posted, answered = kinds.index("send_message"), kinds.index("followup")
    assert before <= posted < after <= answered, (marks, kinds)
