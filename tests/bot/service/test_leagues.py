"""Leagues through the match service: sign-up, rounds started at once in the pairing's
seat order, results recorded as matches end, the next round, leavers and deadlines."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.league.plan import schedule
from bot.match.actions import MOVE, RESIGN
from bot.match.errors import BadOption, NotAllowed
from tests.bot.service_fixtures import CHANNEL, GUILD, act

PLAYERS = (1, 2, 3, 4, 5)


async def _league(service, kind="round robin", players=PLAYERS, **extra):
    await service.leagues.create_league(
        GUILD, CHANNEL, players[0], "Winter", "test-swap", kind=kind, **extra
    )
    for member in players[1:]:
        await service.leagues.join_league(GUILD, "winter", member)
    return await service.leagues.start_league(GUILD, "Winter", players[0], may_manage=False)


async def _first_seat_resigns(service, match):
    """Seat 0 resigns: seat 1 wins."""
    update = await act(service, match.id, match.members[0], RESIGN)
    return await service.leagues.league_after(update.match.id)


@pytest.mark.asyncio
async def test_round_robin_by_service(service, test_games):
    news = await _league(service)
    assert news.paired.number == 1 and len(news.unthreaded) == 2
    for match, pairing in zip(news.unthreaded, news.paired.pairings, strict=True):
        assert match.members == pairing.seats  # seats kept
    rounds = 1
    while not news.ended:
        matches = news.unthreaded
        for index, match in enumerate(matches):
            news = await _first_seat_resigns(service, match)
            assert news.result.match_id == match.id
            assert (news.paired is not None or news.ended) == (index == len(matches) - 1)
        rounds += 1 if news.paired else 0
    assert rounds == 5
    table = await service.leagues.league_table(GUILD, "winter")
    assert table.league.status == "over"
    assert sum(line.points for line in table.lines) == 15  # ten games and five byes
    assert all(line.games == 4 and line.byes == 1 for line in table.lines)


@pytest.mark.asyncio
async def test_refusals(service, test_games):
    await service.leagues.create_league(GUILD, CHANNEL, 1, "S", "test-swap", kind="swiss", rounds=3)
    with pytest.raises(BadOption, match="already has a league called S"):
        await service.leagues.create_league(
            GUILD, CHANNEL, 1, "s", "test-swap", kind="swiss", rounds=2
        )
    hidden = await service.leagues.create_league(
        GUILD, CHANNEL, 1, "\u202eU\u2066 V", "test-swap", kind="swiss", rounds=1
    )
    assert hidden.name == "U V"  # no bidi controls from whoever named it
    with pytest.raises(BadOption, match="1 to 40 characters"):
        await service.leagues.create_league(GUILD, CHANNEL, 1, "\u202e", "test-swap", kind="swiss")
    with pytest.raises(BadOption, match="seats from 2 to 5"):
        await service.leagues.create_league(
            GUILD, CHANNEL, 1, "T", "test-swap", kind="swiss", seats=7
        )
    with pytest.raises(NotAllowed, match="already signed up"):
        await service.leagues.join_league(GUILD, "S", 1)
    with pytest.raises(BadOption, match="needs at least 2 players"):
        await service.leagues.start_league(GUILD, "S", 1, may_manage=False)
    await service.leagues.join_league(GUILD, "S", 2)
    with pytest.raises(NotAllowed, match="Only whoever created"):
        await service.leagues.start_league(GUILD, "S", 2, may_manage=False)
    with pytest.raises(BadOption, match="fewer rounds than players"):
        await service.leagues.start_league(GUILD, "S", 2, may_manage=True)
    league, updates = await service.leagues.leave_league(GUILD, "S", 2)
    assert updates == [] and [
        e.member_id for e in (await service.leagues.league_table(GUILD, "S")).entrants
    ] == [1]


@pytest.mark.asyncio
async def test_deadline_adjudicates_by_clock(service, clock, test_games):
    news = await _league(
        service, kind="swiss", players=(1, 2, 3, 4), rounds=2, round_days=3, adjudication="clock"
    )
    first, second = news.unthreaded
    await act(service, first.id, first.to_act, MOVE, "b2")
    clock.advance(days=3, hours=1)
    updates, all_news = await service.leagues.league_tick()
    assert {u.match.id for u in updates} == {first.id, second.id}
    table = await service.leagues.league_table(GUILD, "winter")
    results = {b.match_id: b.result for b in table.boards if b.round == 1}
    # first: seat 0 moved at once, seat 1 has thought for three days: seat 1 loses
    assert results[first.id].places == (1, 2)
    # second: nobody moved, seat 0 used all the time
    assert results[second.id].places == (2, 1)
    assert len(table.rounds) == 2 and all_news[-1].paired.number == 2


async def _resign_all_but_first(service, match):
    """Everyone but the first seat resigns, last seat first: the first seat wins."""
    news = None
    for member in reversed(match.members[1:]):
        current = await service.queries.get_match(match.id)
        gone = any(s.retired for s in current.seats if s.member_id == member)
        if current.active and not gone:
            update = await act(service, match.id, member, RESIGN)
            news = await service.leagues.league_after(update.match.id)
    return news


@pytest.mark.asyncio
async def test_tables_with_a_leaver_keep_playing_without_them(service, test_games):
    await service.leagues.create_league(
        GUILD, CHANNEL, 1, "Tables", "test-five", kind="round robin", seats=3
    )
    for member in PLAYERS[1:]:
        await service.leagues.join_league(GUILD, "Tables", member)
    news = await service.leagues.start_league(GUILD, "Tables", 1, may_manage=False)
    assert sorted(len(m.members) for m in news.unthreaded) == [2, 3]
    table = await service.leagues.league_table(GUILD, "Tables")
    fixed = schedule(table.league.format, [e.member_id for e in table.entrants])
    leaver = next(p for r in fixed[1:] for pairing in r.pairings if len(pairing.seats) == 3
                  for p in pairing.seats)  # fmt: skip
    _, updates = await service.leagues.leave_league(GUILD, "Tables", leaver)  # during round 1
    for update in updates:
        news = await service.leagues.league_after(update.match.id) or news
    while not news.ended:
        for match in news.unthreaded:
            if leaver in match.members:  # the table he left in round 1 plays on
                assert next(s for s in match.seats if s.member_id == leaver).retired
            news = await _resign_all_but_first(service, match) or news
    table = await service.leagues.league_table(GUILD, "Tables")
    later = [b for b in table.boards if b.round > 1 and leaver in b.pairing.seats]
    assert all(leaver in b.result.forfeited for b in later)
    tables = [b for b in later if b.match_id is not None]
    assert tables  # a table of three played on with the two who stayed
    for board in tables:
        match = await service.queries.get_match(board.match_id)
        assert leaver not in match.members and len(match.members) == 2
        seat = board.pairing.seats.index(leaver)
        assert board.result.places[seat] == 3  # placed last, by forfeit
    assert all(b.result is not None for b in table.boards)
    played = next(b for b in table.boards if b.round == 1 and leaver in b.pairing.seats)
    assert leaver not in played.result.forfeited  # resigned over the board: it stands


@pytest.mark.asyncio
async def test_sign_up_deadline_starts_or_calls_off(service, clock, test_games):
    await service.leagues.create_league(
        GUILD, CHANNEL, 1, "Full", "test-swap", kind="round robin", signup_days=2
    )
    await service.leagues.join_league(GUILD, "Full", 2)
    await service.leagues.create_league(
        GUILD, CHANNEL, 3, "Empty", "test-swap", kind="round robin", signup_days=2
    )
    clock.advance(days=1)
    assert await service.leagues.league_tick() == ([], [])
    clock.advance(days=1)
    _, news = await service.leagues.league_tick()
    by_name = {n.league.name: n for n in news}
    assert by_name["Full"].paired.number == 1 and len(by_name["Full"].unthreaded) == 1
    assert by_name["Empty"].ended and by_name["Empty"].league.status == "over"
    with pytest.raises(NotAllowed, match="sign-up is closed"):
        await service.leagues.join_league(GUILD, "Full", 4)


@pytest.mark.asyncio
async def test_a_league_caps_the_vacation_days_of_a_round(service, clock, test_games):
    await service.leagues.create_league(
        GUILD, CHANNEL, 1, "Capped", "test-swap", kind="round robin", clock_hours=72,
        vacation_cap_days=2,
    )  # fmt: skip
    await service.leagues.join_league(GUILD, "capped", 2)
    news = await service.leagues.start_league(GUILD, "Capped", 1, may_manage=False)
    match = news.unthreaded[0]
    await service.clocks.start_vacation(match.to_act, 5)  # the server allows 30 days
    assert (await service.queries.get_match(match.id)).paused
    clock.advance(days=2, seconds=-1)
    assert (await service.clocks.tick()).vacations_cut == ()
    clock.advance(seconds=1)
    report = await service.clocks.tick()
    assert [m.id for m in report.vacations_cut] == [match.id]
    running = await service.queries.get_match(match.id)
    assert not running.paused and running.deadline == match.deadline + timedelta(days=2)
    assert (await service.settings.member_settings(match.to_act)).vacation is not None  # still away


@pytest.mark.asyncio
async def test_a_leaver_resigns_a_match_the_opponent_moved_in_meanwhile(service, test_games):
    news = await _league(service, players=(1, 2))
    (match,) = news.unthreaded
    leaver = next(m for m in match.members if m != match.to_act)
    load, moved = service.core.load, []

    async def opponent_moves_first(match_id):
        read = await load(match_id)
        if not moved:  # the opponent moves after the match was read for the resignation
            moved.append(read.to_act)
            notation = read.state.format_move(read.state.legal_moves()[0])
            await act(service, match_id, read.to_act, MOVE, notation)
        return read

    service.core.load = opponent_moves_first
    _, updates = await service.leagues.leave_league(GUILD, "Winter", leaver)
    assert moved and [u.match.id for u in updates] == [match.id]
    ended = await service.queries.get_match(match.id)
    assert ended.result.how == "resign"
    assert ended.result.winners == (match.to_act,)  # the one who stayed


@pytest.mark.asyncio
async def test_a_deadline_stops_a_match_even_when_a_move_comes_between(service, clock, test_games):
    news = await _league(  # (a week's clock: the move after the round's deadline is in time)
        service, kind="swiss", players=(1, 2, 3, 4), rounds=2, round_days=3, clock_hours=168
    )
    first, _ = news.unthreaded
    clock.advance(days=3, hours=1)
    load, moved = service.core.load, []

    async def a_move_comes_first(match_id):
        read = await load(match_id)
        if match_id == first.id and not moved:  # read for the stop; then its player moves
            moved.append(read.to_act)
            notation = read.state.format_move(read.state.legal_moves()[0])
            await act(service, match_id, read.to_act, MOVE, notation)
        return read

    service.core.load = a_move_comes_first
    updates, _ = await service.leagues.league_tick()
    assert moved and first.id in {u.match.id for u in updates}
    assert not (await service.queries.get_match(first.id)).active
