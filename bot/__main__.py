"""`python -m bot`: start Shiftcord."""

from __future__ import annotations

import sys

from bot.config import ConfigError, Settings


def main(argv: list[str] | None = None) -> int:
    """Read the settings and start the bot; a missing setting stops it with a clear message."""
    settings = Settings.from_env()
    try:
        settings.require_token()
    except ConfigError as error:
        print(f"shiftcord: {error}", file=sys.stderr)
        return 2
    print("shiftcord: the Discord layer is not built yet.", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
