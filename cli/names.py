"""The data's names in the reader's language where they reach the reader as plain text.

The engine and the views hand a name around as its English id or words ("cow",
"river-crossing", "2 cheese dairies", "4 wool → 2 cotton, 1 hop, free space (1)"): a
field of a sentence, or a table's cell. For a reader of another language, `reader` gives
the function that renders such a text in that language (rules/names.py has the names
and their catalogue entries): a name alone, a name counted, and a list or contract face
made of nothing but those (with £ amounts and a tile's id), each part through the
catalogue. Any other text is left as it is: a player's name, a word the table typed. An
English reader never gets here (cli/translation.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from caledonia.rules.names import COUNTED, NAMES, alone, counted_ids

# what may part the names of a list or a contract face, and a tile's id at its end
_PARTS = re.compile(r"( → | \+ |, |; )")
_TILE_ID = re.compile(r"^(.*?)( \(\d+\*?\))$", re.S)
_COUNTED = re.compile(r"^(\d+) (.+)$")
_MONEY = re.compile(r"^£\d+$")
# "none" is a shipping level, but also an everyday word: a level shows as a Name instead
_NOT_ALONE = frozenset({"none"})


def reader(catalogue: Any) -> Callable[[str], str]:
    """The plain-text renderer of `catalogue` (a gettext translations object)."""
    alone_forms: dict[str, str] = {}
    counted_forms: dict[str, tuple[str, str]] = {}
    plural_forms: dict[str, str] = {}
    for kind, names in NAMES.items():
        for name, (singular, plural) in names.items():
            translated = catalogue.pgettext(kind, alone(kind, name))
            for form in {name, name.replace("_", " "), name.replace("_", "-"), alone(kind, name)}:
                if form not in _NOT_ALONE:
                    alone_forms.setdefault(form, translated)
            if kind not in COUNTED:
                continue
            many = catalogue.npgettext(kind, *counted_ids(kind, name), 2).format(count=2)
            many = many[2:] if many.startswith("2 ") else translated
            if plural != singular:
                plural_forms.setdefault(plural, many)
            for form in {singular, plural, alone(kind, name), name.replace("_", " ")}:
                counted_forms.setdefault(form, (kind, name))

    def counted(count: int, name: tuple[str, str]) -> str:
        kind, data_id = name
        form: str = catalogue.npgettext(kind, *counted_ids(kind, data_id), count)
        return form.format(count=count)

    def part(text: str) -> str | None:
        labelled = _TILE_ID.match(text)
        if labelled:  # '6 wool (2)': a tile by its face and id
            found = part(labelled.group(1))
            return None if found is None else found + labelled.group(2)
        if text[:1].isupper() and text[1:2].islower():  # a name heading a sentence
            found = part(text[0].lower() + text[1:])
            return None if found is None else found[:1].upper() + found[1:]
        if text in alone_forms:
            return alone_forms[text]
        if text in plural_forms:
            return plural_forms[text]
        count = _COUNTED.match(text)
        if count and count.group(2) in counted_forms:
            return counted(int(count.group(1)), counted_forms[count.group(2)])
        if _MONEY.match(text):
            return text
        return None

    def render(text: str) -> str:
        if not text or not text[0].isalnum() and not text.startswith("£"):
            return text
        whole = part(text)
        if whole is not None:
            return whole
        pieces = _PARTS.split(text)
        if len(pieces) == 1:
            return text
        rendered = []
        for index, piece in enumerate(pieces):
            if index % 2:  # a separator
                rendered.append(piece)
                continue
            found = part(piece)
            if found is None:
                return text
            rendered.append(found)
        return "".join(rendered)

    return render
