"""The rulebook of one game: its variants and each player's clan, asked hook by hook.

The hook points and their defaults are in hooks.py; registry.py says which units there are
and builds a game's `Rulebook` from its setup. Each method here asks the units' hook of the
same name through a typed fold (`fold`, `first`), so a misspelt hook fails mypy.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from .hooks import Dice, Measure, Placement, RulesUnit
from .port_effects import EFFECTS, PortEffect
from .round_scoring import MEASURES

if TYPE_CHECKING:
    from ..expansion import ExpansionRule
    from .spec import Event
    from .state import GameState, PlayerState

T = TypeVar("T")


def fold(units: Iterable[RulesUnit], step: Callable[[RulesUnit, T], T], value: T) -> T:
    """`value` amended by each unit in turn: `step` asks one unit's hook with the value so far."""
    for unit in units:
        value = step(unit, value)
    return value


def first(units: Iterable[RulesUnit], ask: Callable[[RulesUnit], T | None]) -> T | None:
    """The first answer a unit's hook gives that is not None (None: no unit has one)."""
    for unit in units:
        found = ask(unit)
        if found is not None:
            return found
    return None


class Rulebook:
    """The game's variants and each player's clan, asked hook by hook."""

    def __init__(self, variants: Sequence[RulesUnit], clans: Mapping[str, RulesUnit]):
        self.variants: tuple[RulesUnit, ...] = tuple(variants)  # those the game plays with
        self.clans: Mapping[str, RulesUnit] = clans  # every clan, by name

    def units(self, player: PlayerState | None = None) -> tuple[RulesUnit, ...]:
        if player is None or player.clan is None:
            return self.variants
        return self.variants + (self.clans[player.clan],)

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
        return fold(
            self.units(player),
            lambda u, amount: u.worker_income(state, player, worker, amount),
            base,
        )

    def contract_cost(self, state: GameState, player: PlayerState) -> int:
        return fold(
            self.units(player),
            lambda u, cost: u.contract_cost(state, player, cost),
            state.round_cost(),
        )

    def receipt_once_per_turn(self, state: GameState, player: PlayerState) -> bool:
        return fold(
            self.units(player), lambda u, once: u.receipt_once_per_turn(state, player, once), False
        )

    # -- limits
    def contract_boxes(self, state: GameState, player: PlayerState) -> int:
        return fold(self.units(player), lambda u, boxes: u.contract_boxes(state, player, boxes), 1)

    def contracts_per_action(self, state: GameState, player: PlayerState) -> int:
        return fold(
            self.units(player), lambda u, most: u.contracts_per_action(state, player, most), 1
        )

    def building_bonus_draw(self, state: GameState, player: PlayerState) -> int:
        return fold(
            self.units(player), lambda u, draw: u.building_bonus_draw(state, player, draw), 3
        )

    def trade_money(self, state: GameState, player: PlayerState, where: str) -> int:
        return fold(
            self.units(player), lambda u, money: u.trade_money(state, player, where, money), 0
        )

    def on_fulfil(self, state: GameState, player: PlayerState, contract: Any) -> list[str]:
        return [n for u in self.units(player) for n in u.on_fulfil(state, player, contract)]

    def technology_refusal(self, state: GameState, player: PlayerState, worker: str) -> str | None:
        return first(self.units(player), lambda u: u.technology_refusal(state, player, worker))

    def neighbourhood_refusal(self, state: GameState) -> str | None:
        return first(self.variants, lambda u: u.neighbourhood_refusal(state))

    def neighbourhood_cap(self, state: GameState) -> int:
        economy = state.parts.economy
        cap = economy.neighbourhood_max_per_good.get(len(state.players), 0)
        return fold(self.variants, lambda u, cap: u.neighbourhood_cap(state, cap), cap)

    def port_refusal(self, state: GameState) -> str | None:
        return first(self.variants, lambda u: u.port_refusal(state))

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
        return fold(
            self.units(player), lambda u, count: u.measure(state, player, measure, count), count
        )

    def dice(self, state: GameState) -> Dice | None:
        return first(self.variants, lambda u: u.dice(state))

    def refill_target(self, state: GameState, target: int) -> int:
        return fold(self.variants, lambda u, target: u.refill_target(state, target), target)

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
        return fold(
            self.units(player), lambda u, left: u.units_left(state, player, unit, left), left
        )

    # -- production
    def production_begins(self, state: GameState, player: PlayerState) -> list[str]:
        return [n for u in self.units(player) for n in u.production_begins(state, player)]

    def production_money(
        self, state: GameState, player: PlayerState, made: Mapping[str, int]
    ) -> int:
        return fold(
            self.units(player), lambda u, money: u.production_money(state, player, made, money), 0
        )

    def production_pending(self, state: GameState, player: PlayerState) -> list[str]:
        """Every choice the round's scoring waits for from `player`, in words."""
        said = (u.production_pending(state, player) for u in self.units(player))
        return [words for words in said if words]

    def production_declines(self, state: GameState) -> list[Event]:
        """The events declining every pending end-of-production choice, player by player."""
        found = (u.production_decline(state, p) for p in state.players for u in self.units(p))
        return [event for event in found if event]
