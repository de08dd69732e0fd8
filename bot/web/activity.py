"""The web board as a Discord Activity: the seam with the Discord face.

Discord runs an Activity as an iframe of its client, loading the application's root URL
mapping (set in the developer portal: `/` to the board's public https address, `WEB_URL`)
at `https://<application id>.discordsays.com/` through its proxy, with `frame_id`,
`instance_id`, `platform`, `channel_id` (and `guild_id`) in the query. The board's page
is the same page as in a browser: it notices the frame (`activity_entry`), loads the
Embedded App SDK (kept in `static/vendor`), completes the handshake, asks the member to
authorize (`identify`) and posts the code to `activity`, where the server exchanges it
with the client secret, opens a session and answers the match of the channel or thread
the Activity was launched in (none: the member's matches).

The Discord face only launches it: where `activity_possible` holds (and the application
has Activities enabled, its EMBEDDED flag), Play, `/board` and the turn notice answer
the interaction with `InteractionResponse.launch_activity()` (discord.py 2.6+); Discord
then opens the mapped address in that channel. Nothing else is needed from this side.
"""

from __future__ import annotations

from collections.abc import Mapping

#: Where Discord's client frames an Activity, as Discord documents it: its client (web and
#: desktop) at discord.com (ptb., canary.; the older discordapp.com) and its proxy's
#: domain, discordsays.com.
DISCORD_FRAMES = (
    "https://discord.com https://*.discord.com https://discordapp.com "
    "https://*.discordapp.com https://*.discordsays.com"
)


def activity_entry(query: Mapping[str, str]) -> bool:
    """Whether a page's address is Discord opening the board as an Activity (its client
    adds `frame_id` and `instance_id`, which the Embedded App SDK reads)."""
    return bool(query.get("frame_id")) and bool(query.get("instance_id"))


def activity_possible(web_url: str | None, client_id: str, client_secret: str) -> bool:
    """Whether the board can run as an Activity: served at a public https address (what
    Discord's URL mapping points at) with the application's OAuth2 client (id and
    secret: the member's code is exchanged with it). Without them, the Discord face
    keeps its composer and the "Open the board" link."""
    public = web_url is not None and web_url.startswith("https://")
    return public and bool(client_id) and bool(client_secret)


def mapping_target(web_url: str) -> str:
    """The target of the Activity's root URL mapping (`/`) in the developer portal: the
    board's public address, without its scheme, as the portal asks for it."""
    return web_url.removeprefix("https://").rstrip("/")
