"""Challenges: named and open seats, answers, expiry, limits, and the start of a match."""

from __future__ import annotations

import asyncio
import dataclasses
from datetime import timedelta

import pytest

import games
from bot.match.actions import RESIGN
from bot.match.engine_seats import engine_member
from bot.match.phrases import plain_member
from bot.presentation.catalogue import write
from bot.presentation.challenges import challenge_text
from bot.presentation.writing import Style
from bot.service import (
    BadOption,
    ChallengeClosed,
    ChallengeRequest,
    ChannelBusy,
    LimitReached,
    NotAllowed,
    NotFound,
)
from tests.bot.service_fixtures import (
    CHANNEL,
    GUILD,
    act,
    dump,
    open_service,
    start_match,
    terms,
)


@pytest.mark.asyncio
async def test_a_named_challenge_starts_a_match_when_accepted(service):
    posted = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 1, "skift", opponents=[2])
    )
    assert posted.pending and posted.joined == (1,) and posted.invited == (2,)
    assert posted.open_seats == 0 and posted.rules.clock_hours == 72
    update = await service.challenges.accept_challenge(posted.id, 2)
    assert update.challenge.status == "started"
    match = update.match
    assert update.challenge.match_id == match.id
    assert sorted(match.members) == [1, 2] and match.channel_id is None
    assert match.to_act == match.seats[0].member_id and match.current_seat == 0
    fresh = games.get("skift").new(2, seed=match.seed, options=match.options)
    assert match.public_view() == fresh
    assert match.deadline == service.now() + timedelta(hours=72)


@pytest.mark.asyncio
async def test_the_named_members_keep_the_order_the_challenger_gave(service):
    """Named 9, then 3 (ids out of order), with a bot between them and an open seat: the
    challenge lists them so, whoever answers first, then the member who took the seat."""
    bot = engine_member("easy")
    posted = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 5, "shifting-stones", opponents=[9, bot, 3], players=5)
    )
    assert posted.named == (9, bot, 3) and posted.invited == (9, 3)
    await service.challenges.accept_challenge(posted.id, 3)
    answered = await service.challenges.get_challenge(posted.id)
    assert answered.invited == (9,) and answered.joined == (5, bot, 3)
    assert answered.named == (9, bot, 3) and answered.opponents == (9, bot, 3)
    await service.challenges.accept_challenge(posted.id, 9)
    update = await service.challenges.accept_challenge(
        posted.id, 7
    )  # the open seat: the match starts
    assert update.challenge.opponents == (9, bot, 3, 7)
    words = challenge_text(update.challenge, Style(plain_member, str, plain_member))
    assert words.startswith(f"member 5 challenged member 9, member {bot}, member 3 and member 7")


@pytest.mark.asyncio
async def test_seats_are_shuffled_so_either_player_may_start(databases, clock):
    starters = set()
    for seed in range(8):
        service = await open_service(await databases.settings(), clock, seed=seed)
        match = await start_match(service)
        starters.add(match.to_act)
        await service.close()
    assert starters == {1, 2}


@pytest.mark.asyncio
async def test_an_open_challenge_fills_its_seats_one_by_one(service):
    posted = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 1, "shiftago", players=3)
    )
    assert posted.open_seats == 2 and posted.invited == ()
    first = await service.challenges.accept_challenge(posted.id, 7)
    assert first.match is None and first.challenge.joined == (1, 7)
    left = await service.challenges.decline_challenge(posted.id, 7)
    assert left.pending and left.joined == (1,) and left.open_seats == 2
    joined = await service.challenges.accept_challenge(posted.id, 8)
    assert (
        await service.challenges.accept_challenge(posted.id, 8) == joined
    )  # again: the same answer
    done = await service.challenges.accept_challenge(posted.id, 9)
    assert done.match is not None
    assert sorted(done.match.members) == [1, 8, 9]
    assert {s.member_id: s.join_index for s in done.match.seats} == {1: 0, 8: 1, 9: 2}
    with pytest.raises(ChallengeClosed, match=r"^Challenge #1 has already been accepted\.$"):
        await service.challenges.accept_challenge(posted.id, 10)


@pytest.mark.asyncio
async def test_named_and_open_seats_mix(service):
    posted = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 1, "shiftago", opponents=[2], players=3)
    )
    assert posted.invited == (2,) and posted.open_seats == 1
    await service.challenges.accept_challenge(posted.id, 3)
    with pytest.raises(NotAllowed, match="no open seat"):
        await service.challenges.accept_challenge(posted.id, 4)
    started = await service.challenges.accept_challenge(posted.id, 2)
    assert sorted(started.match.members) == [1, 2, 3]


@pytest.mark.asyncio
async def test_an_invited_player_who_joined_and_declines_leaves_their_named_seat(service):
    posted = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 1, "shiftago", opponents=[2, 5], players=4)
    )
    await service.challenges.accept_challenge(posted.id, 2)
    await service.challenges.accept_challenge(posted.id, 3)
    left = await service.challenges.decline_challenge(posted.id, 2)
    assert left.pending and left.joined == (1, 3) and left.invited == (2, 5)
    assert left.open_seats == 0
    with pytest.raises(NotAllowed, match="no open seat"):
        await service.challenges.accept_challenge(posted.id, 4)
    assert (await service.challenges.decline_challenge(posted.id, 3)).open_seats == 1
    await service.challenges.accept_challenge(posted.id, 2)
    assert (await service.challenges.get_challenge(posted.id)).joined == (1, 2)
    assert (await service.challenges.decline_challenge(posted.id, 2)).pending
    assert (await service.challenges.decline_challenge(posted.id, 2)).status == "declined"


@pytest.mark.asyncio
async def test_an_option_naming_a_player_follows_that_player_to_their_seat(databases, clock):
    for seed in range(4):
        service = await open_service(await databases.settings(), clock, seed=seed)
        posted = await service.challenges.create_challenge(
            ChallengeRequest(
                GUILD,
                CHANNEL,
                1,
                "shiftago",
                opponents=[2, 3],
                options={"handicap_player": 2, "handicap_turns": 1},
            )
        )
        assert posted.options["handicap_player"] == 2
        await service.challenges.accept_challenge(posted.id, 2)
        match = (await service.challenges.accept_challenge(posted.id, 3)).match
        assert match.options["handicap_player"] == match.seat_of(3)
        await service.close()


@pytest.mark.asyncio
async def test_declining_and_cancelling_close_the_challenge(service, clock):
    declined = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 1, "skift", opponents=[2])
    )
    with pytest.raises(NotAllowed, match="^You cannot decline your own challenge; withdraw it"):
        await service.challenges.decline_challenge(declined.id, 1)
    with pytest.raises(NotAllowed, match="not part"):
        await service.challenges.decline_challenge(declined.id, 3)
    assert (await service.challenges.decline_challenge(declined.id, 2)).status == "declined"
    with pytest.raises(ChallengeClosed, match="declined"):
        await service.challenges.accept_challenge(declined.id, 2)
    clock.advance(minutes=10)  # the cooldown between challenges naming the same member
    cancelled = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 1, "skift", opponents=[2])
    )
    with pytest.raises(NotAllowed, match="Only the challenger"):
        await service.challenges.cancel_challenge(cancelled.id, 2)
    assert (await service.challenges.cancel_challenge(cancelled.id, 1)).status == "cancelled"
    with pytest.raises(ChallengeClosed, match="withdrawn"):
        await service.challenges.accept_challenge(cancelled.id, 2)
    with pytest.raises(NotFound):
        await service.challenges.get_challenge(999)


@pytest.mark.asyncio
async def test_challenges_expire_after_seven_days(service, clock):
    posted = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 1, "skift", opponents=[2])
    )
    assert posted.expires_at == clock.moment + timedelta(days=7)
    assert [c.id for c in await service.challenges.pending_challenges(member_id=2)] == [posted.id]
    clock.advance(days=7)
    with pytest.raises(ChallengeClosed, match=r"^Challenge #1 has expired\.$"):
        await service.challenges.accept_challenge(posted.id, 2)
    assert await service.challenges.pending_challenges(member_id=2) == []
    report = await service.clocks.tick()
    assert [c.id for c in report.expired_challenges] == [posted.id]
    assert report.expired_challenges[0].status == "expired"
    assert (await service.challenges.get_challenge(posted.id)).status == "expired"
    assert (await service.clocks.tick()).expired_challenges == ()
    with pytest.raises(ChallengeClosed, match=r"^Challenge #1 has expired\.$"):
        await service.challenges.decline_challenge(posted.id, 2)  # closed by the tick now


@pytest.mark.asyncio
async def test_limits_on_pending_challenges_and_active_matches(databases, clock):
    service = await open_service(
        await databases.settings(), clock, max_pending_challenges=2, max_active_matches=1
    )
    try:
        await service.challenges.create_challenge(
            ChallengeRequest(GUILD, CHANNEL, 1, "skift", opponents=[2])
        )
        await service.challenges.create_challenge(
            ChallengeRequest(GUILD, CHANNEL, 1, "skift", opponents=[3])
        )
        with pytest.raises(LimitReached, match="2 open challenges"):
            await service.challenges.create_challenge(
                ChallengeRequest(GUILD, CHANNEL, 1, "skift", opponents=[4])
            )
        early = await service.challenges.create_challenge(
            ChallengeRequest(GUILD, CHANNEL, 6, "skift", opponents=[9])
        )
        await start_match(service, (5, 6))
        waiting = await service.challenges.create_challenge(
            ChallengeRequest(GUILD, CHANNEL, 7, "skift", opponents=[5])
        )
        with pytest.raises(LimitReached, match="You already play 1 match,"):
            await service.challenges.accept_challenge(waiting.id, 5)
        with pytest.raises(LimitReached, match="1 match,"):
            await service.challenges.create_challenge(
                ChallengeRequest(GUILD, CHANNEL, 6, "skift", opponents=[8])
            )
        # a challenge posted before the challenger reached the limit cannot start now
        before = await dump(service.store)
        with pytest.raises(LimitReached, match="member 6 already plays 1 match, .* cannot start"):
            await service.challenges.accept_challenge(early.id, 9)
        assert await dump(service.store) == before
    finally:
        await service.close()


@pytest.mark.asyncio
async def test_bad_challenges_are_refused_and_change_nothing(service):
    before = await dump(service.store)
    refusals = [
        (NotAllowed, dict(game="skift", opponents=[1])),
        (BadOption, dict(game="chess", opponents=[2])),
        (BadOption, dict(game="skift", opponents=[2, 3])),
        (BadOption, dict(game="skift", opponents=[2], options={"layout": "moon"})),
        (BadOption, dict(game="skift", opponents=[2], options={"colour": "red"})),
        (BadOption, dict(game="skift", opponents=[2], clock_hours=-1)),
        (BadOption, dict(game="skift", opponents=[2], clock_hours=24 * 31)),
        (BadOption, dict(game="shiftago", opponents=[2, 3], players=2)),
        (BadOption, dict(game="shiftago", opponents=[2], options={"handicap_player": 3})),
    ]
    for error, arguments in refusals:
        with pytest.raises(error) as caught:
            await service.challenges.create_challenge(
                ChallengeRequest(GUILD, CHANNEL, 1, **terms(**arguments))
            )
        assert str(caught.value).endswith(".")
    assert await dump(service.store) == before


@pytest.mark.asyncio
async def test_server_settings_choose_the_clock_and_the_challenge_channel(service):
    assert (await service.settings.guild_settings(GUILD)).clock_hours == 72
    await service.settings.set_guild_clock(GUILD, 24)
    settings = await service.settings.set_challenge_channel(GUILD, 4242)
    assert settings.clock_hours == 24 and settings.challenge_channel_id == 4242
    with pytest.raises(
        ChannelBusy, match="^Challenges in this server go in channel 4242"
    ) as caught:
        await service.challenges.create_challenge(
            ChallengeRequest(GUILD, CHANNEL, 1, "skift", opponents=[2])
        )
    written = write(caught.value.sentence, plain_member, lambda c: f"<#{c}>")
    assert written.endswith("<#4242>.")
    posted = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, 4242, 1, "skift", opponents=[2])
    )
    assert posted.rules.clock_hours == 24
    none = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, 4242, 1, "skift", opponents=[3], **terms(clock_hours=0))
    )
    assert none.rules.clock_hours == 0
    with pytest.raises(
        BadOption, match=r"^Each time in a clock can be at most 30 days, not 1000 h"
    ):
        await service.settings.set_guild_clock(GUILD, 1000)
    assert (await service.settings.set_challenge_channel(GUILD, None)).challenge_channel_id is None
    assert (await service.settings.guild_settings(GUILD + 1)).clock_hours == 72


@pytest.mark.asyncio
async def test_the_challenge_message_is_remembered(service):
    posted = await service.challenges.create_challenge(ChallengeRequest(GUILD, CHANNEL, 1, "skift"))
    assert posted.open_seats == 1
    assert (await service.challenges.set_challenge_message(posted.id, 777)).message_id == 777
    assert (await service.challenges.get_challenge(posted.id)).message_id == 777
    assert [c.id for c in await service.challenges.pending_challenges(guild_id=GUILD)] == [
        posted.id
    ]


@pytest.mark.asyncio
async def test_withdraw_and_challenge_again_waits_for_the_cooldown(service, clock):
    posted = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 1, "skift", opponents=[2])
    )
    await service.challenges.set_challenge_message(posted.id, 777)  # posted: member 2 was pinged
    await service.challenges.cancel_challenge(posted.id, 1)
    clock.advance(minutes=4)
    with pytest.raises(LimitReached) as caught:
        await service.challenges.create_challenge(
            ChallengeRequest(GUILD, CHANNEL, 1, "skift", opponents=[2])
        )
    assert str(caught.value) == (
        "You challenged member 2 a moment ago; you can challenge them again in 6 minutes."
    )
    other = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 1, "skift", opponents=[3])
    )
    assert other.invited == (3,)  # other members can still be challenged
    clock.advance(minutes=6)
    again = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 1, "skift", opponents=[2])
    )
    assert again.invited == (2,)
    started = (await service.challenges.accept_challenge(again.id, 2)).match
    assert started is not None
    await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 1, "skift", opponents=[2])
    )  # a rematch


@pytest.mark.asyncio
async def test_a_challenge_withdrawn_before_it_had_a_message_holds_back_nothing(service):
    """Its post failed, so it pinged no one: asking again at once is no spam."""
    unposted = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 1, "skift", opponents=[2])
    )
    await service.challenges.cancel_challenge(unposted.id, 1)
    again = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 1, "skift", opponents=[2])
    )
    assert again.id != unposted.id and again.invited == (2,)


@pytest.mark.asyncio
async def test_members_refuse_challenges_from_someone_or_everyone(service):
    mine = await service.settings.set_block(2, 1, True)
    assert mine.refuses == (1,) and not mine.refuses_everyone
    with pytest.raises(NotAllowed, match=r"^member 2 does not take challenges from you\.$"):
        await service.challenges.create_challenge(
            ChallengeRequest(GUILD, CHANNEL, 1, "skift", opponents=[2])
        )
    await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 3, "skift", opponents=[2])
    )
    everyone = await service.settings.set_block(4, None, True)
    assert everyone.refuses_everyone
    with pytest.raises(NotAllowed, match="does not take challenges"):
        await service.challenges.create_challenge(
            ChallengeRequest(GUILD, CHANNEL, 3, "skift", opponents=[4])
        )
    await service.settings.set_block(2, 1, False)
    assert (await service.settings.member_settings(2)).refuses == ()
    await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 1, "skift", opponents=[2])
    )
    with pytest.raises(NotAllowed, match="yourself"):
        await service.settings.set_block(5, 5, True)


@pytest.mark.asyncio
async def test_each_answer_to_a_challenge_retried_is_answered_as_the_first_time(service):
    posted = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 1, "shiftago", opponents=[2, 3])
    )
    joined = await service.challenges.accept_challenge(posted.id, 2)
    assert await service.challenges.accept_challenge(posted.id, 2) == joined  # not "already in"
    left = await service.challenges.decline_challenge(posted.id, 2, "test:leave")
    assert left.pending and left.joined == (1,)
    assert (
        await service.challenges.decline_challenge(posted.id, 2, "test:leave") == left
    )  # not declined
    await service.challenges.accept_challenge(posted.id, 2)
    started = await service.challenges.accept_challenge(posted.id, 3)
    assert started.match is not None
    assert (
        await service.challenges.accept_challenge(posted.id, 3) == started
    )  # not "already accepted"
    other = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 1, "skift", opponents=[4])
    )
    declined = await service.challenges.decline_challenge(other.id, 4, "test:decline")
    assert await service.challenges.decline_challenge(other.id, 4, "test:decline") == declined
    third = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 1, "skift", opponents=[5])
    )
    withdrawn = await service.challenges.cancel_challenge(third.id, 1)
    assert (
        await service.challenges.cancel_challenge(third.id, 1) == withdrawn
    )  # not "was withdrawn"
    with pytest.raises(ChallengeClosed, match="was withdrawn"):  # to anyone else: closed
        await service.challenges.cancel_challenge(third.id, 5)


@pytest.mark.asyncio
async def test_a_rematch_retried_returns_the_challenge_it_made(service):
    match = await start_match(service)
    await act(service, match.id, match.to_act, RESIGN)
    asked = await service.challenges.rematch(match.id, match.members[0], "test:rematch")
    assert await service.challenges.rematch(match.id, match.members[0], "test:rematch") == asked
    assert [c.id for c in await service.challenges.pending_challenges(guild_id=GUILD)] == [asked.id]
    with pytest.raises(NotAllowed, match=f"already asked for: challenge #{asked.id}"):
        await service.challenges.rematch(match.id, match.members[1], "test:another")


@pytest.mark.asyncio
async def test_two_rematch_presses_at_once_make_one_challenge(service):
    match = await start_match(service)
    await act(service, match.id, match.to_act, RESIGN)
    first, second = match.members
    asked = await asyncio.gather(
        service.challenges.rematch(match.id, first, "test:first"),
        service.challenges.rematch(match.id, second, "test:second"),
        service.challenges.rematch(
            match.id, first, "test:first"
        ),  # the first, delivered again meanwhile
        return_exceptions=True,
    )
    made = [a for a in asked if not isinstance(a, BaseException)]
    refused = [a for a in asked if isinstance(a, BaseException)]
    assert len({c.id for c in made}) == 1, asked
    assert all(isinstance(r, NotAllowed) and "already asked" in str(r) for r in refused)
    assert [c.id for c in await service.challenges.pending_challenges(guild_id=GUILD)] == [
        made[0].id
    ]
    if made[0].challenger_id == first:  # the first's retry is answered with its challenge
        assert asked[0] == asked[2] == made[0]


@pytest.mark.asyncio
async def test_a_challenge_request_is_one_value_that_its_caller_cannot_change(service):
    invited, seats = [2], [2, 1]
    request = ChallengeRequest(
        GUILD, CHANNEL, 1, "skift", opponents=invited, seat_order=seats, server_clock=False
    )
    invited.append(3)  # the caller's lists change after: the request does not
    seats.reverse()
    assert request.opponents == (2,) and request.seat_order == (2, 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        request.game = "shiftago"  # type: ignore[misc]
    posted = await service.challenges.create_challenge(request)
    assert posted.invited == (2,) and posted.seat_order == (2, 1)
