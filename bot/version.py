"""Which Shiftcord this is: the version installed from pyproject.toml."""

from __future__ import annotations

from importlib import metadata


def shiftcord_version() -> str:
    """The installed package's version ("unknown" when run from a folder not installed)."""
    try:
        return metadata.version("shiftcord")
    except metadata.PackageNotFoundError:
        return "unknown"
