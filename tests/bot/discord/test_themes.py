"""Picture themes end to end: `/admin theme` sets a server's theme for every public picture
of its matches, `/settings theme` a member's own for everything shown only to them, and
`/board theme:` shows the board privately in the theme asked for."""

from __future__ import annotations

import pytest

import games
import render
from bot.presentation.clocks import clock_line
from bot.presentation.pictures import example_position, label_names
from tests.bot import secret_game
from tests.bot.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    MOD,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
)
from tests.bot.secret_game import DRAWN


def answered(calls) -> str:
    """The private answer's text (the interaction was deferred first, privately)."""
    assert calls[0].ephemeral and calls[-1].ephemeral
    return calls[-1].content


def themes_of(drawn, *, public: bool) -> set[str]:
    """The themes of the pictures in `drawn` that were drawn for everybody (or for a seat)."""
    return {theme for _, seat, theme in drawn if (seat is None) == public}


@pytest.mark.asyncio
async def test_server_theme_for_public_pictures_members_own_for_private_ones(tmp_path, monkeypatch):
    secret_game.install(monkeypatch)  # its pictures note the theme they were drawn in
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        shown = answered(await fake.slash(MOD, "admin theme", theme="contrast"))
        assert "Pictures: the contrast theme." in shown
        mine = answered(await fake.slash(ALICE, "settings theme", theme="default"))
        assert "Pictures shown only to you: the default theme." in mine
        refused = await fake.slash(ALICE, "admin theme", theme="default")
        assert "manage the server" in answered(refused)

        match_id, thread = await start_match(fake, ALICE, BOB, game="hiddensums")
        match = await bot.service.queries.get_match(match_id)
        await fake.slash(match.to_act, "move", channel_id=thread, notation="1")
        await fake.slash(CAROL, "board", channel_id=thread)
        assert len(DRAWN) == 4 and themes_of(DRAWN, public=True) == {"contrast"}
        mover_view = [(seat, theme) for _, seat, theme in DRAWN if seat is not None]
        own = "default" if match.to_act == ALICE else "contrast"  # alice chose default
        assert mover_view == [(match.current_seat, own)]  # the mover's own view, privately

        board, hand = fake.last_message(thread), f"sc:match:{match_id}:hand"
        for member, theme in ((ALICE, "default"), (BOB, "contrast")):  # bob has none: server's
            del DRAWN[:]
            await fake.click(member, board["id"], hand)
            assert [(seat, drawn) for _, seat, drawn in DRAWN] == [(match.seat_of(member), theme)]

        del DRAWN[:]
        calls = await fake.slash(BOB, "board", channel_id=thread, theme="default")
        assert [c.kind for c in calls] == ["callback", "followup"]  # nothing public
        assert calls[1].ephemeral and "board.png" in calls[1].files
        assert calls[1].content.startswith(f"Match #{match_id}, after 1 move.\n")
        assert [theme for _, _, theme in DRAWN] == ["default"]

        del DRAWN[:]
        for _ in range(3):
            to_act = (await bot.service.queries.get_match(match_id)).to_act
            await fake.slash(to_act, "move", channel_id=thread, notation="2")
        assert not (await bot.service.queries.get_match(match_id)).active
        assert themes_of(DRAWN, public=True) == {"contrast"}  # the boards and the replay
        # three boards, the movers' own views of the two moves that did not end the match,
        # then a replay frame per position
        assert len(DRAWN) == 3 + 2 + 5

        del DRAWN[:]
        exported = await fake.slash(ALICE, "export", channel_id=thread)
        assert f"match-{match_id}.gif" in exported[-1].files and exported[-1].ephemeral
        assert {theme for _, _, theme in DRAWN} == {"default"}  # alice's own theme

        await fake.slash(ALICE, "settings theme", theme="server")
        mine = answered(await fake.slash(ALICE, "settings show"))
        assert "Pictures shown only to you: each server's theme." in mine
        del DRAWN[:]
        await fake.slash(ALICE, "export", channel_id=thread)
        assert {theme for _, _, theme in DRAWN} == {"contrast"}


@pytest.mark.asyncio
async def test_the_real_pictures_come_in_the_chosen_theme(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        await fake.slash(MOD, "admin theme", theme="contrast")
        match_id, thread = await start_match(fake, ALICE, BOB)
        match = await bot.service.queries.get_match(match_id)
        public, strip = match.public_view(), clock_line(match, clock(), label_names(match, ()))
        assert strip is not None and strip.endswith("3 days left")  # the default clock
        first = next(c for c in fake.calls if c.path == f"/channels/{thread}/messages")
        names = {ALICE: "alice", BOB: "bob"}  # rated newcomers; the player to act's clock
        players = [
            render.SeatLabel(names[m], "1500?", "3 days left" if m == match.to_act else "")
            for m in match.members
        ]
        drawn = render.board_png(public, theme="contrast", clock=strip, players=players)
        assert first.files["board.png"] == drawn
        assert first.files["board.png"] != render.board_png(
            public, theme="default", clock=strip, players=players
        )
        mine = await fake.slash(CAROL, "board", channel_id=thread, theme="default")
        assert mine[-1].files["board.png"] == render.board_png(
            public, theme="default", players=players
        )
        example, last = example_position(games.get("skift"))
        await fake.slash(ALICE, "settings theme", theme="default")
        for member, theme in ((CAROL, "contrast"), (ALICE, "default")):
            rules = await fake.slash(member, "rules", game="skift")
            drawn = rules[-1].files["skift-example.png"]
            assert drawn == render.board_png(example, last_move=last, theme=theme)
