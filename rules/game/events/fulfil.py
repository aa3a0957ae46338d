"""Fulfil an export contract (action VII): pay its goods, slaughter the animals its meat
asks for, and take what it gives: money, imports (the tracks move), hops, free spaces and
bonus upgrades."""

from __future__ import annotations

from itertools import combinations

from ..contracts import import_goods
from ..pieces import ANIMALS, unit_words
from ..spec import EventSpec, Field, canonical_space
from ..turns import finish_main, gate, may_act, turn_of


def needed_animals(contract, port_one: bool) -> int:
    """How many animals the contract's meat needs (one fewer with port tile 1)."""
    meat = contract.meat
    return meat - (1 if port_one and meat else 0)


class Fulfil(EventSpec):
    type = "fulfil"
    syntax = "PLAYER ID [--slaughter SPACE]..."
    help = "fulfil a contract"
    fields = {
        "player": Field("player"),
        "contract": Field("contract"),
        "slaughter": Field("spaces", required=False),
    }
    positional = ("player", "contract")
    flags = {"slaughter": "slaughter"}

    def normalise(self, state, e):
        e = super().normalise(state, e)
        if isinstance(e.get("slaughter"), list):
            spaces = [canonical_space(state, s) for s in e["slaughter"]]
            e["slaughter"] = sorted(spaces, key=lambda s: state.board.index.get(s, 10**6))
            if not e["slaughter"]:
                del e["slaughter"]
        return e

    def check(self, state, e):
        passage = gate(state, e["player"], main=True)
        player = passage.player
        contract_id = e["contract"]
        if contract_id not in player.open_contracts:
            held = ", ".join(map(str, player.open_contracts)) or "none"
            return [
                f"contract {contract_id} is not on {player.name}'s export box (it holds {held})"
            ]
        contract = state.parts.contracts[contract_id]
        reasons = [
            f"contract {contract_id} needs {amount} {good}; {player.name} has {player.goods[good]}"
            for good, amount in contract.pay.items()
            if good not in ANIMALS and player.goods[good] < amount
        ]
        spaces = [state.space(s) for s in e.get("slaughter", [])]
        port_one = turn_of(state, passage).port_one
        return reasons + self._slaughter_reasons(state, player, contract, spaces, port_one)

    def _slaughter_reasons(self, state, player, contract, spaces, port_one) -> list[str]:
        beef, mutton = contract.pay.get("beef", 0), contract.pay.get("mutton", 0)
        needed = needed_animals(contract, port_one)
        reasons = []
        if len(set(spaces)) != len(spaces):
            reasons.append("a space is named twice for slaughter")
        cows = sheep = 0
        for space in spaces:
            space_id = state.board.spaces[space].id
            owner = state.occupant(space)
            kind = owner.units[space] if owner else None
            if owner is not None and owner is not player:
                reasons.append(
                    f"{space_id} holds {owner.name}'s {unit_words(kind)}: "
                    f"{player.name} slaughters only their own animals"
                )
            elif kind == "cow":
                cows += 1
            elif kind == "sheep":
                sheep += 1
            elif kind is None:
                reasons.append(f"{space_id} holds no unit: only cows and sheep are slaughtered")
            else:
                reasons.append(
                    f"{space_id} holds {player.name}'s {unit_words(kind)}: "
                    "only cows and sheep are slaughtered"
                )
        if cows > beef or sheep > mutton or cows + sheep != needed:
            want = " and ".join(
                x for x in (f"{beef} cow" if beef else "", f"{mutton} sheep" if mutton else "") if x
            )
            port = " (one fewer with port tile 1)" if needed < beef + mutton else ""
            if needed or spaces:
                reasons.append(
                    f"contract {contract.id} needs {want or 'no meat'}{port} slaughtered: "
                    f"name {needed} space{'s' if needed != 1 else ''} with --slaughter"
                )
        return reasons

    def apply(self, state, e):
        passage = gate(state, e["player"], main=True)
        player = passage.player
        finish_main(state, passage)
        contract = state.parts.contracts[e["contract"]]
        notes = [f"{player.name} fulfils contract {contract.id}"]
        for good, amount in contract.pay.items():
            if good not in ANIMALS:
                player.goods[good] -= amount
        for space_id in e.get("slaughter", []):
            space = state.space(space_id)
            notes.append(f"{player.name} slaughters the {player.units[space]} on {space_id}")
            del player.units[space]
        player.open_contracts.remove(contract.id)
        player.fulfilled.append(contract.id)
        money = contract.gain.get("money", 0)
        player.money += money
        if money:
            notes.append(f"{player.name} receives £{money}")
        notes += import_goods(state, player, contract.imports)
        state.turn.free_spaces += contract.gain.get("free_space", 0)
        state.turn.bonus_upgrades += contract.gain.get("bonus_upgrade", 0)
        state.turn.port_one = False
        extras = [
            f"{contract.gain[k]} {k.replace('_', ' ')}"
            for k in ("free_space", "bonus_upgrade")
            if contract.gain.get(k)
        ]
        if extras:
            notes.append(f"{player.name} may now take: {', '.join(extras)}")
        return notes

    def options(self, state):
        events = []
        for passage in may_act(state, main=True):
            player = passage.player
            port_one = turn_of(state, passage).port_one
            for contract_id in player.open_contracts:
                contract = state.parts.contracts[contract_id]
                if any(
                    good not in ANIMALS and player.goods[good] < amount
                    for good, amount in contract.pay.items()
                ):
                    continue
                for spaces in self._slaughters(state, player, contract, port_one):
                    event = {"type": self.type, "player": player.name, "contract": contract_id}
                    if spaces:
                        event["slaughter"] = [state.board.spaces[s].id for s in sorted(spaces)]
                    events.append(event)
        return events

    @staticmethod
    def _slaughters(state, player, contract, port_one):
        """Every set of the player's animals that pays the contract's meat."""
        needed = needed_animals(contract, port_one)
        herds = {
            meat: sorted(s for s, u in player.units.items() if u == animal)
            for meat, animal in ANIMALS.items()
        }
        beef, mutton = contract.pay.get("beef", 0), contract.pay.get("mutton", 0)
        for cows in range(min(beef, needed) + 1):
            sheep = needed - cows
            if sheep > mutton:
                continue
            for some_cows in combinations(herds["beef"], cows):
                for some_sheep in combinations(herds["mutton"], sheep):
                    yield some_cows + some_sheep

    def describe(self, e):
        slaughter = e.get("slaughter")
        return f"{e['player']} fulfils contract {e['contract']}" + (
            f", slaughtering on {', '.join(slaughter)}" if slaughter else ""
        )

    def option_words(self, state, e):
        summary = state.parts.contracts[e["contract"]].summary()
        slaughter = e.get("slaughter")
        return f"contract {e['contract']} ({summary})" + (
            f", slaughtering on {', '.join(slaughter)}" if slaughter else ""
        )


SPEC = Fulfil()
