"""Who is signed in to the web board, and the limits on what they may ask.

`Sessions` keeps the signed-in sessions in the store (a random id in an HttpOnly cookie,
of which the store keeps only a hash, each with its member and the CSRF token its page
sends back with every change), each for `SESSION_LIFETIME`. `RateLimit` is a token
bucket per member: `RATE` requests a second on average, bursts of `BURST`; past the burst
a request waits for its turn (as nginx's `limit_req` does), at most `QUEUE` of a member's
at once, and only what comes beyond those is refused. A page that asks fast (a quick
opponent's moves coming in live, a long list of pictures, stepping quickly through the
moves) is slowed, never left with a refused picture.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.service.web_sessions import WebSessionsPart

#: The cookie that holds a session's id.
COOKIE = "shiftcord_session"
#: The header a page sends its CSRF token in, with every change.
CSRF_HEADER = "X-CSRF-Token"
SESSION_LIFETIME = timedelta(days=30)
#: The longest cookie read as a session's id (ours have 43 characters).
MAX_SID = 100
RATE = 10.0
BURST = 40.0
#: How many of a member's requests may wait for their turn (at `RATE`, 2 s at most).
QUEUE = 20
#: The most members whose buckets are remembered (the least recent forgotten first).
MAX_BUCKETS = 50_000


@dataclass(frozen=True)
class Session:
    """A signed-in browser: the member, the CSRF token of its pages, when it ends."""

    member: int
    csrf: str
    ends: datetime


def digest(sid: str) -> str:
    """What the store keeps of a session's id: its SHA-256 (hex)."""
    return hashlib.sha256(sid.encode()).hexdigest()


class Sessions:
    """The signed-in sessions, kept in the store by the digest of their id (the cookie's
    secret), so that they outlive a restart and every process serving the board knows
    them (the service's `web_sessions` part; `now` is the service's clock)."""

    def __init__(self, stored: WebSessionsPart, now: Callable[[], datetime]) -> None:
        self._stored = stored
        self._now = now

    async def open(self, member: int) -> tuple[str, Session]:
        """A new session for `member`: its id (for the cookie) and itself."""
        sid = secrets.token_urlsafe(32)
        session = Session(member, secrets.token_urlsafe(24), self._now() + SESSION_LIFETIME)
        await self._stored.open(digest(sid), member, session.csrf, session.ends)
        return sid, session

    async def get(self, sid: str | None) -> Session | None:
        """The session of a cookie's id, while it lasts."""
        if not sid or len(sid) > MAX_SID:
            return None
        stored = await self._stored.find(digest(sid))
        return None if stored is None else Session(stored.member, stored.csrf, stored.ends)

    async def close(self, sid: str | None) -> None:
        """End a session (signing out)."""
        if sid and len(sid) <= MAX_SID:
            await self._stored.close(digest(sid))


def csrf_ok(session: Session, sent: str | None) -> bool:
    """Whether a change carries its session's CSRF token."""
    return sent is not None and hmac.compare_digest(session.csrf, sent)


class RateLimit:
    """A token bucket per member: `wait(member)` takes the member's next request's turn."""

    def __init__(
        self,
        rate: float = RATE,
        burst: float = BURST,
        queue: int = QUEUE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._rate, self._burst, self._queue, self._clock = rate, burst, queue, clock
        self._buckets: OrderedDict[int, tuple[float, float]] = OrderedDict()

    def wait(self, member: int) -> float | None:
        """How many seconds `member`'s request waits for its turn (0: none), counting it;
        None when `QUEUE` of theirs wait already (refused, not counted)."""
        now = self._clock()
        left, then = self._buckets.pop(member, (self._burst, now))
        left = min(self._burst, left + (now - then) * self._rate)
        turn = left - 1
        allowed = turn >= -self._queue
        self._buckets[member] = (turn if allowed else left, now)
        while len(self._buckets) > MAX_BUCKETS:
            self._buckets.popitem(last=False)
        if not allowed:
            return None
        return max(0.0, -turn / self._rate)
