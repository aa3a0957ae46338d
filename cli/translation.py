"""The reader's language: the sentences the rules give as values (`Reason`), rendered
through the standard gettext machinery.

Catalogues are `locale/LANG/LC_MESSAGES/caledonia.mo` inside this package (README,
"Translating caledonia"); `CALEDONIA_LOCALEDIR` names another folder of the same shape (to
try a catalogue before it is installed). The language is the usual one: the first of
LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set, as gettext reads them. Without a
catalogue for it, the English source text. No catalogue is looked for until a sentence
that has a message id is shown, so commands that show none (`--version`, `score`) never
look.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from pathlib import Path

from caledonia.rules.messages import Reason

DOMAIN = "caledonia"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LOCALE_DIR_VARIABLE = "CALEDONIA_LOCALEDIR"
_LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def tr(text: str) -> str:
    """`text` in the reader's language: a Reason translated (English when no catalogue has
    it), any other text as it is (not converted to a message yet)."""
    if not isinstance(text, Reason):
        return text
    return text.render(translator())


def translator() -> Callable[[str], str]:
    """The gettext function of the reader's language, as the environment says now."""
    settings = (os.environ.get(LOCALE_DIR_VARIABLE) or str(LOCALE_DIR),) + tuple(
        os.environ.get(name, "") for name in _LANGUAGE_VARIABLES
    )
    return _catalogue(settings)


@functools.cache
def _catalogue(settings: tuple[str, ...]) -> Callable[[str], str]:
    # keyed by the environment, so a process whose variables change (a test) sees them
    import gettext

    return gettext.translation(DOMAIN, settings[0], fallback=True).gettext
