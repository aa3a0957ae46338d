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
from typing import TYPE_CHECKING

from ...contract_faces import tile
from ...position import refuse_land, refuse_place
from ...reach import SHIPPING_LEVELS
from ...words import Unmatched, counted, match_word
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
    from ..spec import Event
    from ..state import GameState

YES = ("yes", "true", "upgraded", "1")
NO = ("no", "false", "not", "0")
PLACES = ("open", "fulfilled", "board", "out")


def contract_place(to: str, player: str | None) -> str:
    """Where a fix puts a contract, in words: 'is open in Ailsa's export box'."""
    return {
        "open": f"is open in {player}'s export box",
        "fulfilled": f"is among {player}'s fulfilled contracts",
        "board": "is back on the export board",
        "out": "is out of the game",
    }[to]


class Correction:
    """One kind of fix: the fields it takes (in `fix`'s word order), its check and change."""

    fields: tuple[str, ...] = ("player", "value")

    def check(self, state, e) -> list[str]:
        return []

    def apply(self, state, e) -> list[str]:
        raise NotImplementedError


class PlayerNumber(Correction):
    def __init__(self, attribute: str, words: str, money: bool = False):
        self.attribute, self.words, self.money = attribute, words, money

    def apply(self, state, e):
        player = state.player(e["player"])
        before = getattr(player, self.attribute)
        setattr(player, self.attribute, e["value"])
        sign = "£" if self.money else ""
        return [f"fix: {player.name}'s {self.words} {sign}{before} → {sign}{e['value']}"]


class Goods(Correction):
    fields = ("player", "good", "value")

    def apply(self, state, e):
        player = state.player(e["player"])
        before, player.goods[e["good"]] = player.goods[e["good"]], e["value"]
        return [f"fix: {player.name}'s {e['good']} {before} → {e['value']}"]


class Price(Correction):
    fields = ("good", "value")

    def check(self, state, e):
        problem = state.market.check_price(e["good"], e["value"])
        return [problem] if problem else []

    def apply(self, state, e):
        before, state.prices[e["good"]] = state.prices[e["good"]], e["value"]
        return [f"fix: {e['good']} price £{before} → £{e['value']}"]


class Unit(Correction):
    fields = ("player", "space", "unit")

    def check(self, state, e):
        player = state.player(e["player"])
        letter = port_letter(e["space"])
        if letter is not None:  # a unit on a port tile (a clan's fisherman): off only
            if choice_word(e["unit"]) != "none":
                return [
                    f"a fix takes a unit off a port tile (none), never puts one on {e['space']}"
                ]
            if letter not in player.port_units:
                return [f"port {letter} holds no unit of {player.name}'s"]
            return []
        space = state.space(e["space"])
        unit = choice_word(e["unit"])
        space_id = state.board.spaces[space].id
        holder = state.occupant(space)
        if unit == "none":
            return [] if holder is player else [f"{space_id} holds no unit of {player.name}'s"]
        economy = state.parts.economy
        if unit not in economy.units:
            found = match_word(e["unit"], (*economy.units, "none"), "unit")
            return [found.reason if isinstance(found, Unmatched) else f"no unit {e['unit']!r}"]
        reasons: list[str] = [
            r
            for r in (
                refuse_place(state.board, space),
                refuse_land(state.board, space, unit, economy),
            )
            if r
        ]
        if holder is not None and holder is not player:
            reasons.append(f"{space_id} holds {holder.name}'s {holder.units[space]}")
        # The piece on the space goes back to the player board first; the rulebook then
        # says what is left (a clan may pool its kinds: ruling 23).
        units = {s: u for s, u in player.units.items() if s != space}
        if state.rules.units_left(state, replace(player, units=units), unit) < 1:
            reasons.append(f"all of {player.name}'s {unit} pieces are on the map")
        return reasons

    def apply(self, state, e):
        player = state.player(e["player"])
        letter = port_letter(e["space"])
        if letter is not None:
            removed = player.port_units.pop(letter)
            return [f"fix: {player.name}'s {removed} taken off port {letter}"]
        space = state.space(e["space"])
        unit = choice_word(e["unit"])
        space_id = state.board.spaces[space].id
        if unit == "none":
            removed = player.units.pop(space)
            return [f"fix: {player.name}'s {removed} taken off {space_id}"]
        player.units[space] = unit
        return [f"fix: {player.name}'s {unit.replace('_', ' ')} on {space_id}"]


class Merchants(Correction):
    def check(self, state, e):
        player = state.player(e["player"])
        total = state.parts.economy.merchants_per_colour
        if total - e["value"] - player.merchants_out() < 0:
            return [
                f"{player.name} has {total} merchants, {player.merchants_out()} on the market: "
                f"at most {total - player.merchants_out()} ready"
            ]
        return []

    def apply(self, state, e):
        player = state.player(e["player"])
        total = state.parts.economy.merchants_per_colour
        board = total - e["value"] - player.merchants_out()
        player.merchants_stock, player.merchants_board = e["value"], board
        ready = counted(e["value"], "merchant")
        return [f"fix: {player.name} has {ready} ready, {board} not hired"]


class Contract(Correction):
    fields = ("contract", "to", "player")

    def check(self, state, e):
        to = e["to"]
        if to not in PLACES:
            return ["say where the contract goes: open, fulfilled, board or out"]
        if to in ("open", "fulfilled"):
            if "player" not in e:
                return [f"say whose contract is {to}"]
            state.player(e["player"])
        elif "player" in e:
            return [f"a contract on the {to} belongs to no player: leave the player out"]
        contract = e["contract"]
        if to == "board" and None not in state.export_board and contract not in state.export_board:
            return ["the export board has no empty box"]
        return []

    def apply(self, state, e):
        contract, to = e["contract"], e["to"]
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
        if to == "board":
            state.export_board[state.export_board.index(None)] = contract
            return [f"fix: {tile(contract, state.parts.contracts)} {contract_place(to, None)}"]
        if to == "out":
            state.removed.append(contract)
            return [f"fix: {tile(contract, state.parts.contracts)} {contract_place(to, None)}"]
        player = state.player(e["player"])
        (player.open_contracts if to == "open" else player.fulfilled).append(contract)
        return [f"fix: {tile(contract, state.parts.contracts)} {contract_place(to, player.name)}"]


class Shipping(Correction):
    fields = ("player", "level")

    def check(self, state, e):
        state.player(e["player"])
        if e["level"] not in SHIPPING_LEVELS:
            return [f"shipping is one of {', '.join(SHIPPING_LEVELS)}"]
        return []

    def apply(self, state, e):
        player = state.player(e["player"])
        player.shipping = SHIPPING_LEVELS.index(e["level"])
        return [f"fix: {player.name}'s shipping is {e['level'].replace('_', '-')}"]


class Technology(Correction):
    fields = ("player", "worker", "upgraded")

    def check(self, state, e):
        state.player(e["player"])
        return []

    def apply(self, state, e):
        player = state.player(e["player"])
        worker = e["worker"]
        if e["upgraded"]:
            player.technology.add(worker)
        else:
            player.technology.discard(worker)
        done = "upgraded" if worker in player.technology else "not upgraded"
        return [f"fix: {player.name}'s {worker} technology {done}"]


CORRECTIONS: dict[str, Correction] = {
    "money": PlayerNumber("money", "money", money=True),
    "glory": PlayerNumber("glory", "glory"),
    "goods": Goods(),
    "price": Price(),
    "unit": Unit(),
    "merchants": Merchants(),
    "contract": Contract(),
    "shipping": Shipping(),
    "technology": Technology(),
}
OPTIONAL = {("contract", "player")}  # a contract going to the board or out has no player


class Fix(EventSpec):
    type = "fix"
    syntax = "WHAT ARGS..."
    help = "correct the game to match the table (see caledonia fix --help)"
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
    usage = (
        "money PLAYER N; glory PLAYER N; goods PLAYER GOOD N; price GOOD N; "
        "unit PLAYER SPACE UNIT|none; merchants PLAYER N (ready to trade); "
        "contract ID open|fulfilled PLAYER, or contract ID board|out; "
        "shipping PLAYER LEVEL; technology PLAYER woodcutter|miner yes|no"
    )

    def parse_words(self, words: list[str], options: dict[str, list[str]]) -> Event:
        if options:
            raise WordsError(f"unknown option --{next(iter(options))} for fix")
        if not words:
            raise WordsError(f"say what to fix: {self.usage}")
        what, rest = match_word(words[0], tuple(CORRECTIONS), "correction"), words[1:]
        if isinstance(what, Unmatched):
            raise WordsError(f"cannot fix that: {what.reason}")
        correction = CORRECTIONS[what]
        names = correction.fields
        if what == "contract":  # the tile by its goods, unquoted: 'contract 4 wool open Ailsa'
            to = next((i for i, w in enumerate(rest) if w.lower() in PLACES), len(rest))
            if to > 1:
                rest = [" ".join(rest[:to]), *rest[to:]]
        least = len([n for n in names if (what, n) not in OPTIONAL])
        if not least <= len(rest) <= len(names):
            shape = " ".join(n.upper() for n in names)
            raise WordsError(f"usage: caledonia fix GAME {what} {shape}")
        event = {"type": self.type, "what": what}
        for name, word in zip(names, rest, strict=False):
            event[name] = self._word(name, word)
        return event

    @staticmethod
    def _word(name: str, word: str):
        if name == "contract":  # an id or the tile's goods ('4 wool')
            return word_value("contract", word, "CONTRACT")
        if name == "value":
            return whole_word(word, "N")
        if name == "upgraded":
            if word.lower() in YES:
                return True
            if word.lower() in NO:
                return False
            raise WordsError(f"technology: say yes or no (upgraded or not), not {word!r}")
        if name in ("good", "worker", "to", "level"):
            return word.lower().replace("-", "_")
        return word

    def normalise(self, state: GameState, e: Event) -> Event:
        e = super().normalise(state, e)
        # the words as typed, in the data's spelling when they say one thing (else check says why)
        vocabularies = {
            "what": (tuple(CORRECTIONS), "correction"),
            "unit": ((*state.parts.economy.units, "none"), "unit"),
            "to": (PLACES, "place"),
            "level": (SHIPPING_LEVELS, "shipping level"),
        }
        for name, (names, what) in vocabularies.items():
            if isinstance(e.get(name), str):
                found = match_word(e[name], names, what)
                e[name] = e[name] if isinstance(found, Unmatched) else found
        if "space" in e:
            letter = port_letter(e["space"])
            e["space"] = port_word(letter) if letter else canonical_space(state, e["space"])
        return e

    def check(self, state: GameState, e: Event) -> list[str]:
        correction = CORRECTIONS.get(e["what"])
        if correction is None:
            return [f"cannot fix {e['what']!r}: fix one of {', '.join(CORRECTIONS)}"]
        wanted = set(correction.fields)
        missing = [n for n in correction.fields if n not in e and (e["what"], n) not in OPTIONAL]
        extra = [k for k in e if k not in ("type", "what") and k not in wanted]
        if missing:
            return [f"a {e['what']} fix needs {' and '.join(missing)}"]
        if extra:
            return [f"a {e['what']} fix takes no {extra[0]}"]
        if "player" in e and e["what"] != "contract":
            state.player(e["player"])
        return correction.check(state, e)

    def apply(self, state: GameState, e: Event) -> list[str]:
        return CORRECTIONS[e["what"]].apply(state, e)

    def describe(self, e: Event) -> str:
        """The correction in the table's words: what the table now shows."""
        what, who = e["what"], e.get("player")
        if what == "contract" and e.get("to") in PLACES:
            return f"the contract {tile(e['contract'])} {contract_place(e['to'], who)}"
        if what in TABLE_WORDS:
            return TABLE_WORDS[what](e)
        return f"a {what} correction"


def _good_words(good: str) -> str:
    return good.replace("_", " ")


def _unit_words(e: Event) -> str:
    if choice_word(e["unit"]) == "none":
        return f"{e['player']}'s unit is off {e['space']}"
    return f"{e['player']}'s {_good_words(e['unit'])} now stands on {e['space']}"


# each kind of correction as the table says it, from the event alone (the log has no state)
TABLE_WORDS = {
    "money": lambda e: f"{e['player']}'s money is now £{e['value']}",
    "glory": lambda e: f"{e['player']}'s glory is now {e['value']}",
    "goods": lambda e: f"{e['player']} now holds {e['value']} {_good_words(e['good'])}",
    "price": lambda e: f"the {_good_words(e['good'])} price is now £{e['value']}",
    "merchants": lambda e: (
        f"{e['player']} now has {counted(e['value'], 'merchant')} ready to trade"
    ),
    "unit": _unit_words,
    "shipping": lambda e: f"{e['player']}'s shipping is now {e['level'].replace('_', '-')}",
    "technology": lambda e: (
        f"{e['player']}'s {e['worker']} technology "
        + ("is now upgraded" if e["upgraded"] else "is not upgraded")
    ),
}


SPEC = Fix()
