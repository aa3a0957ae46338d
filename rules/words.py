"""The table's words: a name as people type it, and counts in plain English.

`match_word` reads a typed word against a vocabulary (the units, the goods, the
verbs...): any letter case; spaces, hyphens or underscores alike (`cheese dairy`,
`cheese-dairy`, `cheese_dairy`); the plural (`cows`); or the start of the name or
of one of its words (`dist`, `dairy`) when only one name fits. A word that fits
none or several is not guessed: the answer is an `Unmatched` listing the candidates.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple
from unicodedata import combining, normalize

from .messages import Joined, Reason
from .names import SPANISH
from .plaindata import ECHO_LIMIT

# the free-text checks live in plaindata.py; the engine and the command line find them here
from .plaindata import MAX_NAME as MAX_NAME
from .plaindata import control_in as control_in
from .plaindata import name_problem as name_problem
from .plaindata import shortened as shortened

# nouns whose plural is the word itself, or that are plural already
_SAME_PLURAL = frozenset({"sheep", "hops", "fish", "goods", "glory"})


def spoken(name: str) -> str:
    """A data name as words: `cheese_dairy` -> `cheese dairy`."""
    return name.replace("_", " ")


def plural(noun: str) -> str:
    """The plural of one of the table's nouns: cheese dairy -> cheese dairies, hops -> hops."""
    words = spoken(noun)
    head, _, last = words.rpartition(" ")
    lower = last.lower()
    if lower in _SAME_PLURAL:
        many = last
    elif re.search(r"[^aeiou]y$", lower):
        many = last[:-1] + "ies"
    elif re.search(r"(s|x|z|ch|sh)$", lower):
        many = last + "es"
    else:
        many = last + "s"
    return f"{head} {many}" if head else many


def counted(count: int, noun: str, many: str | None = None) -> str:
    """`1 contract`, `2 contracts`, `0 cheese dairies` (`many`: an irregular plural)."""
    return f"{count} {spoken(noun) if count == 1 else (many or plural(noun))}"


def one_of(names: Iterable[str], joiner: str = "or") -> str:
    """`a`, `a or b`, `a, b or c`."""
    names = list(names)
    if len(names) == 1:
        return names[0]  # as it is: a Reason stays one, to be read in the reader's language
    if not names:
        return ""
    fields = {"names": Joined(", ", names[:-1]), "last": names[-1]}
    # TRANSLATORS: {names} are one or more names (of spaces, goods, players...) joined by
    # commas, {last} the last one
    if joiner == "or":
        return Reason("{names} or {last}", **fields)
    if joiner == "and":
        return Reason("{names} and {last}", **fields)
    return f"{fields['names']} {joiner} {fields['last']}"


def sentence(reason: str) -> str:
    """A reason given as a clause ("give one side of each module...") as a sentence to read."""
    return reason[:1].upper() + reason[1:] + ("" if reason.endswith(".") else ".")


def _kind_words() -> dict[str, tuple[str, str]]:
    """The kinds of word a vocabulary holds, singular and plural, as messages."""
    # TRANSLATORS: the kind of word a player typed, in "no {what} 'gold'" and its plural
    return {
        "unit": (Reason("unit"), Reason("units")),
        "good": (Reason("good"), Reason("goods")),
        "gain": (Reason("gain"), Reason("gains")),
        "contract good": (Reason("contract good"), Reason("contract goods")),
        "action": (Reason("action"), Reason("actions")),
        "event type": (Reason("event type"), Reason("event types")),
        "correction": (Reason("correction"), Reason("corrections")),
        "clan": (Reason("clan"), Reason("clans")),
        "worker": (Reason("worker"), Reason("workers")),
        "side": (Reason("side"), Reason("sides")),
        "choice": (Reason("choice"), Reason("choices")),
        "direction": (Reason("direction"), Reason("directions")),
    }


class Unmatched(NamedTuple):
    """A typed word that names nothing, or names several things: never guessed."""

    typed: str
    what: str  # what the vocabulary holds, singular: "unit", "good", "action"
    candidates: tuple[str, ...]  # the names it could be (all of them when it fits none)
    ambiguous: bool

    @property
    def reason(self) -> str:
        words = [spoken(name) for name in self.candidates]
        what, whats = _kind_words().get(self.what, (self.what, plural(self.what)))
        # TRANSLATORS: {typed} is what the player typed, {what} the kind of word asked for
        # ("unit", "good", "action"), {names} the words it could be
        if self.ambiguous:
            return Reason(
                "{typed!r} could be {names}: give more of the {what}",
                typed=self.typed.strip(),
                names=one_of(words),
                what=what,
            )
        return Reason(
            "no {what} {typed!r}: the {whats} are {names}",
            what=what,
            typed=self.typed.strip(),
            whats=whats,
            names=Joined(", ", words),
        )


def _key(text: str) -> str:
    return " ".join(re.split(r"[\s_\-]+", text.strip().casefold())).strip()


def _forms(name: str) -> set[str]:
    forms = {_key(name), _key(plural(name))}
    return forms | {form.replace(" ", "") for form in forms}


def is_name(typed: str, name: str) -> bool:
    """Whether `typed` is the whole of `name` (any case or separator, or its plural), in
    English or in Spanish."""
    return _key(typed) in _forms(name) or _folded(typed) in _spanish_forms(name)


def match_word(typed: str, names: Iterable[str], what: str) -> str | Unmatched:
    """The name in `names` that `typed` means, or an `Unmatched` with the candidates. A
    data name may be typed in Spanish too ("lana" is wool, "queseria" a cheese dairy):
    looked up only when the English names have none that fits."""
    names = tuple(dict.fromkeys(names))
    key = _key(typed)
    if key:
        found = _named_exactly(key, typed, names) or _named_by_start(key, typed, names)
        if len(found) == 1:
            return found[0]
        if found:
            return Unmatched(typed, what, tuple(found), ambiguous=True)
    return Unmatched(typed, what, names, ambiguous=False)


def _named_exactly(key: str, typed: str, names: tuple[str, ...]) -> list[str]:
    """The names `typed` is (any case, spacing or plural), in English, else in Spanish."""
    exact = [name for name in names if key in _forms(name)]
    if exact:
        return exact
    folded = _folded(typed)
    return [name for name in names if folded in _spanish_forms(name)]


def _named_by_start(key: str, typed: str, names: tuple[str, ...]) -> list[str]:
    """The names `typed` starts (or starts one of their words), in English, else in Spanish."""
    starts = [name for name in names if _starts(key, _key(name))]
    if starts:
        return starts
    folded = _folded(typed)
    return [name for name in names if any(_starts(folded, form) for form in _spanish_forms(name))]


def _folded(text: str) -> str:
    """A typed word as the Spanish names are compared: its key without accents (lupulo)."""
    return "".join(c for c in normalize("NFD", _key(text)) if not combining(c))


def _spanish_forms(name: str) -> frozenset[str]:
    """The Spanish words of a data name (rules/names.py), singular and plural, folded."""
    return frozenset(_folded(form) for form in SPANISH.get(name, ()))


def _starts(key: str, name: str) -> bool:
    """Whether `key` is the start of the name, or of one of its words (`dairy`, `dist`)."""
    if name.startswith(key) or name.replace(" ", "").startswith(key.replace(" ", "")):
        return True
    words = name.split(" ")
    return any(" ".join(words[i:]).startswith(key) for i in range(1, len(words)))


class WordNotKnown(ValueError):
    """A typed word that `resolve_word` could not read; `unmatched` has the candidates."""

    def __init__(self, unmatched: Unmatched):
        self.unmatched = unmatched
        super().__init__(unmatched.reason)


def resolve_word(typed: str, names: Iterable[str], what: str) -> str:
    """Like `match_word`, for callers that stop at the first bad word: WordNotKnown."""
    found = match_word(typed, names, what)
    if isinstance(found, Unmatched):
        raise WordNotKnown(found)
    return found


# -- the values echoed back (the checks of free text are plaindata's) -------------------

_LONG_WORD = re.compile(r"[^\s'\"(),:;]{%d,}" % (ECHO_LIMIT + 1))  # quotes stay around it


def with_long_words_shortened(text: str) -> str:
    """`text` with every word longer than ECHO_LIMIT shortened (a pasted number, a name);
    a file's path stays whole, to be found."""

    def short(found: re.Match[str]) -> str:
        word = found.group()
        return word if "/" in word or "\\" in word else shortened(word)

    return _LONG_WORD.sub(short, text)
