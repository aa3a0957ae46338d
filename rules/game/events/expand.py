"""Expand (action III), and the free-space expansions a contract gives: a unit from the
player board onto a space in reach, for the unit's cost and the land's (no land with a
free space). A new building may open the neighbourhood and building bonuses."""

from __future__ import annotations

from ...expansion import ExpansionCheck, check_expansion, legal_spaces
from ..pieces import after_building, position_of, space_place, unit_words
from ..spec import EventSpec, Field, canonical_space
from ..state import GameState, PlayerState, Refused
from ..turns import close_window, finish_main, follow_up, gate, may_act

FREE_RULE = "a free-space expansion comes only after fulfilling a contract that gives one"


def expansion(
    state: GameState,
    player: PlayerState,
    unit: str,
    space: int,
    free: bool = False,
    anywhere: bool = False,
) -> ExpansionCheck:
    """The map engine's check, with the player's money and the rules units' amendments;
    `anywhere` for starting workers, which need no reach."""
    return check_expansion(
        position_of(state),
        player.name,
        unit,
        space,
        state.parts.economy,
        free_land=free,
        money=player.money,
        anywhere=anywhere,
        rules=state.rules.expansion_rules(state, player),
        left=state.rules.units_left(state, player, unit),
    )


def legal_expansions(
    state: GameState,
    player: PlayerState,
    units: tuple[str, ...] | None = None,
    free: bool = False,
    anywhere: bool = False,
) -> list[ExpansionCheck]:
    """Every legal expansion of `units` (all by default), unit by unit, in board order."""
    position = position_of(state)
    rules = state.rules.expansion_rules(state, player)
    return [
        check
        for unit in units or tuple(state.parts.economy.units)
        for check in legal_spaces(
            position,
            player.name,
            unit,
            state.parts.economy,
            free_land=free,
            money=player.money,
            anywhere=anywhere,
            rules=rules,
            left=state.rules.units_left(state, player, unit),
        )
    ]


class Expand(EventSpec):
    type = "expand"
    syntax = "PLAYER UNIT SPACE [--free]"
    help = "expand (--free: with a free-space bonus)"
    fields = {
        "player": Field("player"),
        "unit": Field("unit"),
        "space": Field("space"),
        "free": Field("bool", required=False),
    }
    positional = ("player", "unit", "space")
    flags = {"free": "free"}
    defaults = {"free": False}

    def normalise(self, state, e):
        e = super().normalise(state, e)
        return {**e, "space": canonical_space(state, e["space"])}

    def _player(self, state, e) -> PlayerState:
        if e.get("free"):
            player = follow_up(state, e["player"], FREE_RULE)
            if state.turn.free_spaces < 1:
                raise Refused(f"{player.name} has no free-space bonus to use this turn")
            return player
        return gate(state, e["player"], main=True).player

    def check(self, state, e):
        player = self._player(state, e)
        space = state.space(e["space"])
        return list(expansion(state, player, e["unit"], space, bool(e.get("free"))).reasons)

    def apply(self, state, e):
        free = bool(e.get("free"))
        player = self._player(state, e)
        space = state.space(e["space"])
        check = expansion(state, player, e["unit"], space, free)
        if free:
            state.turn.free_spaces -= 1
            close_window(state)
        else:
            finish_main(state, gate(state, e["player"], main=True))
        player.money -= check.cost
        player.units[space] = e["unit"]
        notes = [
            f"{player.name} puts a {unit_words(e['unit'])} on {check.space} "
            f"({check.route}) for £{check.cost}"
            + (f": {check.cost_words()}" if check.adjustments else "")
        ]
        return notes + after_building(state, player, [space])

    def options(self, state):
        events = []
        for passage in may_act(state, main=True):
            for check in legal_expansions(state, passage.player):
                events.append(self._event(passage.player, check, False))
        if state.phase == "action" and state.turn.free_spaces > 0:
            player = state.by_name(state.turn.player)
            for check in legal_expansions(state, player, free=True):
                events.append(self._event(player, check, True))
        return events

    def _event(self, player, check, free):
        event = {"type": self.type, "player": player.name, "unit": check.unit, "space": check.space}
        return {**event, "free": True} if free else event

    def describe(self, e):
        return f"{e['player']} expands: {unit_words(e['unit'])} on {e['space']}" + (
            " (free space)" if e.get("free") else ""
        )

    def option_words(self, state, e):
        """'sheep on A-09 for £8: forest £2, beside a 2-space loch (E)': the id first, so no
        two lines of a menu read alike; a free space says the land it saves."""
        player = state.by_name(e["player"])
        space = state.space(e["space"])
        free = bool(e.get("free"))
        check = expansion(state, player, e["unit"], space, free)
        head = f"{unit_words(e['unit'])} on {e['space']} for £{check.cost}"
        if free:
            saved = state.board.spaces[space].cost
            head += f" with the free space (saves land £{saved})"
        elif check.adjustments:  # a clan's price: say how it comes about
            head += f" ({check.cost_words()})"
        return f"{head}: {space_place(state, e['space'], player.name, cost=not free)}"


SPEC = Expand()
