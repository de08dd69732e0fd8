"""Signed links to the web board: a short-lived token for one member and one match,
signed with HMAC-SHA256, good once.

A token is `payload.signature`, both base64url: the payload names the member, the match,
when it expires and a nonce. `Signer.grant` makes one, `Signer.redeem` checks it (its
signature, its age) and spends its nonce (in the store, through `spend`: spent in every
process serving the board, and after a restart), so a token copied from a browser's
history opens nothing. Tokens travel in a link's fragment (`open#TOKEN`), which browsers never send
to a server, so no server or proxy log holds one; the page posts it to `signin`.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

#: The longest token accepted (bytes of text): longer ones are refused unread.
MAX_TOKEN = 400
#: The longest nonce accepted (ours have 12 characters).
MAX_NONCE = 40
#: A link in a private answer lasts this long; one in a turn notice by DM longer, as it
#: may be read later.
ANSWER_LIFETIME = timedelta(minutes=30)
NOTICE_LIFETIME = timedelta(hours=24)


@dataclass(frozen=True)
class Grant:
    """What a redeemed token lets its bearer do: be `member`, looking at `match`."""

    member: int
    match: int


def _encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Signer:
    """Makes and redeems tokens with one secret (`secret`: text; a random one when
    empty), reading the time from `now`; `spend(nonce, expires)` spends a token's nonce,
    saying whether it was unspent."""

    def __init__(
        self,
        secret: str,
        now: Callable[[], datetime],
        spend: Callable[[str, datetime], Awaitable[bool]],
    ) -> None:
        self._key = hashlib.sha256((secret or secrets.token_hex(32)).encode()).digest()
        self._now = now
        self._spend = spend

    def _sign(self, payload: str) -> str:
        return _encode(hmac.new(self._key, payload.encode(), hashlib.sha256).digest())

    def grant(self, member: int, match: int, lifetime: timedelta = ANSWER_LIFETIME) -> str:
        """A token for `member` and `match`, good once within `lifetime`."""
        expires = int((self._now() + lifetime).timestamp())
        body = {"m": member, "g": match, "e": expires, "n": secrets.token_urlsafe(9)}
        payload = _encode(json.dumps(body, separators=(",", ":")).encode())
        return f"{payload}.{self._sign(payload)}"

    async def redeem(self, token: str) -> Grant | None:
        """The grant of a well-signed token not expired nor spent yet (spending it), else
        None."""
        if not isinstance(token, str) or len(token) > MAX_TOKEN or token.count(".") != 1:
            return None
        payload, signature = token.split(".")
        if not hmac.compare_digest(signature, self._sign(payload)):
            return None
        try:
            body = json.loads(_decode(payload))
            member, match, expires, nonce = body["m"], body["g"], body["e"], body["n"]
        except (ValueError, KeyError, TypeError):
            return None
        now = self._now().timestamp()
        if not all(isinstance(v, int) for v in (member, match, expires)) or expires < now:
            return None
        if not isinstance(nonce, str) or not 0 < len(nonce) <= MAX_NONCE:
            return None
        if not await self._spend(nonce, datetime.fromtimestamp(expires, UTC)):
            return None
        return Grant(member, match)
