"""The web board as a Discord Activity: the same page, inside a test parent frame at
discord.com that speaks the Embedded App SDK's side of the handshake and of `authorize`
(the message shapes of the SDK's own `Discord.mjs` and `schema/`), with the board
reached through a fake of Discord's proxy (`https://<client id>.discordsays.com`,
`/.proxy/` paths too) and a fake of Discord's OAuth2 token endpoint and `/users/@me`.
The SDK is the kept copy the bot serves (`bot/web/static/vendor`)."""

from __future__ import annotations

import contextlib
import hashlib
import random
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from bot.match.actions import MOVE
from bot.match.engine_seats import engine_members
from bot.service import ChallengeRequest
from bot.web.oauth import OAuth
from tests.bot.discord_api import require_spec, spec
from tests.bot.service_fixtures import GUILD, act, start_match, terms
from tests.bot.web.conftest import opened
from tests.bot.web.fake_oauth import CLIENT_ID, MEMBER, SECRET, fake_discord_oauth
from tests.bot.web.play import my_turn, play_to_the_end, tap

PROXY = f"https://{CLIENT_ID}.discordsays.com"
PARENT = "https://discord.com/activities/shiftcord"
ROOT = Path(__file__).resolve().parents[3]
VENDOR = ROOT / "bot" / "web" / "static" / "vendor"

#: Discord's client, as far as the handshake and `authorize` go: READY answers the
#: handshake; AUTHORIZE answers with a code, or the error Discord sends when the member
#: declines (while `window.decline`).
PARENT_HTML = """<!doctype html><html><body>
<iframe id="app" src="SRC" style="width:360px;height:700px;border:0"></iframe>
<script>
const frame = document.getElementById("app");
window.decline = DECLINE;
window.seen = [];
window.addEventListener("message", (event) => {
  if (event.origin !== "PROXY" || !Array.isArray(event.data)) return;
  const [opcode, payload] = event.data;
  window.seen.push([opcode, payload]);
  const send = (message) => frame.contentWindow.postMessage(message, event.origin);
  if (opcode === 0) {
    send([1, { cmd: "DISPATCH", evt: "READY", nonce: null,
      data: { v: 1, config: { api_endpoint: "//discord.com/api", environment: "production" } } }]);
  } else if (opcode === 1 && payload.cmd === "AUTHORIZE") {
    if (window.decline) {
      send([1, { cmd: "AUTHORIZE", evt: "ERROR", nonce: payload.nonce,
        data: { code: 5000, message: "Interaction required" } }]);
    } else {
      send([1, { cmd: "AUTHORIZE", evt: null, nonce: payload.nonce, data: { code: "the-code" } }]);
    }
  }
});
</script></body></html>"""


@contextlib.asynccontextmanager
async def in_discord(browser, board, channel: int, *, decline: bool = False, proxied: bool):
    """The Activity opened in a thread: the parent frame at discord.com, the board framed
    from Discord's proxy domain (at `/.proxy/` when `proxied`), every request of the frame
    going through the fake proxy to the board. Yields (parent page, the frame, the
    addresses the frame asked for)."""
    asked: list[str] = []
    query = f"frame_id=f1&instance_id=i-1&platform=desktop&channel_id={channel}&guild_id=1"
    entry = f"{PROXY}/{'.proxy/' if proxied else ''}?{query}"
    html = PARENT_HTML.replace("SRC", entry).replace("PROXY", PROXY)
    html = html.replace("DECLINE", "true" if decline else "false")

    async def parent(route) -> None:
        await route.fulfill(status=200, content_type="text/html", body=html)

    async def proxy(route) -> None:
        url = urlsplit(route.request.url)
        asked.append(route.request.url)
        path = url.path.removeprefix("/.proxy")
        target = f"{board.base.rstrip('/')}{path}" + (f"?{url.query}" if url.query else "")
        try:
            if path == "/api/events":  # (a route answers whole: the stream's first event)
                event = await _first_event(target, route)
                await route.fulfill(status=200, content_type="text/event-stream", body=event)
                return
            response = await route.fetch(url=target, max_redirects=0)
            await route.fulfill(response=response)
        except Exception:
            if not closing:  # (a request still on its way when the test ends is dropped)
                raise

    closing: list[bool] = []
    async with opened(browser, "about:blank") as page:
        await page.context.route(PARENT, parent)
        await page.context.route(f"{PROXY}/**", proxy)
        await page.goto(PARENT)
        frame = page.frame_locator("#app")
        try:
            yield page, frame, asked
        finally:
            closing.append(True)


async def _first_event(target: str, route) -> bytes:
    """The live stream's first event, then its end: a test's route can only answer
    whole, so the fake proxy cuts the stream there and the page reconnects (as after any
    cut, within its `retry`), each time told the match's latest version."""
    import aiohttp

    cookie = (await route.request.all_headers()).get("cookie", "")
    async with (
        aiohttp.ClientSession() as session,
        session.get(target, headers={"Cookie": cookie}) as answer,
    ):
        event = b""
        async for line in answer.content:
            event += line
            if line == b"\n" and b"data:" in event:
                return event
    return event


def _oauth(board, api: str) -> OAuth:
    return OAuth(CLIENT_ID, SECRET, f"{board.base}discord-login", api=api)


@pytest.mark.asyncio
@pytest.mark.parametrize("proxied", [False, True])
async def test_the_board_opens_inside_discord_and_plays(board, browser, proxied) -> None:
    """The handshake, `authorize` (identify), the code exchanged by the server, a session
    whose cookie works in Discord's frame, and the thread's match opened and played by
    taps; every request of the frame went to Discord's proxy domain."""
    match = await start_match(board.service, (MEMBER, 2), "skift", channel=900)
    assert (await board.service.queries.match_in_channel(900)).id == match.id
    if match.to_act != MEMBER:  # the other member moves first, in Discord
        move = match.state.format_move(match.state.legal_moves()[0])
        await act(board.service, match.id, match.to_act, MOVE, move)
        match = await board.match(match.id)
    async with fake_discord_oauth() as (api, forms):
        board.host.oauth = _oauth(board, api)
        async with in_discord(board=board, browser=browser, channel=900, proxied=proxied) as (
            page,
            frame,
            asked,
        ):
            await frame.locator("nav.moves").wait_for()
            assert f"#{match.id}" in await frame.locator("h1").inner_text()
            seen = await page.evaluate("window.seen")
            handshake = seen[0]
            assert handshake[0] == 0
            assert handshake[1]["client_id"] == CLIENT_ID and handshake[1]["frame_id"] == "f1"
            assert handshake[1]["v"] == 1 and handshake[1]["sdk_version"] == "2.5.0"
            [authorize] = [p for op, p in seen if op == 1 and p.get("cmd") == "AUTHORIZE"]
            assert authorize["args"]["scope"] == ["identify"]
            assert authorize["args"]["client_id"] == CLIENT_ID
            assert forms == [
                {"grant_type": "authorization_code", "code": "the-code"}
            ]  # no redirect for an Activity's code
            cookies = {c["name"]: c for c in await page.context.cookies(PROXY)}
            session = cookies["shiftcord_session"]
            assert session["sameSite"] == "None" and session["secure"] and session["httpOnly"]
            app = page.frame(url=lambda u: u.startswith(PROXY))  # a move by taps, in it
            await my_turn(app)
            rng = random.Random(2)
            while await tap(page, rng, app) != "confirm":
                pass
            assert (await board.match(match.id)).ply == match.ply + 1
            await app.wait_for_function(  # the live stream works through the proxy too
                f"() => document.querySelectorAll('nav.moves li').length === {match.ply + 1}"
            )
            assert all(url.startswith(PROXY) for url in asked)
            assert any("vendor/embedded-app-sdk-2.5.0/output/index.mjs" in u for u in asked)
            assert page.errors == []


#: The match played whole inside the frame: Shifty on its smallest board against the
#: bot, the quickest of the games to end (a few dozen taps).
WHOLE = ("shifty", {"size": 6})


@pytest.mark.asyncio
async def test_a_whole_match_is_played_inside_the_frame_by_taps(board, browser) -> None:
    """The thread's match against the bot, opened in the Activity and played by taps to
    its end, the bot's moves coming in live; every request of the frame went to Discord's
    proxy domain, under `/.proxy/`."""
    game, options = WHOLE
    challenge = await board.service.challenges.create_challenge(
        ChallengeRequest(
            GUILD,
            902,
            MEMBER,
            game,
            opponents=engine_members(["easy"]),
            players=2,
            options=options,
            **terms(clock_hours=None),
        )
    )
    assert challenge.match_id is not None
    board.engine.notice(await board.service.play.attach_channel(challenge.match_id, 902))
    async with fake_discord_oauth() as (api, forms):
        board.host.oauth = _oauth(board, api)
        async with in_discord(browser, board, channel=902, proxied=True) as (page, frame, asked):
            await frame.locator("nav.moves").wait_for()
            app = page.frame(url=lambda u: u.startswith(PROXY))
            taps = await play_to_the_end(page, board, challenge.match_id, random.Random(7), app)
            assert page.errors == []
    played = await board.match(challenge.match_id)
    assert not played.active and played.ply > 10, (played.ply, taps)
    assert taps.get("confirm", 0) >= played.ply // 2
    assert all(url.startswith(f"{PROXY}/.proxy/") for url in asked)
    assert sum("api/play" in url for url in asked) == taps["confirm"]


@pytest.mark.asyncio
async def test_a_member_who_declines_is_told_what_to_do_then_gets_in(board, browser) -> None:
    """Declining `authorize` signs nobody in and says how to get in; Try again, then
    authorizing, opens the member's matches (a channel with no match)."""
    match = await start_match(board.service, (MEMBER, 2), channel=901)
    async with fake_discord_oauth() as (api, forms):
        board.host.oauth = _oauth(board, api)
        async with in_discord(browser, board, channel=12345, decline=True, proxied=False) as (
            page,
            frame,
            asked,
        ):
            await frame.locator("button.retry").wait_for()
            assert "Authorize" in await frame.locator("#alert").inner_text()
            assert forms == []
            assert not any(c["name"] == "shiftcord_session" for c in await page.context.cookies())
            await page.evaluate("window.decline = false")
            await frame.locator("button.retry").click()
            await frame.locator("ul.matches li").wait_for()
            assert f"#{match.id}" in await frame.locator("ul.matches").inner_text()
            await frame.locator("ul.matches a").first.click()  # opens in the frame
            await frame.locator("nav.moves").wait_for()
            assert page.errors == []


@pytest.mark.asyncio
async def test_without_the_client_secret_the_activity_says_so(board, browser) -> None:
    async with in_discord(browser, board, channel=1, proxied=False) as (page, frame, asked):
        await frame.locator("#alert:not(:empty)").wait_for()
        assert "admin" in await frame.locator("#alert").inner_text()
        assert page.errors == []


@pytest.mark.asyncio
async def test_the_activity_page_may_be_framed_by_discord_only(board) -> None:
    """The Activity's entry may be framed by Discord's client (as Discord documents its
    origins); every other answer by nobody. The session of an Activity's sign-in needs a
    header no cross-site form can send."""
    import aiohttp

    async with aiohttp.ClientSession() as session:
        entry = f"{board.base}?frame_id=f&instance_id=i&platform=desktop"
        async with session.get(entry) as answer:
            policy = answer.headers["Content-Security-Policy"]
        async with session.get(board.base) as answer:
            plain = answer.headers["Content-Security-Policy"]
        async with session.post(f"{board.base}activity", json={"code": "x"}) as answer:
            assert answer.status == 403
    ancestors = policy.split("frame-ancestors ")[1].split(";")[0].split()
    assert ancestors == [
        "https://discord.com",
        "https://*.discord.com",
        "https://discordapp.com",
        "https://*.discordapp.com",
        "https://*.discordsays.com",
    ]
    assert "frame-ancestors 'none'" in plain
    assert policy.replace(" ".join(ancestors), "'none'") == plain  # nothing else loosened


def test_the_token_exchange_is_discords_as_its_api_description_says() -> None:
    """Where the board exchanges a code and reads the member: Discord's OAuth2 token
    address (its API description's authorization-code flow) and `GET /users/@me` with
    the `identify` scope."""
    require_spec()
    described = spec()
    flow = described["components"]["securitySchemes"]["OAuth2"]["flows"]["authorizationCode"]
    assert flow["tokenUrl"].endswith("/oauth2/token")
    security = described["paths"]["/users/@me"]["get"]["security"]
    assert {"OAuth2": ["identify"]} in security
    assert described["servers"][0]["url"] == OAuth("a", "b", "c").api


@pytest.mark.asyncio
async def test_the_served_sdk_is_the_pinned_package(board) -> None:
    """Every file of the kept SDK is served exactly as its pinned checksum says, its
    modules import only each other, and the licence is kept beside them."""
    import aiohttp

    from scripts.discord_sdk import FOLDER, INTEGRITY, SUMS

    folder = VENDOR / FOLDER
    lines = (folder / SUMS).read_text().splitlines()
    assert INTEGRITY in lines[0]
    sums = dict(reversed(line.split(maxsplit=1)) for line in lines[1:])
    assert "LICENSE.md" in sums and "output/index.mjs" in sums
    assert "MIT" in (folder / "LICENSE.md").read_text()
    async with aiohttp.ClientSession() as session:
        for name, digest in sums.items():
            async with session.get(f"{board.base}vendor/{FOLDER}/{name}") as answer:
                assert answer.status == 200, name
                assert hashlib.sha256(await answer.read()).hexdigest() == digest
        async with session.get(f"{board.base}vendor/{FOLDER}/package.json") as answer:
            assert answer.status == 404  # only what the checksums list
    for name in sums:
        if not name.endswith(".mjs"):
            continue
        text = (folder / name).read_text()
        for line in text.splitlines():
            if line.startswith(("import ", "export ")) and " from '" in line:
                target = line.split(" from '")[1].split("'")[0]
                assert target.startswith("."), (name, target)
                resolved = (Path(name).parent / target).as_posix()
                parts: list[str] = []
                for part in resolved.split("/"):
                    if part == "..":
                        parts.pop()
                    elif part != ".":
                        parts.append(part)
                assert "/".join(parts) in sums, (name, target)


def test_the_activity_is_possible_only_at_a_public_https_address_with_the_secret() -> None:
    """The seam the Discord face asks before launching the Activity."""
    from bot.web.activity import activity_possible, mapping_target

    url = "https://board.example.org/"
    assert activity_possible(url, CLIENT_ID, SECRET)
    assert not activity_possible(url, CLIENT_ID, "")  # no client secret
    assert not activity_possible("http://board.example.org/", CLIENT_ID, SECRET)
    assert not activity_possible(None, CLIENT_ID, SECRET)  # the board not served
    assert mapping_target("https://example.org/shiftcord/") == "example.org/shiftcord"
