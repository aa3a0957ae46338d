"""The data's names as a person reads them: goods, units, lands, rewards and shipping levels.

The game file, the data and the engine know these by their English ids (`cheese_dairy`,
`river_crossing`); a reader sees them in their language, through the catalogue: each name
is two messages with its kind as context (msgctxt), the name alone ("cheese dairy") and
the name counted ("{count} cheese dairy" / "{count} cheese dairies"), so a language gives
its own plurals. `extract_names` hands them to `pybabel extract` (babel.cfg).

A person may type a name in Spanish too ("4 lana" is "4 wool"): `SPANISH` holds the
Spanish edition's words as data (cli/locale/es/GLOSSARY.md says where each comes from),
the singular and the plural, which rules/words.py reads when a typed word is no English
name. tests/test_catalogues.py holds them equal to the Spanish catalogue's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, BinaryIO

from .messages import Choose, Reason

# kind -> {id: (English singular, English plural)}. The kind is the catalogue's context.
NAMES: dict[str, dict[str, tuple[str, str]]] = {
    "good": {
        "wool": ("wool", "wool"),
        "milk": ("milk", "milk"),
        "grain": ("grain", "grain"),
        "cheese": ("cheese", "cheese"),
        "bread": ("bread", "bread"),
        "whisky": ("whisky", "whisky"),
        "mutton": ("mutton", "mutton"),
        "beef": ("beef", "beef"),
        "cotton": ("cotton", "cotton"),
        "tobacco": ("tobacco", "tobacco"),
        "sugar_cane": ("sugar cane", "sugar cane"),
        "hops": ("hop", "hops"),
    },
    "unit": {
        "sheep": ("sheep", "sheep"),
        "cow": ("cow", "cows"),
        "cheese_dairy": ("cheese dairy", "cheese dairies"),
        "bakery": ("bakery", "bakeries"),
        "field": ("field", "fields"),
        "distillery": ("distillery", "distilleries"),
        "woodcutter": ("woodcutter", "woodcutters"),
        "miner": ("miner", "miners"),
        "fisherman": ("fisherman", "fishermen"),
    },
    "land": {
        "grassland": ("grassland", "grasslands"),
        "forest": ("forest", "forests"),
        "mountain": ("mountain", "mountains"),
    },
    "reward": {
        "free_space": ("free space", "free spaces"),
        "bonus_upgrade": ("bonus upgrade", "bonus upgrades"),
    },
    "shipping": {
        "none": ("none", "none"),
        "river_crossing": ("river-crossing", "river-crossing"),
        "1_loch": ("1-loch", "1-loch"),
        "2_loch": ("2-loch", "2-loch"),
        "3_loch": ("3-loch", "3-loch"),
        "4_loch": ("4-loch", "4-loch"),
    },
}

# the kinds a count goes with ("2 cows"); a shipping level is never counted
COUNTED = ("good", "unit", "land", "reward")

# id -> (Spanish singular, Spanish plural), as typed: the Spanish catalogue's words
SPANISH: dict[str, tuple[str, str]] = {
    "wool": ("lana", "lanas"),
    "milk": ("leche", "leches"),
    "grain": ("grano", "granos"),
    "cheese": ("queso", "quesos"),
    "bread": ("pan", "panes"),
    "whisky": ("whisky", "whiskies"),
    "mutton": ("cordero", "corderos"),
    "beef": ("ternera", "terneras"),
    "cotton": ("algodón", "algodones"),
    "tobacco": ("tabaco", "tabacos"),
    "sugar_cane": ("caña de azúcar", "cañas de azúcar"),
    "hops": ("lúpulo", "lúpulos"),
    "sheep": ("oveja", "ovejas"),
    "cow": ("vaca", "vacas"),
    "cheese_dairy": ("quesería", "queserías"),
    "bakery": ("panadería", "panaderías"),
    "field": ("campo", "campos"),
    "distillery": ("destilería", "destilerías"),
    "woodcutter": ("leñador", "leñadores"),
    "miner": ("minero", "mineros"),
    "fisherman": ("pescador", "pescadores"),
    "grassland": ("pradera", "praderas"),
    "forest": ("bosque", "bosques"),
    "mountain": ("montaña", "montañas"),
    "free_space": ("espacio gratis", "espacios gratis"),
    "bonus_upgrade": ("mejora de bonificación", "mejoras de bonificación"),
    "none": ("sin envío", "sin envío"),
    "river_crossing": ("cruce de río", "cruce de río"),
    "1_loch": ("1-loch", "1-loch"),
    "2_loch": ("2-loch", "2-loch"),
    "3_loch": ("3-loch", "3-loch"),
    "4_loch": ("4-loch", "4-loch"),
}

# what the translator reads about each kind
_KIND_COMMENTS = {
    "good": "a good (a resource) as printed on the market board and the contract tiles",
    "unit": "a unit (a piece on the map) as named on the player board",
    "land": "a land type of the map's spaces",
    "reward": "what a contract tile gives besides goods and money",
    "shipping": "a shipping level (the shipping track of the player board)",
}


def kind_of(name: str) -> str | None:
    """The kind of the data id `name` ("cow": "unit"), None for an id that is no name."""
    for kind, names in NAMES.items():
        if name in names:
            return kind
    return None


def counted_ids(kind: str, name: str) -> tuple[str, str]:
    """The counted name's message ids: ("{count} cow", "{count} cows")."""
    singular, plural = NAMES[kind][name]
    return f"{{count}} {singular}", f"{{count}} {plural}"


Found = tuple[int, str, tuple[str, ...], list[str]]  # Babel's (line, function, messages, comments)


def extract_names(
    fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[Found]:
    """Babel's extraction method for this file: each name, alone and counted, with its
    kind as context (the keywords `pgettext:1c,2` and `npgettext:1c,2,3`)."""
    for kind, names in NAMES.items():
        comment = f"TRANSLATORS: {_KIND_COMMENTS[kind]}"
        for name in names:
            yield (0, "pgettext", (kind, alone(kind, name)), [comment])
            if kind in COUNTED:
                yield (0, "npgettext", (kind, *counted_ids(kind, name)), [comment])


def alone(kind: str, name: str) -> str:
    """The English name alone, as the catalogue's message id holds it (the good hops is
    named in the plural, as the market board shows it)."""
    if kind == "good" and name == "hops":
        return "hops"
    return NAMES[kind][name][0]


class Name(Reason):
    """A data name as a value a person reads: alone ("cheese dairy") or counted ("2 cheese
    dairies"), in English as the str, in the reader's language when rendered (the
    catalogue's entry of its kind)."""

    __slots__ = ()

    def __new__(cls, name: str, count: int | None = None) -> Name:
        kind = kind_of(name) or "good"
        if count is None:
            english, key = alone(kind, name), f"{kind}\x04{alone(kind, name)}"
        else:
            singular, plural = counted_ids(kind, name)
            english = (singular if count == 1 else plural).format(count=count)
            key = f"{kind}\x04{singular}"
        self = str.__new__(cls, english)
        self.message_id = key
        self.fields = {"name": name, "count": count}
        return self

    def render(
        self,
        translate: Callable[[str], str],
        choose: Choose | None = None,
        plain: Callable[[str], str] | None = None,
    ) -> str:
        name, count = self.fields["name"], self.fields["count"]
        if count is None:
            found = translate(self.message_id)
        else:
            kind = kind_of(name) or "good"
            singular, plural = (f"{kind}\x04{i}" for i in counted_ids(kind, name))
            if choose is None:
                found = translate(singular if count == 1 else plural)
            else:
                found = choose(singular, plural, count)
        if "\x04" in found:  # no translation: the English words
            return str(self)
        return found.format(count=count) if count is not None else found

    def __repr__(self) -> str:
        return f"Name({self.fields['name']!r}, {self.fields['count']!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return Name, (self.fields["name"], self.fields["count"])


def counted(name: str, count: object) -> str:
    """'2 wool' as its reader says it (a Name: '2 lanas'), or as written when `name` is no
    data name or `count` no number (a malformed event still reads)."""
    if kind_of(name) is None or isinstance(count, bool) or not isinstance(count, int):
        return f"{count} {name}"
    return Name(name, count)
