"""Extract the translations' templates from the code and update every language's .po
files: `python -m bot.translations` (scripts/translations), after changing a sentence.

Each domain's English texts are read where they live (the presentation's catalogue
modules); a translator then fills the new msgstrs of locales/<language>/<domain>.po.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from babel.messages.catalog import Catalog

from bot.presentation.extraction import (
    messages_template,
    pictures_template,
    update_translations,
    write_template,
)

#: How each domain's template is extracted, a function per domain.
TEMPLATES: tuple[Callable[[], Catalog], ...] = (messages_template, pictures_template)


def main() -> int:
    """Write every template that changed and update the .po files; say what was done."""
    for extract in TEMPLATES:
        template = extract()
        changed = write_template(template)
        update_translations(template)
        state = "extracted anew" if changed else "unchanged"
        print(f"{template.domain}: template {state}; .po files updated.", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
