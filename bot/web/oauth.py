"""Sign in with Discord: OAuth2's authorization code grant with the `identify` scope, for
a member who opens the web board directly rather than by a link.

The board sends the browser to Discord's authorization page with a random `state` (kept
in a short-lived HttpOnly cookie); Discord sends it back with a code, which the board
exchanges at Discord's token endpoint (authenticated with the application's id and
client secret) for an access token, then reads who the member is (`GET /users/@me`).
The access token is used once and forgotten. Only when the admin gives the client secret.

Inside Discord (the board as an Activity) the Embedded App SDK's `authorize` gives the
page a code with no redirect; the page posts it to the board, which exchanges it the
same way (`member(code, redirected=False)`).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from urllib.parse import urlencode

import aiohttp

API = "https://discord.com/api/v10"
AUTHORIZE = "https://discord.com/oauth2/authorize"
#: How long the browser may take at Discord's page (seconds).
STATE_LIFETIME = 600
TIMEOUT = aiohttp.ClientTimeout(total=10)


class LoginFailed(Exception):
    """Discord refused the code, or could not be reached."""


@dataclass(frozen=True)
class OAuth:
    """The application's OAuth2 client: its id and secret, the address Discord sends the
    browser back to (`redirect`, registered in the developer portal), and Discord's."""

    client_id: str
    client_secret: str
    redirect: str
    api: str = API
    authorize: str = AUTHORIZE

    @staticmethod
    def new_state() -> str:
        """A random state for one sign-in."""
        return secrets.token_urlsafe(24)

    def authorize_url(self, state: str) -> str:
        """Where to send the browser: Discord's page asking the member to let the board
        know who they are."""
        query = {
            "response_type": "code",
            "client_id": self.client_id,
            "scope": "identify",
            "state": state,
            "redirect_uri": self.redirect,
            "prompt": "none",
        }
        return f"{self.authorize}?{urlencode(query)}"

    async def member(self, code: str, *, redirected: bool = True) -> int:
        """The id of the member who granted `code` (LoginFailed when Discord says no);
        `redirected`: the code came back to `redirect` (not to an Activity, whose code the
        Embedded App SDK's `authorize` gives with no redirect)."""
        form = {"grant_type": "authorization_code", "code": code}
        if redirected:
            form["redirect_uri"] = self.redirect
        auth = {"Authorization": aiohttp.encode_basic_auth(self.client_id, self.client_secret)}
        try:
            async with aiohttp.ClientSession(timeout=TIMEOUT) as session:
                async with session.post(f"{self.api}/oauth2/token", data=form, headers=auth) as got:
                    if got.status != 200:
                        raise LoginFailed(f"the token endpoint answered {got.status}")
                    token = (await got.json()).get("access_token")
                if not isinstance(token, str):
                    raise LoginFailed("the token endpoint gave no access token")
                headers = {"Authorization": f"Bearer {token}"}
                async with session.get(f"{self.api}/users/@me", headers=headers) as got:
                    if got.status != 200:
                        raise LoginFailed(f"/users/@me answered {got.status}")
                    user = await got.json()
        except (aiohttp.ClientError, TimeoutError, ValueError) as error:
            raise LoginFailed(f"Discord could not be reached: {error!r}") from error
        member = user.get("id") if isinstance(user, dict) else None
        if not isinstance(member, str) or not member.isdigit():
            raise LoginFailed("/users/@me gave no user id")
        return int(member)
