"""The web board's server (aiohttp): its routes, its guards and how it is started.

Every address is relative to where the board is served (`match?id=5`, `board.png?...`,
`api/state?...`), so that it works under any path prefix a proxy puts it at.

- `GET /`, `/match`, `/open`: the page (one HTML file; its script reads the address).
- `POST signin`: a link's token (from the address's fragment) for a session cookie.
- `GET api/matches`: the member's matches, their turn first.
- `GET api/state?match=N&path=P`: what the match page draws (`bot.web.board`).
- `GET board.png?match=N&v=V[&path=P|&ply=K]`: the board, a move's preview, or an
  earlier position (public).
- `POST api/play`: play the move the composer's path completes, at the ply the page saw,
  under the page's request id.
- `GET api/events?match=N`: server-sent events, one `version` event each time the
  match changes (`bot.web.live`).
- `POST activity`: inside Discord (`bot.web.activity`), the code the Embedded App SDK's
  `authorize` gave the page, for a session and the match of the Activity's channel.
- `GET vendor/...`: the kept Embedded App SDK (only the files its checksums list).

Every response carries a strict Content-Security-Policy and no-sniff headers; every
change needs the session's CSRF token in `X-CSRF-Token`; request bodies are at most
`MAX_BODY` bytes; each member has a rate limit (past a burst, requests wait their turn;
only a flood is refused); the access log writes no query strings
(a token never travels in one, and paths are all it needs).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import hmac
import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from html import escape
from pathlib import Path
from typing import Any

from aiohttp import web
from aiohttp.abc import AbstractAccessLogger

from bot.match.actions import MOVE, Request
from bot.match.analysis import analysable
from bot.match.errors import NotFound, PositionChanged
from bot.match.phrases import plain_member
from bot.match.records import Match, MatchUpdate
from bot.presentation import composer as composer_words
from bot.presentation.analysis import analysis_chart, analysis_text, swing_lines
from bot.presentation.catalogue import fill
from bot.presentation.errors import PLAYER_ERRORS, Refusal, refusal_text
from bot.presentation.hints import hint_text
from bot.presentation.language import SOURCE, language_of, moment_words, speaking
from bot.presentation.matches import already_done
from bot.presentation.pictures import seat_labels
from bot.presentation.settings import DMS_REFUSED
from bot.presentation.writing import KnownNames, Style
from bot.service.analysis import expected_seconds
from bot.service.engine_player import EnginePlayer
from bot.web import board, explore
from bot.web import words as web_words
from bot.web.activity import DISCORD_FRAMES, activity_entry
from bot.web.guard import (
    COOKIE,
    CSRF_HEADER,
    RateLimit,
    Session,
    Sessions,
    csrf_ok,
)
from bot.web.live import KEEPALIVE, Live
from bot.web.news import LatestNews, plain, public_lines
from bot.web.oauth import STATE_LIFETIME, LoginFailed, OAuth
from bot.web.parts import WebParts
from bot.web.tokens import Signer

log = logging.getLogger("shiftcord.web")

STATIC = Path(__file__).parent / "static"
#: The page's files (and the kept packages under /vendor/): served without reading the
#: session.
FILES = frozenset({"/board.js", "/board.css", "/icon.svg"})
#: What the rate limit does not count: the page and its files (a browser's cache keeps
#: them).
STATIC_PATHS = frozenset({"/", "/match", "/open"}) | FILES
#: The most members whose language is remembered (the least recent forgotten first).
MAX_LANGUAGES = 20_000
#: The cookie holding the state of a sign-in with Discord under way.
LOGIN_COOKIE = "shiftcord_login"
MAX_BODY = 4096
#: The pictures kept drawn, by what they show (a page asks for its board after its state).
MAX_PICTURES = 128
#: The members' views of positions kept (each with its composer).
MAX_VIEWINGS = 512
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
#: The page at an unknown address: the same policy, its base the board's own folder.
UNKNOWN_CSP = CSP.replace("base-uri 'none'", "base-uri 'self'")
#: The Activity's page: the same policy, framed by Discord only.
ACTIVITY_CSP = CSP.replace("frame-ancestors 'none'", f"frame-ancestors {DISCORD_FRAMES}")
#: The files kept of others' packages (`scripts/discord_sdk.py`): each folder's
#: SHA256SUMS lists what is served of it.
VENDOR = STATIC / "vendor"
#: The Embedded App SDK's entry module, relative to the page.
SDK_ENTRY = "output/index.mjs"
REQUEST_ID = 64
#: The header the page's own requests carry: a refusal is then answered with status 200
#: (its words in `refused`), since a browser reports every 4xx as an error in its
#: console; other clients get the refusal's status. The log has the refusal's status.
PAGE_HEADER = "X-Shiftcord-Page"
#: What the guard finds out about each request: its session (None: signed out) and the
#: language its answer is written in.
SESSION: web.RequestKey[Session | None] = web.RequestKey("session")
LANGUAGE: web.RequestKey[str] = web.RequestKey("language")
#: The status of a refusal answered to the page with 200 (for the log).
REFUSED: web.RequestKey[int] = web.RequestKey("refused")


async def _nobody_watches(match: Match, member: int) -> bool:
    return False


@dataclass
class WebHost:
    """What the face serving the board gives it: the match `service`, `names` (the
    names of a match's members, as its pictures draw them), and `announce`, which tells
    an action's news where that face shows them (Discord's thread and pings, the
    console's lines) and lets the bot answer; `secret` signs the links, `secure` marks
    the cookie Secure (served behind https); `engine` gives the bot's estimate of a
    tried position (None: none is offered); `oauth` lets members sign in with Discord
    (None: by links only); `may_watch(match, member)` says whether a member who does
    not play a server's match may see what its public posts show (a member of that
    server; default nobody)."""

    service: WebParts
    names: Callable[[Match], Awaitable[Mapping[int, str]]]
    announce: Callable[[MatchUpdate], Awaitable[object]]
    secret: str = ""
    secure: bool = False
    engine: EnginePlayer | None = None
    oauth: OAuth | None = None
    may_watch: Callable[[Match, int], Awaitable[bool]] = _nobody_watches
    now: Callable[[], datetime] | None = None
    signer: Signer = field(init=False)

    def __post_init__(self) -> None:
        self.signer = Signer(
            self.secret, self.now or self.service.now, self.service.web_sessions.spend_link
        )


class _AccessLog(AbstractAccessLogger):
    """One line a request: method, path (never the query) and status."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        status = request.get(REFUSED, response.status)
        self.logger.info("%s %s %s %.0fms", request.method, request.path, status, time * 1000)

    @property
    def enabled(self) -> bool:
        return self.logger.isEnabledFor(logging.INFO)


def _style(name: Callable[[int], str]) -> Style:
    return Style(mention=name, when=moment_words, channel=lambda _: "#")


def _language(request: web.Request) -> str:
    """The first language of the browser's Accept-Language that the bot speaks."""
    for part in request.headers.get("Accept-Language", "")[:200].split(","):
        found = language_of(part.split(";")[0].strip().replace("-", "_"))
        if found:
            return found
    return SOURCE


def _refused(status: int, words: str) -> web.Response:
    return web.json_response({"refused": words}, status=status)


class Board:
    """The web board's handlers over one `WebHost` (`limits`: each member's rate limit)."""

    def __init__(self, host: WebHost, limits: RateLimit | None = None) -> None:
        self.host = host
        self.sessions = Sessions(host.service.web_sessions, host.service.now)
        self.limits = limits or RateLimit()
        self.live = Live(self._version)
        self._pictures: dict[tuple[Any, ...], bytes] = {}
        #: How members view the latest positions, by (match, version, member).
        self._viewings: dict[tuple[int, int, int], board.Viewing] = {}
        #: The move lists of the latest positions, by (match, version, language).
        self._move_lists: dict[tuple[int, int, str], list[dict[str, Any]]] = {}
        #: Each signed-in member's language, read once a session.
        self._languages: dict[int, str | None] = {}
        self._announcing: set[asyncio.Task[object]] = set()
        #: The latest move played here in each match, and its announcement.
        self.news = LatestNews(host.now or host.service.now)
        self._vendored = vendored(VENDOR)
        #: The Embedded App SDK's folder under the page (None: not kept).
        self._sdk = next(
            (f"vendor/{p.split('/')[0]}" for p in self._vendored if p.endswith(f"/{SDK_ENTRY}")),
            None,
        )

    async def _viewing(self, match: Match, member: int) -> board.Viewing:
        """How `member` views `match` (their composer, theme, preview setting), kept while
        the match stays at its version: a tap reads nothing else from the database."""
        key = (match.id, match.version, member)
        viewing = self._viewings.get(key)
        if viewing is None:
            viewing = self._viewings[key] = await board.viewing(self.host.service, match, member)
            while len(self._viewings) > MAX_VIEWINGS:
                del self._viewings[next(iter(self._viewings))]
        return viewing

    async def _moves(
        self, match: Match, name: Callable[[int], str], language: str
    ) -> list[dict[str, Any]]:
        """The moves so far, kept while the match stays at its version."""
        key = (match.id, match.version, language)
        moves = self._move_lists.get(key)
        if moves is None:
            moves = self._move_lists[key] = await board.moves(self.host.service, match, name)
            while len(self._move_lists) > MAX_PICTURES:
                del self._move_lists[next(iter(self._move_lists))]
        return moves

    async def _namer(self, match: Match) -> Callable[[int], str]:
        """How the members of `match` are named on its page (looked up, not called back)."""
        names = await self.host.names(match)
        return KnownNames({m: n for m, n in names.items() if n}, plain_member).__getitem__

    async def _version(self, match_id: int) -> int:
        return (await self.host.service.queries.get_match(match_id)).version

    def app(self) -> web.Application:
        """The aiohttp application."""
        app = web.Application(client_max_size=MAX_BODY, middlewares=[self._guard])
        page = self._page
        app.router.add_get("/", page)
        app.router.add_get("/match", page)
        app.router.add_get("/open", page)
        app.router.add_get("/board.js", self._static("board.js", "text/javascript"))
        app.router.add_get("/board.css", self._static("board.css", "text/css"))
        app.router.add_get("/icon.svg", self._static("icon.svg", "image/svg+xml"))
        app.router.add_post("/signin", self._signin)
        app.router.add_post("/activity", self._activity)
        app.router.add_get("/vendor/{path:.+}", self._vendor)
        app.router.add_get("/login", self._login)
        app.router.add_get("/discord-login", self._discord_login)
        app.router.add_get("/api/matches", self._matches)
        app.router.add_get("/api/state", self._state)
        app.router.add_get("/board.png", self._picture)
        app.router.add_post("/api/play", self._play)
        app.router.add_get("/api/events", self._events)
        app.router.add_get("/api/explore", self._explore)
        app.router.add_get("/api/estimate", self._estimate)
        app.router.add_get("/tried.png", self._tried_picture)
        app.router.add_get("/api/analysis", self._analysis)
        app.router.add_post("/api/analysis", self._analysis)
        app.router.add_get("/chart.png", self._chart)
        app.on_shutdown.append(self._shutdown)
        return app

    async def _shutdown(self, app: web.Application) -> None:
        await self.live.close()

    # ---- guards

    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        files = request.path in FILES or request.path.startswith("/vendor/")
        session = None if files else await self.sessions.get(request.cookies.get(COOKIE))
        request[SESSION] = session
        language = _language(request)
        if session is not None:
            if request.path not in STATIC_PATHS:
                delay = self.limits.wait(session.member)
                if delay is None:
                    return _refused(429, fill(web_words.TOO_MANY))
                if delay:
                    await asyncio.sleep(delay)
            if session.member not in self._languages:
                locales = await self.host.service.settings.member_locales([session.member])
                self._languages[session.member] = language_of(locales.get(session.member))
                while len(self._languages) > MAX_LANGUAGES:
                    del self._languages[next(iter(self._languages))]
            language = self._languages[session.member] or language
        request[LANGUAGE] = language
        response = await self._answer(request, handler, session)
        if response.prepared:  # a live stream, sent with its own headers
            return response
        if response.status >= 400 and isinstance(response, web.Response):
            if request.headers.get(PAGE_HEADER):
                request[REFUSED] = response.status
                response.set_status(200)
            elif "text/event-stream" in request.headers.get("Accept", ""):
                request[REFUSED] = response.status
                response = _refused_event(response)
            elif response.status == 404 and _navigation(request):
                request[REFUSED] = response.status
                response = await self._page(request, fill(web_words.NO_PAGE), unknown=True)
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers.setdefault("Cache-Control", "no-store")
        return response

    async def _answer(
        self,
        request: web.Request,
        handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
        session: Session | None,
    ) -> web.StreamResponse:
        """The handler's answer, or the refusal of a change without its session's CSRF
        token; a refusal raised is returned (redirects are raised on)."""
        with speaking(request[LANGUAGE]):
            if request.path == "/activity" and not request.headers.get(PAGE_HEADER):
                # (a header a cross-site form cannot send: no one else's code signs in here)
                return _refused(403, fill(web_words.FORM_EXPIRED))
            if request.method == "POST" and request.path not in ("/signin", "/activity"):
                if session is None:
                    return _refused(401, fill(web_words.SIGN_IN_FIRST))
                if not csrf_ok(session, request.headers.get(CSRF_HEADER)):
                    return _refused(403, fill(web_words.FORM_EXPIRED))
            try:
                return await handler(request)
            except web.HTTPException as refusal:
                if refusal.status < 400:
                    raise
                return web.Response(
                    text=refusal.text, status=refusal.status, content_type=refusal.content_type
                )

    def _member(self, request: web.Request) -> Session:
        session: Session | None = request[SESSION]
        if session is None:
            words = {"refused": fill(web_words.SIGN_IN_FIRST)}
            if self.host.oauth is not None:
                words["login"] = fill(web_words.SIGN_IN_WITH_DISCORD)
            raise web.HTTPUnauthorized(text=json.dumps(words), content_type="application/json")
        return session

    def _session_cookie(self, response: web.StreamResponse, sid: str) -> None:
        """Set the cookie of the session `sid` on `response`."""
        response.set_cookie(
            COOKIE,
            sid,
            httponly=True,
            samesite="Lax",
            secure=self.host.secure,
            max_age=30 * 24 * 3600,
            path="/",
        )

    async def _login(self, request: web.Request) -> web.StreamResponse:
        """Sign in with Discord: off to its authorization page."""
        if self.host.oauth is None:
            return await self._page(request, fill(web_words.SIGN_IN_FIRST))
        state = self.host.oauth.new_state()
        response = web.HTTPFound(self.host.oauth.authorize_url(state))
        response.set_cookie(
            LOGIN_COOKIE,
            state,
            httponly=True,
            samesite="Lax",
            secure=self.host.secure,
            max_age=STATE_LIFETIME,
            path="/",
        )
        raise response

    async def _discord_login(self, request: web.Request) -> web.StreamResponse:
        """Back from Discord's authorization page: a session for the member it names."""
        oauth = self.host.oauth
        expected = request.cookies.get(LOGIN_COOKIE, "")
        state, code = request.query.get("state", ""), request.query.get("code", "")
        if oauth is None or not expected or not hmac.compare_digest(expected, state) or not code:
            return await self._page(request, fill(web_words.LOGIN_FAILED))
        try:
            member = await oauth.member(code[:200])
        except LoginFailed as error:
            log.warning("a sign-in with Discord failed: %s", error)
            return await self._page(request, fill(web_words.LOGIN_FAILED))
        response = web.HTTPFound("./")
        response.del_cookie(LOGIN_COOKIE, path="/")
        sid, _ = await self.sessions.open(member)
        self._session_cookie(response, sid)
        self._languages.pop(member, None)
        raise response

    async def _match(self, request: web.Request) -> Match:
        """The match a request names, if the signed-in member may see it (its players
        always; others where it lives on a server, as its public posts do)."""
        session = self._member(request)
        raw = request.query.get("match", "")
        number = int(raw) if raw.isdigit() and len(raw) < 12 else 0
        try:
            match = await self.host.service.queries.get_match(number)
        except NotFound:
            raise _http(404, fill(web_words.NO_MATCH, match=number)) from None
        if match.seat_of(session.member) is None and not (
            match.guild_id and await self.host.may_watch(match, session.member)
        ):
            raise _http(403, fill(web_words.PRIVATE_MATCH, match=number))
        return match

    # ---- pages

    async def _page(
        self, request: web.Request, refused: str = "", *, unknown: bool = False
    ) -> web.StreamResponse:
        """The page; with `refused`, the page saying those words (a refusal met on the way
        to a page is a page, not an error: a browser would report its 4xx as one). Opened
        by Discord as an Activity (`activity_entry`), it may be framed by Discord's client
        and is told how to sign in there. At an `unknown` address, its files are read
        from the board's own folder (however deep the address)."""
        session: Session | None = request[SESSION]
        html = (STATIC / "board.html").read_text()
        csrf = session.csrf if session is not None else ""
        activity = ""
        if activity_entry(request.query):
            if self.host.oauth is None or self._sdk is None:
                refused = refused or fill(web_words.ACTIVITY_OFF)
            else:
                activity = json.dumps(
                    {
                        "client": self.host.oauth.client_id,
                        "sdk": f"{self._sdk}/{SDK_ENTRY}",
                        "declined": fill(web_words.ACTIVITY_DECLINED),
                        "retry": fill(web_words.TRY_AGAIN),
                    }
                )
        fields = (("csrf", csrf), ("lang", request[LANGUAGE]), ("refused", refused))
        for name, value in (*fields, ("activity", activity)):
            html = html.replace("{{" + name + "}}", escape(value))
        headers = {}
        if unknown:
            root = "../" * (request.path.count("/") - 1) or "./"
            html = html.replace("<head>", f'<head>\n<base href="{escape(root)}">', 1)
            headers["Content-Security-Policy"] = UNKNOWN_CSP
        response = web.Response(text=html, content_type="text/html", headers=headers)
        if activity_entry(request.query):
            response.headers["Content-Security-Policy"] = ACTIVITY_CSP
        return response

    async def _activity(self, request: web.Request) -> web.StreamResponse:
        """Signing in inside Discord: the code the Embedded App SDK's `authorize` gave the
        page, exchanged for who the member is; a session whose cookie works in Discord's
        frame (SameSite=None, Secure, Partitioned), and the match of the channel or thread
        the Activity was launched in (None: the member's matches)."""
        oauth = self.host.oauth
        try:
            body = await request.json()
        except ValueError:
            body = None
        code = body.get("code") if isinstance(body, dict) else None
        channel = body.get("channel") if isinstance(body, dict) else None
        if oauth is None:
            raise _http(404, fill(web_words.ACTIVITY_OFF))
        if not isinstance(code, str) or not 0 < len(code) <= 200:
            raise _http(400, fill(web_words.LOGIN_FAILED))
        try:
            member = await oauth.member(code, redirected=False)
        except LoginFailed as error:
            log.warning("a sign-in inside Discord failed: %s", error)
            raise _http(403, fill(web_words.LOGIN_FAILED)) from None
        match = None
        if isinstance(channel, str) and channel.isdigit() and len(channel) < 21:
            found = await self.host.service.queries.match_in_channel(int(channel))
            if found is not None and (
                found.seat_of(member) is not None or await self.host.may_watch(found, member)
            ):
                match = found.id
        sid, session = await self.sessions.open(member)
        self._languages.pop(member, None)
        response = web.json_response({"csrf": session.csrf, "match": match})
        # (written by hand: Python's cookies know no Partitioned before 3.14; `sid` is
        # URL-safe base64, nothing to quote)
        response.headers.add(
            "Set-Cookie",
            f"{COOKIE}={sid}; Path=/; Max-Age={30 * 24 * 3600}; HttpOnly; Secure; "
            "SameSite=None; Partitioned",
        )
        return response

    async def _vendor(self, request: web.Request) -> web.StreamResponse:
        """A file of a kept package (only those its SHA256SUMS lists), cached for good:
        its folder names its version."""
        found = self._vendored.get(request.match_info["path"])
        if found is None:
            raise _http(404, fill(web_words.NO_MATCH, match=0))
        data, kind = found
        response = web.Response(body=data, content_type=kind)
        response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
        return response

    @staticmethod
    def _static(name: str, kind: str) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
        data = (STATIC / name).read_bytes()

        async def serve(request: web.Request) -> web.StreamResponse:
            response = web.Response(body=data, content_type=kind)
            response.headers["Cache-Control"] = "no-cache"
            return response

        return serve

    async def _signin(self, request: web.Request) -> web.StreamResponse:
        try:
            body = await request.json()
        except ValueError:
            body = None
        token = body.get("token") if isinstance(body, dict) else None
        grant = await self.host.signer.redeem(token) if isinstance(token, str) else None
        current: Session | None = request[SESSION]
        if grant is None:
            if current is not None:  # a link opened again: the session it made goes on
                return web.json_response({"csrf": current.csrf, "match": None})
            return _refused(403, fill(web_words.LINK_EXPIRED))
        if current is not None and current.member == grant.member:
            session = current
            response = web.json_response({"csrf": session.csrf, "match": grant.match or None})
        else:
            sid, session = await self.sessions.open(grant.member)
            response = web.json_response({"csrf": session.csrf, "match": grant.match or None})
            self._session_cookie(response, sid)
        return response

    async def _matches(self, request: web.Request) -> web.StreamResponse:
        session = self._member(request)
        matches = await self.host.service.queries.active_matches(session.member)
        mine = sorted(matches, key=lambda m: (m.to_act != session.member, -m.version))
        listed = []
        for match in mine:
            name = await self._namer(match)
            seen = board.seen_by(match, session.member)
            style = _style(name)
            state = await board.page_state(self.host.service, match, seen, name, style, (), None)
            listed.append(
                {
                    "match": match.id,
                    "title": state["title"],
                    "caption": state["caption"],
                    "yours": match.to_act == session.member,
                    "picture": board.picture_url(match),
                }
            )
        return web.json_response(
            {
                "matches": listed,
                "words": {
                    "heading": fill(web_words.MY_MATCHES),
                    "none": fill(web_words.NO_MATCHES),
                    "yours": fill(web_words.YOUR_TURN),
                    "theirs": fill(web_words.THEIR_TURN),
                },
            }
        )

    async def _state(self, request: web.Request) -> web.StreamResponse:
        match = await self._match(request)
        session = self._member(request)
        path = board.asked_path(request.query.get("path"))
        state = await self._page_state(match, session, path, request[LANGUAGE])
        return web.json_response(state)

    async def _page_state(
        self, match: Match, session: Session, path: tuple[str, ...], language: str
    ) -> dict[str, Any]:
        viewing = await self._viewing(match, session.member)
        name = await self._namer(match)
        moves = None if path else await self._moves(match, name, language)
        style = _style(name)
        state = await board.page_state(
            self.host.service, match, viewing.seen, name, style, path, moves, viewing
        )
        state["news"] = public_lines(await self.news.told(match, style, name, language), style)
        state["words"] = _words(language)
        return state

    async def _picture(self, request: web.Request) -> web.StreamResponse:
        match = await self._match(request)
        session = self._member(request)
        seen = board.seen_by(match, session.member)
        ply = request.query.get("ply", "")
        path = board.asked_path(request.query.get("path"))
        if not board.composing(match, seen):
            path = ()
        key = (match.id, match.version, seen, path, ply, request[LANGUAGE])
        data = self._pictures.get(key)
        if data is None:
            if ply:
                picture = None
                if ply.isdigit() and len(ply) < 7:
                    picture = await board.position(
                        self.host.service, match, seen, await self._namer(match), int(ply)
                    )
                if picture is None:
                    raise _http(404, fill(web_words.NO_MATCH, match=match.id))
            else:
                name = await self._namer(match)
                picture = await board.board(self.host.service, match, seen, name, path)
            data = picture.data
            self._pictures[key] = data
            while len(self._pictures) > MAX_PICTURES:
                del self._pictures[next(iter(self._pictures))]
        response = web.Response(body=data, content_type="image/png")
        response.headers["Cache-Control"] = "private, max-age=3600"
        return response

    async def _play(self, request: web.Request) -> web.StreamResponse:
        session = self._member(request)
        try:
            body = await request.json()
        except ValueError:
            body = None
        if not isinstance(body, dict):
            raise _http(400, fill(web_words.FORM_EXPIRED))
        request_id, ply = body.get("request"), body.get("ply")
        if not (isinstance(request_id, str) and 0 < len(request_id) <= REQUEST_ID):
            raise _http(400, fill(web_words.FORM_EXPIRED))
        if not isinstance(ply, int):
            raise _http(400, fill(web_words.FORM_EXPIRED))
        match = await self._match(request)
        if match.seat_of(session.member) is None:
            raise _http(403, fill(web_words.NOT_IN_MATCH, match=match.id))
        path = board.asked_path(body.get("path") if isinstance(body.get("path"), str) else "")
        notation = ""
        composer = (await self._viewing(match, session.member)).composer
        if match.ply == ply and composer is not None:
            move = composer.move_at(path)
            if move is None:
                raise _http(409, fill(composer_words.NOT_COMPLETE))
            notation = match.state.format_move(move)
        made = Request(MOVE, notation, ply=ply, request_id=f"web:{session.member}:{request_id}")
        answer: dict[str, Any] = {}
        moved: MatchUpdate | None = None
        try:
            # what announcing it needs read in its own transaction, once for this page
            # and the serving face (a refused DM is told here, as an answer on Discord)
            update = await self.host.service.play.act(match.id, session.member, made, deliver=True)
        except PositionChanged:
            answer["refused"] = fill(composer_words.STALE)
        except PLAYER_ERRORS as error:
            answer["refused"] = refusal_text(error, _style(await self._namer(match)))
        else:
            if update.repeated:
                answer["note"] = plain(_style(await self._namer(match)), already_done(update))
            else:
                moved = update
                self.news.played(moved)
                self._announce(moved)
            self.live.changed(match.id, update.match.version)
        language = request[LANGUAGE]
        if moved is not None:  # the private answer, to the member who moved alone
            name = await self._namer(match)
            told = await self.news.announced(moved, _style(name), name, language)
            answer["answer"] = plain(_style(name), told.answer.text)
            if told.answer.tell_dm_refused:  # (told once: the move's transaction took it)
                with speaking(language):
                    answer["answer"] += "\n\n" + plain(_style(name), fill(DMS_REFUSED))
        fresh = await self.host.service.queries.get_match(match.id)
        answer["state"] = await self._page_state(fresh, session, (), language)
        return web.json_response(answer, status=409 if "refused" in answer else 200)

    async def _explore(self, request: web.Request) -> web.StreamResponse:
        match = await self._match(request)
        session = self._member(request)
        path = board.asked_path(request.query.get("path"))
        try:
            line = explore.read_line(request.query.get("line"))
            state = await explore.explore_state(
                self.host.service.settings, match, session.member, line, path
            )
        except Refusal as refused:
            raise _http(409, str(refused)) from None
        trying = state.pop("to_move")
        words = fill(web_words.TRYING, player=trying) if trying else fill(web_words.TRIED_END)
        state["caption"] = words
        state["estimate"] = (
            state.pop("estimable")
            and self.host.engine is not None
            and match.seat_of(session.member) is not None
        )
        return web.json_response(state)

    async def _tried_picture(self, request: web.Request) -> web.StreamResponse:
        match = await self._match(request)
        session = self._member(request)
        try:
            line = explore.read_line(request.query.get("line"))
            picture = await explore.tried_picture(
                self.host.service.settings, match, session.member, line
            )
        except Refusal as refused:
            raise _http(409, str(refused)) from None
        response = web.Response(body=picture.data, content_type="image/png")
        response.headers["Cache-Control"] = "private, max-age=3600"
        return response

    async def _estimate(self, request: web.Request) -> web.StreamResponse:
        match = await self._match(request)
        session = self._member(request)
        if self.host.engine is None:
            raise _http(409, fill(web_words.NO_ENGINE))
        try:
            line = explore.read_line(request.query.get("line"))
            state, _, seat = explore.tried(match, session.member, line)
            if state.current_player is None or state.outcome() is not None:
                raise Refusal(fill(web_words.TRIED_END))
            if seat is not None and state.current_player != seat:
                raise Refusal(fill(web_words.ESTIMATE_OWN_TURN))
            hint = await self.host.engine.tried_hint(match, session.member, state)
        except PLAYER_ERRORS as error:
            words = refusal_text(error, _style(await self._namer(match)))
            raise _http(409, words or "") from None
        return web.json_response({"words": hint_text(match.id, hint)})

    async def _analysis(self, request: web.Request) -> web.StreamResponse:
        """An ended match's analysis, when the bot keeps one (a POST asks for it: up to
        half a minute, in the lane of the levels that think long)."""
        match = await self._match(request)
        engine = self.host.engine
        if engine is None or not analysable(match):
            return web.json_response({})
        try:
            analysis = await engine.stored_analysis(match)
            if analysis is None and request.method == "POST":
                analysis = await engine.analyse(
                    await self.host.service.queries.match_record(match.id)
                )
        except PLAYER_ERRORS as error:
            words = refusal_text(error, _style(await self._namer(match)))
            raise _http(409, words or "") from None
        heading = fill(web_words.ANALYSIS)
        if analysis is None:
            record = await self.host.service.queries.match_record(match.id)
            seconds = expected_seconds(record, engine.budget)
            return web.json_response(
                {"heading": heading, "ask": fill(web_words.ASK_ANALYSIS, seconds=seconds)}
            )
        style = _style(await self._namer(match))
        record = await self.host.service.queries.match_record(match.id)
        return web.json_response(
            {
                "heading": heading,
                "text": analysis_text(record, analysis, style).split("\n")[0],
                "chart": f"chart.png?match={match.id}&v={match.version}",
                "swings": [
                    {
                        "ply": ply,
                        "text": words,
                        "show": fill(web_words.SHOW_BEFORE, number=number),
                    }
                    for ply, number, words in swing_lines(record, analysis, style)
                ],
            }
        )

    async def _chart(self, request: web.Request) -> web.StreamResponse:
        match = await self._match(request)
        session = self._member(request)
        engine = self.host.engine
        analysis = None
        if engine is not None and analysable(match):
            analysis = await engine.stored_analysis(match)
        if analysis is None:
            raise _http(404, fill(web_words.NO_MATCH, match=match.id))
        record = await self.host.service.queries.match_record(match.id)
        theme = await self.host.service.settings.picture_theme(match.guild_id, session.member)
        name = await self._namer(match)
        players = seat_labels(match, name)
        picture = await analysis_chart(record, analysis, theme, players)
        response = web.Response(body=picture.data, content_type="image/png")
        response.headers["Cache-Control"] = "private, max-age=3600"
        return response

    async def idle(self) -> None:
        """Wait until the news of the moves played here are told."""
        while self._announcing:
            await asyncio.gather(*self._announcing, return_exceptions=True)

    def _announce(self, update: MatchUpdate) -> None:
        """Tell the action's news where the host shows them, without keeping the player
        waiting for it."""
        task: asyncio.Task[object] = asyncio.create_task(_announced(self.host, update))
        self._announcing.add(task)
        task.add_done_callback(self._announcing.discard)

    async def _events(self, request: web.Request) -> web.StreamResponse:
        match = await self._match(request)
        session = self._member(request)
        if not self.live.admits(session.member):
            raise _http(503, fill(web_words.TOO_MANY_PAGES))
        response = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",
                "Content-Security-Policy": CSP,
            }
        )
        await response.prepare(request)
        async with self.live.page(session.member, match.id, match.version) as woken:
            with contextlib.suppress(ConnectionResetError):  # the page went away
                await _stream(response, woken, match, self.live)
        return response


def vendored(folder: Path) -> dict[str, tuple[bytes, str]]:
    """The kept packages' files, by their path in `folder` (served under `vendor/`): those
    each package's SHA256SUMS lists, read once, each checked against its sum (a file
    changed by hand is not served)."""
    files: dict[str, tuple[bytes, str]] = {}
    for sums in sorted(folder.glob("*/SHA256SUMS")):
        for line in sums.read_text().splitlines():
            if not line or line.startswith("#"):
                continue
            digest, name = line.split(maxsplit=1)
            data = (sums.parent / name).read_bytes()
            if hashlib.sha256(data).hexdigest() != digest:
                log.error("%s does not match its checksum: not served", sums.parent / name)
                continue
            kind = "text/javascript" if name.endswith((".mjs", ".js")) else "text/plain"
            files[f"{sums.parent.name}/{name}"] = (data, kind)
    return files


async def _stream(
    response: web.StreamResponse, woken: asyncio.Event, match: Match, live: Live
) -> None:
    """Send the match's version now and each time it changes, a comment when quiet,
    until the board shuts down."""
    version = match.version
    await response.write(_event(version))
    while True:
        try:
            await asyncio.wait_for(woken.wait(), KEEPALIVE)
        except TimeoutError:
            await response.write(b": keep-alive\n\n")
            continue
        if live.closed:
            return
        woken.clear()
        now = live.version(match.id)
        if now is not None and now != version:
            version = now
            await response.write(_event(version))


async def _announced(host: WebHost, update: MatchUpdate) -> object:
    try:
        return await host.announce(update)
    except Exception:
        log.exception("the news of match %s could not be told", update.match.id)
        return None


def _navigation(request: web.Request) -> bool:
    """Whether a request is a browser opening an address (not a page's fetch or file)."""
    mode = request.headers.get("Sec-Fetch-Mode")
    if mode is not None:
        return mode == "navigate"
    return request.method == "GET" and "text/html" in request.headers.get("Accept", "")


def _refused_event(refusal: web.Response) -> web.Response:
    """A refusal of a live stream as the page's EventSource reads it: status 200 (a
    browser reports any other as an error in its console), one `refused` event with the
    refusal's words and status, then the end (the page stops listening)."""
    try:
        words = json.loads(refusal.text or "")["refused"]
    except (ValueError, KeyError, TypeError):
        words = ""
    data = json.dumps({"refused": words, "status": refusal.status})
    return web.Response(text=f"event: refused\ndata: {data}\n\n", content_type="text/event-stream")


def _event(version: int) -> bytes:
    return f"retry: 2000\nid: {version}\nevent: version\ndata: {version}\n\n".encode()


def _http(status: int, words: str) -> web.HTTPException:
    kinds: dict[int, type[web.HTTPException]] = {
        400: web.HTTPBadRequest,
        403: web.HTTPForbidden,
        404: web.HTTPNotFound,
        409: web.HTTPConflict,
        503: web.HTTPServiceUnavailable,
    }
    return kinds[status](text=json.dumps({"refused": words}), content_type="application/json")


@functools.lru_cache(maxsize=16)
def _words(language: str) -> dict[str, str]:
    """The page's own words in `language` (written once a language; not to be changed)."""
    with speaking(language):
        return _page_words()


def _page_words() -> dict[str, str]:
    """The page's own words, in the language spoken."""
    return {
        "confirm": fill(composer_words.CONFIRM),
        "back": fill(composer_words.BACK),
        "cancel": fill(composer_words.CANCEL),
        "moves": fill(web_words.MOVES),
        "start": fill(web_words.START),
        "previous": fill(web_words.PREVIOUS),
        "next": fill(web_words.NEXT),
        "latest": fill(web_words.LATEST),
        "showing": fill(web_words.SHOWING, number="{number}", total="{total}", move="{move}"),
        "showing_start": fill(web_words.SHOWING_START),
        "tap": fill(web_words.TAP_THE_BOARD),
        "choose": fill(web_words.CHOOSE_BELOW),
        "watching": fill(web_words.WATCHING),
        "offline": fill(web_words.OFFLINE),
        "my_matches": fill(web_words.MY_MATCHES),
        "try": fill(web_words.TRY_MOVES),
        "stop_trying": fill(web_words.STOP_TRYING),
        "tried_back": fill(web_words.TRIED_BACK),
        "tried_forward": fill(web_words.TRIED_FORWARD),
        "estimate": fill(web_words.ESTIMATE),
    }


@dataclass
class Running:
    """A running board: its runner (to stop it) and the port it listens on."""

    board: Board
    runner: web.AppRunner
    port: int

    async def stop(self) -> None:
        """Stop serving."""
        await self.runner.cleanup()


async def serve(host: WebHost, address: str, port: int, limits: RateLimit | None = None) -> Running:
    """Serve the board at `address`:`port` (0: any free port) until `Running.stop`;
    `limits`, each member's rate limit (default `RateLimit()`)."""
    served = Board(host, limits)
    runner = web.AppRunner(
        served.app(), access_log_class=_AccessLog, access_log=logging.getLogger("shiftcord.web")
    )
    await runner.setup()
    site = web.TCPSite(runner, address, port)
    await site.start()
    bound = runner.addresses[0][1] if runner.addresses else port
    return Running(served, runner, int(bound))
