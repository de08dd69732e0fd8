"""Logging to standard error: one line per event, and never the bot's token."""

from __future__ import annotations

import logging
import sys
from typing import TextIO

FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"
REDACTED = "[token hidden]"


class OneLineFormatter(logging.Formatter):
    """Formats a record on a single line: tracebacks are folded with " | " and any secret
    (the token) is replaced, whether it sits in the message, its arguments or a traceback."""

    def __init__(self, secrets: tuple[str, ...] = ()) -> None:
        super().__init__(FORMAT, datefmt="%Y-%m-%d %H:%M:%S")
        self.secrets = tuple(s for s in secrets if s)

    def format(self, record: logging.LogRecord) -> str:
        """The record as one line, secrets hidden."""
        line = super().format(record)
        for secret in self.secrets:
            line = line.replace(secret, REDACTED)
        return " | ".join(part for part in line.splitlines() if part.strip())


def setup_logging(
    level: str = "INFO", *, secrets: tuple[str, ...] = (), stream: TextIO | None = None
) -> None:
    """Send every logger's records to standard error (or `stream`), one line each.

    Replaces any handler set earlier on the root logger, so calling it twice is harmless.
    """
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(OneLineFormatter(secrets))
    root = logging.getLogger()
    for old in root.handlers[:]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
    logging.getLogger("discord.http").setLevel(max(root.level, logging.INFO))
