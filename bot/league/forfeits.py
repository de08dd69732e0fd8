"""A player who leaves a league after its start: their games already played stand, and
they forfeit the rest.

Their unplayed pairings of a fixed schedule (a round robin) end at once when only one
opponent is left (that opponent wins by forfeit); a table with two or more other players
is played without the leavers, and its result counts with the leavers placed last by
forfeit. A Swiss pairs only the players still in the league, so a leaver simply drops out
of later rounds (their points stay in the standings). A match already under way ends by
the match engine's own rules for a player who leaves (their loss, played).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from bot.league.records import Pairing, Result


def playing_on(pairing: Pairing, leavers: Collection[int]) -> Pairing | None:
    """The table without the leavers if two or more players remain to play it (seat order
    kept), else None: the pairing is decided by forfeit (`forfeit_result`)."""
    staying = tuple(p for p in pairing.seats if p not in leavers)
    return Pairing(staying) if len(staying) >= 2 else None


def forfeit_result(
    round_number: int,
    pairing: Pairing,
    leavers: Collection[int],
    places: Mapping[int, int] | None = None,
) -> Result:
    """The result of a pairing some of whose players left before playing it: `places`
    are the places of the players who played on (None when at most one stayed, who then
    wins); the leavers come after them, sharing the last place."""
    staying = [p for p in pairing.seats if p not in leavers]
    if places is None:
        if len(staying) > 1:
            raise ValueError("The players who stayed must play the table out first.")
        places = dict.fromkeys(staying, 1)
    elif set(places) != set(staying):
        raise ValueError("Places are needed for exactly the players who stayed.")
    last = max(places.values(), default=0) + 1
    seated = tuple(places.get(p, last) for p in pairing.seats)
    forfeited = frozenset(p for p in pairing.seats if p in leavers)
    return Result(round_number, pairing, seated, forfeited)
