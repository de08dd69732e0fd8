"""The console's commands: one `do_` method per command of the table, each doing through
the match service what the slash command does, and printing the answer."""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable

from bot.console.clock import parse_step
from bot.console.commands import ConsoleError, whole_number, yes_or_no
from bot.console.session import CHANNEL, GUILD, THREADS, ConsoleSession
from bot.match.actions import MOVE
from bot.match.engine_seats import DEFAULT_LEVEL, LEVELS, MAX_ENGINE_SEATS, engine_members
from bot.match.records import MatchRules
from bot.presentation.deadlines import vacation_spent_text, warning_text
from bot.presentation.options import game_named, parse_options
from bot.presentation.pictures import (
    TOO_LONG_TO_REPLAY,
    board_picture,
    example_picture,
    example_position,
    replay_picture,
)
from bot.presentation.text import (
    board_caption,
    challenge_text,
    guild_settings_text,
    history_text,
    matches_text,
    parse_clock,
    record_text,
    reminder_text,
    rules_text,
    settings_text,
    span_words,
    standings_text,
    start_text,
    stats_text,
    turn_text,
)
from bot.service.settings import check_theme
from games.wording import quoted

MOVES_SHOWN = 25  # as many as Discord's autocomplete shows


class Console(ConsoleSession):
    """The console session with every command it understands."""

    def handlers(self) -> dict[str, Callable[..., Awaitable[None]]]:
        """The method that does each command other than the match actions."""
        return {
            "challenge": self.do_challenge,
            "accept": self.do_accept,
            "decline": self.do_decline,
            "move": self.do_move,
            "moves": self.do_moves,
            "board": self.do_board,
            "resign": self.do_resign,
            "hand": self.do_hand,
            "matches": self.do_matches,
            "history": self.do_history,
            "export": self.do_export,
            "standings": self.do_standings,
            "stats": self.do_stats,
            "rules": self.do_rules,
            "settings show": self.do_settings_show,
            "settings reminders": self.do_settings_reminders,
            "settings vacation": self.do_settings_vacation,
            "settings theme": self.do_settings_theme,
            "admin theme": self.do_admin_theme,
            "leave": self.do_leave,
            "tick": self.do_tick,
        }

    def _member(self, name: str | None) -> int | None:
        """The id of the player called `name` (None for no name), remembered by name."""
        return self.remember(name) if name else None

    async def do_challenge(self, game: str, **given: str) -> None:
        """Challenge members to a game, or post an open challenge anyone may take.

        game: the game (help lists them). opponent to opponent4: members by name, quoted
        if they have spaces (opponent:"Mary Jane"). players: how many seats, for open
        seats or a solo match (players:1). options: the game's options as one quoted
        value, options:"variant=expert handicap_turns=2" (rules GAME lists them). clock:
        time per move, 3d, 12h or none, or a time bank, "3d+1d max 7d". takebacks,
        auto_timeout (yes: the clock ends a late turn by itself; no: a waiting player claims
        it; default: the server's choice), weekend_pause (yes: the clock stops on Saturday
        and Sunday in the time zone of the player to move; default: the server's choice),
        rated: yes or no. bots: how many seats the bot plays (1 to 4), at level easy,
        medium or hard (default medium).
        """
        chosen = game_named(game)
        clock = parse_clock(given.get("clock"))
        named = ("opponent", "opponent2", "opponent3", "opponent4")
        opponents = [self.remember(given[k]) for k in named if k in given]
        opponents += self._engine_seats(given.get("bots"), given.get("level"))
        challenge = await self.service.create_challenge(
            GUILD,
            CHANNEL,
            self.me,
            chosen.name,
            opponents=opponents,
            players=whole_number(given["players"], "players") if "players" in given else None,
            options=parse_options(chosen, given.get("options")),
            rules=MatchRules(
                0 if clock is None else clock.hours,
                auto_timeout=yes_or_no(given.get("auto_timeout", "yes")),
                takebacks=yes_or_no(given.get("takebacks", "yes")),
                rated=yes_or_no(given.get("rated", "yes")),
                increment_hours=None if clock is None else clock.increment_hours,
                cap_hours=None if clock is None else clock.cap_hours,
                weekend_pause=yes_or_no(given.get("weekend_pause", "no")),
            ),
            server_clock=clock is None,
            server_timeout="auto_timeout" not in given,
            server_weekends="weekend_pause" not in given,
        )
        self.say(challenge_text(challenge, self.style))
        if challenge.match_id is not None:  # a solo match starts at once
            await self.enter(challenge.match_id)
            return
        self.say(f"(answer with: accept {challenge.id} or decline {challenge.id})")

    @staticmethod
    def _engine_seats(bots: str | None, level: str | None) -> list[int]:
        """The member ids of the bot's seats a challenge asks for (`bots` at `level`)."""
        if level is not None and level.lower() not in LEVELS:
            raise ConsoleError(f"The level is easy, medium or hard, not {quoted(level)}.")
        if bots is None:
            if level is not None:
                raise ConsoleError("A level is for a match against the bot: add bots:1.")
            return []
        count = whole_number(bots, "bots")
        if not 1 <= count <= MAX_ENGINE_SEATS:
            raise ConsoleError(f"bots is a number from 1 to {MAX_ENGINE_SEATS}.")
        return engine_members([(level or DEFAULT_LEVEL).lower()] * count)

    async def _challenge_id(self, given: str | None) -> int:
        if given:
            return whole_number(given, "the challenge")
        pending = await self.service.pending_challenges(guild_id=GUILD)
        if not pending:
            raise ConsoleError("There is no pending challenge to answer.")
        return pending[-1].id

    async def do_accept(self, challenge: str | None = None) -> None:
        """Accept a challenge, or take an open seat in it (challenge: its number; without
        it, the latest pending challenge). The match starts when every seat is taken, and
        becomes the current match."""
        update = await self.service.accept_challenge(await self._challenge_id(challenge), self.me)
        if update.match is None:
            self.say(challenge_text(update.challenge, self.style))
            return
        await self.enter(update.match.id)

    async def enter(self, match_id: int) -> None:
        """Open a started match's thread: it becomes the current match; its first board."""
        match = await self.service.attach_channel(match_id, THREADS + match_id)
        self.here = match.id
        self.say(start_text(match, self.style))
        self.say("Play with: move NOTATION (moves PREFIX lists your legal moves).")
        public = match.public_view()
        board = await board_picture(public, theme=await self.public_theme())
        self.save(board, f"match-{match.id}-000.png", public)
        self.seen[match.id] = match.ply

    async def do_decline(self, challenge: str | None = None) -> None:
        """Decline a challenge, leave the seat you took in it, or, as the challenger,
        withdraw it (challenge: its number; without it, the latest pending challenge)."""
        cid = await self._challenge_id(challenge)
        found = await self.service.get_challenge(cid)
        if found.challenger_id == self.me:
            found = await self.service.cancel_challenge(cid, self.me)
        else:
            found = await self.service.decline_challenge(cid, self.me)
        self.say(challenge_text(found, self.style))

    async def do_move(self, notation: str) -> None:
        """Play a move in the current match; the notation is the rest of the line, spaces
        and all (move x g3-g6 keep g3). moves lists the legal ones."""
        await self.act(MOVE, notation)

    async def do_moves(self, prefix: str = "") -> None:
        """Your legal moves in the current match that start with the prefix (case,
        spaces and dashes ignored): the first 25, as the autocomplete shows them, and how
        many more there are."""
        match = await self.service.get_match(self._current())
        if not match.active:
            raise ConsoleError(f"Match #{match.id} has ended.")
        if match.to_act != self.me:
            raise ConsoleError(f"It is not your turn: {turn_text(match, self.style)}")
        found = await self.service.legal_moves(match.id, self.me, prefix, limit=sys.maxsize)
        lines = [f"{m.notation}: {m.words}" for m in found[:MOVES_SHOWN]]
        if len(found) > MOVES_SHOWN:
            more = len(found) - MOVES_SHOWN
            lines.append(f"... and {more} more: type moves PREFIX to narrow them.")
        self.say("\n".join(lines) or "No legal moves match.")

    async def do_board(self, theme: str | None = None) -> None:
        """Write the current match's board again, with the position as text (theme: draw
        it in that theme, for you only)."""
        match = await self.service.get_match(self._current())
        self.say(board_caption(match, self.style))
        public = match.public_view()
        self.seen[match.id] = match.ply
        if theme is None:
            board = await board_picture(public, theme=await self.public_theme())
            self.save(board, f"match-{match.id}-board.png", public)
            return
        chosen = check_theme(theme)
        board = await board_picture(public, theme=chosen)
        self.save(board, f"match-{match.id}-board-{chosen}-{self.player_file}.png", public)

    async def do_resign(self, confirm: str | None = None) -> None:
        """Resign the current match: you are asked to confirm (type yes), or confirm at
        once with resign yes. In a match of three or more the others play on."""
        match = await self.service.get_match(self._current())
        if match.seat_of(self.me) is None:
            raise ConsoleError(f"You are not playing in match #{match.id}.")
        if confirm is None:
            self.ask_resignation(match.id)
        elif confirm.strip().lower() == "yes":
            await self.resign(match.id)
        else:
            raise ConsoleError("Type resign yes to resign, or resign to be asked.")

    async def do_hand(self) -> None:
        """What only you may see in the current match (your hand), as a picture and text."""
        match = await self.service.get_match(self._current())
        if not match.has_secrets:
            self.say(f"{match.game_title} has no hidden information: everything is on the board.")
            return
        state = await self.service.view(match.id, self.me)
        picture = await board_picture(
            state, seat=match.seat_of(self.me), theme=await self.own_theme()
        )
        self.save(picture, f"match-{match.id}-hand-{self.player_file}.png", state)

    async def do_matches(self) -> None:
        """Your active matches, with the number to use each."""
        found = await self.service.active_matches(self.me)
        self.say(matches_text(found, self.me, self.style))

    async def _match_id(self, given: str | None) -> int:
        """The match numbered `given`, else the match of the thread the player is in, even
        when it has ended."""
        if given:
            return whole_number(given, "the match")
        found = None
        if self.here is not None:
            found = await self.service.last_match_in_channel(THREADS + self.here)
        if found is None:
            raise ConsoleError("There is no current match: give its number, or type use N.")
        return found.id

    async def do_history(
        self, member: str | None = None, game: str | None = None, match: str | None = None
    ) -> None:
        """Finished matches, of a member or a game; or the moves of one match (match: its
        number; with no options in a match, that match's)."""
        if match is not None or (member is None and game is None and self.here is not None):
            record = await self.service.match_record(await self._match_id(match))
            self.say(record_text(record, self.style))
            return
        found = await self.service.finished_matches(
            member_id=self._member(member),
            guild_id=GUILD,
            game=game_named(game).name if game else None,
        )
        self.say(history_text(found, self.style))

    async def do_export(self, match: str | None = None) -> None:
        """Write a match's record (text) and replay next to the pictures (match: its
        number; without it, the current match, even when it has ended)."""
        match_id = await self._match_id(match)
        record = await self.service.match_record(match_id)
        names = {m: self.name_of(m) for m in record.match.members}
        text_path = self.pictures / f"match-{match_id}.txt"
        self.pictures.mkdir(parents=True, exist_ok=True)
        text_path.write_text(await self.service.export(match_id, names))
        self.say(f"[record: {text_path}]")
        replay = await replay_picture(record, await self.own_theme())
        if replay is None:
            self.say(TOO_LONG_TO_REPLAY)
        else:
            self.save(replay, f"match-{match_id}-replay.gif")

    async def do_standings(self, game: str) -> None:
        """The ratings table of a game."""
        chosen = game_named(game)
        table = await self.service.standings(GUILD, chosen.name)
        self.say(standings_text(chosen.title, table, self.style))

    async def do_stats(self, member: str | None = None) -> None:
        """A member's ratings and results (without member: yours)."""
        found = await self.service.player_stats(GUILD, self._member(member) or self.me)
        self.say(stats_text(found, self.style))

    async def do_rules(self, game: str) -> None:
        """A game in short, with an example position as a picture and text."""
        chosen = game_named(game)
        self.say(rules_text(chosen))
        picture = await example_picture(chosen, await self.own_theme())
        self.save(picture, f"{chosen.name}-example.png", example_position(chosen)[0])

    async def do_settings_show(self) -> None:
        """Your reminders, picture theme and vacation."""
        self.say(settings_text(await self.service.member_settings(self.me), self.style))

    async def do_settings_reminders(self, enabled: str) -> None:
        """Turn your reminders on (enabled:yes) or off (enabled:no)."""
        mine = await self.service.set_reminders(self.me, yes_or_no(enabled))
        self.say(settings_text(mine, self.style))

    async def do_settings_vacation(self, days: str) -> None:
        """Pause all your clocks for some days (days:0 ends the vacation)."""
        count = whole_number(days, "the days")
        if count:
            mine = await self.service.start_vacation(self.me, count)
        else:
            mine = await self.service.end_vacation(self.me)
        self.say(settings_text(mine, self.style))

    async def do_settings_theme(self, theme: str) -> None:
        """The picture theme of what only you see: default, contrast, or server for the
        server's."""
        chosen = None if theme.strip().lower() == "server" else theme
        self.say(settings_text(await self.service.set_member_theme(self.me, chosen), self.style))

    async def do_admin_theme(self, theme: str) -> None:
        """The picture theme of the server's public pictures: default or contrast."""
        self.say(guild_settings_text(await self.service.set_guild_theme(GUILD, theme), self.style))

    async def do_leave(self) -> None:
        """Go back from the match's thread to the channel: no match is current."""
        self.here = None
        self.say("You are back in the channel: there is no current match.")

    async def do_tick(self, time: str | None = None) -> None:
        """Send what is due now: reminders, timeouts, expired challenges. With a time
        (tick 2d, tick 12h, tick 1d 6h), first move the console's clock that far forward,
        to try clocks, reminders and timeouts; it stays ahead until the console ends."""
        if time is not None:
            self.clock.advance(parse_step(time))
            ahead = span_words(self.clock.ahead)
            self.say(f"The time is now {self.style.when(self.clock())}, {ahead} ahead.")
        report = await self.service.tick()
        for reminder in report.reminders:
            self.say(reminder_text(reminder, self.style))
        for warning in report.warnings:
            self.say(warning_text(warning, self.style.mention, self.style.when))
        for update in report.timeouts:
            await self.announce(update)
        for challenge in report.expired_challenges:
            self.say(challenge_text(challenge, self.style))
        for match in report.vacations_cut:
            self.say(vacation_spent_text(match, self.style.mention, self.style.when))
        told = (report.reminders, report.warnings, report.timeouts, report.expired_challenges)
        if not any(told) and not report.vacations_cut:
            self.say("Nothing is due.")
