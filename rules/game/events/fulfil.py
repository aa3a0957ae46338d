"""Fulfil an export contract (action VII): pay its goods, slaughter the animals its meat
asks for, and take what it gives: money, imports (the tracks move), hops, free spaces and
bonus upgrades. A clan may fulfil two in one action: their goods and meat are paid
together, and port tile 1 spares one animal of the two."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, NotRequired, TypedDict

from ...contract_faces import choices, tile, tiles
from ...messages import Joined, Plural, Reason
from ...names import counted
from ...position import AND
from ...space_names import short_place
from ..contracts import import_goods, named, paired
from ..pieces import ANIMALS, unit_words
from ..spec import EventSpec, Field, canonical_space
from ..turns import MEAT, binding, finish_main, gate, may_act, turn_of

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from ...components import Contract
    from ..state import GameState, PlayerState


class Meat(NamedTuple):
    """The animals contracts ask for together: at most `beef` cows and `mutton` sheep,
    `needed` in all (one fewer with port tile 1)."""

    beef: int
    mutton: int
    needed: int


def meat_of(contracts: Iterable[Contract], port_one: bool) -> Meat:
    beef = sum(c.pay.get("beef", 0) for c in contracts)
    mutton = sum(c.pay.get("mutton", 0) for c in contracts)
    meat = sum(c.meat for c in contracts)
    return Meat(beef, mutton, meat - (1 if port_one and meat else 0))


def serves(state: GameState, e: FulfilEvent) -> str | None:
    """The binding a fulfil meets: a contract requiring meat meets port 1's (ruling 27)."""
    contracts = [state.parts.contracts.get(c) for c in named(e)]
    return MEAT if any(c is not None and c.meat for c in contracts) else None


def goods_owed(contracts: Iterable[Contract]) -> dict[str, int]:
    owed: dict[str, int] = {}
    for contract in contracts:
        for good, amount in contract.pay.items():
            if good not in ANIMALS:
                owed[good] = owed.get(good, 0) + amount
    return owed


class FulfilEvent(TypedDict):
    type: Literal["fulfil"]
    player: str
    contract: int
    second: NotRequired[int]
    slaughter: NotRequired[list[str]]


class Fulfil(EventSpec[FulfilEvent]):
    type = "fulfil"
    menu_words = Reason("Fulfil a contract")
    menu_key = "f"
    menu_order = 50
    narrowed_by = ("how_many_contracts", "which_contract_first")
    rule = Reason(
        "Pay the Goods on the left half of your Export contract (Meat by slaughtering Cows or"
        " Sheep on the map) and receive what its right half shows: Import goods and Direct "
        "export bonuses."
    )
    section = Reason("VII. Fulfill An Export Contract")
    syntax = "PLAYER ID [ID] [--slaughter SPACE]..."
    help = Reason("fulfil a contract (two where a clan allows)")
    fields = {
        "player": Field("player"),
        "contract": Field("contract"),
        "second": Field("contract", required=False),
        "slaughter": Field("spaces", required=False),
    }
    positional = ("player", "contract", "second")
    flags = {"slaughter": "slaughter"}

    def normalise(self, state: GameState, e: FulfilEvent) -> FulfilEvent:
        e = paired(super().normalise(state, e), "contract", "second")
        if isinstance(e.get("slaughter"), list):
            spaces = [canonical_space(state, s) for s in e["slaughter"]]
            e["slaughter"] = sorted(spaces, key=lambda s: state.board.index.get(s, 10**6))
            if not e["slaughter"]:
                del e["slaughter"]
        return e

    def check(self, state: GameState, e: FulfilEvent) -> list[str]:
        passage = gate(state, e["player"], main=True, serves=serves(state, e))
        player = passage.player
        ids = named(e)
        if len(ids) > state.rules.contracts_per_action(state, player):
            return [Reason("{player} fulfils one contract per action", player=player.name)]
        if len(set(ids)) < len(ids):
            return [Reason("contract {contract} is named twice", contract=ids[0])]
        not_held = self._not_held_reasons(state, player, ids)
        if not_held:
            return not_held
        contracts = [state.parts.contracts[c] for c in ids]
        which = tiles(ids, state.parts.contracts)
        reasons = self._goods_reasons(player, contracts, which)
        spaces = [state.space(s) for s in e.get("slaughter", [])]
        meat = meat_of(contracts, turn_of(state, passage).port_one)
        return reasons + self._slaughter_reasons(state, player, which, meat, spaces)

    @staticmethod
    def _not_held_reasons(state: GameState, player: PlayerState, ids: list[int]) -> list[str]:
        """The contracts named that are not in the player's export box."""
        held = tiles(player.open_contracts, state.parts.contracts)
        missing = [c for c in ids if c not in player.open_contracts]
        if missing and not player.open_contracts:
            return [
                Reason(
                    "{player}'s export box is empty: a contract is fulfilled from the export "
                    "box, once obtained",
                    player=player.name,
                )
            ]
        return [
            Reason(
                "{contract} is not in {player}'s export box (it holds {held})",
                contract=tile(c, state.parts.contracts),
                player=player.name,
                held=held,
            )
            for c in missing
        ]

    @staticmethod
    def _goods_reasons(player: PlayerState, contracts: list[Contract], which: str) -> list[str]:
        """Each good the contracts (`which`, in words) need more of than the player has."""
        return [
            Plural(
                "{contracts} needs {amount} {good}; {player} has {held}",
                "{contracts} need {amount} {good}; {player} has {held}",
                count=len(contracts),
                contracts=which,
                amount=amount,
                good=good,
                player=player.name,
                held=player.goods[good],
            )
            for good, amount in goods_owed(contracts).items()
            if player.goods[good] < amount
        ]

    def _slaughter_reasons(
        self, state: GameState, player: PlayerState, which: str, meat: Meat, spaces: list[int]
    ) -> list[str]:
        reasons: list[str] = []
        if len(set(spaces)) != len(spaces):
            reasons.append(Reason("a space is named twice for slaughter"))
        cows = sheep = 0
        for space in spaces:
            refused = self._slaughter_refusal(state, player, space)
            if refused is not None:
                reasons.append(refused)
                continue
            kind = player.units[space]
            cows += kind == "cow"
            sheep += kind == "sheep"
        if (cows > meat.beef or sheep > meat.mutton or cows + sheep != meat.needed) and (
            meat.needed or spaces
        ):
            reasons.append(slaughter_wanted(which, meat))
        return reasons

    @staticmethod
    def _slaughter_refusal(state: GameState, player: PlayerState, space: int) -> str | None:
        """Why the unit on `space` is not one of the player's cows or sheep (None: it is)."""
        space_id = state.board.spaces[space].id
        owner = state.occupant(space)
        kind = owner.units[space] if owner else None
        if owner is not None and owner is not player:
            return Reason(
                "{space} holds {owner}'s {unit}: {player} slaughters only their own animals",
                space=space_id,
                owner=owner.name,
                unit=unit_words(owner.units[space]),
                player=player.name,
            )
        if kind in ("cow", "sheep"):
            return None
        if kind is None:
            return Reason(
                "{space} holds no unit: only cows and sheep are slaughtered", space=space_id
            )
        return Reason(
            "{space} holds {player}'s {unit}: only cows and sheep are slaughtered",
            space=space_id,
            player=player.name,
            unit=unit_words(kind),
        )

    def apply(self, state: GameState, e: FulfilEvent) -> list[str]:
        passage = gate(state, e["player"], main=True, serves=serves(state, e))
        player = passage.player
        finish_main(state, passage)
        contracts = [state.parts.contracts[c] for c in named(e)]
        notes: list[str] = [
            Reason(
                "{player} fulfils {contracts}",
                player=player.name,
                contracts=tiles(named(e), state.parts.contracts),
            )
        ]
        for good, amount in goods_owed(contracts).items():
            player.goods[good] -= amount
        for space_id in e.get("slaughter", []):
            space = state.space(space_id)
            notes.append(
                Reason(
                    "{player} slaughters the {unit} on {space}",
                    player=player.name,
                    unit=player.units[space],
                    space=space_id,
                )
            )
            del player.units[space]
        for contract in contracts:
            notes += self._gains(state, player, contract)
        state.turn.port_one = False
        extras = [
            Plural("{count} free space", "{count} free spaces", count=state.turn.free_spaces)
            if state.turn.free_spaces
            else "",
            Plural(
                "{count} bonus upgrade", "{count} bonus upgrades", count=state.turn.bonus_upgrades
            )
            if state.turn.bonus_upgrades
            else "",
        ]
        if any(extras):
            taken = Joined(", ", [x for x in extras if x])
            notes.append(
                Reason("{player} may now take: {extras}", player=player.name, extras=taken)
            )
        return notes

    @staticmethod
    def _gains(state: GameState, player: PlayerState, contract: Contract) -> list[str]:
        """What one fulfilled contract gives: money, imports, free spaces, upgrades."""
        notes: list[str] = []
        player.open_contracts.remove(contract.id)
        player.fulfilled.append(contract.id)
        money = contract.gain.get("money", 0)
        player.money += money
        if money:
            notes.append(Reason("{player} receives £{money}", player=player.name, money=money))
        imported: list[str] = [counted(g, n) for g, n in contract.imports.items() if n]
        if contract.hops:
            imported.append(Plural("{count} hop", "{count} hops", count=contract.hops))
        if imported:
            goods = Joined(", ", imported)
            notes.append(Reason("{player} imports {goods}", player=player.name, goods=goods))
        notes += import_goods(state, player, contract.imports)
        state.turn.free_spaces += contract.gain.get("free_space", 0)
        state.turn.bonus_upgrades += contract.gain.get("bonus_upgrade", 0)
        return notes + state.rules.on_fulfil(state, player, contract)

    def options(self, state: GameState) -> Iterable[FulfilEvent]:
        events: list[FulfilEvent] = []
        bound = binding(state.turn) == MEAT
        for passage in may_act(state, main=True, serves=MEAT if bound else None):
            player = passage.player
            port_one = turn_of(state, passage).port_one
            meat_only = bound and not passage.new_turn
            for ids, spaces in ways_to_fulfil(state, player, port_one, meat_only):
                event: FulfilEvent = {"type": "fulfil", "player": player.name, "contract": ids[0]}
                if len(ids) > 1:
                    event["second"] = ids[1]
                if spaces:
                    event["slaughter"] = [state.board.spaces[s].id for s in sorted(spaces)]
                events.append(event)
        return events

    def probe_values(self, state: GameState, player: str, name: str) -> tuple[Any, ...]:
        held = next((p.open_contracts for p in state.players if p.name == player), [])
        return tuple(held) if name == "contract" else ()

    def describe(self, e: FulfilEvent) -> str:
        slaughter = e.get("slaughter")
        ids = named(e)
        if slaughter:
            return Reason(
                "{player} fulfils {contracts}, slaughtering on {spaces}",
                player=e["player"],
                contracts=tiles(ids),
                spaces=Joined(", ", slaughter),
            )
        return Reason("{player} fulfils {contracts}", player=e["player"], contracts=tiles(ids))

    def option_words(self, state: GameState, e: FulfilEvent) -> str:
        summary = choices(named(e), state.parts.contracts)
        slaughter = [  # each animal by where it stands: the board prints no ids
            # TRANSLATORS: a space by its id, then where it lies on the table
            Reason(
                "{space} ({place})", space=space, place=short_place(state.board, state.space(space))
            )
            for space in e.get("slaughter") or ()
        ]
        if slaughter:
            return Reason(
                "{contracts}, slaughtering on {spaces}",
                contracts=summary,
                spaces=Joined(", ", slaughter),
            )
        return summary


def slaughter_wanted(which: str, meat: Meat) -> str:
    """'4 wool → … needs 1 cow slaughtered: meat is paid only by slaughtering …': what the
    contracts `which` ask slaughtered, when the spaces named do not pay it."""
    beef = Plural("{count} cow", "{count} cows", count=meat.beef) if meat.beef else ""
    mutton = Plural("{count} sheep", "{count} sheep", count=meat.mutton) if meat.mutton else ""
    want: str = Reason(AND, first=beef, second=mutton) if beef and mutton else beef or mutton
    if not want:
        want = Reason("no meat")
    if meat.needed < meat.beef + meat.mutton:
        want = Reason("{meat} (one fewer with port tile 1)", meat=want)
    fields = {"contracts": which, "meat": want}
    if " and " in which:  # two contracts (tiles joins two with 'and')
        return Plural(
            "{contracts} need {meat} slaughtered: meat is paid only by slaughtering an animal "
            "of yours on the map",
            "{contracts} need {meat} slaughtered: meat is paid only by slaughtering {count} "
            "animals of yours on the map",
            count=meat.needed,
            **fields,
        )
    return Plural(
        "{contracts} needs {meat} slaughtered: meat is paid only by slaughtering an animal "
        "of yours on the map",
        "{contracts} needs {meat} slaughtered: meat is paid only by slaughtering {count} "
        "animals of yours on the map",
        count=meat.needed,
        **fields,
    )


def ways_to_fulfil(
    state: GameState, player: PlayerState, port_one: bool, meat_only: bool = False
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every (contract ids, spaces slaughtered) `player` may fulfil in one action, as far as
    goods and animals go; `meat_only`: only those with a contract requiring meat."""
    most = state.rules.contracts_per_action(state, player)
    held = sorted(player.open_contracts)
    for count in range(1, min(most, len(held)) + 1):
        for ids in combinations(held, count):
            contracts = [state.parts.contracts[c] for c in ids]
            if meat_only and not any(c.meat for c in contracts):
                continue
            if any(player.goods[g] < n for g, n in goods_owed(contracts).items()):
                continue
            for spaces in slaughters(player, meat_of(contracts, port_one)):
                yield ids, spaces


def slaughters(player: PlayerState, meat: Meat) -> Iterator[tuple[int, ...]]:
    """Every set of the player's animals that pays the meat."""
    herds = {
        meat_kind: sorted(s for s, u in player.units.items() if u == animal)
        for meat_kind, animal in ANIMALS.items()
    }
    for cows in range(min(meat.beef, meat.needed) + 1):
        sheep = meat.needed - cows
        if sheep > meat.mutton:
            continue
        for some_cows in combinations(herds["beef"], cows):
            for some_sheep in combinations(herds["mutton"], sheep):
                yield some_cows + some_sheep


SPEC = Fulfil()
