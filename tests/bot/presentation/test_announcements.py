"""The announcement of an action, pure: an update in (records made in memory, decided by
the match rules), an announcement out. Who is pinged, who is told privately, by which
channel and in which language, what the member who acted reads, and that no secret
reaches the public part."""

from __future__ import annotations

import dataclasses

import pytest

from bot.match import rules
from bot.match.actions import MOVE, RESIGN, Request
from bot.match.decision import Situation
from bot.match.records import Delivery, Direct, Match, MatchUpdate
from bot.presentation.announcements import (
    Audience,
    Channel,
    Controls,
    FaceWords,
    announcement,
)
from bot.presentation.language import speaking, spoken
from bot.presentation.writing import Style
from tests.bot import secret_game
from tests.bot.match_records import T0, new_match

ALICE, BOB = 1, 2
STYLE = Style(
    mention=lambda member: f"<@{member}>",
    when=lambda moment: moment.strftime("%Y-%m-%d"),
    channel=lambda channel: f"<#{channel}>",
)
NAMES = {ALICE: "Alice", BOB: "Bob"}
#: The tests' small face's own sentences (not in any catalogue, so never translated: the
#: language a notice is written in shows in its link, which names the language spoken).
WORDS = FaceWords(
    turn_notice={
        (moves, deadline): "turn in #{match} ({game})"
        + (" after {moves}" if moves else "")
        + (" until {deadline}" if deadline else "")
        + ": {link}"
        for moves in (False, True)
        for deadline in (False, True)
    },
    ping_instead="{player}: your turn in #{match}",
    how_to_play="how to play",
    ended_notice="#{match} ({game}) ended: {link}",
)


def audience(language: str = "en", **changes: object) -> Audience:
    """How the tests' face names things: mentions, names by id, a link to the thread (with
    the language it is written in), and its own words for private notices."""
    link = lambda m: f"thread {m.channel_id} ({spoken()})"  # noqa: E731
    made = Audience(STYLE, NAMES.__getitem__, language, link, WORDS)
    return dataclasses.replace(made, **changes)  # type: ignore[arg-type]


def acted(
    match: Match, member: int, delivery: Delivery, action=MOVE, notation: str | None = None
) -> MatchUpdate:
    """The update of `member`'s action (their first legal move, by default) in `match`, as
    the service returns it with its `delivery`."""
    if notation is None and action is MOVE:
        notation = match.state.format_move(match.state.legal_moves()[0])
    request = Request(action, notation or "", ply=match.ply, request_id=f"test:{match.ply}")
    decision = rules.decide(match, member, request, Situation(T0))
    after = dataclasses.replace(decision.match, version=match.version + 1)
    return MatchUpdate(
        match=after,
        action=action,
        actor_id=member,
        seat=match.seat_of(member),
        before=match.public_view(),
        after=(decision.state or match.state).view(None),
        events=decision.events,
        move=decision.move,
        delivery=delivery,
    )


def started() -> tuple[Match, int, int]:
    """A Skift match, its mover and the member to move next."""
    match = new_match("skift", (ALICE, BOB))
    mover = match.to_act
    assert mover is not None
    return match, mover, BOB if mover == ALICE else ALICE


@pytest.mark.asyncio
async def test_the_member_given_the_turn_is_pinged_and_nobody_is_told_privately():
    match, mover, other = started()
    told = await announcement(acted(match, mover, Delivery("default", "default")), audience(), T0)
    [news] = told.news
    assert news.post.pings == (other,)
    assert news.notices == ()
    assert news.post.controls is Controls.PLAY
    assert news.post.picture is not None and news.post.ply == 1
    assert f"<@{other}>" in news.post.text
    assert told.answer.text.startswith("Played `")
    assert told.answer.picture is None  # nothing hidden in Skift
    assert not told.ended and told.match.ply == 1


@pytest.mark.asyncio
async def test_a_direct_message_instead_of_the_ping_in_the_members_language():
    match, mover, other = started()
    direct = (Direct(other, instead=True, quiet=False, locale="de"),)
    delivery = Delivery("default", "default", direct=direct, tell_dm_refused=True)
    told = await announcement(acted(match, mover, delivery), audience(), T0)
    [news] = told.news
    assert news.post.pings == ()  # they wanted no ping
    [notice] = news.notices
    assert (notice.member_id, notice.channel, notice.language) == (other, Channel.DIRECT, "de")
    assert notice.text.startswith("turn in #1 (Skift) after `") and "thread 30 (de)" in notice.text
    assert notice.ping_instead == f"<@{other}>: your turn in #1"
    assert told.answer.tell_dm_refused


@pytest.mark.asyncio
async def test_a_notice_as_well_as_the_ping_held_back_by_quiet_hours():
    match, mover, other = started()
    direct = (Direct(other, instead=False, quiet=True, locale=None),)
    told = await announcement(
        acted(match, mover, Delivery("default", "default", direct=direct)), audience("fr"), T0
    )
    [news] = told.news
    assert news.post.pings == (other,)
    [notice] = news.notices
    assert notice.channel is Channel.HELD
    assert notice.language == "fr"  # no locale known: the public language
    assert notice.ping_instead is None


@pytest.mark.asyncio
async def test_public_words_in_the_public_language_the_answer_in_the_one_spoken():
    match, mover, _ = started()
    with speaking("es"):
        told = await announcement(
            acted(match, mover, Delivery("default", "default")), audience("de"), T0
        )
    assert "ist am Zug" in told.news[0].post.text
    assert told.answer.text.startswith("Jugaste `")
    assert told.language == "de"


@pytest.mark.asyncio
async def test_a_face_without_words_for_private_notices_pings_everybody_called():
    match, mover, other = started()
    direct = (Direct(other, instead=True, quiet=False, locale="de"),)
    update = acted(match, mover, Delivery("default", "default", direct=direct))
    told = await announcement(update, audience(words=None), T0)
    [news] = told.news
    assert news.post.pings == (other,) and news.notices == ()


@pytest.mark.asyncio
async def test_a_newcomer_is_told_how_to_play_where_the_face_asks():
    match, mover, other = started()
    delivery = Delivery("default", "default", newcomers=(other,))
    update = acted(match, mover, delivery)
    told = await announcement(update, audience(), T0)
    assert f"<@{other}>, your first Skift match" in told.news[0].post.text
    quiet = await announcement(update, audience(newcomers=False), T0)
    assert "your first" not in quiet.news[0].post.text


@pytest.mark.asyncio
async def test_a_premove_is_announced_after_the_move_it_answers():
    match, mover, other = started()
    first = acted(match, mover, Delivery("default", "default"))
    reply = acted(first.match, other, Delivery("default", "default"))
    direct = (Direct(mover, instead=False, quiet=False, locale="en"),)
    update = dataclasses.replace(
        first, premove=reply, delivery=Delivery("default", "default", direct=direct)
    )
    told = await announcement(update, audience(), T0)
    assert [n.post.match.ply for n in told.news] == [1, 2]
    assert told.news[0].post.pings == ()  # the premove answers at once: its post calls
    assert told.news[1].post.pings == (mover,)
    assert told.news[0].notices == ()
    assert [n.member_id for n in told.news[1].notices] == [mover]
    assert told.match.ply == 2


@pytest.mark.asyncio
async def test_a_result_pings_every_player_with_the_results_controls():
    match, mover, other = started()
    direct = (Direct(other, instead=True, quiet=False, locale=None),)
    update = acted(match, mover, Delivery("default", "default", direct=direct), action=RESIGN)
    told = await announcement(update, audience(), T0)
    [news] = told.news
    assert news.post.controls is Controls.RESULT and told.ended
    assert news.post.pings == (ALICE, BOB)
    assert news.notices == ()  # nobody is given a turn
    assert news.post.picture is not None  # the end picture, saying how it ended


@pytest.mark.asyncio
async def test_a_result_with_no_channel_to_post_in_is_told_to_each_player_in_their_language():
    match, mover, other = started()
    update = acted(match, mover, Delivery("default", "default"), action=RESIGN)
    privately = audience("fr", privately={ALICE: "de"})
    told = await announcement(update, privately, T0)
    [news] = told.news
    assert [(n.member_id, n.language, n.channel) for n in news.notices] == [
        (ALICE, "de", Channel.DIRECT),
        (BOB, "fr", Channel.DIRECT),  # no language known: the public one
    ]
    for notice in news.notices:
        head, words = notice.text.split("\n", 1)
        assert head == f"#1 (Skift) ended: thread 30 ({notice.language})"
        assert f"<@{other}>" in words and notice.ping_instead is None  # the winner
    assert "aufgegeben" in news.notices[0].text  # the post's words, in German
    assert news.post.picture is None  # nothing posts it: no board is drawn
    posted = await announcement(update, audience("fr"), T0)
    assert posted.news[0].notices == ()  # a match that can post its result is not told so


@pytest.mark.asyncio
async def test_no_secret_reaches_the_public_part(monkeypatch):
    secret_game.install(monkeypatch)
    match = new_match(secret_game.HIDDEN_SUMS.name, (ALICE, BOB))
    mover = match.to_act
    assert mover is not None
    direct = (Direct(BOB if mover == ALICE else ALICE, instead=False, quiet=False),)
    update = acted(match, mover, Delivery("default", "default", direct=direct))
    told = await announcement(update, audience(), T0)
    [news] = told.news
    public = [news.post.text, news.post.picture.description if news.post.picture else ""]
    private = [n.text for n in news.notices]
    assert secret_game.SECRET not in " ".join(public + private)
    own = told.answer.picture
    assert own is not None  # the mover's own view, for them alone
    seat = match.seat_of(mover)
    assert own.description.count(secret_game.SECRET) == 1
    shown = [state for state, drawn_for, _ in secret_game.DRAWN if drawn_for == seat]
    assert shown and all(secret_game.cards_seen(state) == {seat} for state in shown)
    assert all(not secret_game.cards_seen(s) for s, f, _ in secret_game.DRAWN if f is None)


@pytest.mark.asyncio
async def test_a_face_that_draws_each_viewer_s_board_gets_the_same_words_and_no_picture(
    monkeypatch,
):
    """(the web board: each page draws its viewer's board, a player's with their hand)"""
    secret_game.install(monkeypatch)
    match = new_match(secret_game.HIDDEN_SUMS.name, (ALICE, BOB))
    mover = match.to_act
    assert mover is not None
    update = acted(match, mover, Delivery("default", "default"))
    drawn = await announcement(update, audience(), T0)
    secret_game.DRAWN.clear()
    words = await announcement(update, audience(drawn=False), T0)
    assert secret_game.DRAWN == []  # nothing drawn at all
    assert [n.post.text for n in words.news] == [n.post.text for n in drawn.news]
    assert words.answer.text == drawn.answer.text
    assert all(n.post.picture is None and n.post.ply is None for n in words.news)
    assert words.answer.picture is None
