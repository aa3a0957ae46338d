"""The reader's language: the sentences the rules give as values (`Reason`), rendered
through the standard gettext machinery.

Catalogues are `locale/LANG/LC_MESSAGES/caledonia.mo` inside this package (README,
"Translating caledonia"; the Spanish one ships); `CALEDONIA_LOCALEDIR` names another
folder of the same shape (to try a catalogue before it is installed). The language is
`CALEDONIA_LANG` when it is set (`CALEDONIA_LANG=es`), else the usual one: the first of
LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set, as gettext reads them (gettext reads
the variables alone, so `LANG=es_ES.UTF-8` gives Spanish on a system without that locale).
Without a catalogue for it, the English source text. The data's names (goods, units,
lands...) come through the catalogue too, where a view gives them as plain text
(cli/names.py). No catalogue is looked for until a sentence
that has a message id is shown, so commands that show none (`--version`) never look; and
a reader of English, the source language, never loads gettext at all.

The CLI writes its own sentences with `t` (and `t_n` where a count chooses the form): the
English message id with named fields, translated at once, since the CLI is where text
meets the reader. A sentence kept in a table for later is marked `N_` and given to `t`
when shown.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from caledonia.rules.messages import Plural, Reason

DOMAIN = "caledonia"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LOCALE_DIR_VARIABLE = "CALEDONIA_LOCALEDIR"
LANGUAGE_VARIABLE = "CALEDONIA_LANG"
_LANGUAGE_VARIABLES = (LANGUAGE_VARIABLE, "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def t(message_id: str, /, **fields: Any) -> str:
    """The CLI's sentence `message_id` (English, with named fields) in the reader's
    language; a field that is a Reason is rendered in it too."""
    return tr(Reason(message_id, **fields))


def t_n(singular: str, plural: str, count: int, /, **fields: Any) -> str:
    """A sentence whose form the count chooses ("{count} game" / "{count} games"), in the
    reader's language; the count is the field `count`."""
    return tr(Plural(singular, plural, count, **fields))


def data_text(text: str) -> str:
    """A sentence of the component data (a clan's power, a port tile's effect, what a
    scoring tile scores: rules/data_messages.py) in the reader's language; it has no
    fields."""
    return translator()(text)


def tr(text: str) -> str:
    """`text` in the reader's language: a Reason translated (English when no catalogue has
    it), any other text as it is (a name from the data, a word typed)."""
    catalogue = _catalogue(_settings())
    if isinstance(catalogue, _English):
        return (
            text.render(catalogue.gettext, catalogue.ngettext) if isinstance(text, Reason) else text
        )
    names = _names(catalogue)
    if not isinstance(text, Reason):
        return names(text) if type(text) is str else text
    return text.render(catalogue.gettext, catalogue.ngettext, names)


def translator() -> Callable[[str], str]:
    """The gettext function of the reader's language, as the environment says now."""
    gettext: Callable[[str], str] = _catalogue(_settings()).gettext
    return gettext


def language_settings() -> tuple[str, ...]:
    """What chooses the reader's language now: the catalogue folder, the variables, and
    each compiled catalogue in the folder with its size and time (a translator who compiles
    again sees the new words at once). A text kept for later in the reader's language is
    kept under them (views.py). English needs no catalogue: its settings alone."""
    settings = _settings()
    if _reads_english(settings):
        return settings
    compiled = []
    for found in sorted(Path(settings[0]).glob(f"*/LC_MESSAGES/{DOMAIN}.mo")):
        try:
            stat = found.stat()
        except OSError:
            continue
        compiled.append(f"{found} {stat.st_size} {stat.st_mtime_ns}")
    return settings + tuple(compiled)


def _settings() -> tuple[str, ...]:
    return (os.environ.get(LOCALE_DIR_VARIABLE) or str(LOCALE_DIR),) + tuple(
        os.environ.get(name, "") for name in _LANGUAGE_VARIABLES
    )


@functools.cache
def _catalogue(settings: tuple[str, ...]) -> Any:
    # keyed by the environment, so a process whose variables change (a test) sees them
    if _reads_english(settings):
        return _English()
    import gettext

    chosen = settings[1]  # CALEDONIA_LANG, over the usual variables
    languages = chosen.split(":") if chosen else None
    return gettext.translation(DOMAIN, settings[0], languages=languages, fallback=True)


@functools.cache
def _names(catalogue: Any) -> Callable[[str], str]:
    from .names import reader

    return reader(catalogue)


class _English:
    """The source language, as gettext's fallback gives it, without importing gettext."""

    @staticmethod
    def gettext(message: str) -> str:
        return message

    @staticmethod
    def ngettext(singular: str, plural: str, count: int) -> str:
        return singular if count == 1 else plural


def _reads_english(settings: tuple[str, ...]) -> bool:
    """Whether gettext would find no catalogue: the languages asked for (as gettext reads
    the variables: the first one set, a list split on ':', up to 'C') are English or the C
    locale, and the packaged folder holds no English catalogue. Most tables read English,
    so most commands never load gettext and the locale module."""
    folder, *variables = settings
    if folder != str(LOCALE_DIR) or any(p.name.startswith("en") for p in LOCALE_DIR.iterdir()):
        return False
    return _english_first(next((value.split(":") for value in variables if value), []))


def _english_first(asked: list[str]) -> bool:
    """Whether the languages `asked`, in their order, are English up to the C locale (or
    the end): gettext would then fall back to the source language."""
    for language in asked:
        if language in ("C", "POSIX") or language.startswith("C."):
            return True
        if not (language == "en" or language.startswith(("en_", "en.", "en@"))):
            return False
    return True
