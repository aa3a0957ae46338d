"""Corrections: the physical table is the truth, so the file follows it.

A fix sets one thing to what the table shows (money, glory, goods, a price, a
unit on the map, merchants, a contract, shipping, technology). Fixes are
events, so the log shows them and undo takes them back; they are outside the
rules, so `legal_events` never lists them. A fix still has to describe a
possible table: a unit on land it can stand on, a price on its track, no
negative money.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, cast

from ...contract_faces import tile
from ...messages import N_, Plural, Reason
from ...position import refuse_land, refuse_place
from ...reach import SHIPPING_LEVELS
from ...words import Unmatched, match_word
from ..pieces import port_letter, port_word
from ..spec import (
    EventSpec,
    Field,
    WordsError,
    canonical_space,
    choice_word,
    whole_word,
    word_value,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..state import GameState, PlayerState

YES = ("yes", "true", "upgraded", "1")
NO = ("no", "false", "not", "0")
PLACES = ("open", "fulfilled", "board", "out")


# Where a fix puts a contract, as the fix's note says it and as the table says it (the log)
FIXED_PLACES = {
    "open": N_("fix: {contract} is open in {player}'s export box"),
    "fulfilled": N_("fix: {contract} is among {player}'s fulfilled contracts"),
    "board": N_("fix: {contract} is back on the export board"),
    "out": N_("fix: {contract} is out of the game"),
}
TABLE_PLACES = {
    "open": N_("the contract {contract} is open in {player}'s export box"),
    "fulfilled": N_("the contract {contract} is among {player}'s fulfilled contracts"),
    "board": N_("the contract {contract} is back on the export board"),
    "out": N_("the contract {contract} is out of the game"),
}


class Correction:
    """One kind of fix: the fields it takes (in `fix`'s word order), its check and change."""

    fields: tuple[str, ...] = ("player", "value")

    def check(self, state: GameState, e: FixEvent) -> list[str]:
        return []

    def apply(self, state: GameState, e: FixEvent) -> list[str]:
        raise NotImplementedError


class PlayerNumber(Correction):
    def __init__(self, attribute: str, note: str):
        self.attribute, self.note = attribute, note  # note: its message id

    def apply(self, state: GameState, e: FixEvent) -> list[str]:
        player = state.player(e["player"])
        before = getattr(player, self.attribute)
        setattr(player, self.attribute, e["value"])
        return [Reason(self.note, player=player.name, before=before, value=e["value"])]


class Goods(Correction):
    fields = ("player", "good", "value")

    def apply(self, state: GameState, e: FixEvent) -> list[str]:
        player = state.player(e["player"])
        before, player.goods[e["good"]] = player.goods[e["good"]], e["value"]
        return [
            Reason(
                "fix: {player}'s {good} {before} → {value}",
                player=player.name,
                good=e["good"],
                before=before,
                value=e["value"],
            )
        ]


class Price(Correction):
    fields = ("good", "value")

    def check(self, state: GameState, e: FixEvent) -> list[str]:
        problem = state.market.check_price(e["good"], e["value"])
        return [problem] if problem else []

    def apply(self, state: GameState, e: FixEvent) -> list[str]:
        before, state.prices[e["good"]] = state.prices[e["good"]], e["value"]
        return [
            Reason(
                "fix: {good} price £{before} → £{value}",
                good=e["good"],
                before=before,
                value=e["value"],
            )
        ]


class Unit(Correction):
    fields = ("player", "space", "unit")

    def check(self, state: GameState, e: FixEvent) -> list[str]:
        player = state.player(e["player"])
        letter = port_letter(e["space"])
        if letter is not None:  # a unit on a port tile (a clan's fisherman): off only
            return self.port_reasons(player, letter, e)
        space = state.space(e["space"])
        unit = choice_word(e["unit"])
        space_id = state.board.spaces[space].id
        holder = state.occupant(space)
        if unit == "none":
            if holder is player:
                return []
            return [
                Reason("{space} holds no unit of {player}'s", space=space_id, player=player.name)
            ]
        economy = state.parts.economy
        if unit not in economy.units:
            return self.unknown_unit_reasons(state, e)
        reasons: list[str] = [
            r
            for r in (
                refuse_place(state.board, space),
                refuse_land(state.board, space, unit, economy),
            )
            if r
        ]
        if holder is not None and holder is not player:
            reasons.append(
                Reason(
                    "{where} holds {player}'s {unit}",
                    where=space_id,
                    player=holder.name,
                    unit=holder.units[space],
                )
            )
        return reasons + self.none_left_reasons(state, player, space, unit)

    @staticmethod
    def port_reasons(player: PlayerState, letter: str, e: FixEvent) -> list[str]:
        """Why the unit fix on port `letter` cannot be: it only takes a unit of the
        player's off."""
        if choice_word(e["unit"]) != "none":
            return [
                Reason(
                    "a fix takes a unit off a port tile (none), never puts one on {space}",
                    space=e["space"],
                )
            ]
        if letter not in player.port_units:
            return [
                Reason(
                    "port {letter} holds no unit of {player}'s",
                    letter=letter,
                    player=player.name,
                )
            ]
        return []

    @staticmethod
    def unknown_unit_reasons(state: GameState, e: FixEvent) -> list[str]:
        """The unit named is none of the economy's: which it may mean, or that it is none."""
        economy = state.parts.economy
        found = match_word(e["unit"], (*economy.units, "none"), "unit")
        if isinstance(found, Unmatched):
            return [found.reason]
        return [Reason("no unit {unit!r}", unit=e["unit"])]

    @staticmethod
    def none_left_reasons(
        state: GameState, player: PlayerState, space: int, unit: str
    ) -> list[str]:
        """Why no `unit` of the player's is left to stand on `space`."""
        # The piece on the space goes back to the player board first; the rulebook then
        # says what is left (a clan may pool its kinds: ruling 23).
        units = {s: u for s, u in player.units.items() if s != space}
        if state.rules.units_left(state, replace(player, units=units), unit) < 1:
            return [
                Reason(
                    "all of {player}'s {unit} pieces are on the map", player=player.name, unit=unit
                )
            ]
        return []

    def apply(self, state: GameState, e: FixEvent) -> list[str]:
        player = state.player(e["player"])
        letter = port_letter(e["space"])
        if letter is not None:
            removed = player.port_units.pop(letter)
            return [
                Reason(
                    "fix: {player}'s {unit} taken off port {letter}",
                    player=player.name,
                    unit=removed,
                    letter=letter,
                )
            ]
        space = state.space(e["space"])
        unit = choice_word(e["unit"])
        space_id = state.board.spaces[space].id
        if unit == "none":
            removed = player.units.pop(space)
            return [
                Reason(
                    "fix: {player}'s {unit} taken off {space}",
                    player=player.name,
                    unit=removed,
                    space=space_id,
                )
            ]
        player.units[space] = unit
        return [
            Reason(
                "fix: {player}'s {unit} on {space}",
                player=player.name,
                unit=unit.replace("_", " "),
                space=space_id,
            )
        ]


class Merchants(Correction):
    def check(self, state: GameState, e: FixEvent) -> list[str]:
        player = state.player(e["player"])
        total = state.parts.economy.merchants_per_colour
        if total - e["value"] - player.merchants_out() < 0:
            return [
                Reason(
                    "{player} has {total} merchants, {market} on the market: at most {most} ready",
                    player=player.name,
                    total=total,
                    market=player.merchants_out(),
                    most=total - player.merchants_out(),
                )
            ]
        return []

    def apply(self, state: GameState, e: FixEvent) -> list[str]:
        player = state.player(e["player"])
        total = state.parts.economy.merchants_per_colour
        board = total - e["value"] - player.merchants_out()
        player.merchants_stock, player.merchants_board = e["value"], board
        return [
            Plural(
                "fix: {player} has {count} merchant ready, {board} not hired",
                "fix: {player} has {count} merchants ready, {board} not hired",
                count=e["value"],
                player=player.name,
                board=board,
            )
        ]


class Contract(Correction):
    fields = ("contract", "to", "player")

    def check(self, state: GameState, e: FixEvent) -> list[str]:
        to = e["to"]
        if to not in PLACES:
            # TRANSLATORS: open, fulfilled, board and out are what to type: keep them
            return [Reason("say where the contract goes: open, fulfilled, board or out")]
        whose = self.player_reasons(state, e, to)
        if whose:
            return whose
        contract = e["contract"]
        if to == "board" and None not in state.export_board and contract not in state.export_board:
            return [Reason("the export board has no empty box")]
        return []

    @staticmethod
    def player_reasons(state: GameState, e: FixEvent, to: str) -> list[str]:
        """A contract goes to a player's open or fulfilled ones, and only then names one."""
        if to in ("open", "fulfilled"):
            if "player" not in e:
                # TRANSLATORS: {to} is open or fulfilled, as typed
                return [Reason("say whose contract is {to}", to=to)]
            state.player(e["player"])
        elif "player" in e:
            # TRANSLATORS: {to} is board or out, as typed
            return [
                Reason("a contract on the {to} belongs to no player: leave the player out", to=to)
            ]
        return []

    @staticmethod
    def take_away(state: GameState, contract: int) -> None:
        """Take the contract from wherever it is: the board, the pile, out, a player."""
        if contract in state.export_board:
            state.export_board[state.export_board.index(contract)] = None
        if state.pile is not None and contract in state.pile:
            state.pile.remove(contract)
        if contract in state.removed:
            state.removed.remove(contract)
        for p in state.players:
            for held in (p.open_contracts, p.fulfilled):
                if contract in held:
                    held.remove(contract)

    def apply(self, state: GameState, e: FixEvent) -> list[str]:
        contract, to = e["contract"], e["to"]
        self.take_away(state, contract)
        if to == "board":
            state.export_board[state.export_board.index(None)] = contract
            return [Reason(FIXED_PLACES[to], contract=tile(contract, state.parts.contracts))]
        if to == "out":
            state.removed.append(contract)
            return [Reason(FIXED_PLACES[to], contract=tile(contract, state.parts.contracts))]
        player = state.player(e["player"])
        (player.open_contracts if to == "open" else player.fulfilled).append(contract)
        words = tile(contract, state.parts.contracts)
        return [Reason(FIXED_PLACES[to], contract=words, player=player.name)]


class Shipping(Correction):
    fields = ("player", "level")

    def check(self, state: GameState, e: FixEvent) -> list[str]:
        state.player(e["player"])
        if e["level"] not in SHIPPING_LEVELS:
            return [Reason("shipping is one of {levels}", levels=", ".join(SHIPPING_LEVELS))]
        return []

    def apply(self, state: GameState, e: FixEvent) -> list[str]:
        player = state.player(e["player"])
        player.shipping = SHIPPING_LEVELS.index(e["level"])
        level = e["level"].replace("_", "-")
        return [Reason("fix: {player}'s shipping is {level}", player=player.name, level=level)]


class Technology(Correction):
    fields = ("player", "worker", "upgraded")

    def check(self, state: GameState, e: FixEvent) -> list[str]:
        state.player(e["player"])
        return []

    def apply(self, state: GameState, e: FixEvent) -> list[str]:
        player = state.player(e["player"])
        worker = e["worker"]
        if e["upgraded"]:
            player.technology.add(worker)
        else:
            player.technology.discard(worker)
        if worker in player.technology:
            return [
                Reason(
                    "fix: {player}'s {worker} technology upgraded",
                    player=player.name,
                    worker=worker,
                )
            ]
        return [
            Reason(
                "fix: {player}'s {worker} technology not upgraded",
                player=player.name,
                worker=worker,
            )
        ]


CORRECTIONS: dict[str, Correction] = {
    "money": PlayerNumber("money", N_("fix: {player}'s money £{before} → £{value}")),
    "glory": PlayerNumber("glory", N_("fix: {player}'s glory {before} → {value}")),
    "goods": Goods(),
    "price": Price(),
    "unit": Unit(),
    "merchants": Merchants(),
    "contract": Contract(),
    "shipping": Shipping(),
    "technology": Technology(),
}
OPTIONAL = {("contract", "player")}  # a contract going to the board or out has no player


class FixEvent(TypedDict):
    type: Literal["fix"]
    what: str
    player: NotRequired[str]
    good: NotRequired[str]
    value: NotRequired[int]
    space: NotRequired[str]
    unit: NotRequired[str]
    contract: NotRequired[int]
    to: NotRequired[str]
    level: NotRequired[str]
    worker: NotRequired[str]
    upgraded: NotRequired[bool]


class Fix(EventSpec[FixEvent]):
    type = "fix"
    rule = Reason(
        "A correction makes the game match what stands on the table; it is no move of the "
        "game, so no menu of moves lists it."
    )
    section = Reason("not in the rulebook: a correction of the record")
    syntax = "WHAT ARGS..."
    help = Reason("correct the game to match the table (see caledonia fix --help)")
    correction = True
    fields = {
        "what": Field("text"),
        "player": Field("player", required=False),
        "good": Field("good", required=False),
        "value": Field("amount", required=False),
        "space": Field("space", required=False),
        "unit": Field("text", required=False),
        "contract": Field("contract", required=False),
        "to": Field("text", required=False),
        "level": Field("text", required=False),
        "worker": Field("worker", required=False),
        "upgraded": Field("bool", required=False),
    }
    # TRANSLATORS: what to type after 'fix': keep the capitals and the lower-case words
    # (money, glory, open, board, yes...) as they are; '(ready to trade)' and ', or' are words
    usage = Reason(
        "money PLAYER N; glory PLAYER N; goods PLAYER GOOD N; price GOOD N; "
        "unit PLAYER SPACE UNIT|none; merchants PLAYER N (ready to trade); "
        "contract ID open|fulfilled PLAYER, or contract ID board|out; "
        "shipping PLAYER LEVEL; technology PLAYER woodcutter|miner yes|no"
    )

    def parse_words(self, words: list[str], options: dict[str, list[str]]) -> FixEvent:
        what = self._what(words, options)
        rest = words[1:]
        correction = CORRECTIONS[what]
        names = correction.fields
        if what == "contract":  # the tile by its goods, unquoted: 'contract 4 wool open Ailsa'
            rest = _contract_joined(rest)
        least = len([n for n in names if (what, n) not in OPTIONAL])
        if not least <= len(rest) <= len(names):
            shape = " ".join(n.upper() for n in names)
            raise WordsError(
                Reason("usage: caledonia fix GAME {what} {shape}", what=what, shape=shape)
            )
        event: dict[str, Any] = {"type": "fix", "what": what}
        for name, word in zip(names, rest, strict=False):
            event[name] = self._word(name, word)
        return cast(FixEvent, event)  # the correction's own fields, by name

    def _what(self, words: list[str], options: dict[str, list[str]]) -> str:
        """What the words fix (their first), refused with options or without words."""
        if options:
            raise WordsError(
                Reason(
                    "unknown option --{option} for {verb}", option=next(iter(options)), verb="fix"
                )
            )
        if not words:
            raise WordsError(Reason("say what to fix: {usage}", usage=self.usage))
        what = match_word(words[0], tuple(CORRECTIONS), "correction")
        if isinstance(what, Unmatched):
            raise WordsError(Reason("cannot fix that: {reason}", reason=what.reason))
        return what

    @staticmethod
    def _word(name: str, word: str) -> int | str | bool:
        if name == "contract":  # an id or the tile's goods ('4 wool')
            return word_value("contract", word, "CONTRACT")
        if name == "value":
            return whole_word(word, "N")
        if name == "upgraded":
            if word.lower() in YES:
                return True
            if word.lower() in NO:
                return False
            raise WordsError(
                Reason("technology: say yes or no (upgraded or not), not {word!r}", word=word)
            )
        if name in ("good", "worker", "to", "level"):
            return word.lower().replace("-", "_")
        return word

    def normalise(self, state: GameState, e: FixEvent) -> FixEvent:
        e = super().normalise(state, e)
        # the words as typed, in the data's spelling when they say one thing (else check says why)
        vocabularies = {
            "what": (tuple(CORRECTIONS), "correction"),
            "unit": ((*state.parts.economy.units, "none"), "unit"),
            "to": (PLACES, "place"),
            "level": (SHIPPING_LEVELS, "shipping level"),
        }
        fields = cast("dict[str, Any]", e)  # the same record, read by the vocabularies' names
        for name, (names, what) in vocabularies.items():
            if isinstance(fields.get(name), str):
                found = match_word(fields[name], names, what)
                fields[name] = fields[name] if isinstance(found, Unmatched) else found
        if "space" in e:
            letter = port_letter(e["space"])
            e["space"] = port_word(letter) if letter else canonical_space(state, e["space"])
        return e

    def check(self, state: GameState, e: FixEvent) -> list[str]:
        correction = CORRECTIONS.get(e["what"])
        if correction is None:
            kinds = ", ".join(CORRECTIONS)
            return [Reason("cannot fix {what!r}: fix one of {kinds}", what=e["what"], kinds=kinds)]
        shape = _shape_reasons(correction, e)
        if shape:
            return shape
        if "player" in e and e["what"] != "contract":
            state.player(e["player"])
        return correction.check(state, e)

    def apply(self, state: GameState, e: FixEvent) -> list[str]:
        return CORRECTIONS[e["what"]].apply(state, e)

    def describe(self, e: FixEvent) -> str:
        """The correction in the table's words: what the table now shows."""
        what, who = e["what"], e.get("player")
        if what == "contract" and e.get("to") in PLACES:
            return Reason(TABLE_PLACES[e["to"]], contract=tile(e["contract"]), player=who)
        if what in TABLE_WORDS:
            return TABLE_WORDS[what](e)
        return Reason("a {what} correction", what=what)


def _contract_joined(rest: list[str]) -> list[str]:
    """The words after 'contract' with the tile's goods joined into one word ('4 wool')."""
    to = next((i for i, w in enumerate(rest) if w.lower() in PLACES), len(rest))
    if to > 1:
        rest = [" ".join(rest[:to]), *rest[to:]]
    return rest


def _shape_reasons(correction: Correction, e: FixEvent) -> list[str]:
    """A field the correction needs that the event lacks, or one it takes no part of."""
    wanted = set(correction.fields)
    missing = [n for n in correction.fields if n not in e and (e["what"], n) not in OPTIONAL]
    extra = [k for k in e if k not in ("type", "what") and k not in wanted]
    if missing:
        # TRANSLATORS: {what} is a kind of fix (money, unit...); {fields}, what it lacks
        return [Reason("a {what} fix needs {fields}", what=e["what"], fields=" and ".join(missing))]
    if extra:
        return [Reason("a {what} fix takes no {field}", what=e["what"], field=extra[0])]
    return []


def _good_words(good: str) -> str:
    return good.replace("_", " ")


def _unit_words(e: FixEvent) -> str:
    if choice_word(e["unit"]) == "none":
        return Reason("{player}'s unit is off {space}", player=e["player"], space=e["space"])
    return Reason(
        "{player}'s {unit} now stands on {space}",
        player=e["player"],
        unit=_good_words(e["unit"]),
        space=e["space"],
    )


def _technology_words(e: FixEvent) -> str:
    if e["upgraded"]:
        return Reason(
            "{player}'s {worker} technology is now upgraded", player=e["player"], worker=e["worker"]
        )
    return Reason(
        "{player}'s {worker} technology is not upgraded", player=e["player"], worker=e["worker"]
    )


# each kind of correction as the table says it, from the event alone (the log has no state)
TABLE_WORDS: dict[str, Callable[[FixEvent], str]] = {
    "money": lambda e: Reason(
        "{player}'s money is now £{value}", player=e["player"], value=e["value"]
    ),
    "glory": lambda e: Reason(
        "{player}'s glory is now {value}", player=e["player"], value=e["value"]
    ),
    "goods": lambda e: Reason(
        "{player} now holds {value} {good}",
        player=e["player"],
        value=e["value"],
        good=_good_words(e["good"]),
    ),
    "price": lambda e: Reason(
        "the {good} price is now £{value}", good=_good_words(e["good"]), value=e["value"]
    ),
    "merchants": lambda e: Plural(
        "{player} now has {count} merchant ready to trade",
        "{player} now has {count} merchants ready to trade",
        count=e["value"],
        player=e["player"],
    ),
    "unit": _unit_words,
    "shipping": lambda e: Reason(
        "{player}'s shipping is now {level}",
        player=e["player"],
        level=e["level"].replace("_", "-"),
    ),
    "technology": _technology_words,
}


SPEC = Fix()
