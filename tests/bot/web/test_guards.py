"""Who may do what on the web board: links that are forged, expired or spent, changes
without the CSRF token, a Confirm sent twice, a stale choice, a member of another match,
and what a spectator and a player receive of a hand of cards. Requests go through a
real HTTP client (aiohttp's), as a browser's or a forger's would."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from datetime import timedelta

import aiohttp
import pytest

from bot.match.actions import MOVE
from bot.presentation.language import localised
from bot.presentation.pictures import match_board, seat_labels
from bot.web.guard import CSRF_HEADER
from games.steps import write_path
from tests.bot.service_fixtures import act, start_match
from tests.bot.web.conftest import NAMES, altered


@contextlib.asynccontextmanager
async def client():
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        yield session


async def signed_in(session, board, member: int, match: int) -> str:
    """Sign in by a fresh link's token; the page's CSRF token."""
    token = board.host.signer.grant(member, match)
    async with session.post(board.base + "signin", json={"token": token}) as answer:
        assert answer.status == 200
        return (await answer.json())["csrf"]


async def state(session, board, match: int, path: str = "") -> dict:
    url = f"{board.base}api/state?match={match}&path={path}"
    async with session.get(url) as answer:
        assert answer.status == 200, await answer.text()
        return await answer.json()


async def complete_path(session, board, match: int) -> dict:
    """Follow the first choice until a move is complete; the page with its preview."""
    page = await state(session, board, match)
    while "preview" not in page:
        page = await state(session, board, match, page["choices"][0]["keys"])
    return page


async def play(
    session, board, page: dict, request: str, csrf: str | None
) -> aiohttp.ClientResponse:
    headers = {CSRF_HEADER: csrf} if csrf is not None else {}
    body = {"ply": page["ply"], "path": page["path"], "request": request}
    url = f"{board.base}api/play?match={page['match']}"
    return await session.post(url, json=body, headers=headers)


@pytest.mark.asyncio
async def test_forged_expired_and_spent_tokens_sign_nobody_in(board) -> None:
    match = await start_match(board.service)
    signer = board.host.signer
    good = signer.grant(match.to_act, match.id)
    payload, signature = good.split(".")
    forged = f"{payload[:-2]}{'yz' if payload[-2:] != 'yz' else 'zy'}.{signature}"
    tampered = signature[:-1] + ("B" if signature[-1] != "B" else "C")
    expired = signer.grant(match.to_act, match.id, lifetime=timedelta(seconds=-1))
    async with client() as session:
        for token in (forged, expired, "x" * 2000, f"{payload}.{tampered}"):
            async with session.post(board.base + "signin", json={"token": token}) as answer:
                assert answer.status == 403
                assert "expired" in (await answer.json())["refused"]
        async with session.get(f"{board.base}api/state?match={match.id}") as answer:
            assert answer.status == 401
        async with session.post(board.base + "signin", json={"token": good}) as answer:
            assert answer.status == 200
    async with (
        client() as other,  # the same link again, from another browser
        other.post(board.base + "signin", json={"token": good}) as answer,
    ):
        assert answer.status == 403


@pytest.mark.asyncio
async def test_a_change_without_the_csrf_token_changes_nothing(board) -> None:
    match = await start_match(board.service)
    async with client() as session:
        csrf = await signed_in(session, board, match.to_act, match.id)
        page = await complete_path(session, board, match.id)
        for sent in (None, "", altered(csrf)):
            async with await play(session, board, page, "r1", sent) as answer:
                assert answer.status == 403
        assert (await board.match(match.id)).version == match.version
        async with await play(session, board, page, "r1", csrf) as answer:
            assert answer.status == 200
    assert (await board.match(match.id)).ply == 1


@pytest.mark.asyncio
async def test_a_confirm_sent_twice_plays_once(board) -> None:
    match = await start_match(board.service)
    async with client() as session:
        csrf = await signed_in(session, board, match.to_act, match.id)
        page = await complete_path(session, board, match.id)
        async with await play(session, board, page, "twice", csrf) as first:
            assert first.status == 200
            assert "refused" not in await first.json()
        async with await play(session, board, page, "twice", csrf) as second:
            assert second.status == 200
            answer = await second.json()
    assert "already" in answer["note"]
    after = await board.match(match.id)
    assert after.ply == 1
    assert len(board.updates) == 1  # announced once
    assert [m["ply"] for m in answer["state"]["moves"]] == [1]


@pytest.mark.asyncio
async def test_a_stale_choice_is_refused_with_a_fresh_board(board) -> None:
    match = await start_match(board.service)
    mover = match.to_act
    async with client() as session:
        csrf = await signed_in(session, board, mover, match.id)
        page = await complete_path(session, board, match.id)
        # meanwhile, from another face, the same member plays another move
        moves = match.state.legal_moves()
        other = match.state.format_move(moves[-1])
        await act(board.service, match.id, mover, MOVE, other)
        async with await play(session, board, page, "late", csrf) as answer:
            assert answer.status == 409
            refused = await answer.json()
    assert "position changed" in refused["refused"]
    assert refused["state"]["ply"] == 1
    assert refused["state"]["composing"] is False
    assert (await board.match(match.id)).ply == 1


@pytest.mark.asyncio
async def test_a_member_of_another_match_cannot_act_in_it(board) -> None:
    match = await start_match(board.service, (1, 2))
    theirs = await start_match(board.service, (3, 4))
    async with client() as session:
        csrf = await signed_in(session, board, 3, theirs.id)
        page = await state(session, board, match.id)  # watching a server's match
        assert page["watching"] is True and page["composing"] is False
        forged = {"match": match.id, "ply": 0, "path": "", "version": match.version}
        async with await play(session, board, {**forged}, "sneak", csrf) as answer:
            assert answer.status == 403
            assert "not playing" in (await answer.json())["refused"]
    assert (await board.match(match.id)).version == match.version


@pytest.mark.asyncio
async def test_a_spectator_receives_no_card_and_a_player_only_their_own(board) -> None:
    match = await start_match(board.service, (1, 2, 3), "shifting-stones")
    dealt = match.state
    words = {
        seat: {
            localised(dealt.known_card(seat, place).words())
            for place in range(len(dealt.hands[seat]))
        }
        for seat in range(3)
    }
    async with client() as session:
        await signed_in(session, board, 5, match.id)
        texts = [await (await session.get(f"{board.base}api/state?match={match.id}")).text()]
        async with session.get(f"{board.base}board.png?match={match.id}&v={match.version}") as png:
            picture = await png.read()
    for text in texts:
        assert not any(card in text for seat in words for card in words[seat])
    ratings = await board.service.queries.seat_ratings(match)
    players = seat_labels(match, lambda m: NAMES[m], ratings)
    public = await match_board(match, players=players)
    assert picture == public.data  # exactly what the thread's post shows
    mover = match.to_act
    seat = match.seat_of(mover)
    async with client() as session:
        await signed_in(session, board, mover, match.id)
        page = await state(session, board, match.id, "")
        path = write_path(())
        text = await (
            await session.get(f"{board.base}api/state?match={match.id}&path={path}")
        ).text()
        for choice in page["choices"]:
            text += await (
                await session.get(f"{board.base}api/state?match={match.id}&path={choice['keys']}")
            ).text()
        async with session.get(f"{board.base}board.png?match={match.id}&v={match.version}") as png:
            own_picture = await png.read()
    others = {card for other in words if other != seat for card in words[other]}
    assert not any(card in text for card in others - words[seat])
    assert any(card in text for card in words[seat])
    assert own_picture != picture  # drawn from the seat, with its hand


@pytest.mark.asyncio
async def test_an_earlier_position_shows_a_player_their_own_hand_as_it_was(board) -> None:
    """Stepping back through a match with hands: each player sees the position as their
    seat saw it then (their own hand as it was dealt), a spectator the public one."""
    from bot.presentation.pictures import drawn_board

    match = await start_match(board.service, (1, 2, 3), "shifting-stones")
    dealt = match.state
    rng, now = random.Random(3), match
    while any(now.state.hands[seat] == dealt.hands[seat] for seat in range(3)):
        assert now.ply < 60, "every hand changes within a few turns"
        move = now.state.format_move(rng.choice(now.state.legal_moves()))
        await act(board.service, match.id, now.to_act, MOVE, move)
        now = await board.match(match.id)
    players = seat_labels(now, lambda m: NAMES[m])
    theme = await board.service.settings.picture_theme(match.guild_id, 1)
    pictures = {}
    for member in (1, 2, 3, 5):  # three players, one spectator
        async with client() as session:
            await signed_in(session, board, member, match.id)
            url = f"{board.base}board.png?match={match.id}&v={now.version}&ply=0"
            async with session.get(url) as png:
                assert png.status == 200
                pictures[member] = await png.read()
    public = drawn_board(dealt.view(None), None, None, theme, None, players=players)
    assert pictures[5] == public.data
    for member in (1, 2, 3):
        seat = now.seat_of(member)
        as_dealt = drawn_board(dealt.view(seat), None, seat, theme, None, players=players)
        assert pictures[member] == as_dealt.data  # their own hand, as it was then
    assert len(set(pictures.values())) == 4


def test_the_rate_limit_slows_a_burst_then_refuses_a_flood() -> None:
    from bot.web.guard import RateLimit

    now = [0.0]
    limit = RateLimit(rate=10.0, burst=4.0, queue=2, clock=lambda: now[0])
    assert [limit.wait(1) for _ in range(4)] == [0.0] * 4  # the burst, at once
    assert limit.wait(1) == pytest.approx(0.1)  # then each waits its turn
    assert limit.wait(1) == pytest.approx(0.2)
    assert limit.wait(1) is None  # two wait already: refused
    assert limit.wait(2) == 0.0  # another member's bucket is their own
    now[0] = 0.3  # the waiting ones were served, one more turn came
    assert limit.wait(1) == 0.0
    assert limit.wait(1) == pytest.approx(0.1)


@pytest.mark.asyncio
async def test_a_member_asking_too_fast_is_slowed_then_told_to_wait(tmp_path) -> None:
    """A page asking faster than the limit is slowed down, never refused (a refused
    picture would stay broken in the page); a flood beyond it is refused."""
    from bot.web.guard import BURST, QUEUE, RATE
    from bot.web.server import WebHost, serve
    from tests.bot.service_fixtures import FakeClock, open_service

    service = await open_service(tmp_path / "limit.sqlite3", FakeClock())

    async def names(match):
        return {}

    async def quiet(update):
        return None

    host = WebHost(service, names, quiet)
    running = await serve(host, "127.0.0.1", 0)  # the limit players get
    try:
        match = await start_match(service)
        base = f"http://127.0.0.1:{running.port}/"
        async with client() as session:
            token = host.signer.grant(match.to_act, match.id)
            async with session.post(base + "signin", json={"token": token}) as answer:
                assert answer.status == 200
            started = time.monotonic()
            statuses = []
            for _ in range(int(BURST) + 20):
                url = f"{base}board.png?match={match.id}&v={match.version}"
                async with session.get(url) as answer:
                    statuses.append(answer.status)
            assert statuses == [200] * len(statuses)  # one at a time: all served...
            assert time.monotonic() - started >= (20 - 1) / RATE  # ...at the rate
            async with session.get(f"{base}board.js") as answer:
                assert answer.status == 200  # the page's files are not counted

            async def ask() -> int:
                async with session.get(f"{base}api/state?match={match.id}") as answer:
                    return answer.status

            flood = await asyncio.gather(*(ask() for _ in range(int(BURST) + QUEUE + 30)))
        assert 429 in flood
        assert flood.count(200) >= QUEUE  # those that fit the queue were served
    finally:
        await running.stop()
        await service.close()


@pytest.mark.asyncio
async def test_the_page_speaks_the_members_language(board) -> None:
    """The language of the member's Discord client (as the bot last saw it), else the
    browser's."""
    match = await start_match(board.service, (1, 2))
    await board.service.settings.remember_locale(match.to_act, "de")
    async with client() as session:
        await signed_in(session, board, match.to_act, match.id)
        page = await state(session, board, match.id)
    assert page["words"]["confirm"] == "Bestätigen"
    assert "Zug" in page["text"] or "Partie" in page["text"]
    other = 2 if match.to_act == 1 else 1
    async with client() as session:
        await signed_in(session, board, other, match.id)
        url = f"{board.base}api/state?match={match.id}"
        async with session.get(url, headers={"Accept-Language": "es-ES,es;q=0.9"}) as answer:
            spanish = await answer.json()
    assert spanish["words"]["confirm"] != "Confirm"


@pytest.mark.asyncio
async def test_the_boards_own_words_are_in_the_members_language(board) -> None:
    """The board's own words (`web_words`: its buttons, headings, list and refusals) are
    in the catalogue, so a German member reads them in German."""
    match = await start_match(board.service, (1, 2))
    theirs = await start_match(board.service, (6, 7))
    await board.service.settings.remember_locale(match.to_act, "de")
    async with client() as session:
        await signed_in(session, board, match.to_act, match.id)
        page = await state(session, board, match.id)
        async with session.get(board.base + "api/matches") as answer:
            listed = await answer.json()
        async with session.get(board.base + f"api/state?match={theirs.id}") as answer:
            assert answer.status == 403
            refused = (await answer.json())["refused"]
    assert page["title"].startswith(f"Partie #{match.id}: ")
    words = page["words"]
    assert (words["moves"], words["previous"], words["next"]) == (
        "Züge",
        "Vorheriger Zug",
        "Nächster Zug",
    )
    assert (words["latest"], words["try"]) == ("Zurück zur Partie", "Züge ausprobieren")
    assert words["tap"] == "Tippe aufs Brett oder wähle unten."
    assert words["showing"] == "Gezeigt wird die Stellung nach Zug {number} von {total}: {move}."
    assert listed["words"]["heading"] == "Meine Partien"
    assert listed["words"]["yours"] == "Du bist am Zug"
    assert refused == f"Partie #{theirs.id} ist nur für ihre Spieler sichtbar."


@pytest.mark.asyncio
async def test_a_member_of_no_server_of_the_match_sees_nothing_of_it(board) -> None:
    match = await start_match(board.service, (1, 2))
    theirs = await start_match(board.service, (6, 7))
    async with client() as session:
        await signed_in(session, board, 6, theirs.id)  # not on the first match's server
        for path in (f"api/state?match={match.id}", f"board.png?match={match.id}&v=1"):
            async with session.get(board.base + path) as answer:
                assert answer.status == 403
                assert "private" in (await answer.json())["refused"]


@pytest.mark.asyncio
async def test_refusals_read_as_pages_with_no_error_in_the_console(board, browser) -> None:
    """A forged link, a match of others, one that does not exist, a signed-out visit and
    a sign-in with Discord that is not set up: each page says why in plain words, and the
    browser's console reports no error (a 4xx would be one); the refusal keeps its status
    for other clients and in the log."""
    from tests.bot.web.conftest import opened

    match = await start_match(board.service, (1, 2))
    theirs = await start_match(board.service, (6, 7))
    async with opened(browser, f"{board.base}open#forged.token") as page:
        await page.wait_for_function("() => document.getElementById('alert').textContent")
        assert "expired" in await page.inner_text("#alert")
        assert page.errors == []
    async with opened(browser, board.base) as page:  # signed out
        await page.wait_for_function("() => document.getElementById('alert').textContent")
        assert "sign" in (await page.inner_text("#alert")).lower()
        assert page.errors == []
    async with opened(browser, board.link(1, match.id)) as page:
        await page.wait_for_url("**/match?id=*")
        for number, words in ((theirs.id, "private"), (999, "There is no match #999")):
            await page.goto(f"{board.base}match?id={number}")
            await page.wait_for_function("() => document.getElementById('alert').textContent")
            assert words in await page.inner_text("#alert")
        answer = await page.goto(f"{board.base}login")  # no client secret given
        assert answer is not None and answer.status == 200
        assert "sign" in (await page.inner_text("#alert")).lower()
        assert page.errors == []
    async with client() as session:  # not the page: the refusal's own status
        await signed_in(session, board, 1, match.id)
        async with session.get(f"{board.base}api/state?match={theirs.id}") as answer:
            assert answer.status == 403
        headers = {"X-Shiftcord-Page": "1"}
        url = f"{board.base}api/state?match={theirs.id}"
        async with session.get(url, headers=headers) as answer:
            assert answer.status == 200
            assert "private" in (await answer.json())["refused"]


@pytest.mark.asyncio
async def test_a_refused_live_stream_and_an_unknown_address_log_no_console_error(
    board, browser, monkeypatch
) -> None:
    """Over the cap of live pages the page says so where it shows it is live (and tries
    again later), and an unknown address is a page saying there is nothing there: the
    browser's console reports no error for either; other clients get the real status."""
    from tests.bot.web.conftest import opened

    match = await start_match(board.service, (1, 2))
    monkeypatch.setattr("bot.web.live.MAX_PER_MEMBER", 0)
    async with opened(browser, board.link(1, match.id)) as page:
        await page.wait_for_url("**/match?id=*")
        await page.wait_for_function("() => document.getElementById('live').textContent")
        assert "Too many pages" in await page.inner_text("#live")
        await page.wait_for_timeout(500)  # no reconnection, no error meanwhile
        assert page.errors == []
        for address in ("nowhere", "no/such/page"):
            answer = await page.goto(board.base + address)
            assert answer is not None and answer.status == 200
            await page.wait_for_function("() => document.getElementById('alert').textContent")
            assert "nothing at this address" in await page.inner_text("#alert")
            home = await page.eval_on_selector("#home", "a => a.href")
            assert home == board.base
        assert page.errors == []
    stream = {"Accept": "text/event-stream"}
    async with client() as session:
        url = f"{board.base}api/events?match={match.id}"
        async with session.get(url, headers=stream) as answer:  # signed out
            assert answer.status == 200
            assert answer.content_type == "text/event-stream"
            assert '"status": 401' in await answer.text()
        async with session.get(url) as answer:
            assert answer.status == 401
        async with session.get(board.base + "nowhere") as answer:
            assert answer.status == 404
