"""A fake Discord for end-to-end tests of Shiftcord's real discord.py bot, with no network.

Adapted from the project's shared example (`examples/discord_e2e/fake_discord.py`):

    fake = FakeDiscord()            # one guild, two text channels, roles, members
    async with fake.connect(bot):   # the real login() and setup_hook(), READY, GUILD_CREATE
        calls = await fake.slash(ALICE, "challenge", game="skift", opponent=BOB)

Seams, all private to discord.py (so it is pinned to 2.7.*):
- REST: `bot.http.request` is replaced; `routes()` answers from in-memory channels, threads and
  messages, and records every request in `fake.calls` as a `Call`.
- Interaction callbacks, followups and edits: `discord.webhook.async_.async_context` is set to an
  adapter whose `request` goes to the same fake.
- Gateway: payloads go to `bot._connection.parse_<event>()` as the websocket would deliver them:
  READY and GUILD_CREATE on connect; THREAD_*, CHANNEL_UPDATE, MESSAGE_* when a request changes
  something; INTERACTION_CREATE from `slash()`, `autocomplete()`, `click()` and `feed()`.
- `bot._connection.guild_ready_timeout` is lowered so that READY completes at once; the bot (an
  `AutoShardedClient`) gets the shard count and ids `launch_shards()` would give its connection
  state, and one READY per shard it runs.

Discord's state (channels, threads, messages) lives in the fake and outlives a bot, so closing a
bot and connecting a fresh instance to the same fake simulates a restart.

DMs and group DMs between members (`private_channel()`) are where a member's own install of
the app (a user install) is used: interactions there come with `context` 2 and the
installing member in `authorizing_integration_owners` (a button: the member whose command
posted its message), the bot is no member there, and the fake refuses what Discord refuses
(Discord's developer documentation, "Receiving and Responding"): any request to such a
channel (403 Missing Access, 50001), a sixth follow-up to one interaction of a user install
(400, 40094), and any use of an interaction's token 15 minutes after the interaction
(401 Invalid Webhook Token, 50027; the time is `fake.clock()`, the service's in tests).
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import dataclasses
import itertools
import json
import logging
import random
import re
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any, NamedTuple

import discord
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.config import Settings
from bot.discord.client import ShiftcordClient
from bot.discord.posting import BACKGROUND_PREFIX
from bot.discord.speech import REMEMBER_PREFIX
from bot.service import MatchService

ALICE, BOB, CAROL, DAVE, MOD = 42, 43, 44, 45, 46
GUILD, GAMES_CHANNEL, LOBBY_CHANNEL, BOT_ID = 100, 10, 11, 2
TS = "2026-01-01T00:00:00+00:00"
MEMBER_PERMS = discord.Permissions.text() | discord.Permissions(view_channel=True)
ADMIN_PERMS = MEMBER_PERMS | discord.Permissions(manage_guild=True, manage_threads=True)
THREAD_META = ("archived", "locked", "auto_archive_duration", "invitable")
# the tasks discord.py spawns for an interaction, and the bot's own background postings and
# locale writes
DISCORD_TASKS = (
    "CommandTree-invoker",
    "discord-ui-",
    "discord.py: ",
    BACKGROUND_PREFIX,
    REMEMBER_PREFIX,
)
EPHEMERAL, LOADING = 64, 128  # message flags
GUILD_CONTEXT, BOT_DM_CONTEXT, PRIVATE_CONTEXT = 0, 1, 2  # interaction contexts
USER_FOLLOWUPS, TOKEN_LIFETIME = 5, timedelta(minutes=15)  # what Discord allows an interaction
LAUNCH_ACTIVITY = 12  # the interaction callback that opens the app's Activity
LOGGERS = ("discord", "shiftcord")  # an error logged here fails the test (in drain())


class Call(NamedTuple):
    """One request from the bot. kind: a name from `routes()` or "unhandled"."""

    kind: str
    method: str
    path: str
    json: Any
    files: dict[str, bytes]

    @property
    def content(self) -> str:
        """The message text of a send, followup, edit or message callback ("" if none)."""
        body = self.json or {}
        return ((body.get("data") or {}) if "type" in body else body).get("content") or ""

    @property
    def ephemeral(self) -> bool:
        """Whether the message (or the deferred answer) is only shown to the user."""
        body = self.json or {}
        data = body.get("data") if "type" in body else body
        return bool((data or {}).get("flags", 0) & EPHEMERAL)


def _user(uid: int, name: str, bot: bool = False) -> dict:
    return {
        "id": str(uid),
        "username": name,
        "global_name": None,
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
    }


def _error(status: int, code: int, message: str) -> discord.HTTPException:
    """The exception discord.py raises for such an answer (discord.NotFound for a 404...)."""
    cls = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    return cls(SimpleNamespace(status=status, reason=message), {"code": code, "message": message})


def all_disabled(message: dict) -> bool:
    """Whether a message's buttons are all greyed out (and it has some)."""
    buttons = [c for c in walk_components(message["components"]) if c.get("type") == 2]
    return bool(buttons) and all(b.get("disabled") for b in buttons)


def custom_ids(message: dict) -> list[str]:
    """The custom ids of a stored message's components, in order."""
    return [c["custom_id"] for c in walk_components(message["components"]) if "custom_id" in c]


#: Discord's limits on what a message carries (classic components: rows of buttons or one
#: select menu).
MAX_CONTENT, MAX_ROWS, MAX_PER_ROW, MAX_OPTIONS = 2000, 5, 5, 25
MAX_BUTTON_LABEL, MAX_OPTION_TEXT, MAX_CUSTOM_ID, MAX_PLACEHOLDER = 80, 100, 100, 150


def within_limits(message: dict) -> None:
    """Assert that a message (or an edit of one) is within Discord's limits: its text,
    its rows and what each holds, labels, option texts and custom ids."""
    assert len(message.get("content") or "") <= MAX_CONTENT
    rows = message.get("components") or []
    assert len(rows) <= MAX_ROWS
    ids = custom_ids({"components": rows})
    assert len(ids) == len(set(ids)), "custom ids repeat in one message"
    for row in rows:
        items = row["components"]
        menus = [c for c in items if c["type"] == 3]
        assert len(items) <= MAX_PER_ROW and (not menus or len(items) == 1)
        for item in items:
            assert len(item.get("custom_id") or "") <= MAX_CUSTOM_ID
            if item["type"] == 2:
                assert 0 < len(item.get("label") or "") <= MAX_BUTTON_LABEL
            if item["type"] == 3:
                options = item["options"]
                assert 0 < len(options) <= MAX_OPTIONS
                assert len(item.get("placeholder") or "") <= MAX_PLACEHOLDER
                values = [o["value"] for o in options]
                assert len(values) == len(set(values))
                for option in options:
                    assert 0 < len(option["label"]) <= MAX_OPTION_TEXT
                    assert len(option["value"]) <= MAX_OPTION_TEXT
                    assert len(option.get("description") or "") <= MAX_OPTION_TEXT


def walk_components(components: list[dict]) -> Iterator[dict]:
    """Every component of a message, rows and their children alike."""
    for c in components:
        yield c
        extra = [c["accessory"]] if "accessory" in c else []
        yield from walk_components(c.get("components", []) + extra)


class FakeDiscord:
    """Discord's side of the wire for one guild: channels "games" and "lobby", the members alice,
    bob, carol and dave, and "mod" (who may manage the server). Ids are ints here and strings in
    payloads."""

    def __init__(self) -> None:
        self.guild_id, self.channel_id, self.bot_id = GUILD, GAMES_CHANNEL, BOT_ID
        self.bot: discord.Client | None = None
        self.calls: list[Call] = []  # every request, in order
        self.errors: list[logging.LogRecord] = []  # errors logged (LOGGERS), until drain()
        self.bot_permissions = MEMBER_PERMS  # what the bot may do (the payloads' app_permissions)
        #: Each member's Discord client language (the payloads' locale; default en-US), and
        #: the server's preferred locale.
        self.locales: dict[int, str] = {}
        self.preferred_locale = "en-US"
        self._ids, self._tokens = itertools.count(1000), {}
        self._adapter = AsyncWebhookAdapter()
        self._adapter.request = self._webhook  # every interaction webhook call ends here
        self.bot_user = _user(BOT_ID, "shiftcord", bot=True)
        players, mods = GUILD + 1, GUILD + 2
        self.roles = {
            rid: {"id": str(rid), "name": name, "permissions": str(perms.value), "position": pos}
            for pos, (rid, name, perms) in enumerate(
                [
                    (GUILD, "@everyone", MEMBER_PERMS),
                    (players, "Players", MEMBER_PERMS),
                    (mods, "Moderators", ADMIN_PERMS),
                ]
            )
        }
        people = [
            (_user(ALICE, "alice"), [players]),
            (_user(BOB, "bob"), [players]),
            (_user(CAROL, "carol"), [players]),
            (_user(DAVE, "dave"), [players]),
            (_user(MOD, "mod"), [players, mods]),
            (self.bot_user, []),
        ]
        self.members = {
            int(u["id"]): {
                "user": u,
                "roles": [str(r) for r in roles],
                "nick": None,
                "joined_at": TS,
                "deaf": False,
                "mute": False,
                "flags": 0,
            }
            for u, roles in people
        }
        self.channels: dict[int, dict] = {
            cid: {
                "id": str(cid),
                "type": 0,
                "guild_id": str(GUILD),
                "name": name,
                "position": pos,
                "parent_id": None,
                "permission_overwrites": [],
                "last_message_id": None,
            }
            for pos, (cid, name) in enumerate([(GAMES_CHANNEL, "games"), (LOBBY_CHANNEL, "lobby")])
        }
        self.messages: dict[int, dict] = {}
        self.synced: dict[str, list[dict]] = {}  # "global" or a guild id -> uploaded commands
        self.closed_dms: set[int] = set()  # members whose DMs are closed to the bot (50007)
        #: Channels where Discord answers every message the bot sends with 503 (an outage;
        #: answers to interactions still go through).
        self.unreachable_channels: set[int] = set()
        #: DMs and group DMs between members: the bot is not in them.
        self.private_channels: set[int] = set()
        #: Discord's clock, for the interactions' tokens (the service's clock in tests).
        self.clock = lambda: datetime.now(UTC)
        #: Who authorized the app for each message posted in answer to an interaction
        #: (`authorizing_integration_owners`, which a button on it carries).
        self._owners: dict[str, dict] = {}

    # ---- connecting a bot
    @contextlib.asynccontextmanager
    async def connect(self, bot: discord.AutoShardedClient):
        """Start `bot` as if it connected: the real `login()` and `setup_hook()`, READY,
        GUILD_CREATE. Closes it on exit."""
        previous, self.bot = self.bot, bot
        bot.http.request = self._rest
        token = async_context.set(self._adapter)
        handler = logging.Handler(logging.ERROR)
        handler.emit = self.errors.append
        for name in LOGGERS:
            logging.getLogger(name).addHandler(handler)
        try:
            async with bot:
                await bot.login("fake-token")  # GET /users/@me, GET /oauth2/..., setup_hook()
                bot._connection.guild_ready_timeout = 0.01  # READY waits this long for guilds
                for ready in self._ready_payloads(bot):
                    self._gateway("READY", ready)
                self._gateway("GUILD_CREATE", self.guild_create())
                await asyncio.wait_for(bot.wait_until_ready(), 5)
                await self.drain()
                yield bot
        finally:
            for name in LOGGERS:
                logging.getLogger(name).removeHandler(handler)
            async_context.reset(token)
            self.bot = previous

    def _ready_payloads(self, bot: discord.AutoShardedClient) -> list[dict]:
        """READY as each shard's websocket would deliver it, with the guild on its shard:
        the bot runs the shards it was given (one, when discord.py would ask Discord how
        many), set up as `AutoShardedClient.launch_shards` sets them up."""
        base = {"v": 10, "user": self.bot_user, "session_id": "fake"}
        base["application"] = {"id": str(BOT_ID), "flags": 0}
        guild = {"id": str(GUILD), "unavailable": True}
        bot.shard_count = count = bot.shard_count or 1
        bot._connection.shard_count = count
        bot._connection.shard_ids = shards = bot.shard_ids or range(count)
        on_shard = (GUILD >> 22) % count
        return [
            {**base, "shard": [shard, count], "guilds": [guild] if shard == on_shard else []}
            for shard in shards
        ]

    def guild_create(self) -> dict:
        """The GUILD_CREATE Discord would send now (active threads only)."""
        gid = str(GUILD)
        chans = [c for c in self.channels.values() if c.get("guild_id") == gid]
        return {
            "id": gid,
            "name": "Test Guild",
            "icon": None,
            "owner_id": str(MOD),
            "features": [],
            "roles": list(self.roles.values()),
            "members": list(self.members.values()),
            "member_count": len(self.members),
            "channels": [c for c in chans if "thread_metadata" not in c],
            "emojis": [],
            "stickers": [],
            "threads": [
                c for c in chans if "thread_metadata" in c and not c["thread_metadata"]["archived"]
            ],
            "presences": [],
            "voice_states": [],
            "large": False,
            "joined_at": TS,
            "preferred_locale": self.preferred_locale,
        }

    def _gateway(self, event: str, data: dict, intent: str | None = None) -> None:
        """Deliver a gateway event as the websocket does, if the bot's intents subscribe to it."""
        if self.bot is not None and (intent is None or getattr(self.bot.intents, intent)):
            getattr(self.bot._connection, "parse_" + event.lower())(copy.deepcopy(data))

    # ---- Discord's side changing
    def update_channel(self, channel_id: int | str, **changes: Any) -> dict:
        """Change a channel or thread (a PATCH, a moderator, auto-archive); send *_UPDATE."""
        ch = self._channel(channel_id)
        meta = ch.get("thread_metadata")
        for k, v in changes.items():
            (meta if meta is not None and k in THREAD_META else ch)[k] = v
        self._gateway("THREAD_UPDATE" if meta is not None else "CHANNEL_UPDATE", ch)
        return ch

    def private_channel(self, *members: int) -> int:
        """A DM (two members) or a group DM (more) between members, which the bot is not in
        (the app is installed to a member's account); its id."""
        cid = next(self._ids)
        self.channels[cid] = {
            "id": str(cid),
            "type": 1 if len(members) == 2 else 3,
            "last_message_id": None,
            "recipients": [self.members[m]["user"] for m in members],
            **({"name": None, "owner_id": str(members[0])} if len(members) > 2 else {}),
        }
        self.private_channels.add(cid)
        return cid

    def _bot_dm(self, channel: dict) -> bool:
        """Whether a channel is a DM between the bot and a member."""
        return channel["type"] == 1 and int(channel["id"]) not in self.private_channels

    def threads(self) -> list[dict]:
        """Every thread in the guild, oldest first."""
        return [c for c in self.channels.values() if "thread_metadata" in c]

    def messages_in(self, channel_id: int | str) -> list[dict]:
        """Messages stored in a channel or thread, oldest first (ephemeral ones too: flag 64)."""
        return [m for m in self.messages.values() if m["channel_id"] == str(channel_id)]

    def dms_to(self, user_id: int) -> list[dict]:
        """The direct messages the bot sent a member, oldest first."""
        return [
            m
            for c in self.channels.values()
            if self._bot_dm(c) and c["recipients"][0]["id"] == str(user_id)
            for m in self.messages_in(c["id"])
        ]

    def last_message(self, channel_id: int | str, *, ephemeral: bool = False) -> dict:
        """The newest public (or, with ephemeral=True, private) message in a channel."""
        wanted = EPHEMERAL if ephemeral else 0
        return [m for m in self.messages_in(channel_id) if m["flags"] & EPHEMERAL == wanted][-1]

    def message(self, message_id: int | str) -> dict:
        """A stored message by id."""
        return self._message(message_id)

    def bot_message(self, channel_id: int | str, components: list[dict], **extra: Any) -> dict:
        """Store a message of the bot's carrying `components` (rows), as if it had sent it:
        to press a button or choose in a menu the test made itself."""
        return self._post(str(channel_id), {"content": "", "components": components, **extra}, {})

    # ---- requests from the bot
    async def _rest(self, route: Route, *, files=None, form=None, **kw: Any) -> Any:
        return self._serve(route, kw.get("json"), form, files)

    async def _webhook(self, route, session=None, *, payload=None, multipart=None, files=None, **_):
        return self._serve(route, payload, multipart, files)

    def _serve(self, route: Route, body: Any, form: Any, files: Any) -> Any:
        """Record a request, then answer with a fresh copy of what Discord would send back."""
        if body is None and form:
            body = next((json.loads(f["value"]) for f in form if f["name"] == "payload_json"), None)
        blobs = {f.filename: f.fp.read() for f in files or []}
        for f in files or []:
            f.reset()
        path = route.url[len(Route.BASE) :]
        pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(route.path))
        match = re.fullmatch(pattern, path)
        routes = self.routes(match.groupdict() if match else {}, body, blobs)
        kind, answer = routes.get(f"{route.method} {route.path}", ("unhandled", lambda: None))
        self.calls.append(Call(kind, route.method, path, copy.deepcopy(body), blobs))
        self._refuse(route, match.groupdict() if match else {})
        return copy.deepcopy(answer())

    def _refuse(self, route: Route, p: dict) -> None:
        """Raise what Discord answers a request it refuses: any request to a DM or group DM
        the bot is not in, a use of an interaction's token after 15 minutes, and a sixth
        follow-up of an interaction that came through a member's own install."""
        if int(p.get("channel_id") or 0) in self.private_channels:
            raise _error(403, 50001, "Missing Access")
        ctx = self._tokens.get(p.get("webhook_token"))
        if ctx is None:
            return
        if self.clock() - ctx["at"] > TOKEN_LIFETIME:
            raise _error(401, 50027, "Invalid Webhook Token")
        if route.method == "POST" and route.path == "/webhooks/{webhook_id}/{webhook_token}":
            ctx["followups"] += 1
            if "0" not in ctx["owners"] and ctx["followups"] > USER_FOLLOWUPS:
                raise _error(
                    400, 40094, "This interaction has hit the maximum number of follow up messages"
                )

    def routes(self, p: dict, body: Any, files: dict) -> dict:
        """discord.py's Route "METHOD path" -> (kind, answer()), given path parameters `p`, the
        JSON body and files. Anything else is "unhandled" and answered None (an empty 204)."""
        ch, mid = p.get("channel_id"), p.get("message_id")
        tok = self._tokens.get(p.get("webhook_token"), {})
        C, W = "/channels/{channel_id}", "/webhooks/{webhook_id}/{webhook_token}"
        A = "/applications/{application_id}"
        return {
            "GET /users/@me": ("me", lambda: {**self.bot_user, "verified": True}),
            "GET /oauth2/applications/@me": ("app", self._application),
            "POST /users/@me/channels": ("create_dm", lambda: self._create_dm(body)),
            "GET /guilds/{guild_id}/members/{member_id}": (
                "get_member",
                lambda: self._member(p["member_id"]),
            ),
            f"GET {C}": ("get_channel", lambda: self._channel(ch)),
            f"PATCH {C}": ("edit_channel", lambda: self.update_channel(ch, **body)),
            f"POST {C}/threads": ("create_thread", lambda: self._create_thread(ch, None, body)),
            f"POST {C}/messages/{{message_id}}/threads": (
                "create_thread",
                lambda: self._create_thread(ch, mid, body),
            ),
            f"POST {C}/messages": ("send_message", lambda: self._sent(ch, body, files)),
            f"GET {C}/messages/{{message_id}}": ("get_message", lambda: self._message(mid)),
            f"PATCH {C}/messages/{{message_id}}": (
                "edit_message",
                lambda: self._edit(self._message(mid), body, files),
            ),
            "POST /interactions/{webhook_id}/{webhook_token}/callback": (
                "callback",
                lambda: self._callback(tok, body, files),
            ),
            f"POST {W}": ("followup", lambda: self._followup(tok, body, files)),
            f"GET {W}/messages/@original": (
                "get_original",
                lambda: self._message(tok.get("original")),
            ),
            f"PATCH {W}/messages/@original": (
                "edit_original",
                lambda: self._edit(self._message(tok.get("original")), body, files),
            ),
            f"PATCH {W}/messages/{{message_id}}": (
                "edit_message",
                lambda: self._edit(self._message(mid), body, files),
            ),
            f"PUT {A}/commands": ("sync", lambda: self._sync("global", body)),
            f"PUT {A}/guilds/{{guild_id}}/commands": (
                "sync",
                lambda: self._sync(p["guild_id"], body),
            ),
        }

    def _application(self) -> dict:
        return {
            "id": str(BOT_ID),
            "name": "shiftcord",
            "description": "",
            "icon": None,
            "verify_key": "0",
            "bot_public": False,
            "bot_require_code_grant": False,
            "owner": self.members[MOD]["user"],
        }

    def _sync(self, scope: str, commands: list[dict]) -> list[dict]:
        self.synced[scope] = commands
        return [
            {**c, "id": str(next(self._ids)), "application_id": str(BOT_ID), "version": "1"}
            for c in commands
        ]

    def _channel(self, channel_id: int | str | None) -> dict:
        if (ch := self.channels.get(int(channel_id or 0))) is None:
            raise _error(404, 10003, "Unknown Channel")
        return ch

    def _member(self, user_id: str) -> dict:
        if (member := self.members.get(int(user_id))) is None:
            raise _error(404, 10007, "Unknown Member")
        return member

    def _message(self, message_id: int | str | None) -> dict:
        if (msg := self.messages.get(int(message_id or 0))) is None:
            raise _error(404, 10008, "Unknown Message")
        return msg

    def _create_thread(self, parent_id: str, message_id: str | None, body: dict) -> dict:
        parent = self._channel(parent_id)
        tid = int(message_id or next(self._ids))  # a thread from a message has the message's id
        t = self.channels[tid] = {
            "id": str(tid),
            "type": body.get("type", 11),
            "guild_id": parent["guild_id"],
            "parent_id": parent["id"],
            "owner_id": str(BOT_ID),
            "name": body["name"],
            "last_message_id": None,
            "message_count": 0,
            "member_count": 1,
            "thread_metadata": {
                "archived": False,
                "locked": False,
                "archive_timestamp": TS,
                "auto_archive_duration": body.get("auto_archive_duration", 4320),
            },
        }
        me = {"id": str(tid), "user_id": str(BOT_ID), "join_timestamp": TS, "flags": 0}
        self._gateway("THREAD_CREATE", {**t, "newly_created": True, "member": me})
        return {**t, "member": me}

    def _create_dm(self, body: dict) -> dict:
        user_id = int(body["recipient_id"])
        dm = next(
            (
                c
                for c in self.channels.values()
                if self._bot_dm(c) and c["recipients"][0]["id"] == str(user_id)
            ),
            None,
        )
        if dm is None:
            dm = {
                "id": str(next(self._ids)),
                "type": 1,
                "last_message_id": None,
                "recipients": [self.members[user_id]["user"]],
            }
            self.channels[int(dm["id"])] = dm
        return dm

    def _callback(self, ctx: dict, body: dict, files: dict) -> dict:
        t, data = body["type"], body.get("data") or {}
        out = {"interaction": {"id": ctx["id"], "type": ctx["type"]}}
        if t in (4, 5):  # a message, or the "thinking..." placeholder the first followup fills
            flags = data.get("flags", 0) | (LOADING if t == 5 else 0)
            msg = self._post(ctx["channel_id"], {**data, "flags": flags}, files)
            ctx["original"] = msg["id"]
            self._owners[msg["id"]] = ctx["owners"]
        elif t == 7:  # UPDATE_MESSAGE: edit the message the component is on
            msg = self._edit(self._message(ctx["message_id"]), data, files)
        elif t == LAUNCH_ACTIVITY:  # the Activity opens in the member's client: no message
            instance = {"id": f"i-{ctx['id']}"}
            return {**out, "resource": {"type": t, "activity_instance": instance}}
        else:  # 6 deferred update, 8 autocomplete choices, 9 modal: no message
            if t == 6:
                ctx["original"] = ctx["message_id"]
            return out
        out["interaction"].update(
            response_message_id=msg["id"],
            response_message_loading=t == 5,
            response_message_ephemeral=bool(msg["flags"] & EPHEMERAL),
        )
        return {**out, "resource": {"type": t, "message": msg}}

    def _followup(self, ctx: dict, body: dict, files: dict) -> dict:
        original = self.messages.get(int(ctx.get("original") or 0))
        if original is not None and original["flags"] & LOADING:  # replaces "thinking..."
            return self._edit(original, body, files)
        posted = self._post(ctx["channel_id"], body, files)
        self._owners[posted["id"]] = ctx["owners"]
        return posted

    def _sent(self, channel_id: str, body: dict, files: dict) -> dict:
        """A message the bot sends to a channel (REST), unless the channel is unreachable."""
        if int(channel_id) in self.unreachable_channels:
            raise _error(503, 0, "Service Unavailable")
        return self._post(channel_id, body, files)

    def _post(self, channel_id: str, body: dict, files: dict) -> dict:
        """Store a message the bot sent (REST or interaction webhook); send MESSAGE_CREATE."""
        ch = self._channel(channel_id)
        if self._bot_dm(ch) and int(ch["recipients"][0]["id"]) in self.closed_dms:
            raise _error(403, 50007, "Cannot send messages to this user")
        meta = ch.get("thread_metadata")
        if meta and meta["archived"]:  # sending a message unarchives a thread unless locked
            if meta["locked"]:
                raise _error(400, 50083, "Thread is archived")
            self.update_channel(ch["id"], archived=False)
        content = body.get("content") or ""
        mentioned = [int(u) for u in re.findall(r"<@!?(\d+)>", content)]
        msg = {
            "id": str(next(self._ids)),
            "channel_id": ch["id"],
            "type": 0,
            "author": self.bot_user,
            "content": content,
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "tts": False,
            "attachments": self._attachments(files, body),
            "flags": body.get("flags") or 0,
            "pinned": False,
            "mentions": [self.members[u]["user"] for u in mentioned if u in self.members],
            "mention_roles": [],
            "mention_everyone": False,
            "timestamp": TS,
            "edited_timestamp": None,
            "allowed_mentions": body.get("allowed_mentions"),
            **({"guild_id": ch["guild_id"]} if "guild_id" in ch else {}),
        }
        self.messages[int(msg["id"])], ch["last_message_id"] = msg, msg["id"]
        self._message_event("MESSAGE_CREATE", msg)
        return msg

    def _edit(self, msg: dict, body: dict, files: dict) -> dict:
        """Apply an edit (content, embeds, components, kept and new attachments)."""
        for k in ("content", "embeds", "components"):
            if k in body:
                msg[k] = body[k] or ("" if k == "content" else [])
        if "attachments" in body or files:
            keep = {str(a.get("id")) for a in body.get("attachments") or []}
            kept = [a for a in msg["attachments"] if a["id"] in keep]
            msg["attachments"] = kept + self._attachments(files, body)
        msg["flags"], msg["edited_timestamp"] = msg["flags"] & ~LOADING, TS
        self._message_event("MESSAGE_UPDATE", msg)
        return msg

    def _attachments(self, files: dict, body: dict) -> list[dict]:
        described = {a.get("filename"): a.get("description") for a in body.get("attachments") or []}
        return [
            {
                "id": str(next(self._ids)),
                "filename": n,
                "size": len(b),
                "url": f"https://cdn.invalid/{n}",
                "proxy_url": f"https://media.invalid/{n}",
                **({"description": described[n]} if described.get(n) else {}),
            }
            for n, b in files.items()
        ]

    def _message_event(self, event: str, msg: dict) -> None:
        if not msg["flags"] & EPHEMERAL:  # ephemeral messages never reach the gateway
            intent = "guild_messages" if "guild_id" in msg else "dm_messages"
            self._gateway(event, msg, intent)

    # ---- interactions from users
    def member_permissions(self, user_id: int) -> discord.Permissions:
        """What a member may do: the union of their roles' permissions."""
        value = 0
        for rid in [str(GUILD), *self.members[user_id]["roles"]]:
            value |= int(self.roles[int(rid)]["permissions"])
        return discord.Permissions(value)

    def interaction_payload(
        self,
        itype: int,
        user_id: int,
        data: dict,
        channel_id: int | str | None = None,
        message: dict | None = None,
    ) -> dict:
        """An INTERACTION_CREATE payload from `user_id`, in a guild channel or thread
        (`member`) or a DM (`user`)."""
        ch, iid = self._channel(channel_id or self.channel_id), str(next(self._ids))
        token = f"token-{iid}"
        if "guild_id" in ch:
            context, owners = GUILD_CONTEXT, {"0": ch["guild_id"]}
        elif int(ch["id"]) in self.private_channels:  # only a member's own install reaches here
            owned = message and self._owners.get(message["id"])
            context, owners = PRIVATE_CONTEXT, owned or {"1": str(user_id)}
        else:
            context, owners = BOT_DM_CONTEXT, {"1": str(user_id)}
        self._tokens[token] = {
            "id": iid,
            "type": itype,
            "channel_id": ch["id"],
            "message_id": message and message["id"],
            "at": self.clock(),
            "owners": owners,
            "followups": 0,
        }
        perms = str(self.member_permissions(user_id).value)
        app_perms = str(self.bot_permissions.value)
        if context == PRIVATE_CONTEXT:  # what Discord gives an app in others' DMs
            app_perms = str(discord.Permissions(attach_files=True, embed_links=True).value)
        p = {
            "id": iid,
            "application_id": str(BOT_ID),
            "type": itype,
            "token": token,
            "version": 1,
            "data": data,
            "channel_id": ch["id"],
            "channel": {**ch, "permissions": perms},
            "app_permissions": app_perms,
            "locale": self.locales.get(user_id, "en-US"),
            "entitlements": [],
            "attachment_size_limit": 8 << 20,
            **({"message": message} if message else {}),
        }
        if "guild_id" in ch:
            p.update(
                guild_id=ch["guild_id"],
                guild={"id": ch["guild_id"], "locale": self.preferred_locale, "features": []},
                member={**self.members[user_id], "permissions": perms},
                context=context,
                authorizing_integration_owners=owners,
            )
        else:
            p.update(
                user=self.members[user_id]["user"],
                context=context,
                authorizing_integration_owners=owners,
            )
        return copy.deepcopy(p)

    def command_data(self, command: str, options: dict, focused: str | None = None) -> dict:
        """`data` of a chat-input command ("draw offer") from `bot.tree`: nesting, option
        types, `resolved`."""
        root, *subs = command.split()
        local = self.bot.tree.get_command(root, guild=discord.Object(GUILD))
        cmd = local or self.bot.tree.get_command(root)
        for name in subs:
            is_group = isinstance(cmd, discord.app_commands.Group)
            cmd = cmd.get_command(name) if is_group else None
        if cmd is None or isinstance(cmd, discord.app_commands.Group):
            raise LookupError(f"/{command} is not a command in bot.tree")
        params = {p.name: p for p in cmd.parameters} | {p.display_name: p for p in cmd.parameters}
        unknown = set(options) - set(params)
        if unknown:
            raise TypeError(f"/{command} has no options {sorted(unknown)}")
        missing = {p.name for p in cmd.parameters if p.required} - {params[n].name for n in options}
        if missing and focused is None:  # Discord's client would not send the command
            raise TypeError(f"/{command}: missing required options {sorted(missing)}")
        resolved: dict = {}
        opts = [
            self._option(params[n], v, resolved) | ({"focused": True} if n == focused else {})
            for n, v in options.items()
        ]
        for i, name in enumerate(reversed(subs)):  # innermost: subcommand (1), outer: group (2)
            opts = [{"type": 1 if i == 0 else 2, "name": name, "options": opts}]
        return {
            "id": str(next(self._ids)),
            "name": root,
            "type": 1,
            "options": opts,
            **({"guild_id": str(GUILD)} if local else {}),
            **({"resolved": resolved} if resolved else {}),
        }

    def _option(self, param: Any, value: Any, resolved: dict) -> dict:
        t = param.type.value
        if t in (6, 7, 8, 9):  # user, channel, role, mentionable: the id, the object in resolved
            i = int(getattr(value, "id", value))
            if i in self.members:  # a resolved member comes without its user
                member = dict(self.members[i], permissions=str(self.member_permissions(i).value))
                resolved.setdefault("users", {})[str(i)] = member.pop("user")
                resolved.setdefault("members", {})[str(i)] = member
            elif i in self.roles:
                resolved.setdefault("roles", {})[str(i)] = self.roles[i]
            elif i in self.channels:
                resolved.setdefault("channels", {})[str(i)] = {
                    **self.channels[i],
                    "permissions": str(MEMBER_PERMS.value),
                }
            value = str(i)
        return {"type": t, "name": param.display_name, "value": value}

    async def feed(self, payload: dict, drain: bool = True) -> list[Call]:
        """Deliver an INTERACTION_CREATE; unless drain=False, wait for the bot and return the
        calls it made."""
        n = len(self.calls)
        self._gateway("INTERACTION_CREATE", payload)
        if drain:
            await self.drain()
        return self.calls[n:]

    async def feed_twice_at_once(self, payload: dict) -> list[Call]:
        """Deliver an INTERACTION_CREATE and, before the bot has done anything with it,
        the same again (as a resumed gateway session may); return the calls of both."""
        n = len(self.calls)
        await self.feed(payload, drain=False)
        await self.feed(payload)
        return self.calls[n:]

    async def slash(
        self, user_id: int, command: str, *, channel_id=None, drain=True, **options: Any
    ) -> list[Call]:
        """Use a slash command as `user_id` in a channel or thread (default: "games"). Options
        go by parameter name; users, roles and channels by id. Returns the calls made."""
        data = self.command_data(command, options)
        return await self.feed(self.interaction_payload(2, user_id, data, channel_id), drain)

    async def autocomplete(
        self, user_id: int, command: str, focused: str, *, channel_id=None, **options: Any
    ) -> list[dict]:
        """Type into option `focused` (its partial text is in options); returns the choices."""
        data = self.command_data(command, options, focused)
        calls = await self.feed(self.interaction_payload(4, user_id, data, channel_id))
        return next(c.json["data"]["choices"] for c in calls if c.kind == "callback")

    async def click(
        self, user_id: int, message_id: int | str, custom_id: str, *, drain: bool = True
    ) -> list[Call]:
        """Press a button on a stored message; returns the calls made."""
        msg = self._message(message_id)
        comp = next(
            (c for c in walk_components(msg["components"]) if c.get("custom_id") == custom_id),
            None,
        )
        if comp is None:
            raise LookupError(f"message {message_id} has no component {custom_id!r}")
        data = {"custom_id": custom_id, "component_type": comp["type"]}
        payload = self.interaction_payload(3, user_id, data, msg["channel_id"], msg)
        return await self.feed(payload, drain)

    async def select(
        self, user_id: int, message_id: int | str, custom_id: str, value: str
    ) -> list[Call]:
        """Choose `value` in a select menu of a stored message; returns the calls made."""
        msg = self._message(message_id)
        menu = next(
            (c for c in walk_components(msg["components"]) if c.get("custom_id") == custom_id),
            None,
        )
        if menu is None or menu.get("type") != 3:
            raise LookupError(f"message {message_id} has no select menu {custom_id!r}")
        if value not in [o["value"] for o in menu["options"]]:
            raise LookupError(f"select menu {custom_id!r} offers no {value!r}")
        data = {"custom_id": custom_id, "component_type": 3, "values": [value]}
        return await self.feed(self.interaction_payload(3, user_id, data, msg["channel_id"], msg))

    async def drain(self, *, timeout: float = 30.0, raise_errors: bool = True) -> None:
        """Wait for the tasks discord.py spawned (and theirs, and the bot's background
        postings); then raise if an error was logged (a handler failed)."""
        me = asyncio.current_task()
        for _ in range(100):
            await asyncio.sleep(0)
            busy = [
                t
                for t in asyncio.all_tasks()
                if t is not me and not t.done() and t.get_name().startswith(DISCORD_TASKS)
            ]
            if not busy:
                break
            if (await asyncio.wait(busy, timeout=timeout))[1]:
                names = sorted(t.get_name() for t in busy if not t.done())
                raise AssertionError(f"still running after {timeout}s: {names}")
        errors, self.errors[:] = self.errors[:], []
        if errors and raise_errors:
            cause = errors[0].exc_info[1] if errors[0].exc_info else None
            raise AssertionError(f"discord.py logged an error: {errors[0].getMessage()}") from cause


# ---- Shiftcord on the fake
class FakeClock:
    """The match service's clock in tests: a fixed start that moves only when told."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        """Move time forward (`hours=25`, `days=3`...)."""
        self.now += timedelta(**delta)


def settings_for(tmp_path: Path, **changes: Any) -> Settings:
    """Settings for a test: a real SQLite file in `tmp_path`, no token, the given changes."""
    database = tmp_path / "shiftcord.sqlite3"
    base = Settings(discord_token="", database_path=database, log_level="INFO")
    return dataclasses.replace(base, **changes)


@contextlib.asynccontextmanager
async def running_bot(
    fake: FakeDiscord,
    settings: Settings,
    clock: FakeClock,
    *,
    seed: int = 0,
    background: bool = False,
) -> AsyncIterator[ShiftcordClient]:
    """The real bot over the real match service (a SQLite file), connected to `fake`. Leave
    the block and enter another with the same arguments to simulate a restart. Unless
    `background`, the reminder task is not started: tests run its rounds with
    `bot.reminders.run_once()`."""
    service = await MatchService.open(settings, clock=clock, rng=random.Random(seed))
    try:
        async with fake.connect(ShiftcordClient(settings, service, background=background)) as bot:
            yield bot
    finally:
        await service.close()


async def start_match(
    fake: FakeDiscord, challenger: int, *opponents: int, game: str = "skift", **options: Any
) -> tuple[int, int]:
    """Challenge `opponents` with /challenge and let each accept with the button; returns
    (match id, thread id)."""
    named = dict(zip(("opponent", "opponent2", "opponent3", "opponent4"), opponents, strict=False))
    await fake.slash(challenger, "challenge", game=game, **named, **options)
    message = [m for m in fake.messages_in(fake.channel_id) if m["components"]][-1]
    accept = message["components"][0]["components"][0]["custom_id"]
    for member in opponents:
        await fake.click(member, message["id"], accept)
    service = fake.bot.service
    challenge = await service.challenges.get_challenge(int(accept.split(":")[2]))
    match = await service.queries.get_match(challenge.match_id)
    return match.id, match.channel_id
