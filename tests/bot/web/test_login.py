"""Sign in with Discord (OAuth2 authorization code, `identify`), against a fake of
Discord's authorization page, token endpoint and `/users/@me` that checks what it is
sent as Discord does (the client's credentials, the code, the redirect address, the
bearer token)."""

from __future__ import annotations

import contextlib
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
from aiohttp import web

from bot.web.oauth import OAuth
from tests.bot.service_fixtures import start_match
from tests.bot.web.conftest import opened
from tests.bot.web.fake_oauth import CLIENT_ID, CODE, MEMBER, SECRET, client_form, me, served
from tests.bot.web.play import settled


@contextlib.asynccontextmanager
async def fake_discord(approve: bool = True):
    """Discord's three OAuth2 addresses; yields (base address, what was asked)."""
    asked: list[str] = []
    codes: dict[str, str] = {}

    async def authorize(request: web.Request) -> web.StreamResponse:
        query = request.query
        assert query["response_type"] == "code" and query["scope"] == "identify"
        assert query["client_id"] == CLIENT_ID
        asked.append("authorize")
        if not approve:
            target = {"error": "access_denied", "state": query["state"]}
        else:
            codes[CODE] = query["redirect_uri"]
            target = {"code": CODE, "state": query["state"]}
        raise web.HTTPFound(f"{query['redirect_uri']}?{urlencode(target)}")

    async def token(request: web.Request) -> web.StreamResponse:
        form = await client_form(request)
        asked.append("token")
        if form.get("grant_type") != "authorization_code" or form.get("code") not in codes:
            return web.json_response({"error": "invalid_grant"}, status=400)
        assert form["redirect_uri"] == codes.pop(form["code"])
        return web.json_response(
            {
                "access_token": "the-token",
                "token_type": "Bearer",
                "expires_in": 604800,
                "refresh_token": "r",
                "scope": "identify",
            }
        )

    async def me_asked(request: web.Request) -> web.StreamResponse:
        asked.append("me")
        return await me(request)

    app = web.Application()
    app.router.add_get("/oauth2/authorize", authorize)
    app.router.add_post("/api/v10/oauth2/token", token)
    app.router.add_get("/api/v10/users/@me", me_asked)
    async with served(app) as address:
        yield address, asked


def _oauth(board, base: str) -> OAuth:
    return OAuth(
        CLIENT_ID,
        SECRET,
        f"{board.base}discord-login",
        api=f"{base}/api/v10",
        authorize=f"{base}/oauth2/authorize",
    )


@pytest.mark.asyncio
async def test_signing_in_with_discord_opens_my_matches(board, browser) -> None:
    match = await start_match(board.service, (MEMBER, 2))
    async with fake_discord() as (base, asked):
        board.host.oauth = _oauth(board, base)
        async with opened(browser, board.base) as page:
            await page.wait_for_selector("a.login")
            await page.click("a.login")
            await page.wait_for_selector("ul.matches li")
            assert f"#{match.id}" in await page.inner_text("ul.matches")
            assert asked == ["authorize", "token", "me"]
            cookies = {c["name"]: c for c in await page.context.cookies()}
            assert cookies["shiftcord_session"]["httpOnly"]
            assert "shiftcord_login" not in cookies
            await settled(page)
            assert page.errors == []  # the signed-out page before it too


@pytest.mark.asyncio
async def test_a_forged_state_or_a_refused_code_signs_nobody_in(board, browser) -> None:
    async with fake_discord(approve=False) as (base, asked):
        board.host.oauth = _oauth(board, base)
        async with opened(browser, board.base) as page:
            await page.wait_for_selector("a.login")
            await page.click("a.login")
            await page.wait_for_load_state()
            assert "did not work" in await page.content()
            await page.goto(f"{board.base}discord-login?code={CODE}&state=forged")
            assert "did not work" in await page.content()
            names = {c["name"] for c in await page.context.cookies()}
            assert "shiftcord_session" not in names
    assert "token" not in asked
    parsed = urlparse(_oauth(board, "http://x").authorize_url("s"))
    assert parse_qs(parsed.query)["scope"] == ["identify"]
