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


async def client_form(request: web.Request) -> dict[str, str]:
    """The form posted to the token endpoint, after checking it comes as Discord asks:
    the application's credentials (HTTP Basic) and a form body."""
    expected = base64.b64encode(f"{CLIENT_ID}:{SECRET}".encode()).decode()
    assert request.headers["Authorization"] == f"Basic {expected}"
    assert request.content_type == "application/x-www-form-urlencoded"
    return {k: str(v) for k, v in (await request.post()).items()}


async def me(request: web.Request) -> web.StreamResponse:
    """`/users/@me`: MEMBER, for the token the stand-in gave ("the-token") alone."""
    if request.headers.get("Authorization") != "Bearer the-token":
        return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
    return web.json_response({"id": str(MEMBER), "username": "alice", "discriminator": "0"})


@contextlib.asynccontextmanager
async def served(app: web.Application) -> AsyncIterator[str]:
    """`app` served on a free local port; yields its address (http://127.0.0.1:PORT)."""
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()


@contextlib.asynccontextmanager
async def fake_discord_oauth() -> AsyncIterator[tuple[str, list[dict[str, str]]]]:
    """Discord's token endpoint and `/users/@me`, checking what they are sent as Discord
    does; yields (api base, the token requests' forms)."""
    forms: list[dict[str, str]] = []

    async def token(request: web.Request) -> web.StreamResponse:
        form = await client_form(request)
        forms.append(form)
        if form.get("grant_type") != "authorization_code" or form.get("code") != CODE:
            return web.json_response({"error": "invalid_grant"}, status=400)
        return web.json_response(
            {"access_token": "the-token", "token_type": "Bearer", "expires_in": 604800}
        )

    app = web.Application()
    app.router.add_post("/api/v10/oauth2/token", token)
    app.router.add_get("/api/v10/users/@me", me)
    async with served(app) as address:
        yield f"{address}/api/v10", forms
