"""The bot at the table: it finds what its seats owe, thinks in worker processes and acts
through the match service like a player.

Thinking (the engine's search) runs in a `ProcessPoolExecutor` of lower priority than
the event loop, never on it, so no one's commands wait for the bot. It has two lanes: at
most `workers` searches of the quick levels run at once, and beside them at most
`slow_workers` of the levels that think long (master, up to half a minute) and of the
analyses of ended matches (as long), so `hard` still answers in a couple of seconds
while master thinks. Each lane serves the matches
waiting for it in turn, oldest first (a match with several duties in a row queues again
after each: one match's many duties never hold the others up). The matches playing form
a queue of at most `waiting`; a match noticed beyond that is found again by the next
`sweep`, which reads from the database what bot seats owe (so a move owed when the
process stopped is made after a restart). Each action carries the ply it was chosen
at: one that arrives twice, or after the position moved on, is refused by the match
rules and thought again. With several processes on one database, a process plays only
the matches of its shards' servers, and claims each duty in the database before
thinking, so one process does it: the claim names the match's stored version, not its
ply, since a takeback brings a ply back (and a proposal made again asks again in the
same position). While the database cannot be reached or written, a duty is left (its
claim given back if the database lets it) for the first sweep after it is back, with no
line of its own: the store logs the outage once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Protocol, TypeVar

import ai
import games
from bot.match import actions
from bot.match.actions import Request
from bot.match.analysis import check_analysis
from bot.match.decision import playing
from bot.match.engine_seats import MOVE, SLOW_LEVELS, Duty, accepts_draw, duty, ruled_answer
from bot.match.errors import CannotSave, NoProposal, PositionChanged, ServiceError
from bot.match.hints import check_estimate, check_hint
from bot.match.phrases import Message
from bot.match.records import Match, MatchRecord, MatchUpdate, Snapshot
from bot.service.analysis import (
    Analysis,
    AnalysisPart,
    AnalysisUnavailable,
    analyse,
    analysis_key,
    question_of,
)
from bot.service.base import Core
from bot.service.hints import Hint, HintQuestion, HintUnavailable, hint_of
from bot.service.play import PlayPart
from bot.service.queries import QueriesPart

log = logging.getLogger("shiftcord.engine_player")

QuestionT = TypeVar("QuestionT")
AnswerT = TypeVar("AnswerT")

#: The most matches waiting for the bot at once (beyond them, the next sweep finds them).
MAX_WAITING = 200
#: The kind of background work a bot seat's duty is claimed as (one process does each).
CLAIM_KIND = "bot-move"
#: The most actions the bot takes in one match in a row before it lets others go first
#: (a table of bots plays on at the next sweep).
MAX_IN_A_ROW = 100
#: How much lower the worker processes' priority is than the bot's own (Unix niceness).
WORKER_NICENESS = 10
#: The kind of background work making an analysis is claimed as: with several processes
#: on one database, one makes it and the others wait for it (`EnginePlayer.analyse`).
ANALYSIS_CLAIM = "analysis"
#: How often a process waiting for another's analysis looks whether it is kept, seconds.
ANALYSIS_POLL_SECONDS = 0.5


def default_workers() -> int:
    """Worker processes for a machine: one fewer than its cores, at least one (the event
    loop and the database keep a core)."""
    return max(1, (os.cpu_count() or 2) - 1)


def lower_priority() -> None:
    """In a new worker process: yield the processor to the bot's own process first."""
    with contextlib.suppress(OSError, AttributeError):  # (not everywhere allowed)
        os.nice(WORKER_NICENESS)


@dataclass(frozen=True)
class Thought:
    """What a worker is asked: the match's position (`snapshot`, as stored), the bot
    seat and its level (or a `budget` of one's own, for tests), and whether it chooses a
    move or judges a draw offer among `players` still playing."""

    game: str
    snapshot: str
    seat: int
    level: str
    seed: int
    kind: str
    players: int
    budget: ai.Budget | None = None


def think(thought: Thought) -> str | bool:
    """In a worker process: the notation of the bot's move, or whether it accepts the
    draw. The engine decides from the seat's own view of the position only."""
    state = games.get(thought.game).from_json(json.loads(thought.snapshot))
    level = thought.budget or ai.Level.named(thought.level)
    if thought.kind == MOVE:
        return state.format_move(ai.choose_move(state, thought.seat, level, thought.seed))
    return accepts_draw(estimate(state, thought.seat, level, thought.seed), thought.players)


def estimate(state: games.GameState, seat: int, level: ai.Level | ai.Budget, seed: int) -> float:
    """The bot's estimate of its result in [0, 1]. Off its turn in a two-player game without
    secrets (where its view is the whole position) it searches for the player to act, one
    less that; else `ai.evaluate` of its own view."""
    mover = state.current_player
    if mover not in (None, seat) and state.players == 2 and not state.game.kind.hidden_information:
        return 1.0 - ai.evaluate(state, mover, level, seed)
    return ai.evaluate(state, seat, level, seed)


class EngineParts(Protocol):
    """What the bot player uses of the match service: the core's claims on background
    work (one process does each duty), the matches it reads, the actions it takes, the
    analyses it keeps. The match service satisfies it."""

    core: Core
    play: PlayPart
    queries: QueriesPart
    analysis: AnalysisPart


class EnginePlayer:
    """Plays the bot's seats: `notice` a match after each action, `sweep` now and then,
    `close` at the end. `on_update` posts what the bot did (like a player's action)."""

    def __init__(
        self,
        service: EngineParts,
        on_update: Callable[[MatchUpdate], Awaitable[object]],
        *,
        workers: int = 0,
        slow_workers: int = 1,
        waiting: int = MAX_WAITING,
        budget: ai.Budget | None = None,
    ) -> None:
        self.service = service
        self.on_update = on_update
        self.workers = workers or default_workers()
        self.slow_workers = slow_workers
        self.waiting = waiting
        self.budget = budget
        self._pool: ProcessPoolExecutor | None = None
        self._slots = asyncio.Semaphore(self.workers)  # FIFO: the oldest waiter goes first
        self._slow_slots = asyncio.Semaphore(slow_workers)
        self._matches: dict[int, asyncio.Task[None]] = {}
        #: The analyses being made, by match: asked again meanwhile, one is awaited.
        self._analysing: dict[int, asyncio.Task[Analysis]] = {}
        self._closed = False

    def notice(self, match: Match) -> None:
        """Start playing the match when a bot seat owes something in it (once: a match
        already being played is not started twice)."""
        if duty(match) is not None:
            self._play(match.id)

    async def sweep(self) -> int:
        """Start every match where a bot seat owes something, as the database says; how
        many were found."""
        found = await self.service.queries.bot_duties(self.waiting)
        for owed in found:
            self._play(owed.match_id)
        return len(found)

    def busy(self) -> bool:
        """Whether the bot is playing any match now."""
        return bool(self._matches)

    async def idle(self) -> None:
        """Wait until the bot has done all it owes in the matches it is playing."""
        while self._matches:
            await asyncio.gather(*self._matches.values(), return_exceptions=True)

    async def close(self) -> None:
        """Stop playing (what is owed is found again at the next start) and analysing, and
        shut the worker processes down, waiting for them to exit."""
        self._closed = True
        tasks = [*self._matches.values(), *self._analysing.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)

    def _play(self, match_id: int) -> None:
        if self._closed or match_id in self._matches:
            return
        if len(self._matches) >= self.waiting:
            log.warning("match %s waits for the next sweep: %d queued", match_id, self.waiting)
            return
        task = asyncio.create_task(self._serve(match_id), name=f"shiftcord-bot {match_id}")
        self._matches[match_id] = task
        task.add_done_callback(lambda done: self._finished(match_id, done))

    def _finished(self, match_id: int, task: asyncio.Task[None]) -> None:
        self._matches.pop(match_id, None)
        if task.cancelled() or task.exception() is None:
            return
        if not isinstance(task.exception(), CannotSave):  # (the store logs an outage once)
            log.error("the bot failed in match %s: %r", match_id, task.exception())

    async def _serve(self, match_id: int) -> None:
        """Do what the bot's seats owe in the match, one action after another, until a
        person is to act (or `MAX_IN_A_ROW` actions)."""
        for _ in range(MAX_IN_A_ROW):
            match = await self.service.queries.get_match(match_id)
            owed = duty(match)
            if owed is None:
                return
            work = (CLAIM_KIND, f"{match_id}:{owed.version}:{owed.member_id}:{owed.kind}")
            if not await self.service.core.claim_work(*work):
                return  # another process (on an overlapping shard) is on it
            try:
                request = await self._decide(match, owed)
                update = await self.service.play.act(match_id, owed.member_id, request)
            except (PositionChanged, NoProposal):  # it moved on while the bot thought
                await self.service.core.finish_work(*work)
                continue
            except CannotSave:  # the database is down: the sweep after it is back does it
                with contextlib.suppress(CannotSave):
                    await self.service.core.release_work(*work)
                return
            except ServiceError as error:
                log.warning("the bot could not act in match %s: %s", match_id, error)
                await self.service.core.finish_work(*work)
                return
            except BaseException:  # stopped or failed while thinking: another may do it
                with contextlib.suppress(Exception):
                    await asyncio.shield(self.service.core.release_work(*work))
                raise
            with contextlib.suppress(CannotSave):  # done: an unfinished claim just runs out
                await self.service.core.finish_work(*work)
            if update.repeated:  # another process did it, and posted it
                continue
            try:
                await self.on_update(update)
            except Exception as error:  # posting is the face's; the action stands
                log.warning("could not post the bot's action in match %s: %r", match_id, error)

    async def _decide(self, match: Match, owed: Duty) -> Request:
        """The bot's action for its duty: by rule (`ruled_answer`), else by thinking. Its
        request id names the duty by the match's version (which a takeback changes, where
        a ply comes back), so that a duty done twice (by two processes) counts once."""
        key = f"bot:{match.id}:{owed.version}:{owed.seat}:{owed.kind}"
        ruled = ruled_answer(match, owed)
        if ruled is not None:
            return Request(owed.answer(ruled), ply=owed.ply, request_id=key)
        thought = Thought(
            match.game,
            match.snapshot.text,
            owed.seat,
            owed.level,
            owed.seed,
            owed.kind,
            len(playing(match)),
            self.budget,
        )
        lane = self._slow_slots if owed.level in SLOW_LEVELS else self._slots
        answer = await self._in_pool(lane, think, thought)
        if owed.kind == MOVE:
            return Request(actions.MOVE, str(answer), ply=owed.ply, request_id=key)
        return Request(owed.answer(bool(answer)), ply=owed.ply, request_id=key)

    async def hint(self, match: Match, member_id: int) -> Hint:
        """The bot's hint for `member_id`, to act in `match` (refused as `check_hint`
        says), thought at a small budget in the quick lane; HintUnavailable when the
        workers cannot think (the admin gets a line)."""
        check_hint(match, member_id)
        assert match.current_seat is not None
        question = HintQuestion(match.game, match.snapshot.text, match.current_seat, self.budget)
        try:
            return await self._in_pool(self._slots, hint_of, question)
        except (BrokenProcessPool, OSError) as error:
            log.error("could not think about a hint in match %s: %r", match.id, error)
            raise HintUnavailable(Message("hint.unavailable")) from error

    async def tried_hint(self, match: Match, member_id: int, state: games.GameState) -> Hint:
        """The bot's hint (its move and estimate) for the player to act in `state`, a
        position tried off `match` (nothing hidden in it), thought as `hint` thinks, in
        the quick lane (refused as `check_estimate` says)."""
        check_estimate(match, member_id)
        assert state.current_player is not None
        snapshot = Snapshot.of(state).text
        question = HintQuestion(match.game, snapshot, state.current_player, self.budget)
        try:
            return await self._in_pool(self._slots, hint_of, question)
        except (BrokenProcessPool, OSError) as error:
            log.error("could not think about an estimate in match %s: %r", match.id, error)
            raise HintUnavailable(Message("hint.unavailable")) from error

    async def stored_analysis(self, match: Match) -> Analysis | None:
        """The bot's analysis of `match` as kept before at today's version, judge and budget, or
        None (refused as `check_analysis` says)."""
        check_analysis(match)
        key = analysis_key(match.game, self.budget)
        kept = await self.service.analysis.stored_analysis(match.id, key)
        return None if kept is None else Analysis.from_json(kept)

    async def analyse(self, record: MatchRecord) -> Analysis:
        """The bot's analysis of an ended match (refused as `check_analysis` says), made
        in the lane of the levels that think long (it takes up to half a minute) and kept
        with the match; AnalysisUnavailable when the workers cannot think (the admin gets
        a line). Kept or not (the database out), the analysis is returned. Asked again
        while it is being made (a second tap), the one being made answers both; asked
        in several processes at once, one makes it (its claim in the database) and the
        others answer with the analysis it keeps, so every asker sees the same one."""
        check_analysis(record.match)
        match_id = record.match.id
        making = self._analysing.get(match_id)
        if making is None:
            making = asyncio.create_task(self._analysed(record), name=f"analysis {match_id}")
            self._analysing[match_id] = making
            making.add_done_callback(lambda _: self._analysing.pop(match_id, None))
        return await asyncio.shield(making)  # one asker gone does not stop the others'

    async def _analysed(self, record: MatchRecord) -> Analysis:
        """`analyse`'s work: claim the making of the analysis, or wait for the process
        that holds the claim to keep it (its claim given back or run out, this one takes
        it); then think in the slow lane and keep the analysis. With the database out,
        it is made here and not kept."""
        key = analysis_key(record.match.game, self.budget)
        claim = (ANALYSIS_CLAIM, f"{record.match.id}:{key}")
        try:
            while not await self.service.core.claim_work(*claim):
                kept = await self.service.analysis.stored_analysis(record.match.id, key)
                if kept is not None:
                    return Analysis.from_json(kept)
                await asyncio.sleep(ANALYSIS_POLL_SECONDS)
        except CannotSave:  # (the store logs an outage once)
            return await self._made(record, key)
        try:
            kept = await self.service.analysis.stored_analysis(record.match.id, key)
            if kept is not None:  # made while this process waited for the claim
                return Analysis.from_json(kept)
            return await self._made(record, key)
        finally:  # kept or failed: the next asker reads it, or tries again
            with contextlib.suppress(Exception):
                await asyncio.shield(self.service.core.release_work(*claim))

    async def _made(self, record: MatchRecord, key: str) -> Analysis:
        """Think about the analysis in the slow lane, then keep it under `key`."""
        question = question_of(record, self.budget)
        try:
            analysis = await self._in_pool(self._slow_slots, analyse, question)
        except (BrokenProcessPool, OSError) as error:
            log.error("could not analyse match %s: %r", record.match.id, error)
            raise AnalysisUnavailable(Message("analysis.unavailable")) from error
        with contextlib.suppress(CannotSave):  # (the store logs an outage once)
            await self.service.analysis.keep_analysis(record.match.id, key, analysis.to_json())
        return analysis

    async def _in_pool(
        self, lane: asyncio.Semaphore, work: Callable[[QuestionT], AnswerT], question: QuestionT
    ) -> AnswerT:
        """`work(question)` in a worker process, once `lane` has room (first come, first
        served)."""
        async with lane:  # the pool never holds more than it runs
            loop = asyncio.get_running_loop()
            pool = self._executor()
            try:
                return await loop.run_in_executor(pool, work, question)
            except BrokenProcessPool:  # a worker died (killed): fresh ones next time
                if self._pool is pool:
                    self._pool = None
                    pool.shutdown(wait=False, cancel_futures=True)
                raise

    def _executor(self) -> ProcessPoolExecutor:
        """The worker processes, started on first use (spawned: the bot's threads and
        connections stay out of them)."""
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.workers + self.slow_workers, mp_context=context, initializer=lower_priority
            )
        return self._pool
