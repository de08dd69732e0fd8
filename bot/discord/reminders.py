"""The background task: reminders, warnings before deadlines, timeouts, expired challenges,
vacations' ends, notices held back during quiet hours, daily digests, leagues' deadlines
and the moves the bot owes, from the service's clock. What it pings in a match's thread is
in the server's language, what it sends by direct message in the member's
(`bot.discord.speech`).

Every round asks the match service what is due (`tick`), then posts it: the result of a
match lost on time, the closed state of an expired challenge, a ping in the match's thread.
Each reminder is marked sent once posted, so a turn is not pinged twice, even across
restarts. It sleeps until the next thing is due (at most `interval`).

Several processes on one database (shards): a round does only the servers of this
process's shards, and each reminder, held notice, digest and league's news is claimed in
the database before it is posted (`bot.store.claims`), so one process posts it; the claims
of a process that stopped run out after WORK_LEASE_SECONDS and another does the work.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from functools import partial

import discord

from bot.discord.leagues import LeaguePoster
from bot.discord.markup import STYLE
from bot.discord.parts import DiscordParts
from bot.discord.posting import Poster, pings
from bot.discord.views import play_view, view_keyword
from bot.match.errors import CannotSave
from bot.match.records import NO_SERVER
from bot.presentation.deadlines import reminder_text, vacation_spent_text, warning_text
from bot.presentation.errors import Refusal
from bot.presentation.language import speaking
from bot.service import DeadlineWarning, Match, TickReport
from bot.service.engine_player import EnginePlayer

log = logging.getLogger("shiftcord.reminders")


class ReminderTask:
    """Runs `tick` rounds forever in the background; `run_once` does a single round."""

    def __init__(
        self,
        service: DiscordParts,
        poster: Poster,
        interval: float,
        leagues: LeaguePoster | None = None,
        engine_player: EnginePlayer | None = None,
    ) -> None:
        self.service = service
        self.poster = poster
        self.leagues = leagues
        self.engine_player = engine_player
        self.interval = interval
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start the rounds in a background task (once)."""
        if self._task is None:
            self._task = asyncio.create_task(self._loop(), name="shiftcord-reminders")

    async def stop(self) -> None:
        """Stop the rounds and wait until the task has ended."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _loop(self) -> None:
        while True:
            try:
                await self.run_once()
                delay = await self._delay()
            except CannotSave:  # the store has said so, once: try again quietly
                delay = self.interval
            except Exception:
                log.exception("reminder round failed; trying again in %s s", self.interval)
                delay = self.interval
            await asyncio.sleep(delay)

    async def _delay(self) -> float:
        due = await self.service.clocks.next_due()
        if due is None:
            return self.interval
        seconds = (due - self.service.now()).total_seconds()
        if seconds <= 0:  # held back (quiet hours, a snooze): nothing to do before then
            return self.interval
        return min(self.interval, max(1.0, seconds))

    async def run_once(self) -> TickReport:
        """One round: ask the service what is due and post it; returns what was found.
        What the round changed comes first (matches ended on time, challenges expired,
        vacations ended, then leagues' deadlines and new rounds), each announced right
        after its change by the process that made it; then the reminders and messages this
        process claimed; and the bot is set to what its seats owe. A reminder counts as sent
        only once it is posted (a failed one is given back, to be tried again next round)."""
        await self.poster.languages.load()  # if the database did not answer at start
        report = await self.service.clocks.tick(mark_sent=False)
        for update in report.timeouts:
            if self._only_by_dm(update.match):  # its players are told by DM from the bot
                await self._post(update.match.id, self.poster.tell_privately(update))
                continue
            await self._post(update.match.id, self.poster.post_update(update))
        for challenge in report.expired_challenges:
            await self.poster.refresh_challenge(challenge, None)
        for member_id in report.vacations_ended:
            await self.poster.vacation_notice(member_id, None)
        for match in report.vacations_cut:  # in the thread, pinging the member whose clock runs
            if match.to_act is not None:
                spent = partial(vacation_spent_text, match, STYLE.mention, STYLE.when)
                await self._post(match.id, self._remind(match, spent, match.to_act))
        if self.engine_player is not None:  # moves the bot owes (after a restart: at once)
            await self.engine_player.sweep()
        if self.leagues is not None:
            await self._leagues(self.leagues)
        for reminder in report.reminders:
            posted = await self._post(
                reminder.match.id,
                self._remind(
                    reminder.match, partial(reminder_text, reminder, STYLE), reminder.member_id
                ),
            )
            if posted:
                await self.service.clocks.mark_reminded(reminder)
            else:
                await self.service.clocks.give_back(reminder)
        for warning in report.warnings:
            await self._warn(warning)
        for held in report.held:
            await self.poster.notifier.send_held(held)
        for digest in report.digests:
            await self.poster.notifier.send_digest(digest, STYLE)
        if report.reminders or report.timeouts or report.expired_challenges or report.digests:
            log.info(
                "round: %d reminders, %d timeouts, %d challenges expired, %d digests",
                len(report.reminders),
                len(report.timeouts),
                len(report.expired_challenges),
                len(report.digests),
            )
        return report

    async def _leagues(self, leagues: LeaguePoster) -> None:
        """Leagues: matches stopped at their round's deadline (posting each result
        records it), then each league's news (a new round's threads)."""
        stopped, news = await self.service.leagues.league_tick()
        for update in stopped:
            await self._post(update.match.id, self.poster.post_update(update))
        for item in news:
            await leagues.post_news(item)

    async def _warn(self, warning: DeadlineWarning) -> None:
        """Send a warning before a deadline by DM and/or ping, as the member's notices are
        set; a refused DM falls back to the ping. It counts as sent once it reached the
        member one way (else it is given back, to be tried again next round)."""
        text = partial(warning_text, warning, STYLE.mention, STYLE.when)
        ping, delivered = warning.ping, False
        notifier = self.poster.notifier
        if warning.by_dm:
            with speaking(await notifier.language_of(warning.member_id, warning.match.guild_id)):
                written = text()
            sent = await notifier.send_dm(warning.member_id, written, play_view(warning.match))
            delivered = sent is True
            if sent is False:
                await self.service.notices.dm_refused(warning.member_id)
                ping = True
        if ping:
            posting = self._remind(warning.match, text, warning.member_id)
            delivered = await self._post(warning.match.id, posting) or delivered
        if delivered:
            await self.service.clocks.mark_warned(warning)
        else:
            await self.service.clocks.give_back(warning)

    def _only_by_dm(self, match: Match) -> bool:
        """Whether the match is played in a DM or group DM that no interaction can post in
        now: its players are told by DM from the bot."""
        if match.guild_id != NO_SERVER:
            return False
        return self.poster.answering.live(match.channel_id or 0, self.service.now()) is None

    async def _remind(self, match: Match, text: Callable[[], str], member_id: int) -> None:
        """Ping `member_id` in the match's thread with what `text()` writes in the server's
        language; the member to act gets the Play button under it, as under a board. A
        match in a DM or group DM, where the bot posts only in answers
        (`bot.discord.private`), tells the member by DM instead (`_remind_by_dm`)."""
        if self._only_by_dm(match):
            await self._remind_by_dm(match, text, member_id)
            return
        channel = await self.poster.channel_of(match)
        with self.poster.languages.publicly(channel):
            written = text()
        view = play_view(match) if member_id == match.to_act else None
        await channel.send(written, allowed_mentions=pings([member_id]), **view_keyword(view))

    async def _remind_by_dm(self, match: Match, text: Callable[[], str], member_id: int) -> None:
        """Tell `member_id` by DM from the bot, in their language, with Play under it when
        they are to act. Where Discord refuses the DM (they accept none from the bot) the
        reminder cannot be sent at all: it counts as done, and is not tried again. A DM
        that failed otherwise raises, to be tried again next round."""
        notifier = self.poster.notifier
        with speaking(await notifier.language_of(member_id, NO_SERVER)):
            written = text()
        view = play_view(match) if member_id == match.to_act else None
        sent = await notifier.send_dm(member_id, written, view)
        if sent is None:
            raise Refusal(f"the reminder DM to member {member_id} failed")
        if sent is False:
            await self.service.notices.dm_refused(member_id)
            log.info("match %s: member %s takes no DM, so gets no reminder", match.id, member_id)

    async def _post(self, match_id: int, posting: Awaitable[object]) -> bool:
        """Await one posting; a failure is logged and does not stop the others. Whether it
        was posted."""
        try:
            await posting
        except (discord.HTTPException, Refusal) as error:
            log.warning("could not post in match %s: %s", match_id, error)
            return False
        return True
