"""The sentences of the component data (a clan's powers, a port tile's effect, what a
scoring tile scores) as messages of the catalogue, for `pybabel extract` (babel.cfg names
`extract_data` as the method for rules/data/*.yaml).

The data files stay English, the source language; the CLI shows each of these sentences
through the catalogue (cli/translation.data_text), so a translator translates them with the
rest. Only the fields below are sentences a person reads; notes, sources and statuses are
for the people who keep the data.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from .messages import Reason
from .yamlfile import parse_yaml

# file name -> {key holding a sentence (or a list of them): what it is, for the translator}
SENTENCES: dict[str, dict[str, str]] = {
    "clans.yaml": {
        "powers": "a power of Clan {name}",
        "not_public": "a value of Clan {name} the table enters from its box (not public)",
    },
    "contracts.yaml": {"note": "a note on contract {id}, shown under the list of contracts"},
    "port_tiles.yaml": {
        "effect": "the effect of port tile {id}",
        "default": "port tile {id}: its erratum, as played",
        "original_2017_text": "port tile {id}: its erratum, as first printed in 2017",
        "note": "a note on port tile {id}, shown under its effect",
    },
    "scoring_tiles.yaml": {
        "scores": "what scoring tile {id} scores",
        "note": "a note on scoring tile {id}, shown under what it scores",
    },
}

Found = tuple[int, None, str, list[str]]  # Babel's (line, function, message, comments)


class Headline(Reason):
    """The headline of one of these sentences (its words before the first ':' or ' ('),
    lower-cased: 'upgrades' for "Upgrades: shipping steps taken, ...". Rendered, it is the
    headline of the sentence's translation."""

    __slots__ = ()

    def __new__(cls, sentence: str) -> Headline:
        self = str.__new__(cls, headline(sentence))
        self.message_id = sentence
        self.fields = {}
        return self

    def render(self, translate: Any, choose: Any = None, plain: Any = None) -> str:
        return headline(translate(self.message_id))

    def __reduce__(self) -> tuple[Any, ...]:
        return Headline, (self.message_id,)


def headline(sentence: str) -> str:
    what = sentence.split(" (")[0].split(":")[0]
    return what[:1].lower() + what[1:]


def extract_data(
    fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[Found]:
    """Babel's extraction method: each sentence of a component data file, with its line
    and a comment saying whose it is."""
    name = Path(getattr(fileobj, "name", "")).name
    wanted = SENTENCES.get(name)
    if not wanted:
        return
    data = parse_yaml(fileobj.read().decode("utf-8-sig"), name)
    yield from _sentences(data, wanted, {})


def _sentences(value: Any, wanted: dict[str, str], owner: dict[str, Any]) -> Iterator[Found]:
    if isinstance(value, list):
        for item in value:
            yield from _sentences(item, wanted, owner)
        return
    if not isinstance(value, dict):
        return
    if "name" in value or "id" in value:
        owner = value
    for key, item in value.items():
        if key in wanted:
            comment = "TRANSLATORS: " + wanted[key].format(
                name=owner.get("name", "?"), id=owner.get("id", "?")
            )
            yield from _texts_of(value, key, comment)
        else:
            yield from _sentences(item, wanted, owner)


def _texts_of(value: dict[str, Any], key: str, comment: str) -> Iterator[Found]:
    """The sentence (or list of sentences) under `key`, each at its line, with `comment`."""
    item = value[key]
    texts = item if isinstance(item, list) else [item]
    lines = getattr(item, "lines", None) or [getattr(value, "lines", {}).get(key)] * len(texts)
    for text, line in zip(texts, lines, strict=False):
        if isinstance(text, str):
            yield (line or 0, None, text, [comment])
