"""The rules that differ by clan and by variant, as typed hook points.

A clan or a variant is one `RulesUnit`: it overrides the hooks it changes and
nothing else, the way python-chess's variants override board methods. The
engine never asks which clan a player has; it asks the `Rulebook` (rulebook.py), which
folds each hook over the game's variants and the player's clan. This module holds only the
hook points, so a unit imports them without importing any other unit.

Each hook is written once, below: its signature, its default (the rulebook's own rule) and
what it decides. A unit marks each hook it changes `@override` (from here): mypy then
refuses a marked method that overrides nothing (a misspelt hook) and, in the units' modules,
an override left unmarked (pyproject.toml); tests/test_hook_typing.py refuses any other
public method on a unit, which no fold would ever call.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

if TYPE_CHECKING:
    from typing_extensions import override as override  # typing's from Python 3.12

    from ..expansion import ExpansionRule
    from .port_effects import PortEffect
    from .setup import Setup
    from .spec import Event, EventSpec
    from .state import GameState, PlayerState
else:

    def override(method):
        """The mark is for mypy: at run time it changes nothing, and importing
        typing_extensions would cost every game command's start-up some 10 ms."""
        return method


# A scoring measure: the glory one player earns from one tile, from the state after production.
Measure = Callable[["GameState", "PlayerState", Any], int]


def chosen(choice: VariantChoice, variants: Mapping[str, bool]) -> bool:
    """Whether the set-up's variants choose this variant (its key away from the default)."""
    return variants.get(choice.key, choice.default) != choice.default


class Placement(NamedTuple):
    player: str
    border_only: bool = False


class Dice(NamedTuple):
    goods: tuple[str, ...]  # faces of the goods die
    price: tuple[int, ...]  # faces of the price die
    rolls: int  # rolls per preparation, each of a different good


class VariantChoice(NamedTuple):
    """How a table chooses a variant: everything `new`'s flags, `play`'s variant menu and the
    set-up check know of it comes from here (registry.py gathers them)."""

    key: str  # in the set-up's `variants` mapping, as the game file stores it
    default: bool  # the key's value in a game that does not choose the variant
    flag: str  # `new`'s flag (without --), which sets the key to the other value
    help: str  # the flag's help in `new -h`
    menu: str  # the words in `play`'s variant menu ("Name: what it changes")
    menu_key: str  # the key that ticks it in that menu
    leaves_out: str | None = None  # the set-up part it plays without: ports, scoring_tiles, clans
    adds_kickstarter: bool = False  # whether the Kickstarter clan and tiles join the draws


class RulesUnit:
    """One clan or variant. Every hook's default leaves the rules as the rulebook has them."""

    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""  # what it changes, in one line
    not_enforced: ClassVar[tuple[str, ...]] = ()  # powers the engine does not apply yet
    specs: ClassVar[tuple[EventSpec[Any], ...]] = ()  # event kinds of its own
    port_effects: ClassVar[Mapping[str, PortEffect]] = {}  # port tiles' effects, by tile
    measures: ClassVar[Mapping[str, Measure]] = {}  # new scoring-tile measures, by name

    choice: ClassVar[VariantChoice | None] = None  # variants a table chooses: how

    def applies(self, setup: Setup) -> bool:
        """For variants: whether this game plays with it (by default: whether it was chosen)."""
        return self.choice is not None and chosen(self.choice, setup.variants)

    def setup_refusal(self, variants: Mapping[str, bool], players: int) -> str | None:
        """For a chosen variant: why it cannot be played with these variants and this many
        players, in words for the table (None: it can)."""
        return None

    # -- set-up ---------------------------------------------------------------------
    def on_clan_taken(self, state: GameState, player: PlayerState) -> list[str]:
        """What taking its clan changes for `player` (shipping, merchants); notes say what."""
        return []

    def placements(self, state: GameState, queue: list[Placement]) -> list[Placement]:
        """The starting workers' placements, in order: who places next, and where."""
        return queue

    def starting_money(self, state: GameState, player: PlayerState, position: int) -> int:
        """Money on top of the set-up's, by `position` in the first round's turn order."""
        return 0

    # -- costs and income -----------------------------------------------------------------
    def expansion_rules(self, state: GameState, player: PlayerState) -> tuple[ExpansionRule, ...]:
        """Changes to what expanding costs (unit and land) and where it may go."""
        return ()

    def worker_income(self, state: GameState, player: PlayerState, worker: str, amount: int) -> int:
        """The money one `worker` earns at production."""
        return amount

    def contract_cost(self, state: GameState, player: PlayerState, cost: int) -> int:
        """What obtaining a contract costs this round."""
        return cost

    def receipt_once_per_turn(self, state: GameState, player: PlayerState, once: bool) -> bool:
        """Whether a round's receipt (round 1's £5) comes once per turn, not per contract."""
        return once

    # -- limits -------------------------------------------------------------------------
    def contract_boxes(self, state: GameState, player: PlayerState, boxes: int) -> int:
        """How many contracts the player may hold at once."""
        return boxes

    def contracts_per_action(self, state: GameState, player: PlayerState, most: int) -> int:
        """How many contracts one obtain, fulfil or building bonus may take."""
        return most

    def building_bonus_draw(self, state: GameState, player: PlayerState, draw: int) -> int:
        """How many contracts the building bonus draws to choose from."""
        return draw

    def trade_money(self, state: GameState, player: PlayerState, where: str, money: int) -> int:
        """Money received for one trade (`where`: "market", or "neighbourhood" for each
        kind of good bought with the bonus), before a purchase is paid."""
        return money

    def on_fulfil(self, state: GameState, player: PlayerState, contract: Any) -> list[str]:
        """After a contract is fulfilled: what else it opens (notes)."""
        return []

    def technology_refusal(self, state: GameState, player: PlayerState, worker: str) -> str | None:
        """Why `player` may not upgrade `worker`'s technology, in words (None: they may)."""
        return None

    def neighbourhood_refusal(self, state: GameState) -> str | None:
        """Why this game has no neighbourhood bonus, in words (None: it has)."""
        return None

    def neighbourhood_cap(self, state: GameState, cap: int) -> int:
        """The most of one good a neighbourhood bonus buys."""
        return cap

    def port_refusal(self, state: GameState) -> str | None:
        """Why this game has no port tiles, in words (None: it has)."""
        return None

    def tracks_imports(self, state: GameState) -> bool:
        """Whether the import tokens move on the export board (each unit must agree)."""
        return True

    # -- scoring and preparation -----------------------------------------------------------
    def measure(self, state: GameState, player: PlayerState, measure: str, count: int) -> int:
        """The `count` a scoring tile's `measure` finds for `player`, amended."""
        return count

    def dice(self, state: GameState) -> Dice | None:
        """The dice the preparation rolls to move the market (None: no dice)."""
        return None

    def refill_target(self, state: GameState, target: int) -> int:
        """How many boxes the refill fills."""
        return target

    def after_refill(
        self, state: GameState, board: list[int | None], rolls: Sequence[Any]
    ) -> tuple[list[int | None], int | None, list[str]]:
        """The export board after the refill, the contract that leaves the game, notes."""
        return board, None, []

    # -- pieces -------------------------------------------------------------------------
    def units_left(self, state: GameState, player: PlayerState, unit: str, left: int) -> int:
        """How many `unit`s the player may still deploy (a clan's own kind starts at 0)."""
        return left

    # -- production ---------------------------------------------------------------------
    def production_begins(self, state: GameState, player: PlayerState) -> list[str]:
        """What changes for `player` as the production phase starts; the notes say what."""
        return []

    def production_money(
        self, state: GameState, player: PlayerState, made: Mapping[str, int], money: int
    ) -> int:
        """Money earned at production on top of worker income; `made`: processed goods."""
        return money

    def production_pending(self, state: GameState, player: PlayerState) -> str | None:
        """A choice `player` still has at the end of production (the round's scoring waits
        for it), in words such as "Ailsa may sell milk"; None when there is none."""
        return None

    def production_decline(self, state: GameState, player: PlayerState) -> Event | None:
        """The event that declines the pending choice (for files older than the choice)."""
        return None
