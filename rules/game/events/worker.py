"""Starting workers: in turn order and back, anywhere on free land of the right kind,
paid in full (worker and land); some clans place more, or only on the border."""

from __future__ import annotations

from ..phases import begin_round
from ..pieces import WORKERS, space_place
from ..spec import EventSpec, Field, canonical_space
from .expand import expansion, legal_expansions


class PlaceWorker(EventSpec):
    type = "worker"
    syntax = "PLAYER woodcutter|miner SPACE"
    help = "place a starting worker"
    fields = {"player": Field("player"), "unit": Field("worker"), "space": Field("space")}
    positional = ("player", "unit", "space")

    def normalise(self, state, e):
        e = super().normalise(state, e)
        return {**e, "space": canonical_space(state, e["space"])}

    def check(self, state, e):
        if state.phase != "workers":
            return ["starting workers are placed only at set-up"]
        player = state.player(e["player"])
        expected, border_only = state.placements[0]
        if player.name != expected:
            return [f"it is {expected}'s turn to place a starting worker"]
        space = state.space(e["space"])
        check = expansion(state, player, e["unit"], space, anywhere=True)
        reasons = list(check.reasons)
        if border_only and space not in state.board.border:
            reasons.append(
                f"{check.space} is not a border space: {player.clan}'s starting workers go "
                "on the border"
            )
        return reasons

    def apply(self, state, e):
        player = state.player(e["player"])
        space = state.space(e["space"])
        check = expansion(state, player, e["unit"], space, anywhere=True)
        player.money -= check.cost
        player.units[space] = e["unit"]
        state.placements.pop(0)
        notes = [
            f"{player.name} places a {e['unit']} on {check.space} for £{check.cost}"
            + (f": {check.cost_words()}" if check.adjustments else "")
        ]
        if not state.placements:
            notes += begin_round(state, 1)
        return notes

    def options(self, state):
        if state.phase != "workers":
            return []
        name, border_only = state.placements[0]
        player = state.by_name(name)
        return [
            {"type": self.type, "player": name, "unit": check.unit, "space": check.space}
            for check in legal_expansions(state, player, WORKERS, anywhere=True)
            if not border_only or state.board.lookup(check.space) in state.board.border
        ]

    def describe(self, e):
        return f"{e['player']} places a starting {e['unit'].replace('_', ' ')} on {e['space']}"

    def option_words(self, state, e):
        player = state.by_name(e["player"])
        check = expansion(state, player, e["unit"], state.space(e["space"]), anywhere=True)
        where = space_place(state, e["space"], player.name, cost=True)
        why = f" ({check.cost_words()})" if check.adjustments else ""
        return f"{e['unit']} on {e['space']} for £{check.cost}{why}: {where}"


SPEC = PlaceWorker()
