"""The rulebook of one game: its variants and each player's clan, asked hook by hook.

The hook points and their defaults are in hooks.py; registry.py says which units there are
and builds a game's `Rulebook` from its setup.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .hooks import Dice, Measure, Placement, RulesUnit
from .port_effects import EFFECTS, PortEffect
from .round_scoring import MEASURES

if TYPE_CHECKING:
    from ..expansion import ExpansionRule
    from .state import GameState, PlayerState


class Rulebook:
    """The game's variants and each player's clan, asked hook by hook."""

    def __init__(self, variants: Sequence[RulesUnit], clans: Mapping[str, RulesUnit]):
        self.variants: tuple[RulesUnit, ...] = tuple(variants)  # those the game plays with
        self.clans: Mapping[str, RulesUnit] = clans  # every clan, by name

    def units(self, player: PlayerState | None = None) -> tuple[RulesUnit, ...]:
        if player is None or player.clan is None:
            return self.variants
        return self.variants + (self.clans[player.clan],)

    def _first(self, units: Sequence[RulesUnit], hook: str, *args) -> Any:
        for unit in units:
            found = getattr(unit, hook)(*args)
            if found is not None:
                return found
        return None

    def _fold(self, units: Sequence[RulesUnit], hook: str, value: Any, *args) -> Any:
        for unit in units:
            value = getattr(unit, hook)(*args, value)
        return value

    # -- set-up
    def on_clan_taken(self, state: GameState, player: PlayerState) -> list[str]:
        return [n for u in self.units(player) for n in u.on_clan_taken(state, player)]

    def placements(self, state: GameState, queue: list[Placement]) -> list[Placement]:
        units = list(self.variants)
        for player in state.players:
            units += [u for u in self.units(player) if u not in units]
        for unit in units:
            queue = unit.placements(state, queue)
        return queue

    def starting_money(self, state: GameState, player: PlayerState, position: int) -> int:
        return sum(u.starting_money(state, player, position) for u in self.units(player))

    # -- costs and income
    def expansion_rules(self, state: GameState, player: PlayerState) -> tuple[ExpansionRule, ...]:
        return tuple(r for u in self.units(player) for r in u.expansion_rules(state, player))

    def worker_income(self, state: GameState, player: PlayerState, worker: str) -> int:
        level = "upgraded" if worker in player.technology else "base"
        base = state.parts.economy.worker_income.get(worker, {}).get(level, 0)  # 0: a clan's
        return self._fold(self.units(player), "worker_income", base, state, player, worker)

    def contract_cost(self, state: GameState, player: PlayerState) -> int:
        return self._fold(self.units(player), "contract_cost", state.round_cost(), state, player)

    def receipt_once_per_turn(self, state: GameState, player: PlayerState) -> bool:
        return self._fold(self.units(player), "receipt_once_per_turn", False, state, player)

    # -- limits
    def contract_boxes(self, state: GameState, player: PlayerState) -> int:
        return self._fold(self.units(player), "contract_boxes", 1, state, player)

    def contracts_per_action(self, state: GameState, player: PlayerState) -> int:
        return self._fold(self.units(player), "contracts_per_action", 1, state, player)

    def building_bonus_draw(self, state: GameState, player: PlayerState) -> int:
        return self._fold(self.units(player), "building_bonus_draw", 3, state, player)

    def trade_money(self, state: GameState, player: PlayerState, where: str) -> int:
        return self._fold(self.units(player), "trade_money", 0, state, player, where)

    def on_fulfil(self, state: GameState, player: PlayerState, contract: Any) -> list[str]:
        return [n for u in self.units(player) for n in u.on_fulfil(state, player, contract)]

    def technology_refusal(self, state: GameState, player: PlayerState, worker: str) -> str | None:
        return self._first(self.units(player), "technology_refusal", state, player, worker)

    def neighbourhood_refusal(self, state: GameState) -> str | None:
        return self._first(self.variants, "neighbourhood_refusal", state)

    def neighbourhood_cap(self, state: GameState) -> int:
        economy = state.parts.economy
        cap = economy.neighbourhood_max_per_good.get(len(state.players), 0)
        return self._fold(self.variants, "neighbourhood_cap", cap, state)

    def port_refusal(self, state: GameState) -> str | None:
        return self._first(self.variants, "port_refusal", state)

    def tracks_imports(self, state: GameState) -> bool:
        return all(u.tracks_imports(state) for u in self.variants)

    # -- extra events, scoring, preparation
    def port_effects(self) -> dict[str, PortEffect]:
        effects = dict(EFFECTS)
        for unit in self.variants:
            effects.update(unit.port_effects)
        return effects

    def measures(self) -> dict[str, Measure]:
        measures: dict[str, Measure] = dict(MEASURES)
        for unit in self.variants:
            measures.update(unit.measures)
        return measures

    def measure(self, state: GameState, player: PlayerState, measure: str, count: int) -> int:
        return self._fold(self.units(player), "measure", count, state, player, measure)

    def dice(self, state: GameState) -> Dice | None:
        return self._first(self.variants, "dice", state)

    def refill_target(self, state: GameState, target: int) -> int:
        return self._fold(self.variants, "refill_target", target, state)

    def after_refill(
        self, state: GameState, board: list[int | None], rolls: Sequence[Any]
    ) -> tuple[list[int | None], int | None, list[str]]:
        removed, notes = None, []
        for unit in self.variants:
            board, gone, said = unit.after_refill(state, board, rolls)
            removed = gone if gone is not None else removed
            notes += said
        return board, removed, notes

    # -- pieces
    def units_left(self, state: GameState, player: PlayerState, unit: str) -> int:
        kind = state.parts.economy.units.get(unit)
        left = kind.count - player.count(unit) if kind is not None else 0
        return self._fold(self.units(player), "units_left", left, state, player, unit)

    # -- production
    def production_begins(self, state: GameState, player: PlayerState) -> list[str]:
        return [n for u in self.units(player) for n in u.production_begins(state, player)]

    def production_money(
        self, state: GameState, player: PlayerState, made: Mapping[str, int]
    ) -> int:
        return self._fold(self.units(player), "production_money", 0, state, player, made)

    def production_pending(self, state: GameState, player: PlayerState) -> list[str]:
        """Every choice the round's scoring waits for from `player`, in words."""
        said = (u.production_pending(state, player) for u in self.units(player))
        return [words for words in said if words]

    def production_declines(self, state: GameState) -> list[dict]:
        """The events declining every pending end-of-production choice, player by player."""
        found = (u.production_decline(state, p) for p in state.players for u in self.units(p))
        return [event for event in found if event]
