"""What is on the table at one moment of a game: the players, the market, the map,
the export board, the round, the phase and whose turn it is.

State is only ever built by replaying a game's events over its setup. An
event is checked by a pure function before any change is made, so a refused
event leaves the state exactly as it was (`snapshot` is how tests compare).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..board import Board
from ..components import IMPORT_GOODS, Components
from ..market import Market
from ..messages import Reason
from ..position import find_player
from ..reach import SHIPPING_LEVELS

if TYPE_CHECKING:
    from .rulebook import Rulebook
    from .setup import Setup

_PHASE_WORDS = {
    "clans": Reason("the clan choice"),
    "workers": Reason("the placing of starting workers"),
    "action": Reason("the action phase"),
    "production": Reason("the production phase"),
    "preparation": Reason("the preparation phase"),
    "over": Reason("the end of the game"),
}


def phase_words(phase: str) -> str:
    return _PHASE_WORDS[phase]


def reason_of(error: Exception) -> str:
    """What an error raised with one reason says: the reason itself (a Reason stays one)."""
    said = error.args[0] if len(error.args) == 1 else None
    return said if isinstance(said, str) else str(error)


LAST_ROUND = 5
START_MERCHANTS_ON_BOARD = 5


class Refused(Exception):
    """An event the rules do not allow; `reasons` say why, in words."""

    def __init__(self, reasons: list[str] | str):
        self.reasons = [reasons] if isinstance(reasons, str) else list(reasons)
        super().__init__("; ".join(self.reasons))


@dataclass
class PlayerState:
    name: str
    colour: str
    seat: int
    clan: str | None = None
    starting_tile: int | None = None
    money: int = 0
    glory: int = 0
    goods: dict[str, int] = field(default_factory=dict)
    shipping: int = 0  # index into SHIPPING_LEVELS
    technology: set[str] = field(default_factory=set)  # woodcutter / miner tiles flipped
    merchants_board: int = START_MERCHANTS_ON_BOARD  # not hired yet
    merchants_stock: int = 2  # ready to trade
    merchants_market: dict[str, int] = field(default_factory=dict)  # "whisky:buy" -> count
    units: dict[int, str] = field(default_factory=dict)  # space index -> unit type
    # port slot (its module letter) -> unit type: a clan's unit standing on a port tile
    port_units: dict[str, str] = field(default_factory=dict)
    open_contracts: list[int] = field(default_factory=list)
    fulfilled: list[int] = field(default_factory=list)
    ports_used: set[str] = field(default_factory=set)
    auction_bid: int = 0
    passed: bool = False
    produced: bool = False
    made_this_round: dict[str, int] = field(default_factory=dict)  # processed at production
    production_choices: set[str] = field(default_factory=set)  # end-of-production choices made
    cellar: list[int] = field(default_factory=list)  # ageing whisky barrels by spot (0: left)

    @property
    def shipping_level(self) -> str:
        return SHIPPING_LEVELS[self.shipping]

    def count(self, unit: str) -> int:
        """How many of `unit` the player has deployed: on map spaces and on port tiles."""
        deployed = (*self.units.values(), *self.port_units.values())
        return sum(1 for kind in deployed if kind == unit)

    def merchants_out(self) -> int:
        return sum(self.merchants_market.values())

    def side_traded(self, good: str) -> str | None:
        """The side of `good` this player's merchants stand on this round, if any."""
        for side in ("buy", "sell"):
            if self.merchants_market.get(f"{good}:{side}"):
                return side
        return None


@dataclass
class TurnState:
    """The current player's turn: what they did and what they may still do."""

    player: str | None = None
    main_done: bool = False
    # spaces just built on (a port slot by its module letter), while the neighbourhood bonus is open
    expanded: tuple[int | str, ...] = ()
    neighbourhood_bought: dict[str, int] = field(default_factory=dict)
    free_spaces: int = 0
    bonus_upgrades: int = 0
    building_bonus: bool = False  # may take the building bonus now
    port_one: bool = False  # port tile 1 used this turn: the main action fulfils meat
    price_moved: str | None = None  # the good port tile 6 moved: the main action trades it
    neighbourhood_uses: dict[str, int] = field(default_factory=dict)  # purchases by good
    contracts_obtained: int = 0
    brewing: int = 0  # beer that may be brewed now, from the hops just imported
    rowed: bool = False  # a clan's once-a-turn move before the main action (rowing)


@dataclass
class GameState:
    setup: Setup
    parts: Components
    board: Board
    market: Market
    players: list[PlayerState]
    prices: dict[str, int]
    export_board: list[int | None]
    pile: list[int] | None  # top first; None: the table's own pile
    rules: Rulebook  # the game's variants and the players' clans
    round: int = 0
    phase: str = "clans"
    turn_order: list[str] = field(default_factory=list)  # this round, names
    pass_order: list[str] = field(default_factory=list)
    turn: TurnState = field(default_factory=TurnState)
    clans_left: list[str] = field(default_factory=list)
    auction_order: list[str] = field(default_factory=list)  # who won a clan, in order
    placements: list[tuple[str, bool]] = field(default_factory=list)  # (player, border only)
    import_totals: dict[str, int] = field(default_factory=lambda: dict.fromkeys(IMPORT_GOODS, 0))
    removed: list[int] = field(default_factory=list)  # contracts out of the game
    round_scores: list[dict[str, int]] = field(default_factory=list)  # glory by round

    # -- looking things up -----------------------------------------------------
    def player(self, who: str) -> PlayerState:
        """A player by name or colour, in any letter case; Refused naming the choices."""
        try:
            return find_player(self.players, who)
        except ValueError as reason:
            raise Refused(reason_of(reason)) from None

    def by_name(self, name: str | None) -> PlayerState:
        return next(p for p in self.players if p.name == name)

    def space(self, space_id: str) -> int:
        try:
            return self.board.lookup(space_id)
        except ValueError as reason:
            raise Refused(reason_of(reason)) from None

    def occupant(self, index: int) -> PlayerState | None:
        for player in self.players:
            if index in player.units:
                return player
        return None

    def contracts_in_play(self) -> set[int]:
        """Contracts on the export board, with a player, or out of the game (not in the pile)."""
        used = {c for c in self.export_board if c is not None} | set(self.removed)
        for p in self.players:
            used |= set(p.open_contracts) | set(p.fulfilled)
        return used

    def round_cost(self) -> int:
        """What obtaining a contract gives (+) or costs (-) this round."""
        return self.parts.economy.contract_cost_by_round[max(1, self.round)]

    def active_players(self) -> list[str]:
        return [name for name in self.turn_order if not self.by_name(name).passed]

    def next_player(self) -> str | None:
        """Who acts next in the action phase: the player after the current one, skipping passes."""
        active = self.active_players()
        if not active:
            return None
        current = self.turn.player
        if current is None or not self.turn.main_done:
            return current if current in active else active[0]
        order = self.turn_order
        start = order.index(current)
        for step in range(1, len(order) + 1):
            name = order[(start + step) % len(order)]
            if name in active:
                return name
        return None

    # -- comparing -----------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """Everything that can change, as plain data (to prove a refusal changed nothing)."""
        return {
            "players": [
                {
                    key: sorted(value)
                    if isinstance(value, set)
                    else (
                        dict(value)
                        if isinstance(value, dict)
                        else (list(value) if isinstance(value, list) else value)
                    )
                    for key, value in vars(p).items()
                }
                for p in self.players
            ],
            "prices": dict(self.prices),
            "export_board": list(self.export_board),
            "pile": list(self.pile) if self.pile is not None else None,
            "round": self.round,
            "phase": self.phase,
            "turn_order": list(self.turn_order),
            "pass_order": list(self.pass_order),
            "turn": {k: dict(v) if isinstance(v, dict) else v for k, v in vars(self.turn).items()},
            "clans_left": list(self.clans_left),
            "auction_order": list(self.auction_order),
            "placements": list(self.placements),
            "import_totals": dict(self.import_totals),
            "removed": list(self.removed),
            "round_scores": [dict(s) for s in self.round_scores],
        }
