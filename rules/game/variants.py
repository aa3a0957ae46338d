"""The variants' rules units, each self-contained.

A game plays with those whose `applies` is true, in the order `VARIANTS` (at the end) lists
them, which is the order their hooks are asked. A variant a table chooses declares its
`choice` (hooks.VariantChoice): `new`'s flag, `play`'s menu words, the default and what the
set-up leaves out, and `setup_refusal` if it cannot go with some set-ups. So a new variant
is a unit here, listed in `VARIANTS`, and its test. The clans are units too, one module each
in `clans/`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..contract_faces import short
from ..messages import Reason
from ..solo import CHANGES_PER_PHASE, refill
from .events.port import KickstarterPort
from .hooks import Dice, RulesUnit, VariantChoice, override
from .port_effects import Exchange

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

    from ..components import ScoringTile
    from .setup import Setup
    from .state import GameState, PlayerState

WITHOUT_CLANS_MONEY = (0, 2, 4, 6)  # by position in the first round's turn order
COSTLY_LAND = 5


# -- variants -------------------------------------------------------------------------


class Solo(RulesUnit):
    name = "solo"
    summary = Reason(
        "the smaller map with every £1 space blocked, five face-up contracts, £16 at every "
        "pass, no neighbourhood bonus, no import tracks, the dice market and the contract "
        "removal at preparation"
    )

    @override
    def applies(self, setup: Setup) -> bool:
        return len(setup.players) == 1

    @override
    def neighbourhood_refusal(self, state: GameState) -> str | None:
        return Reason("there is no neighbourhood bonus in a solo game")

    @override
    def tracks_imports(self, state: GameState) -> bool:
        return False

    @override
    def dice(self, state: GameState) -> Dice | None:
        solo = state.parts.solo
        return Dice(tuple(solo.goods_die), tuple(solo.price_die), CHANGES_PER_PHASE)

    @override
    def refill_target(self, state: GameState, target: int) -> int:
        return len(state.export_board)  # every slot, then the removal leaves five

    @override
    def after_refill(
        self, state: GameState, board: list[int | None], rolls: Sequence[Any]
    ) -> tuple[list[int | None], int | None, list[str]]:
        grid = state.setup.removal_grid
        assert grid is not None, "a solo set-up always has its removal grid"
        result = refill(board, [], rolls[-1]["die"], grid)
        notes: list[str] = []
        if result.removed is not None:
            notes.append(
                Reason(
                    "last price die {die:+d}: the {contract} contract (slot {slot}) leaves the game",
                    die=rolls[-1]["die"],
                    contract=short(result.removed, state.parts.contracts),
                    slot=result.removed_slot,
                )
            )
        return list(result.after), result.removed, notes


class TwoPlayers(RulesUnit):
    name = "two_players"
    summary = Reason(
        "the smaller map (mist out of play), up to 4 of one good from the neighbourhood "
        "bonus, 8 VP for the most contracts and 12 for the most settlements"
    )  # all of it is data by player count: the board, economy.yaml, final_scoring.yaml

    @override
    def applies(self, setup: Setup) -> bool:
        return len(setup.players) == 2


class WithoutClans(RulesUnit):
    name = "without_clans"
    summary = Reason("no clans: £0, £2, £4 and £6 extra by the first round's turn order")
    choice = VariantChoice(
        key="clans",
        default=True,
        flag="no-clans",
        help=Reason("Without clans: £0/£2/£4/£6 extra by turn order."),
        menu=Reason("No clans: £0/£2/£4/£6 extra by turn order"),
        menu_key="c",
        leaves_out="clans",
    )

    @override
    def starting_money(self, state: GameState, player: PlayerState, position: int) -> int:
        return WITHOUT_CLANS_MONEY[position]


class ClanAuction(RulesUnit):
    name = "clan_auction"
    summary = Reason("clans are auctioned for VP; the bids set the first round's turn order")
    choice = VariantChoice(
        key="clan_auction",
        default=False,
        flag="clan-auction",
        help=Reason("Auction the clans for VP."),
        menu=Reason("Clan auction: the clans auctioned for VP"),
        menu_key="a",
    )

    @override
    def setup_refusal(self, variants: Mapping[str, bool], players: int) -> str | None:
        if not variants.get("clans", True) or players < 2:
            return Reason("the clan auction needs clans and at least 2 players")
        return None


class StaticImports(RulesUnit):
    """Ruling 25: "There is no need to track Imported goods on the Export board": no import
    token moves, so no marked step pays its £1."""

    name = "static_imports"
    summary = Reason("cotton, tobacco and sugar cane score 4 VP each at the end")
    choice = VariantChoice(
        key="static_imports",
        default=False,
        flag="static-imports",
        help=Reason("Cotton, tobacco, sugar cane 4 VP each."),
        menu=Reason("Static imports: cotton, tobacco, sugar cane 4 VP each"),
        menu_key="s",
    )

    @override
    def tracks_imports(self, state: GameState) -> bool:
        return False


class TighterMap(RulesUnit):
    name = "tighter_map"
    summary = Reason("four land spaces covered with spare port tiles (2-3 players)")

    @override
    def applies(self, setup: Setup) -> bool:
        return bool(setup.tighter_map)


class NoScoringTiles(RulesUnit):
    name = "no_scoring_tiles"
    summary = Reason("no round scoring")
    choice = VariantChoice(
        key="scoring_tiles",
        default=True,
        flag="no-scoring-tiles",
        help=Reason("Play without scoring tiles."),
        menu=Reason("No scoring tiles"),
        menu_key="t",
        leaves_out="scoring_tiles",
    )


class NoPortTiles(RulesUnit):
    name = "no_port_tiles"
    summary = Reason("no port bonus tiles")
    choice = VariantChoice(
        key="port_tiles",
        default=True,
        flag="no-port-tiles",
        help=Reason("Play without port tiles."),
        menu=Reason("No port tiles"),
        menu_key="p",
        leaves_out="ports",
    )

    @override
    def port_refusal(self, state: GameState) -> str | None:
        return Reason("this game is played without port tiles")


class Port7Original(RulesUnit):
    name = "port7_original"
    summary = Reason("port tile 7 as first printed: no neighbourhood bonus after the exchange")
    port_effects = {"7": Exchange(neighbourhood=False)}
    choice = VariantChoice(
        key="port7_original",
        default=False,
        flag="port7-original",
        help=Reason("Port 7 as first printed: no neighbourhood bonus."),
        menu=Reason("Port 7 as first printed: no neighbourhood bonus"),
        menu_key="7",
    )


def _units_on_costly_land(state: GameState, player: PlayerState, tile: ScoringTile) -> int:
    count = sum(1 for s in player.units if (state.board.spaces[s].cost or 0) >= COSTLY_LAND)
    return state.rules.measure(state, player, tile.measure, count) * tile.glory


class Kickstarter(RulesUnit):
    name = "kickstarter"
    summary = Reason("the Kickstarter clan, scoring tile KS and port tile KS")
    measures = {"units_on_costly_land": _units_on_costly_land}
    port_effects = {"KS": KickstarterPort()}
    choice = VariantChoice(
        key="kickstarter",
        default=False,
        flag="kickstarter",
        help=Reason("Include the Kickstarter clan and tiles."),
        menu=Reason("Kickstarter clan and tiles"),
        menu_key="k",
        adds_kickstarter=True,
    )


# the variants, in the order their hooks are asked and `new -h` and `play`'s menu list them
# (no two of them change the same hook in a way where the order would matter)
VARIANTS: tuple[RulesUnit, ...] = (
    Solo(),
    TwoPlayers(),
    StaticImports(),
    NoScoringTiles(),
    NoPortTiles(),
    WithoutClans(),
    ClanAuction(),
    Kickstarter(),
    Port7Original(),
    TighterMap(),
)
