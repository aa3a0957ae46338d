"""What each port bonus tile does (ruling 12): its fields, its reasons, its change, and
every legal way to use it.

The port event (events/port.py) checks the tile is in play, unused by the
player and in reach; the effect checks and makes the rest. Port 7 follows the
publisher's erratum (the neighbourhood bonus may follow); the variant for the
2017 text replaces it (variants.py), as the Kickstarter unit adds the KS tile.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from itertools import combinations, combinations_with_replacement, product
from typing import TYPE_CHECKING, Any

from ..messages import N_, Joined, Reason
from .events.fulfil import ways_to_fulfil
from .pieces import after_building, has_empty_box, unit_words
from .spec import canonical_space
from .state import GameState, PlayerState, reason_of
from .trading import move_price
from .turns import PORT_ONE_RULE, PORT_SIX_RULE, before_main, gate
from .upgrades import bonus_apply, bonus_cost, bonus_options, bonus_reasons, bonus_words

if TYPE_CHECKING:
    from .events.port import PortEvent
    from .spec import UnitSwap

Fields = dict[str, Any]  # the fields an option of a tile adds to its port event
PRICE_STEPS = 3
GLORY_PORT_4 = 3
KS_COST = 3  # the Kickstarter port's price (events/port.py)


class PortEffect:
    fields: tuple[str, ...] = ()
    summary = ""

    @property
    def name(self) -> str:
        """The tile as a table names it: by what it does, for no tile shows a number."""
        return self.summary

    def accepts(self, state: GameState, e: PortEvent) -> tuple[str, ...]:
        """The event fields this tile takes; any other is refused."""
        return self.fields

    def reasons(self, state: GameState, player: PlayerState, e: PortEvent) -> list[str]:
        return []

    def cost(self, state: GameState, e: Mapping[str, Any]) -> int:
        """Money the use takes (the Kickstarter port adds its £3 to it)."""
        return 0

    def apply(self, state: GameState, player: PlayerState, e: PortEvent) -> list[str]:
        raise NotImplementedError

    def options(self, state: GameState, player: PlayerState, money: int) -> Iterator[Fields]:
        yield {}

    def normalise(self, state: GameState, e: PortEvent) -> PortEvent:
        return e

    def words(self, e: PortEvent) -> str:
        return self.summary


def money_left(player: PlayerState, e: PortEvent) -> int:
    """The player's money once the use is paid for (the Kickstarter port costs £3)."""
    return player.money - (KS_COST if e.get("tile") == "KS" else 0)


def before_the_action(state: GameState, player: PlayerState) -> bool:
    return before_main(state, gate(state, player.name, main=False))


class Meat(PortEffect):
    """Ruling 27: "Use this bonus in a turn when you fulfil an Export contract requiring
    Meat." Reading: it is used before that fulfil (it spares an animal of it), only when
    such a fulfil can follow, and then binds the main action to it (turns.py `binding`)."""

    summary = Reason("one animal fewer for a meat contract fulfilled next")

    def reasons(self, state: GameState, player: PlayerState, e: PortEvent) -> list[str]:
        if not before_the_action(state, player):
            return [
                Reason(
                    "{rule}, before fulfilling it: {player} has taken the action",
                    rule=PORT_ONE_RULE,
                    player=player.name,
                )
            ]
        if not self.follows(state, player):
            return [
                Reason(
                    "{rule}: {player} cannot fulfil one now", rule=PORT_ONE_RULE, player=player.name
                )
            ]
        return []

    @staticmethod
    def follows(state: GameState, player: PlayerState) -> bool:
        return next(ways_to_fulfil(state, player, port_one=True, meat_only=True), None) is not None

    def apply(self, state: GameState, player: PlayerState, e: PortEvent) -> list[str]:
        state.turn.port_one = True
        return [
            Reason(
                "{player}'s meat contract needs one animal fewer: {player} fulfils a meat "
                "contract now",
                player=player.name,
            )
        ]

    def options(self, state: GameState, player: PlayerState, money: int) -> Iterator[Fields]:
        if before_the_action(state, player) and self.follows(state, player):
            yield {}


# a swap's words by the kind of goods it swaps: its summary, and the reasons against one
# that gives (`goods`: those it may give) or takes (`count` of `goods`) others
_SWAP_WORDS = {
    "basic": (
        N_("give 1 basic good, take {count}"),
        N_("give one basic good: {goods}"),
        N_("take {count} basic goods ({goods})"),
    ),
    "processed": (
        N_("give 1 processed good, take {count}"),
        N_("give one processed good: {goods}"),
        N_("take {count} processed goods ({goods})"),
    ),
}


class SwapGoods(PortEffect):
    fields = ("give", "take")

    def __init__(self, kind: str, count: int):
        self.kind, self.count = kind, count
        self.summary = Reason(_SWAP_WORDS[kind][0], count=count)

    def allowed(self, state: GameState) -> tuple[str, ...]:
        economy = state.parts.economy
        return economy.basic_goods if self.kind == "basic" else economy.processed_goods

    def reasons(self, state: GameState, player: PlayerState, e: PortEvent) -> list[str]:
        allowed = self.allowed(state)
        give, take = e.get("give"), list(e.get("take") or [])
        reasons: list[str] = []
        _, give_words, take_words = _SWAP_WORDS[self.kind]
        if give not in allowed:
            reasons.append(Reason(give_words, goods=", ".join(allowed)))
        elif player.goods[give] < 1:
            reasons.append(Reason("{player} has no {good} to give", player=player.name, good=give))
        if len(take) != self.count or any(good not in allowed for good in take):
            reasons.append(Reason(take_words, count=self.count, goods=", ".join(allowed)))
        return reasons

    def apply(self, state: GameState, player: PlayerState, e: PortEvent) -> list[str]:
        player.goods[e["give"]] -= 1
        for good in e["take"]:
            player.goods[good] += 1
        return [
            Reason(
                "{player} gives 1 {good} and takes {goods}",
                player=player.name,
                good=e["give"],
                goods=", ".join(e["take"]),
            )
        ]

    def options(self, state: GameState, player: PlayerState, money: int) -> Iterator[Fields]:
        allowed = self.allowed(state)
        for give in allowed:
            if player.goods[give] >= 1:
                for take in combinations_with_replacement(allowed, self.count):
                    yield {"give": give, "take": list(take)}

    def normalise(self, state: GameState, e: PortEvent) -> PortEvent:
        if isinstance(e.get("take"), list):
            order = {good: i for i, good in enumerate(state.parts.economy.goods)}
            e = {**e, "take": sorted(e["take"], key=lambda g: order.get(g, len(order)))}
        return e

    def words(self, e: PortEvent) -> str:
        return Reason("give {good}, take {goods}", good=e["give"], goods=", ".join(e["take"]))


class UpgradeAndGlory(PortEffect):
    fields = ("choice", "worker", "from")
    summary = Reason("a bonus upgrade and {glory} glory", glory=GLORY_PORT_4)

    def reasons(self, state: GameState, player: PlayerState, e: PortEvent) -> list[str]:
        if "choice" not in e:
            return [
                Reason(
                    "port tile 4 gives a bonus upgrade: a technology upgrade for £5, a shipping "
                    "upgrade, a merchant hired, or one of yours taken back from the market"
                )
            ]
        return bonus_reasons(state, player, e)

    def cost(self, state: GameState, e: Mapping[str, Any]) -> int:
        return bonus_cost(state, e)

    def apply(self, state: GameState, player: PlayerState, e: PortEvent) -> list[str]:
        player.glory += GLORY_PORT_4
        return bonus_apply(state, player, e) + [
            Reason("{player} gains {glory} glory", player=player.name, glory=GLORY_PORT_4)
        ]

    def options(self, state: GameState, player: PlayerState, money: int) -> Iterator[Fields]:
        yield from bonus_options(state, player, money)

    def words(self, e: PortEvent) -> str:
        return Reason("{upgrade} and {glory} glory", upgrade=bonus_words(e), glory=GLORY_PORT_4)


class Money(PortEffect):
    def __init__(self, amount: int, building_bonus: bool):
        self.amount, self.building_bonus = amount, building_bonus
        # TRANSLATORS: what port tile 8 gives, as the port tile menus show it
        self.summary = (
            Reason("£{amount} (and the building bonus with an empty box)", amount=amount)
            if building_bonus
            # TRANSLATORS: what port tile 5 gives ('£10'), as the port tile menus show it
            else Reason("£{amount}", amount=amount)
        )

    @property
    def name(self) -> str:
        # a name reads as what the tile does: 'the port tile at corner A (receive £10)'
        if self.building_bonus:
            return Reason(
                "receive £{amount} (and the building bonus with an empty box)", amount=self.amount
            )
        return Reason("receive £{amount}", amount=self.amount)

    def apply(self, state: GameState, player: PlayerState, e: PortEvent) -> list[str]:
        player.money += self.amount
        notes: list[str] = [
            Reason("{player} receives £{amount}", player=player.name, amount=self.amount)
        ]
        if self.building_bonus and has_empty_box(state, player):
            state.turn.building_bonus = True
            notes.append(
                Reason(
                    "{player}'s export box is empty: the building bonus is open", player=player.name
                )
            )
        return notes


class Price(PortEffect):
    """Ruling 19: "Manipulate the price of one Good by three steps on the Market before
    trading this Good": used just before a trade of that good, which must be possible at
    the moved price, and then binds the main action to it (turns.py `binding`)."""

    fields = ("good", "direction")
    summary = Reason("move one price {steps} steps, then trade that good", steps=PRICE_STEPS)

    def reasons(self, state: GameState, player: PlayerState, e: PortEvent) -> list[str]:
        good, direction = e.get("good"), e.get("direction")
        if good not in state.prices or direction not in ("up", "down"):
            return [Reason("port tile 6 moves one good's price: give the good and up or down")]
        if not before_the_action(state, player):
            return [
                Reason(
                    "{rule}: {player} has taken this turn's action",
                    rule=PORT_SIX_RULE,
                    player=player.name,
                )
            ]
        if not self.tradable(state, player, good, direction, money_left(player, e)):
            return [
                Reason(
                    "{rule}: {player} could not trade {good} at the moved price",
                    rule=PORT_SIX_RULE,
                    player=player.name,
                    good=good,
                )
            ]
        return []

    @staticmethod
    def tradable(
        state: GameState, player: PlayerState, good: str, direction: str, money: int
    ) -> bool:
        """A trade of one `good` is legal once the price moved (trading.py `trade_reasons`)."""
        if player.merchants_stock < 1:
            return False
        side = player.side_traded(good)
        if side != "buy" and player.goods[good] >= 1:
            return True  # a sale does not depend on the price
        steps = PRICE_STEPS if direction == "up" else -PRICE_STEPS
        price = max(0, state.market.tracks[good].move(state.prices[good], steps))
        bonus = state.rules.trade_money(state, player, "market")
        return side != "sell" and money + bonus >= price

    def apply(self, state: GameState, player: PlayerState, e: PortEvent) -> list[str]:
        steps = PRICE_STEPS if e["direction"] == "up" else -PRICE_STEPS
        before, after = move_price(state, e["good"], steps)
        state.turn.price_moved = e["good"]
        return [
            Reason(
                "{good} £{before} → £{after}: {player} trades {good} now",
                good=e["good"],
                before=before,
                after=after,
                player=player.name,
            )
        ]

    def options(self, state: GameState, player: PlayerState, money: int) -> Iterator[Fields]:
        if not before_the_action(state, player):
            return
        for good in state.prices:
            for direction in ("up", "down"):
                if self.tradable(state, player, good, direction, money):
                    yield {"good": good, "direction": direction}

    def words(self, e: PortEvent) -> str:
        return Reason(_PRICE_WORDS[e["direction"]], good=e["good"], steps=PRICE_STEPS)

    @staticmethod
    def moved(state: GameState, e: PortEvent) -> tuple[int, int]:
        """The good's price now and once moved (as `apply` will move it)."""
        steps = PRICE_STEPS if e["direction"] == "up" else -PRICE_STEPS
        before = state.prices[e["good"]]
        return before, max(0, state.market.tracks[e["good"]].move(before, steps))


_PRICE_WORDS = {"up": N_("{good} {steps} steps up"), "down": N_("{good} {steps} steps down")}


class Exchange(PortEffect):
    """Swap two of your units on the map (not fields) for two other units from your board.

    Ruling 20: "Take any two of your units from your Player board … The two new units must
    be different from the two old units." Each new unit is taken from the board before the
    old ones go back, so a kind with none left there cannot be taken (a swap in place of a
    distillery and a sheep is no exchange at all), and neither new unit is of an old kind.
    How many are left is the rules' `units_left` (a clan may pool its workers).
    """

    fields = ("swaps",)
    summary = Reason("exchange two units on the map")

    def __init__(self, neighbourhood: bool = True):
        self.neighbourhood = neighbourhood

    def reasons(self, state: GameState, player: PlayerState, e: PortEvent) -> list[str]:
        swaps = list(e.get("swaps") or [])
        if len(swaps) != 2:
            return [Reason("port tile 7 exchanges exactly two of your units on the map")]
        try:
            spaces = [state.board.lookup(s["space"]) for s in swaps]
        except ValueError as reason:
            return [reason_of(reason)]
        if spaces[0] == spaces[1]:
            return [Reason("port tile 7 exchanges two different units")]
        reasons: list[str] = []
        olds = [player.units.get(space) for space in spaces]
        short = self.short_among(state, player, swaps, olds)
        if short:
            reasons.append(
                Reason(
                    "{player} has no {unit} left on the player board: port tile 7 takes the "
                    "new units from it",
                    player=player.name,
                    unit=unit_words(short),
                )
            )
        for swap, space, old in zip(swaps, spaces, olds, strict=True):
            reasons += self.swap_reasons(state, player, (swap, space, old), olds, short)
        return reasons

    def short_among(
        self, state: GameState, player: PlayerState, swaps: list[Any], olds: list[str | None]
    ) -> str | None:
        """The new kind the player board has none of left, when the swaps are of units."""
        economy = state.parts.economy
        # what the table sees first: the player board has none of a new kind left (a kind
        # on the map already is then also an old one: that is said only of the other)
        short = None
        if all(olds) and all(s["unit"] in economy.units for s in swaps):
            short = self.short_of(state, player, [s["unit"] for s in swaps])
        return short

    @staticmethod
    def swap_reasons(
        state: GameState,
        player: PlayerState,
        at: tuple[Any, int, str | None],
        olds: list[str | None],
        short: str | None,
    ) -> list[str]:
        """What the rules refuse in one swap (`at`: the swap, its space and the old unit
        there), besides the new kind being short."""
        economy = state.parts.economy
        reasons: list[str] = []
        swap, space, old = at
        new = swap["unit"]
        space_id = state.board.spaces[space].id
        if old is None:
            reasons.append(
                Reason("{space} holds no unit of {player}'s", space=space_id, player=player.name)
            )
            return reasons
        if "field" in (old, new):
            reasons.append(Reason("fields are never exchanged with port tile 7"))
        if new in olds and new != short:
            reasons.append(
                # TRANSLATORS: {units} is the old units' names joined by ' and the '
                Reason(
                    "the new unit on {space} must differ from both old units: port tile 7 "
                    "takes two units other than the {units}",
                    space=space_id,
                    units=" and the ".join(unit_words(o) for o in olds if o),
                )
            )
        if not set(economy.units[new].land) & state.board.spaces[space].land:
            reasons.append(
                Reason("a {unit} cannot stand on {space}", unit=unit_words(new), space=space_id)
            )
        return reasons

    @staticmethod
    def short_of(state: GameState, player: PlayerState, news: Iterable[str]) -> str | None:
        """The first new unit the player's board cannot give, taken one after the other."""
        taken = player
        for number, unit in enumerate(news):
            if state.rules.units_left(state, taken, unit) < 1:
                return unit
            taken = replace(taken, port_units={**taken.port_units, f"taking {number}": unit})
        return None

    def apply(self, state: GameState, player: PlayerState, e: PortEvent) -> list[str]:
        spaces = [state.board.lookup(s["space"]) for s in e["swaps"]]
        for swap, space in zip(e["swaps"], spaces, strict=True):
            player.units[space] = swap["unit"]
        notes: list[str] = [
            Reason("{player} exchanges: {swaps}", player=player.name, swaps=self.words(e))
        ]
        return notes + after_building(state, player, spaces, neighbourhood=self.neighbourhood)

    def options(self, state: GameState, player: PlayerState, money: int) -> Iterator[Fields]:
        economy = state.parts.economy
        board = state.board
        swappable = self.swappable(state, player)
        kinds = [u for u in economy.units if u != "field"]
        shortage: dict[tuple[str, ...], bool] = {}
        for first, second in combinations(swappable, 2):
            olds = (player.units[first], player.units[second])
            fits = [self.new_kinds(state, kinds, olds, s) for s in (first, second)]
            for new in product(*fits):
                if new not in shortage:
                    shortage[new] = self.short_of(state, player, list(new)) is not None
                if not shortage[new]:
                    yield {
                        "swaps": [
                            {"space": board.spaces[first].id, "unit": new[0]},
                            {"space": board.spaces[second].id, "unit": new[1]},
                        ]
                    }

    @staticmethod
    def swappable(state: GameState, player: PlayerState) -> list[int]:
        """The spaces of the player's units that may be exchanged, in order."""
        economy = state.parts.economy
        return sorted(  # never a field, nor a clan's own kind (a fisherman on a loch)
            s for s, unit in player.units.items() if unit != "field" and unit in economy.units
        )

    @staticmethod
    def new_kinds(
        state: GameState, kinds: list[str], olds: tuple[str, str], space: int
    ) -> list[str]:
        """The kinds that may replace the `olds` on `space`: other kinds, at home there."""
        economy = state.parts.economy
        land = state.board.spaces[space].land
        return [u for u in kinds if u not in olds and set(economy.units[u].land) & land]

    def normalise(self, state: GameState, e: PortEvent) -> PortEvent:
        swaps = e.get("swaps")
        if not isinstance(swaps, list):
            return e
        canonical: list[UnitSwap] = [
            {**s, "space": canonical_space(state, s.get("space"))} for s in swaps
        ]

        def order(swap: UnitSwap) -> int:
            try:
                return state.board.lookup(swap["space"])
            except (ValueError, AttributeError):
                return len(state.board.spaces)

        return {**e, "swaps": sorted(canonical, key=order)}

    def words(self, e: PortEvent) -> str:
        return Joined(  # each part read in the reader's language (a str join would not be)
            ", ",
            [
                Reason("{unit} on {space}", unit=unit_words(s["unit"]), space=s["space"])
                for s in e["swaps"]
            ],
        )


EFFECTS: dict[str, PortEffect] = {
    "1": Meat(),
    "2": SwapGoods("basic", 3),
    "3": SwapGoods("processed", 2),
    "4": UpgradeAndGlory(),
    "5": Money(10, building_bonus=False),
    "6": Price(),
    "7": Exchange(),
    "8": Money(5, building_bonus=True),
}
