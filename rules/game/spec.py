"""What every kind of event declares about itself, in one place.

An event is plain data, `{type: trade, player: Ailsa, side: buy, good: whisky,
quantity: 2}`. Its `EventSpec` says everything about it: the fields and their
kinds, the words `caledonia act` reads and its help line, the log's wording,
`check` (pure: the reasons it is refused, never a change), `apply` (the change,
once checked) and `options` (every legal event of its kind right now).

The parser of `act`, its help, `describe`, the shape check of a game file and
`legal_events` are all derived from the specs, so a new action is one spec.

Each kind's record, a TypedDict declared next to its spec (`TradeEvent`), types those
fields for mypy: the spec is generic in it (`EventSpec[TradeEvent]`), so its methods read
only keys the record has, and `Event` (any event) is the union of the records, narrowed by
`e["type"]`. At run time a record is the plain dict read from the file, as before;
tests/test_event_typing.py keeps each record and its `fields` the same.

Every event has one canonical form: the player by name, spaces as `A-07`,
defaults left out, unordered lists sorted, and what the state decides filled
in (the contracts drawn from a seeded pile). `normalise` produces it; `options`
lists only canonical events, so "legal" means "its canonical form is listed".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, TypedDict, TypeVar, cast

from ..components import components
from ..contract_faces import TileNotRead, read_tiles
from ..messages import Reason
from ..schema import Node
from ..words import Unmatched, match_word
from .state import GameState, Refused, TurnState, reason_of

if TYPE_CHECKING:
    # any event: the tagged union of every kind's record (each declared in its kind's spec
    # module); for annotations only, at run time a record is the plain dict read from a file
    from .registry import Event as Event

# the record of one kind: a TypedDict declared next to its spec
E = TypeVar("E", bound=Mapping[str, Any])

CHOICES = {
    "side": ("buy", "sell"),
    "worker": ("woodcutter", "miner"),
    "choice": ("technology", "shipping", "merchant", "retrieve"),
    "direction": ("up", "down"),
}
NUMBER_KINDS = {"count", "quantity", "amount", "bid", "contract"}


class DieRoll(TypedDict):
    """One die rolled for a good's market (a field of kind `rolls`)."""

    good: str
    die: int


class UnitSwap(TypedDict):
    """One unit a port tile swaps onto a space (a field of kind `swaps`)."""

    space: str
    unit: str


class Field(NamedTuple):
    kind: str
    required: bool = True


class WordsError(ValueError):
    """`act` words that cannot make an event; the message says what was expected."""


def shape_field(
    node: Node, kind: str, goods: tuple[str, ...], units: tuple[str, ...], typed: bool = False
) -> Any:
    """One field of an event read from a file or JSON, checked for its kind; `typed` (act's
    words, --event) reads goods, units and choices as people type them."""
    choose = typed_choice if typed else _file_choice
    if kind in ("text", "player", "space", "clan", "tile"):
        if isinstance(node.value, int) and not isinstance(node.value, bool):
            return str(node.value)
        return node.one_line()
    if kind in CHOICES:
        return choose(node, CHOICES[kind], kind)
    if kind == "good":
        return choose(node, goods, "good")
    if kind == "unit":
        return choose(node, units, "unit")
    if kind == "count":
        return node.whole(1)
    if kind in ("amount", "quantity"):  # a quantity of 0 is refused by the rules, in words
        return node.whole(0)
    if kind == "bid":  # the highest bid is a rule of the auction's, said by its check
        return node.whole(0)
    if kind == "contract":
        if typed and isinstance(node.value, str):
            return _one_tile(node.value, node)
        return node.whole(1, 50)
    if kind == "bool":
        return node.boolean()
    if kind == "ids":
        if typed and isinstance(node.value, str):
            return _tiles(node.value, node)
        return [
            _one_tile(item.value, item)
            if typed and isinstance(item.value, str)
            else item.whole(1, 50)
            for item in node
        ]
    if kind == "spaces":
        return [item.one_line() for item in node]
    if kind == "goods":
        return [choose(item, goods, "good") for item in node]
    if kind == "rolls":
        rolls = []
        for item in node:
            entry = item.mapping(required=("good", "die"))
            good = choose(entry["good"], goods, "good")
            rolls.append({"good": good, "die": entry["die"].whole(-3, 3)})
        return rolls
    if kind == "swaps":
        swaps = []
        for item in node:
            entry = item.mapping(required=("space", "unit"))
            unit = choose(entry["unit"], units, "unit")
            swaps.append({"space": entry["space"].one_line(), "unit": unit})
        return swaps
    raise ValueError(f"unknown field kind {kind}")  # a bug in a spec, not in the input


def _tiles(text: str, node: Node | None = None, what: str = "") -> list[int]:
    """Contract tiles as typed: by the goods their left half shows ('4 wool, 2 beef') or ids."""
    try:
        return read_tiles(text, components().contracts)
    except TileNotRead as problem:
        if node is not None:
            raise node.fail(reason_of(problem)) from None
        raise WordsError(_about(what, reason_of(problem))) from None


def _about(what: str, reason: str) -> Reason:
    # TRANSLATORS: {what} names the word or option of `caledonia act` the reason is about
    return Reason("{what}: {reason}", what=what, reason=reason)


def _one_tile(text: str, node: Node | None = None, what: str = "") -> int:
    tiles = _tiles(text, node, what)
    if len(tiles) != 1:
        reason = Reason(
            "expected one contract tile, got {got} in {text!r}", got=len(tiles), text=text
        )
        if node is not None:
            raise node.fail(reason)
        raise WordsError(_about(what, reason))
    return tiles[0]


def _file_choice(node: Node, names: tuple[str, ...], what: str) -> str:
    return node.choice(names)


def typed_choice(node: Node, names: tuple[str, ...], what: str) -> str:
    """A name as typed: any case, spelling or unambiguous start (rules/words.py)."""
    if not isinstance(node.value, str):
        return node.choice(names)
    found = match_word(node.value, names, what)
    if isinstance(found, Unmatched):
        raise node.fail(found.reason)
    return found


def whole_word(text: str, what: str) -> int:
    try:
        return int(text.strip().lstrip("+"))
    except ValueError:
        reason = Reason("expected a whole number, got {text!r}", text=text)
        raise WordsError(_about(what, reason)) from None


def choice_word(text: str) -> str:
    """A choice as typed ('Cheese dairy', 'cheese-dairy') in the data's spelling."""
    return text.strip().lower().replace(" ", "_").replace("-", "_")


def word_value(kind: str, text: str, name: str) -> int | str:
    """One `act` word read as a field of `kind`; choice words in any letter case."""
    if kind == "contract" and not text.strip().lstrip("+").isdigit():
        return _one_tile(text, what=name.upper() if name.isidentifier() else name)
    if kind in NUMBER_KINDS:
        return whole_word(text, name.upper())
    if kind in CHOICES or kind in ("good", "unit"):
        return choice_word(text)
    return text


class EventSpec(Generic[E]):
    """One kind of event. Subclasses set the class attributes and override what differs."""

    type: ClassVar[str]
    syntax: ClassVar[str]  # act's words after the verb, e.g. "PLAYER buy|sell GOOD N"
    help: ClassVar[str]  # one line for `act --help`
    fields: ClassVar[Mapping[str, Field]]
    positional: ClassVar[tuple[str, ...]] = ()  # fields read in order from act's words
    flags: ClassVar[Mapping[str, str]] = {}  # act option name -> field
    correction: ClassVar[bool] = False  # a fix: outside the rules, never listed as legal
    defaults: ClassVar[Mapping[str, object]] = {}  # values the canonical form leaves out
    # The rule behind the kind in one or two sentences in the rulebook's own terms, and the
    # rulebook's section that has it: what `?` in play and `options --explain` show
    rule: ClassVar[str] = ""
    section: ClassVar[str] = ""
    # a clan's own kind: the clan and which of its powers (rules/data/clans.yaml) it uses
    power: ClassVar[tuple[str, int] | None] = None
    # How `play`'s first menu offers the kind, so that no table in cli/ lists the kinds:
    # its line's words (a message id, translated where shown), the key a table learns it
    # by (t for trade; None: any free key), and its place in every first menu (lower first)
    menu_words: ClassVar[str] = ""
    menu_key: ClassVar[str | None] = None
    menu_order: ClassVar[int | None] = None
    optional: ClassVar[bool] = False  # may be done at such moments, never waited for
    # a first menu that would hold this kind alone, nothing else to decide (a clan to
    # choose, a production, a starting worker), is skipped: the kind's own menu is shown
    asked_at_once: ClassVar[bool] = False
    # A bonus the turn may still hold after its action, taken by this kind: its words
    # (a message id), and `bonus_open` says whether the turn still holds it
    open_bonus: ClassVar[str] = ""
    # The questions `play` narrows a long list of the kind by, by name (cli/choosing.py
    # LEVELS), before the field-by-field ones every kind has
    narrowed_by: ClassVar[tuple[str, ...]] = ()

    def bonus_open(self, turn: TurnState) -> bool:
        """Whether `turn` still holds this kind's `open_bonus` (any other event may close
        it: turns.py close_window)."""
        return False

    @property
    def verb(self) -> str:
        return self.type.replace("_", "-")

    # -- shape -----------------------------------------------------------------
    def shape(
        self, node: Node, goods: tuple[str, ...], units: tuple[str, ...], typed: bool = False
    ) -> E:
        required = [name for name, f in self.fields.items() if f.required]
        optional = [name for name, f in self.fields.items() if not f.required]
        entries = node.mapping(required=("type", *required), optional=optional)
        event: dict[str, Any] = {"type": self.type}
        for name, f in self.fields.items():
            if name in entries and entries[name].value is not None:
                event[name] = shape_field(entries[name], f.kind, goods, units, typed)
        return cast(E, event)  # each field checked for its kind above

    # -- act's words -------------------------------------------------------------
    def parse_words(self, words: list[str], options: dict[str, list[str]]) -> E:
        """The event `caledonia act GAME VERB WORDS...` means; WordsError when it cannot."""
        words = self._in_field_order(self._tile_words(words))
        need = [n for n in self.positional if self.fields[n].required]
        if not len(need) <= len(words) <= len(self.positional):
            raise WordsError(
                Reason(
                    "usage: caledonia act GAME {verb} {syntax}", verb=self.verb, syntax=self.syntax
                )
            )
        event: dict[str, Any] = {"type": self.type}
        for name, word in zip(self.positional, words, strict=False):
            event[name] = word_value(self.fields[name].kind, word, name)
        for option, values in options.items():
            event.update(self.parse_option(option, values))
        return cast(E, event)  # the rules' check says what a word of the wrong value means

    def _tile_words(self, words: list[str]) -> list[str]:
        """Contracts typed by their goods, unquoted ('4 wool, 2 beef'): the words from the
        first contract field on are read as tiles, one word per tile."""
        kinds = [self.fields[n].kind for n in self.positional]
        if "contract" not in kinds:
            return words
        start = kinds.index("contract")
        tail = words[start:]
        if all(w.strip().lstrip("+").isdigit() or w.lower() == "none" for w in tail):
            return words
        tiles = _tiles(" ".join(tail), what=self.positional[start])
        return words[:start] + [str(t) for t in tiles]

    def _in_field_order(self, words: list[str]) -> list[str]:
        """Words as a table types them: a unit or good of two words unquoted ('cheese dairy')
        is one word when there are more words than fields, and a number typed before its
        good or unit ('buy 2 whisky') goes after it."""
        words = list(words)
        for i, name in enumerate(self.positional[: len(words) - 1]):
            kind = self.fields[name].kind
            if kind not in ("unit", "good"):
                continue
            if len(words) > len(self.positional) and words[i + 1].replace("-", "").isalpha():
                words[i : i + 2] = [f"{words[i]} {words[i + 1]}"]
            after = self.positional[i + 1] if i + 1 < len(self.positional) else None
            if (
                after
                and self.fields[after].kind in NUMBER_KINDS
                and i + 1 < len(words)
                and words[i].strip().lstrip("+").isdigit()
                and not words[i + 1].strip().lstrip("+").isdigit()
            ):
                words[i], words[i + 1] = words[i + 1], words[i]
        return words

    def parse_option(self, option: str, values: list[str]) -> dict[str, Any]:
        name = self.flags.get(option)
        if name is None:
            raise WordsError(
                Reason("unknown option --{option} for {verb}", option=option, verb=self.verb)
            )

        kind = self.fields[name].kind
        if kind == "bool":
            return {name: True}
        if kind == "spaces":
            return {name: [s.strip() for text in values for s in text.split(",") if s.strip()]}
        if kind == "ids":  # ids or the tiles' goods: '12, 31', '4 wool, 2 beef', 'none'
            return {name: _tiles(values[-1], what=f"--{option}")}
        return {name: word_value(kind, values[-1], f"--{option}")}

    # -- the rules -------------------------------------------------------------------
    def normalise(self, state: GameState, e: E) -> E:
        """The canonical form: the player by name, defaults left out."""
        event = {k: v for k, v in e.items() if self.defaults.get(k, object()) != v}
        if "player" in event:
            event["player"] = canonical_player(state, event["player"])
        return cast(E, event)  # the same record, its defaults left out

    def check(self, state: GameState, e: E) -> list[str]:
        """Every reason the rules refuse `e` now; empty when it is legal. Never changes state."""
        raise NotImplementedError

    def apply(self, state: GameState, e: E) -> list[str]:
        """Make the change of a checked event; the notes say in words what happened."""
        raise NotImplementedError

    def check_and_apply(self, state: GameState, e: E) -> list[str]:
        """`check`, then `apply` when nothing refuses `e`: Refused with the reasons (the
        state unchanged), else the notes. A kind whose check and change work out the same
        things (a placement's spot) does that work once here."""
        try:
            reasons = self.check(state, e)
        except Refused as refused:
            reasons = refused.reasons
        if reasons:
            raise Refused(reasons)
        return self.apply(state, e)

    def options(self, state: GameState) -> Iterable[E]:
        """Every legal event of this kind now, in canonical form."""
        return ()

    def describe(self, e: E) -> str:
        raise NotImplementedError

    def probe_values(self, state: GameState, player: str, name: str) -> tuple[Any, ...]:
        """The values of field `name` worth asking `check` about when no event of this
        kind is legal (why_not.py); empty: every value its kind may take."""
        return ()

    def rule_words(self, state: GameState, e: E | None = None) -> Reason:
        """The rule behind an event of this kind (`e`, when it changes the rule: a port tile's
        effect), with where the rulebook has it. A clan's kind says the clan's power in the
        data's own words (its sentence is a catalogue message of its own)."""
        if self.power is not None:
            clan, index = self.power
            powers = state.parts.clans[clan].powers
            power = Reason(powers[min(index, len(powers) - 1)])
            where = Reason("Clan {clan}, in the appendix", clan=clan)
            text = (
                Reason("{rule} {more}", rule=Reason(self.rule), more=power) if self.rule else power
            )
            return with_section(text, where)
        return with_section(Reason(self.rule), Reason(self.section))

    def option_words(self, state: GameState, e: E) -> str:
        """A legal event as `options` lists it: the action in words with what it costs."""
        return self.describe(e)


def with_section(rule: Reason, section: Reason) -> Reason:
    """A rule and where the rulebook has it: 'Pay £4 to ... (rulebook: VI. Hire A Merchant)'."""
    # TRANSLATORS: {rule} is a rule of the game in one or two sentences, {section} the name
    # of the rulebook's section that has it
    return Reason("{rule} (rulebook: {section})", rule=rule, section=section)


def player_of(e: Mapping[str, object]) -> str | None:
    """Who an event of any kind is by; None for the table's own (a preparation)."""
    who = e.get("player")
    return who if isinstance(who, str) else None


def canonical_player(state: GameState, who: Any) -> Any:
    """The player's name as set up, for a name or colour in any letter case."""
    if not isinstance(who, str):
        return who
    try:
        return state.player(who).name
    except Refused:
        return who


def canonical_space(state: GameState, space: Any) -> Any:
    if not isinstance(space, str):
        return space
    try:
        return state.board.spaces[state.board.lookup(space)].id
    except ValueError:
        return space


def event_key(e: Mapping[str, object]) -> tuple[tuple[str, Any], ...]:
    """A hashable form of a canonical event, to compare events as sets."""
    return tuple(sorted((k, _frozen(v)) for k, v in e.items()))


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    return value
