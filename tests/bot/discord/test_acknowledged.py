"""Discord answers first, then reads: with every store call (each transaction and each
read) slowed by 2.5 seconds, every interaction is acknowledged within Discord's 3, and
before any store call has answered: every slash command, every kind of button and select
menu, and autocomplete (which answers what is ready by then).

All of them arrive at once, so the slow store calls overlap as they would on a busy bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Iterator

import discord
import pytest
from discord import app_commands

from bot.service import play
from bot.store import Store
from tests.bot.discord.test_analysis import play_moves
from tests.bot.discord.test_rematch import resign
from tests.bot.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    GAMES_CHANNEL,
    GUILD,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
)
from tests.bot.service.test_engine_player import TINY

#: How long each store call waits first, and Discord's time to acknowledge.
SLOW, DISCORD_LIMIT = 2.5, 3.0


@contextlib.contextmanager
def slowed(store: Store, seconds: float) -> Iterator[dict[str, bool]]:
    """Every transaction and read of `store` waits `seconds` first, while the switch it
    yields is on (`switch["on"] = False`: no more waiting)."""
    switch = {"on": True}
    transaction, reading = store.transaction, store.reading
    transact, read = store.transact, store.read

    def slow(opened):  # a store call, after the wait
        @contextlib.asynccontextmanager
        async def call() -> AsyncIterator[object]:
            if switch["on"]:
                await asyncio.sleep(seconds)
            async with opened() as conn:
                yield conn

        return call

    def slow_whole(run):  # a transaction run whole, after the wait
        async def call(body):
            if switch["on"]:
                await asyncio.sleep(seconds)
            return await run(body)

        return call

    store.transaction, store.reading = slow(transaction), slow(reading)  # type: ignore[method-assign]
    store.transact, store.read = slow_whole(transact), slow_whole(read)  # type: ignore[method-assign]
    try:
        yield switch
    finally:
        store.transaction, store.reading = transaction, reading  # type: ignore[method-assign]
        store.transact, store.read = transact, read  # type: ignore[method-assign]


def button(custom_id: str) -> dict:
    return {
        "type": 1,
        "components": [{"type": 2, "style": 1, "label": "b", "custom_id": custom_id}],
    }


def menu(custom_id: str, value: str) -> dict:
    option = {"label": value, "value": value}
    return {"type": 1, "components": [{"type": 3, "custom_id": custom_id, "options": [option]}]}


def every_command(tree: app_commands.CommandTree) -> Iterator[app_commands.Command]:
    """Every slash command of the tree, subcommands included."""
    for command in tree.get_commands(type=discord.AppCommandType.chat_input):
        if isinstance(command, app_commands.Group):
            yield from command.walk_commands()  # type: ignore[misc]
        else:
            yield command


def some_options(command: app_commands.Command) -> dict:
    """A value for each required option: the first choice, else one of its type."""
    options = {}
    for param in command.parameters:
        if not param.required:
            continue
        kind = param.type
        if param.choices:
            value: object = param.choices[0].value
        elif kind is discord.AppCommandOptionType.string:
            value = "skift" if param.name == "game" else "x"
        elif kind in (discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number):
            value = param.min_value or 1
        elif kind is discord.AppCommandOptionType.boolean:
            value = False
        elif kind is discord.AppCommandOptionType.user:
            value = BOB
        elif kind is discord.AppCommandOptionType.channel:
            value = GAMES_CHANNEL
        elif kind is discord.AppCommandOptionType.role:
            value = GUILD + 1
        else:
            raise AssertionError(f"/{command.qualified_name}: no value for {param.name}")
        options[param.name] = value
    return options


async def answered_within(fake: FakeDiscord, payloads: list[dict], limit: float) -> list[float]:
    """Deliver every interaction at once; how long each took to be acknowledged (its
    first callback), waiting at most `limit` (inf: not acknowledged by then)."""
    start = time.monotonic()
    for payload in payloads:
        await fake.feed(payload, drain=False)
    took = [float("inf")] * len(payloads)
    while time.monotonic() - start < limit and float("inf") in took:
        await asyncio.sleep(0.02)
        called = {c.path.split("/")[2] for c in fake.calls if c.kind == "callback"}
        for i, payload in enumerate(payloads):
            if took[i] == float("inf") and payload["id"] in called:
                took[i] = time.monotonic() - start
    return took


@pytest.mark.asyncio
async def test_every_interaction_is_acknowledged_within_3_seconds_of_a_slow_store(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        assert bot.engine_player is not None
        bot.engine_player.budget = TINY
        ended, ended_thread = await start_match(fake, ALICE, BOB, rated=False)
        await play_moves(bot.service, ended, 2)
        await resign(fake, ALICE, ended, ended_thread)
        match_id, thread = await start_match(fake, ALICE, CAROL, rated=False)
        await fake.slash(BOB, "challenge", game="skift", opponent=CAROL)  # pending: challenge 3
        match = await bot.service.queries.get_match(match_id)
        legal = match.state.format_move(match.state.legal_moves()[0])
        version = match.version
        buttons = [
            f"sc:match:{match_id}:play",
            f"sc:match:{match_id}:hand",
            f"sc:match:{match_id}:resign",
            f"sc:match:{match_id}:draw-accept:{match.ply}",
            f"sc:rematch:{ended}",
            f"sc:analysis:{ended}",
            f"sc:preview:{match_id}:{match.ply}:confirm:{legal}",
            f"sc:preview:{match_id}:{match.ply}:cancel",
            f"sc:page:history:{ended}:2:N",
            "sc:page:matches:me:2:N",
            "sc:page:standings:skift:2:N",
            "sc:challenge:3:accept",
            "sc:challenge:3:decline",
            f"sc:cmp:{match_id}:{version}:o:",
            f"sc:cmp:{match_id}:{version}:x:",
            "sc:next",
        ]
        pressed = [fake.bot_message(thread, [button(i)], flags=64) for i in buttons]
        chosen = fake.bot_message(thread, [menu(f"sc:cmps:{match_id}:{version}:0:", "a")])
        payloads = [
            fake.interaction_payload(
                3, ALICE, {"custom_id": i, "component_type": 2}, thread, message
            )
            for i, message in zip(buttons, pressed, strict=True)
        ]
        menu_data = {"custom_id": f"sc:cmps:{match_id}:{version}:0:", "component_type": 3}
        payloads.append(
            fake.interaction_payload(3, ALICE, {**menu_data, "values": ["a"]}, thread, chosen)
        )
        used = []  # (channel, command, options): every command, and those that read first
        for command in every_command(bot.tree):
            used.append((thread, command.qualified_name, some_options(command)))
        used += [
            (GAMES_CHANNEL, "move", {"notation": legal, "match": match_id}),
            (GAMES_CHANNEL, "move", {"notation": legal, "match": match_id, "preview": True}),
            (thread, "move", {"notation": legal, "preview": True}),
            (GAMES_CHANNEL, "analysis", {"match": ended}),
            (GAMES_CHANNEL, "history", {"match": ended}),
            (GAMES_CHANNEL, "clock give", {"time": "1d", "match": match_id}),
            (GAMES_CHANNEL, "league create", {"name": "l", "game": "skift", "format": "swiss"}),
        ]
        for channel, name, options in used:
            data = fake.command_data(name, options)
            payloads.append(fake.interaction_payload(2, ALICE, data, channel))
        typed = [
            ("move", "notation", {"notation": "", "match": match_id}),
            ("move", "notation", {"notation": ""}),
            ("history", "match", {"match": ""}),
            ("league join", "name", {"name": ""}),
            ("challenge", "game", {"game": "s"}),
        ]
        for name, focused, options in typed:
            data = fake.command_data(name, options, focused)
            payloads.append(fake.interaction_payload(4, ALICE, data, thread))
        await fake.drain()
        with slowed(bot.service.store, SLOW) as switch:
            took = await answered_within(fake, payloads, DISCORD_LIMIT)
            switch["on"] = False
        # Within Discord's limit, and before any store call could answer: none was waited
        # for (one read before the acknowledgement would still fit in 3 seconds here).
        late = [
            (p["data"].get("name") or p["data"].get("custom_id"), round(t, 2))
            for p, t in zip(payloads, took, strict=True)
            if t >= SLOW
        ]
        assert not late, f"acknowledged after {SLOW} s (or never): {late}"
        await fake.drain(timeout=60)
    assert len(payloads) > 60  # every command (more than 40) and every kind of button


@pytest.mark.asyncio
async def test_autocomplete_answers_what_is_ready_and_keeps_a_slow_listing_for_later(
    tmp_path, monkeypatch
):
    listed = play._move_choices

    def slowly(match):  # a position whose legal moves take long to list and describe
        time.sleep(SLOW)
        return listed(match)

    monkeypatch.setattr(play, "_move_choices", slowly)
    fake = FakeDiscord()
    async with running_bot(fake, settings_for(tmp_path), FakeClock()) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, rated=False)
        mover = (await bot.service.queries.get_match(match_id)).to_act
        start = time.monotonic()
        first = await fake.autocomplete(mover, "move", "notation", notation="", channel_id=thread)
        assert first == [] and time.monotonic() - start < SLOW - 0.5
        await asyncio.sleep(SLOW)  # the listing went on, and is kept
        start = time.monotonic()
        later = await fake.autocomplete(mover, "move", "notation", notation="", channel_id=thread)
        assert len(later) == 25 and time.monotonic() - start < 0.5


@pytest.mark.asyncio
async def test_a_command_that_cannot_be_acknowledged_is_not_run(tmp_path, monkeypatch, caplog):
    fake = FakeDiscord()
    async with running_bot(fake, settings_for(tmp_path), FakeClock()) as bot:

        def too_late(*_):  # Discord's 3 seconds ran out before the bot answered
            raise discord.NotFound(
                type("Answer", (), {"status": 404, "reason": "Not Found"})(),
                {"code": 10062, "message": "Unknown interaction"},
            )

        monkeypatch.setattr(fake, "_callback", too_late)
        calls = await fake.slash(ALICE, "challenge", game="skift", opponent=BOB)  # no error
        assert [c.kind for c in calls] == ["callback"]
        assert await bot.service.challenges.pending_challenges(guild_id=fake.guild_id) == []
        assert "could not acknowledge interaction" in caplog.text
