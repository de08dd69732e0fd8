"""A stand-in for Discord's OAuth2 token endpoint and `/users/@me`, checking what they
are sent as Discord does (the web board's Activity tests and `benchmarks/activity.py`)."""

from __future__ import annotations

import base64
import contextlib
from collections.abc import AsyncIterator

from aiohttp import web

#: The application's id and secret the stand-in expects, the member it signs in, and the
#: one code it takes (what the test parent frame's `authorize` answers).
CLIENT_ID, SECRET, MEMBER, CODE = "1234", "s3cret", 1, "the-code"


@contextlib.asynccontextmanager
async def fake_discord_oauth() -> AsyncIterator[tuple[str, list[dict[str, str]]]]:
    """Discord's token endpoint and `/users/@me`, checking what they are sent as Discord
    does; yields (api base, the token requests' forms)."""
    forms: list[dict[str, str]] = []

    async def token(request: web.Request) -> web.StreamResponse:
        expected = base64.b64encode(f"{CLIENT_ID}:{SECRET}".encode()).decode()
        assert request.headers["Authorization"] == f"Basic {expected}"
        assert request.content_type == "application/x-www-form-urlencoded"
        form = {k: str(v) for k, v in (await request.post()).items()}
        forms.append(form)
        if form.get("grant_type") != "authorization_code" or form.get("code") != CODE:
            return web.json_response({"error": "invalid_grant"}, status=400)
        return web.json_response(
            {"access_token": "the-token", "token_type": "Bearer", "expires_in": 604800}
        )

    async def me(request: web.Request) -> web.StreamResponse:
        if request.headers.get("Authorization") != "Bearer the-token":
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        return web.json_response({"id": str(MEMBER), "username": "alice", "discriminator": "0"})

    app = web.Application()
    app.router.add_post("/api/v10/oauth2/token", token)
    app.router.add_get("/api/v10/users/@me", me)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}/api/v10", forms
    finally:
        await runner.cleanup()
