"""Who is signed in to the web board, and the limits on what they may ask.

`Sessions` keeps the signed-in sessions in memory (a random id in an HttpOnly cookie,
each with its member and the CSRF token its page sends back with every change), at most
`MAX_SESSIONS`, each for `SESSION_LIFETIME`. `RateLimit` is a token bucket per member:
`RATE` requests a second on average, bursts of `BURST`.
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

#: The cookie that holds a session's id.
COOKIE = "shiftcord_session"
#: The header a page sends its CSRF token in, with every change.
CSRF_HEADER = "X-CSRF-Token"
MAX_SESSIONS = 20_000
SESSION_LIFETIME = 30 * 24 * 3600.0
RATE = 10.0
BURST = 40.0
#: The most members whose buckets are remembered (the least recent forgotten first).
MAX_BUCKETS = 50_000


@dataclass(frozen=True)
class Session:
    """A signed-in browser: the member, the CSRF token of its pages, when it ends."""

    member: int
    csrf: str
    ends: float


class Sessions:
    """The signed-in sessions, by id (`clock`: seconds, monotonic)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._sessions: OrderedDict[str, Session] = OrderedDict()

    def open(self, member: int) -> tuple[str, Session]:
        """A new session for `member`: its id (for the cookie) and itself."""
        sid = secrets.token_urlsafe(32)
        session = Session(member, secrets.token_urlsafe(24), self._clock() + SESSION_LIFETIME)
        self._sessions[sid] = session
        while len(self._sessions) > MAX_SESSIONS:
            self._sessions.popitem(last=False)
        return sid, session

    def get(self, sid: str | None) -> Session | None:
        """The session of a cookie's id, while it lasts."""
        session = self._sessions.get(sid or "")
        if session is None or session.ends < self._clock():
            return None
        return session

    def close(self, sid: str | None) -> None:
        """End a session (signing out)."""
        self._sessions.pop(sid or "", None)


def csrf_ok(session: Session, sent: str | None) -> bool:
    """Whether a change carries its session's CSRF token."""
    return sent is not None and hmac.compare_digest(session.csrf, sent)


class RateLimit:
    """A token bucket per member: `allow(member)` spends one request if any is left."""

    def __init__(
        self, rate: float = RATE, burst: float = BURST, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._rate, self._burst, self._clock = rate, burst, clock
        self._buckets: OrderedDict[int, tuple[float, float]] = OrderedDict()

    def allow(self, member: int) -> bool:
        """Whether `member` may ask one more thing now (and count it)."""
        now = self._clock()
        left, then = self._buckets.pop(member, (self._burst, now))
        left = min(self._burst, left + (now - then) * self._rate)
        allowed = left >= 1
        self._buckets[member] = (left - 1 if allowed else left, now)
        while len(self._buckets) > MAX_BUCKETS:
            self._buckets.popitem(last=False)
        return allowed
