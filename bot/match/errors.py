"""Refusals: each says, in a whole sentence for the player, why nothing was done.

The match rules and the service check everything before they change anything; when they
refuse they raise one of these and the database is exactly as it was. The words are a
`Message` (a key of the presentation's catalogue and named values), so that each face
writes the sentence, and the members it names, in its own way.
"""

from __future__ import annotations

from bot.match.phrases import Message


class ServiceError(Exception):
    """Base of every refusal; `sentence` is shown to the player (`str(error)` in plain
    words)."""

    def __init__(self, sentence: Message) -> None:
        self.sentence = sentence
        super().__init__(sentence)

    def __str__(self) -> str:
        return str(self.sentence)

    @property
    def message(self) -> str:
        """The refusal in plain words (members as "member N")."""
        return str(self.sentence)


class NotFound(ServiceError):
    """The match or challenge does not exist (or not in this server)."""


class NotAllowed(ServiceError):
    """The member may not do this: not in the match, not invited, not the challenger."""


class NotYourTurn(ServiceError):
    """Another seat is to act."""


class IllegalMoveError(ServiceError):
    """The text is not a move, or the rules forbid it now; the message names the rule."""


class PositionChanged(ServiceError):
    """The match moved on between reading it and writing the action; look again."""


class LimitReached(ServiceError):
    """Too many pending challenges or active matches (anti-spam limits)."""


class ChannelBusy(ServiceError):
    """The channel or thread already holds an active match, or is not where to challenge."""


class BadOption(ServiceError):
    """A game option, player count, clock or other setting is not acceptable."""


class ChallengeClosed(ServiceError):
    """The challenge was already accepted, declined, cancelled or has expired."""


class MatchOver(ServiceError):
    """The match has already ended."""


class NoProposal(ServiceError):
    """There is no draw offer or takeback request to answer, or it is not the member's to answer."""


class TakebackRefused(ServiceError):
    """A takeback cannot be asked now: disabled, solo, revealed information, nothing to undo."""


class TooLate(ServiceError):
    """The action is only possible earlier: aborting after the first turns."""


class ClockError(ServiceError):
    """A timeout cannot be claimed (no clock, time not up), or vacation cannot be taken."""


class ReplayError(ServiceError):
    """An exported record cannot be read or does not replay."""


class CannotSave(ServiceError):
    """The database refuses writes (a full disk, a read-only file): nothing was changed."""


class CannotReach(CannotSave):
    """The database server cannot be reached (stopped, restarting, the network down), so
    nothing could be read or changed."""


class OutcomeUnknown(CannotSave):
    """The database's answer to a COMMIT was lost (the connection dropped): the action may
    have been saved or not. The service looks its request up before answering."""
