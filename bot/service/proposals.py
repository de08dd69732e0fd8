"""Draw offers and takeback requests: one pending proposal per match, answered by all.

A proposal needs the agreement of every player still in the match; any of them declining
(or the proposer withdrawing) drops it, and any move drops it too.
"""

from __future__ import annotations

from bot.service import tables
from bot.service.base import Ending, ServiceBase
from bot.service.errors import NoProposal, TakebackRefused
from bot.service.records import Match, MatchUpdate, Proposal
from bot.service.replay import MOVE, TAKEBACK, rebuild_state

DRAW = "draw"
#: What players call each kind of proposal.
NOUNS = {DRAW: "draw offer", TAKEBACK: "takeback request"}
#: How the other players turn each kind down.
_TURN_DOWN = {DRAW: "decline", TAKEBACK: "refuse"}


class ProposalMixin(ServiceBase):
    """Draw and takeback methods of the match service."""

    async def offer_draw(self, match_id: int, member_id: int) -> MatchUpdate:
        """Offer a draw (or agree to one already offered). When every player still in has
        agreed the match ends drawn. Raises NotFound, MatchOver, NotAllowed, NoProposal
        (a takeback request is pending, or the member already offered)."""
        match = await self._load_active(match_id)
        self._player_seat(match, member_id)
        pending = match.proposal
        if pending is not None and pending.kind == DRAW:
            if member_id in pending.agreed:
                raise NoProposal("You have already offered a draw; wait for the answer.")
            return await self.accept_draw(match_id, member_id)
        if pending is not None:
            whose = "Your" if pending.by_member == member_id else "A"
            raise NoProposal(
                f"{whose} takeback request is waiting for answers in match #{match.id}; "
                "a draw can be offered once it is settled."
            )
        return await self._propose(match, DRAW, member_id, "draw_offered")

    async def accept_draw(self, match_id: int, member_id: int) -> MatchUpdate:
        """Agree to the pending draw offer. Raises NoProposal when there is none to answer."""
        match = await self._load_active(match_id)
        self._player_seat(match, member_id)
        pending = self._answerable(match, DRAW, member_id)
        if set(pending.waiting_for) != {member_id}:
            return await self._agree(match, member_id, "draw_accepted")
        places = dict.fromkeys(self._playing(match), 1)
        ending = Ending(DRAW, "The players agreed to a draw.", places, (), draw=True)
        now = self.now()
        async with self.store.transaction() as conn:
            stored = await self._commit(conn, match, now, ending=ending)
        view = match.public_view()
        return MatchUpdate(stored, DRAW, member_id, match.seat_of(member_id), view, view)

    async def decline_draw(self, match_id: int, member_id: int) -> MatchUpdate:
        """Decline the pending draw offer ("draw_declined"), or withdraw it when the member
        made it ("draw_withdrawn")."""
        return await self._drop(match_id, member_id, DRAW, "draw_declined")

    async def ask_takeback(self, match_id: int, member_id: int) -> MatchUpdate:
        """Ask to take back one's own last move (it must be the last move of the match).
        Raises TakebackRefused (disabled, or nothing of one's own to undo), NoProposal."""
        match = await self._load_active(match_id)
        seat = self._player_seat(match, member_id)
        if not match.rules.takebacks:
            raise TakebackRefused(f"Takebacks are turned off in match #{match.id}.")
        pending = match.proposal
        if pending is not None:
            own = pending.by_member == member_id
            if own and pending.kind == TAKEBACK:
                raise NoProposal("You have already asked for a takeback; wait for the answer.")
            raise NoProposal(
                f"{'Your' if own else 'A'} {NOUNS[pending.kind]} is waiting for answers in "
                f"match #{match.id}; a takeback can be asked once it is settled."
            )
        async with self.store.reading() as conn:
            log = await tables.fetch_log(conn, match)
        if not log or log[-1].kind != MOVE or log[-1].seat != seat:
            raise TakebackRefused(
                "You can only take back your own move, and only while it is the last one."
            )
        return await self._propose(match, TAKEBACK, member_id, "takeback_asked")

    async def grant_takeback(self, match_id: int, member_id: int) -> MatchUpdate:
        """Agree to the pending takeback; when all others agreed the move is undone."""
        match = await self._load_active(match_id)
        self._player_seat(match, member_id)
        pending = self._answerable(match, TAKEBACK, member_id)
        if set(pending.waiting_for) != {member_id}:
            return await self._agree(match, member_id, "takeback_accepted")
        now = self.now()
        async with self.store.transaction() as conn:
            log = await tables.fetch_log(conn, match)
            last = log[-1]
            entries = [(e.kind, e.seat, e.notation) for e in log]
            entries.append((TAKEBACK, last.seat, last.notation))
            players = len(match.seats)
            undone = rebuild_state(match.game, players, match.seed, match.options, entries)
            columns = {"proposal": None}
            columns.update(await self._turn_columns(conn, match, undone, now, fresh=True))
            stored = await self._commit(
                conn,
                match,
                now,
                columns=columns,
                state=undone,
                entries=[(last.seat, TAKEBACK, last.notation)],
            )
        public = undone.view(None)  # the announcement: only what everybody may know
        undone_move = undone.parse_move(last.notation)
        return MatchUpdate(
            match=stored,
            action=TAKEBACK,
            actor_id=member_id,
            seat=last.seat,
            before=match.public_view(),
            after=public,
            notation=public.format_move(undone_move),
            words=public.describe_move(undone_move),
        )

    async def refuse_takeback(self, match_id: int, member_id: int) -> MatchUpdate:
        """Refuse the pending takeback ("takeback_refused"), or withdraw it when the member
        asked for it ("takeback_withdrawn")."""
        return await self._drop(match_id, member_id, TAKEBACK, "takeback_refused")

    # --- shared steps ----------------------------------------------------------------------

    @staticmethod
    def _proposal(match: Match, kind: str, verb: str) -> Proposal:
        """The match's pending proposal of `kind`, or NoProposal: nothing to `verb`."""
        pending = match.proposal
        if pending is None or pending.kind != kind:
            raise NoProposal(f"There is no {NOUNS[kind]} to {verb} in match #{match.id}.")
        return pending

    @classmethod
    def _answerable(cls, match: Match, kind: str, member_id: int) -> Proposal:
        pending = cls._proposal(match, kind, "answer")
        if member_id == pending.by_member:
            raise NoProposal(
                f"You made this {NOUNS[kind]} yourself; it waits for the other players' answers."
            )
        if member_id not in pending.waiting_for:
            raise NoProposal(f"You have already agreed to the {NOUNS[kind]}.")
        return pending

    async def _propose(self, match: Match, kind: str, member_id: int, action: str) -> MatchUpdate:
        columns = {"proposal": tables.proposal_json(kind, member_id, [member_id])}
        return await self._write_proposal(match, columns, member_id, action)

    async def _agree(self, match: Match, member_id: int, action: str) -> MatchUpdate:
        pending = match.proposal
        agreed = [*pending.agreed, member_id]
        columns = {"proposal": tables.proposal_json(pending.kind, pending.by_member, agreed)}
        return await self._write_proposal(match, columns, member_id, action)

    async def _drop(self, match_id: int, member_id: int, kind: str, action: str) -> MatchUpdate:
        """Drop the pending proposal: `action` when another player turns it down, or
        "<kind>_withdrawn" when its proposer takes it back."""
        match = await self._load_active(match_id)
        self._player_seat(match, member_id)
        pending = self._proposal(match, kind, _TURN_DOWN[kind])
        if member_id == pending.by_member:
            action = f"{kind}_withdrawn"
        elif member_id not in pending.waiting_for:
            raise NoProposal(
                f"You have already agreed to the {NOUNS[kind]}; only the players who have "
                f"not answered yet can {_TURN_DOWN[kind]} it."
            )
        return await self._write_proposal(match, {"proposal": None}, member_id, action)

    async def _write_proposal(
        self, match: Match, columns: dict[str, str | None], member_id: int, action: str
    ) -> MatchUpdate:
        now = self.now()
        async with self.store.transaction() as conn:
            stored = await self._commit(conn, match, now, columns=columns)
        view = match.public_view()
        return MatchUpdate(stored, action, member_id, match.seat_of(member_id), view, view)
