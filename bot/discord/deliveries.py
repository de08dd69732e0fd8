"""One delivery of an interaction at a time.

Discord may deliver an interaction again (a gateway session that resumes replays what it
had not seen acknowledged) while this process is still handling the first delivery.
An action that posts something (a challenge, a rematch) already answers a delivery that
comes after the first has finished with what the first made; a delivery that comes
while the first is still posting waits here for it, so that it, too, finds what was
made instead of posting it again. Only the deliveries of one interaction wait for each
other, each at most `LONGEST_WAIT` seconds; nothing is kept once a delivery is done.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress

#: The longest a delivery waits for an earlier one of the same interaction (a post and a
#: thread take a second or two; a slow Discord is given more).
LONGEST_WAIT = 15.0

_handling: dict[int, asyncio.Event] = {}


@asynccontextmanager
async def after_earlier_deliveries(interaction_id: int) -> AsyncIterator[None]:
    """Run the block once no earlier delivery of the interaction is still being handled
    (or `LONGEST_WAIT` has passed)."""
    earlier = _handling.get(interaction_id)
    if earlier is not None:
        with suppress(TimeoutError):
            await asyncio.wait_for(earlier.wait(), LONGEST_WAIT)
        yield
        return
    done = _handling[interaction_id] = asyncio.Event()
    try:
        yield
    finally:
        done.set()
        del _handling[interaction_id]
