"""Pictures of ended matches and replays of long ones.

The board of an ended match says how it ended, for every ending (its picture and its
alt text); a replay shows it on its last frame, rebuilds a long match one position at a
time, and fits the upload limit it is given (fewer frames, then smaller ones, else the
record as text); /export and the thread's replay take their limits from Discord.
"""

from __future__ import annotations

import dataclasses
import io
from datetime import timedelta

import discord
import pytest
from PIL import Image, ImageChops

from bot.match import rules
from bot.match.actions import (
    ABORT,
    ACCEPT_DRAW,
    CANCEL,
    MOVE,
    OFFER_DRAW,
    RESIGN,
    TIME_OUT,
    Request,
)
from bot.match.decision import Situation
from bot.match.records import LogEntry, MatchRecord, MatchUpdate
from bot.match.replay import TAKEBACK, PublicLine, rebuild_state
from bot.presentation import pictures
from bot.presentation.history import TOO_LONG_TO_REPLAY
from bot.presentation.pictures import (
    board_picture,
    ending_words,
    match_board,
    replay_picture,
    update_board,
)
from games.wording import plural
from tests.bot.discord_harness import (
    ALICE,
    CAROL,
    FakeDiscord,
)
from tests.bot.match_records import T0, logged, new_match
from tests.render.positions import gif_frames, skift_frame, skift_game

LATER = T0 + timedelta(hours=1)
LONG = 5000


def _act(match, actor, action, text="", when=LATER):
    return rules.decide(
        match, actor, Request(action, text, ply=match.ply, request_id="test"), Situation(when)
    )


def _first_move(match) -> str:
    state = match.state
    return state.format_move(state.legal_moves()[0])


def _update(match, decision, actor, action) -> MatchUpdate:
    """What the service tells of `decision` (the action `action` by `actor` on `match`)."""
    after = decision.match
    before, now = match.public_view(), after.public_view()
    return MatchUpdate(after, action, actor, None, before, now, decision.events, decision.move)


#: Each way a Skift match ends but by the game itself: who acts (member 1 plays White,
#: None is the clock or an admin), whether White moves first, the words of the ending.
ENDINGS = {
    "resign": (RESIGN, 2, True, "White wins. Black resigned."),
    "timeout": (TIME_OUT, None, False, "Black wins. White ran out of time."),
    "draw": (ACCEPT_DRAW, 2, False, "The players agreed to a draw."),
    "abort": (ABORT, 1, False, "White aborted the match."),
    "cancel": (CANCEL, None, False, "A server admin cancelled the match."),
}


def _ended(how: str):
    """(the match before, the decision that ends it as `how`, its update, its words)."""
    action, actor, moved, words = ENDINGS[how]
    match = new_match()
    if moved:
        match = _act(match, 1, MOVE, _first_move(match)).match
    if how == "draw":
        match = _act(match, 1, OFFER_DRAW).match
    when = T0 + timedelta(hours=73) if how == "timeout" else LATER
    decision = _act(match, actor, action, when=when)
    return match, decision, _update(match, decision, actor, action), words


def _differ(a: bytes, b: bytes) -> bool:
    first, second = (Image.open(io.BytesIO(data)).convert("RGB") for data in (a, b))
    return first.size != second.size or ImageChops.difference(first, second).getbbox() is not None


@pytest.mark.asyncio
@pytest.mark.parametrize("how", ["resign", "timeout", "draw", "abort", "cancel"])
async def test_the_end_picture_says_how_the_match_ended(how: str) -> None:
    _, decision, update, words = _ended(how)
    ended = decision.match
    assert not ended.active and ended.result.how == how
    assert ending_words(ended) == words
    picture = await update_board(update)
    assert picture is not None
    assert picture.description.startswith(f"Skift, over after {plural(ended.ply, 'move')}: {words}")
    plain = await board_picture(ended.public_view())
    assert "to move" in plain.description and words not in plain.description
    assert _differ(picture.data, plain.data), "the header says it"
    again = await match_board(ended)  # /board of the ended match
    assert again.description == picture.description and not _differ(again.data, picture.data)


@pytest.mark.asyncio
async def test_a_game_won_on_the_board_says_who_won_and_why() -> None:
    match = new_match("shiftago", seed=3)
    history = []
    while match.active:
        mover = match.to_act
        decision = _act(match, mover, MOVE, _first_move(match))
        history.append(decision)
        before, match = match, decision.match
    outcome = match.public_view().outcome()
    assert outcome is not None and outcome.winners and match.result.how == "game"
    winner = match.seat_name(outcome.winners[0])
    words = ending_words(match)
    assert words is not None and outcome.reason in words and f"{winner} wins" in words
    picture = await update_board(_update(before, history[-1], mover, MOVE))
    assert picture is not None and f"over after {match.ply} moves: {words}" in picture.description
    plain = await board_picture(match.public_view())
    assert _differ(picture.data, plain.data)
    replay = await replay_picture(MatchRecord(match, logged(history)))
    assert replay is not None and replay.complete and replay.positions == match.ply + 1


@pytest.mark.asyncio
async def test_the_replays_last_frame_says_how_the_match_ended() -> None:
    match = new_match()
    moved = _act(match, 1, MOVE, _first_move(match))
    resigned = _act(moved.match, 2, RESIGN)
    record = MatchRecord(resigned.match, logged([moved, resigned]))
    running = MatchRecord(moved.match, logged([moved]))
    replay, unended = await replay_picture(record), await replay_picture(running)
    assert replay is not None and unended is not None
    frames, plain = gif_frames(replay.data), gif_frames(unended.data)
    assert len(frames) == len(plain) == 2 and replay.description == unended.description
    assert ImageChops.difference(frames[0], plain[0]).getbbox() is None
    assert ImageChops.difference(frames[-1], plain[-1]).getbbox() is not None


def test_the_public_line_rebuilds_every_standing_position_with_retirements_and_takebacks() -> None:
    match = new_match("shiftago", (1, 2, 3), seed=4)
    history = []
    for _ in range(4):
        decision = _act(match, match.to_act, MOVE, _first_move(match))
        history.append(decision)
        match = decision.match
    history.append(_act(match, 2, RESIGN))  # three players: the others play on
    match = history[-1].match
    history.append(_act(match, match.to_act, MOVE, _first_move(match)))
    log = logged(history)
    last = log[-1]  # and that move is taken back
    taken = dataclasses.replace(last, index=last.index + 1, kind=TAKEBACK, notation="")
    record = MatchRecord(history[-1].match, (*log, taken))
    line = PublicLine(record)
    states = list(line)
    assert len(line) == len(states) == 5, "four moves stand, the fifth was taken back"
    assert list(line) == states  # walked again: the same positions
    moves = [(e.kind, e.seat, e.notation) for e in record.log[:4]]  # the four standing moves
    rebuilt = rebuild_state(match.game, 3, match.seed, match.options, moves)
    assert states[-1] == rebuilt.view(None) and all(s == s.view(None) for s in states)
    assert [states[0].format_move(line.moves[0])] == [log[0].notation]


@pytest.fixture(scope="module")
def long_record() -> tuple[MatchRecord, list]:
    """A 5,000-move Skift match (as stored: a log of notations) and its positions."""
    moves, states = skift_game(LONG)
    match = new_match()
    log = tuple(
        LogEntry(index, index % 2, match.seats[index % 2].member_id, "move", notation, T0)
        for index, notation in enumerate(
            state.format_move(move) for move, state in zip(moves, states, strict=False)
        )
    )
    return MatchRecord(match, log), states


@pytest.mark.asyncio
async def test_a_5000_move_replay_fits_the_upload_limit(long_record) -> None:
    record, states = long_record
    limit = 1_000_000
    replay = await replay_picture(record, max_bytes=limit)
    assert replay is not None and len(replay.data) <= limit
    assert replay.positions == LONG + 1 and 2 <= replay.frames < LONG + 1
    assert replay.description == (
        f"Replay of match #1: 5000 moves in {replay.frames} frames, the positions evenly "
        "spread and the last 5 positions one by one."
    )
    frames = gif_frames(replay.data)
    width = frames[0].width
    assert len(frames) == replay.frames and width <= pictures.render.REPLAY_SIZE
    for frame, index in ((frames[0], 0), (frames[-1], LONG)):  # the start and the end
        assert ImageChops.difference(frame, skift_frame(states, index, width)).getbbox() is None


def _upload_limit(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch, limit: int) -> None:
    """Interactions from now on allow uploads of `limit` bytes."""
    payload = fake.interaction_payload

    def limited(*args, **kwargs):
        return {**payload(*args, **kwargs), "attachment_size_limit": limit}

    monkeypatch.setattr(fake, "interaction_payload", limited)


@pytest.mark.asyncio
async def test_export_fits_the_interactions_upload_limit(env, monkeypatch) -> None:
    fake, _, match_id, thread = env
    full = (await fake.slash(CAROL, "export", channel_id=thread))[-1]
    record, gif = full.files[f"match-{match_id}.txt"], full.files[f"match-{match_id}.gif"]
    assert "an animation of every move" in full.content
    limit = len(record) + len(gif) // 2
    _upload_limit(fake, monkeypatch, limit)
    small = (await fake.slash(CAROL, "export", channel_id=thread))[-1]
    assert set(small.files) == {f"match-{match_id}.txt", f"match-{match_id}.gif"}
    assert len(small.files[f"match-{match_id}.gif"]) + len(record) <= limit
    assert Image.open(io.BytesIO(small.files[f"match-{match_id}.gif"])).width < 640
    _upload_limit(fake, monkeypatch, len(record) + 1000)
    text_only = (await fake.slash(CAROL, "export", channel_id=thread))[-1]
    assert set(text_only.files) == {f"match-{match_id}.txt"}
    assert TOO_LONG_TO_REPLAY in text_only.content


@pytest.mark.asyncio
@pytest.mark.parametrize("limit", [30_000, 1_000])
async def test_the_replay_after_the_result_fits_the_servers_upload_limit(
    env, monkeypatch, limit: int
) -> None:
    fake, _, match_id, thread = env
    monkeypatch.setattr(discord.Guild, "filesize_limit", property(lambda guild: limit))
    await fake.slash(ALICE, "resign", channel_id=thread)
    confirm = fake.last_message(thread, ephemeral=True)["id"]
    calls = await fake.click(ALICE, confirm, f"sc:match:{match_id}:resign")
    posted = [c for c in calls if c.kind == "send_message"][-1]  # after the result
    assert posted.path == f"/channels/{thread}/messages"
    if limit > 1_000:  # the whole replay, three positions 640 pixels wide, takes 100 KB
        assert posted.content == f"Replay of match #{match_id}."
        gif = posted.files[f"match-{match_id}.gif"]
        assert len(gif) <= limit and Image.open(io.BytesIO(gif)).width < 640
    else:
        assert set(posted.files) == {f"match-{match_id}.txt"}
        assert posted.content == f"Match #{match_id}: {TOO_LONG_TO_REPLAY}"
        assert "Moves:\n1. Seat 1: " in posted.files[f"match-{match_id}.txt"].decode()


def test_ending_words_leave_a_reason_that_names_the_winner_as_it_is() -> None:
    match = new_match()
    result = dataclasses.replace(
        _ended("resign")[1].match.result, reason="Time is up: White wins with 12 points."
    )
    ended = dataclasses.replace(match, status="finished", result=result)
    assert ending_words(ended) == "Time is up: White wins with 12 points."
    assert ending_words(match) is None
