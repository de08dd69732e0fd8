"""The console's commands: one `do_` method per command of the table, each doing through
the match service what the slash command does, and printing the answer."""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable

from bot.console import words as console_words
from bot.console.clock import parse_step
from bot.console.commands import ConsoleError, confirms, whole_number, yes_or_no
from bot.console.composer import ComposingSession
from bot.console.session import CHANNEL, GUILD, THREADS
from bot.match.actions import MOVE
from bot.match.engine_seats import DEFAULT_LEVEL, LEVELS, MAX_ENGINE_SEATS, engine_members
from bot.match.records import MatchRules
from bot.presentation import matches
from bot.presentation.analysis import ANALYSING, analysis_pictures, analysis_text
from bot.presentation.catalogue import fill
from bot.presentation.challenges import challenge_text
from bot.presentation.clocks import span_words
from bot.presentation.deadlines import reminder_text, vacation_spent_text, warning_text
from bot.presentation.game_rules import rules_text
from bot.presentation.hints import hint_text
from bot.presentation.history import TOO_LONG_TO_REPLAY, history_text, matches_text, record_text
from bot.presentation.matches import board_caption, start_text, turn_text
from bot.presentation.parsing import game_named, parse_clock, parse_options
from bot.presentation.pictures import board_picture, example_picture, members_named, replay_picture
from bot.presentation.refusals import REFUSALS
from bot.presentation.settings import guild_settings_text, settings_text
from bot.presentation.stats import standings_text, stats_text
from bot.service import ChallengeRequest
from bot.service.analysis import expected_seconds
from bot.service.settings import check_theme
from games.wording import quoted

MOVES_SHOWN = 25  # as many as Discord's autocomplete shows


class Console(ComposingSession):
    """The console session with every command it understands."""

    def handlers(self) -> dict[str, Callable[..., Awaitable[None]]]:
        """The method that does each command other than the match actions."""
        return {
            "challenge": self.do_challenge,
            "accept": self.do_accept,
            "decline": self.do_decline,
            "move": self.do_move,
            "moves": self.do_moves,
            "play": self.do_play,
            "choose": self.do_choose,
            "back": self.do_back,
            "confirm": self.do_confirm,
            "undo": self.do_undo,
            "cancel": self.do_cancel,
            "board": self.do_board,
            "resign": self.do_resign,
            "hand": self.do_hand,
            "hint": self.do_hint,
            "matches": self.do_matches,
            "history": self.do_history,
            "export": self.do_export,
            "analysis": self.do_analysis,
            "standings": self.do_standings,
            "stats": self.do_stats,
            "rules": self.do_rules,
            "settings show": self.do_settings_show,
            "settings reminders": self.do_settings_reminders,
            "settings preview": self.do_settings_preview,
            "settings alttext": self.do_settings_alttext,
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
        """The `challenge` command (what `help` says of it: `console_words.HELP`)."""
        chosen = game_named(game)
        clock = parse_clock(given.get("clock"))
        named = ("opponent", "opponent2", "opponent3", "opponent4")
        opponents = [self.remember(given[k]) for k in named if k in given]
        opponents += self._engine_seats(given.get("bots"), given.get("level"))
        challenge = await self.service.challenges.create_challenge(
            ChallengeRequest(
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
        )
        self.say(challenge_text(challenge, self.style))
        if challenge.match_id is not None:  # a solo match starts at once
            await self.enter(challenge.match_id)
            return
        self.say(fill(console_words.ANSWER_CHALLENGE, challenge=challenge.id))

    @staticmethod
    def _engine_seats(bots: str | None, level: str | None) -> list[int]:
        """The member ids of the bot's seats a challenge asks for (`bots` at `level`)."""
        if level is not None and level.lower() not in LEVELS:
            raise ConsoleError(fill(console_words.LEVELS, typed=quoted(level)))
        if bots is None:
            if level is not None:
                raise ConsoleError(fill(console_words.LEVEL_WITHOUT_BOTS))
            return []
        count = whole_number(bots, "bots")
        if not 1 <= count <= MAX_ENGINE_SEATS:
            raise ConsoleError(fill(console_words.BOTS_RANGE, most=MAX_ENGINE_SEATS))
        return engine_members([(level or DEFAULT_LEVEL).lower()] * count)

    async def _challenge_id(self, given: str | None) -> int:
        if given:
            return whole_number(given, "the challenge")
        pending = await self.service.challenges.pending_challenges(guild_id=GUILD)
        if not pending:
            raise ConsoleError(fill(console_words.NO_PENDING_CHALLENGE))
        return pending[-1].id

    async def do_accept(self, challenge: str | None = None) -> None:
        """The `accept` command (what `help` says of it: `console_words.HELP`)."""
        update = await self.service.challenges.accept_challenge(
            await self._challenge_id(challenge), self.me
        )
        if update.match is None:
            self.say(challenge_text(update.challenge, self.style))
            return
        await self.enter(update.match.id)

    async def enter(self, match_id: int) -> None:
        """Open a started match's thread: it becomes the current match; its first board."""
        match = await self.service.play.attach_channel(match_id, THREADS + match_id)
        self.here = match.id
        self.say(start_text(match, self.style))
        self.say(fill(console_words.PLAY_WITH))
        public = match.public_view()
        players = await self.players(match)
        board = await board_picture(public, theme=await self.public_theme(), players=players)
        self.save(board, f"match-{match.id}-000.png")
        self.seen[match.id] = match.ply

    async def do_decline(self, challenge: str | None = None) -> None:
        """The `decline` command (what `help` says of it: `console_words.HELP`)."""
        cid = await self._challenge_id(challenge)
        found = await self.service.challenges.get_challenge(cid)
        if found.challenger_id == self.me:
            found = await self.service.challenges.cancel_challenge(cid, self.me)
        else:
            found = await self.service.challenges.decline_challenge(cid, self.me)
        self.say(challenge_text(found, self.style))

    async def do_move(self, notation: str) -> None:
        """The `move` command (what `help` says of it: `console_words.HELP`)."""
        await self.act(MOVE, notation)

    async def do_moves(self, prefix: str = "") -> None:
        """The `moves` command (what `help` says of it: `console_words.HELP`)."""
        match = await self.service.queries.get_match(self._current())
        if not match.active:
            raise ConsoleError(fill(console_words.MATCH_HAS_ENDED, match=match.id))
        if match.to_act != self.me:
            raise ConsoleError(fill(console_words.NOT_YOUR_TURN, turn=turn_text(match, self.style)))
        found = await self.service.play.legal_moves(match.id, self.me, prefix, limit=sys.maxsize)
        shown = found[:MOVES_SHOWN]
        lines = [
            fill(console_words.MOVE_WITH_WORDS, move=m.notation, words=self.style.named(m.words))
            for m in shown
        ]
        if len(found) > MOVES_SHOWN:
            lines.append(fill(console_words.MORE_MOVES, more=len(found) - MOVES_SHOWN))
        self.say("\n".join(lines) or fill(console_words.NO_LEGAL_MOVES))

    async def do_board(self, theme: str | None = None) -> None:
        """The `board` command (what `help` says of it: `console_words.HELP`)."""
        chosen = None if theme is None else check_theme(theme)  # refused before anything shows
        match = await self.service.queries.get_match(self._current())
        self.say(board_caption(match, self.style))
        public = match.public_view()
        self.seen[match.id] = match.ply
        players = await self.players(match)
        if chosen is None:
            board = await board_picture(public, theme=await self.public_theme(), players=players)
            self.save(board, f"match-{match.id}-board.png")
            return
        board = await board_picture(public, theme=chosen, players=players)
        self.save(board, f"match-{match.id}-board-{chosen}-{self.player_file}.png")

    async def do_resign(self, confirm: str | None = None) -> None:
        """The `resign` command (what `help` says of it: `console_words.HELP`)."""
        match = await self.service.queries.get_match(self._current())
        if match.seat_of(self.me) is None:
            raise ConsoleError(fill(REFUSALS["match.not_playing"], match=match.id))
        if confirm is None:
            self.ask_resignation(match.id)
        elif confirms(confirm):
            await self.resign(match.id)
        else:
            raise ConsoleError(fill(console_words.RESIGN_YES))

    async def do_hand(self) -> None:
        """The `hand` command (what `help` says of it: `console_words.HELP`)."""
        match = await self.service.queries.get_match(self._current())
        if not match.has_secrets:
            self.say(fill(matches.NO_HIDDEN_INFORMATION, game=match.game_title))
            return
        state = members_named(
            match, await self.service.queries.view(match.id, self.me), self.name_of
        )
        picture = await board_picture(
            state, seat=match.seat_of(self.me), theme=await self.own_theme()
        )
        self.save(picture, f"match-{match.id}-hand-{self.player_file}.png")

    async def do_hint(self) -> None:
        """The `hint` command (what `help` says of it: `console_words.HELP`)."""
        if self.engine_player is None:
            raise ConsoleError(fill(console_words.NO_HINTS))
        match = await self.service.queries.get_match(self._current())
        self.say(hint_text(match.id, await self.engine_player.hint(match, self.me)))

    async def do_matches(self) -> None:
        """The `matches` command (what `help` says of it: `console_words.HELP`)."""
        found = await self.service.queries.active_matches(self.me)
        self.say(matches_text(found, self.me, self.style))

    async def _match_id(self, given: str | None) -> int:
        """The match numbered `given`, else the match of the thread the player is in, even
        when it has ended."""
        if given:
            return whole_number(given, "the match")
        found = None
        if self.here is not None:
            found = await self.service.queries.last_match_in_channel(THREADS + self.here)
        if found is None:
            raise ConsoleError(fill(console_words.NO_CURRENT_MATCH))
        return found.id

    async def do_history(
        self, member: str | None = None, game: str | None = None, match: str | None = None
    ) -> None:
        """The `history` command (what `help` says of it: `console_words.HELP`)."""
        if match is not None or (member is None and game is None and self.here is not None):
            record = await self.service.queries.match_record(await self._match_id(match))
            self.say(record_text(record, self.style))
            return
        found = await self.service.queries.finished_matches(
            member_id=self._member(member),
            guild_id=GUILD,
            game=game_named(game).name if game else None,
        )
        self.say(history_text(found, self.style))

    async def do_export(self, match: str | None = None) -> None:
        """The `export` command (what `help` says of it: `console_words.HELP`)."""
        match_id = await self._match_id(match)
        record = await self.service.queries.match_record(match_id)
        names = {m: self.name_of(m) for m in record.match.members}
        text_path = self.pictures / f"match-{match_id}.txt"
        self.pictures.mkdir(parents=True, exist_ok=True)
        text_path.write_text(await self.service.queries.export(match_id, names))
        self.say(fill(console_words.RECORD_WRITTEN, path=text_path))
        replay = await replay_picture(record, await self.own_theme())
        if replay is None:
            self.say(fill(TOO_LONG_TO_REPLAY))
        else:
            self.save(replay, f"match-{match_id}-replay.gif")

    async def do_analysis(self, match: str | None = None) -> None:
        """The `analysis` command (what `help` says of it: `console_words.HELP`)."""
        if self.engine_player is None:
            raise ConsoleError(console_words.NO_ANALYSIS)
        ended = await self.service.queries.get_match(await self._match_id(match))
        analysis = await self.engine_player.stored_analysis(ended)
        record = await self.service.queries.match_record(ended.id)
        if analysis is None:
            seconds = expected_seconds(record, self.engine_player.budget)
            self.say(fill(ANALYSING, match=ended.id, seconds=seconds))
            analysis = await self.engine_player.analyse(record)
        self.say(analysis_text(record, analysis, self.style))
        players = await self.players(ended)
        for picture in await analysis_pictures(record, analysis, await self.own_theme(), players):
            self.save(picture, picture.filename)

    async def do_standings(self, game: str) -> None:
        """The `standings` command (what `help` says of it: `console_words.HELP`)."""
        chosen = game_named(game)
        table = await self.service.queries.standings(GUILD, chosen.name)
        self.say(standings_text(chosen.title, table, self.style))

    async def do_stats(self, member: str | None = None) -> None:
        """The `stats` command (what `help` says of it: `console_words.HELP`)."""
        found = await self.service.queries.player_stats(GUILD, self._member(member) or self.me)
        self.say(stats_text(found, self.style))

    async def do_rules(self, game: str) -> None:
        """The `rules` command (what `help` says of it: `console_words.HELP`)."""
        chosen = game_named(game)
        self.say(rules_text(chosen))
        picture = await example_picture(chosen, await self.own_theme())
        self.save(picture, f"{chosen.name}-example.png")

    async def do_settings_show(self) -> None:
        """The `settings show` command (what `help` says of it: `console_words.HELP`)."""
        self.say(settings_text(await self.service.settings.member_settings(self.me), self.style))

    async def do_settings_reminders(self, enabled: str) -> None:
        """The `settings reminders` command (what `help` says of it: `console_words.HELP`)."""
        mine = await self.service.settings.set_reminders(self.me, yes_or_no(enabled))
        self.say(settings_text(mine, self.style))

    async def do_settings_preview(self, show: str) -> None:
        """The `settings preview` command (what `help` says of it: `console_words.HELP`)."""
        mine = await self.service.settings.set_skip_preview(self.me, not yes_or_no(show))
        self.say(settings_text(mine, self.style))

    async def do_settings_alttext(self, show: str) -> None:
        """The `settings alttext` command (what `help` says of it: `console_words.HELP`)."""
        self.alt_text = yes_or_no(show)
        self.say(fill(console_words.ALT_TEXT_ON if self.alt_text else console_words.ALT_TEXT_OFF))

    async def do_settings_vacation(self, days: str) -> None:
        """The `settings vacation` command (what `help` says of it: `console_words.HELP`)."""
        count = whole_number(days, "the days")
        if count:
            mine = await self.service.clocks.start_vacation(self.me, count)
        else:
            mine = await self.service.clocks.end_vacation(self.me)
        self.say(settings_text(mine, self.style))

    async def do_settings_theme(self, theme: str) -> None:
        """The `settings theme` command (what `help` says of it: `console_words.HELP`)."""
        chosen = None if theme.strip().lower() == "server" else theme
        self.say(
            settings_text(await self.service.settings.set_member_theme(self.me, chosen), self.style)
        )

    async def do_admin_theme(self, theme: str) -> None:
        """The `admin theme` command (what `help` says of it: `console_words.HELP`)."""
        self.say(
            guild_settings_text(
                await self.service.settings.set_guild_theme(GUILD, theme), self.style
            )
        )

    async def do_leave(self) -> None:
        """The `leave` command (what `help` says of it: `console_words.HELP`)."""
        self.here = None
        self.say(fill(console_words.BACK_IN_CHANNEL))

    async def do_tick(self, time: str | None = None) -> None:
        """The `tick` command (what `help` says of it: `console_words.HELP`)."""
        if time is not None:
            self.clock.advance(parse_step(time))
            now, ahead = self.style.when(self.clock()), span_words(self.clock.ahead)
            self.say(fill(console_words.TIME_NOW, time=now, ahead=ahead))
        report = await self.service.clocks.tick()
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
            self.say(fill(console_words.NOTHING_DUE))
