"""MacKenzie: money for each whisky produced, and the whisky cellar.

Clan text (components-facts, MacKenzie: S_TRANS, S_GUIDE):
- "Production: +£3 per whisky produced (whisky is kept)."
- "Cellar: at start of each Production phase barrels in cellar move one spot right; a
  barrel starting Production in the rightmost spot goes to stock."
- "Any barrel may be moved from cellar to stock at any time; aged barrels give £7 or £15
  when moved out (by cellar position)."
- "End of Production: may put 1 freshly produced whisky into the leftmost cellar spot."
- "Cellar whisky counts for Scoring tile #2."

The number of cellar spots and the money each pays are printed on the clan tile and not
public: they are the table's box data (`whisky_cellar`, the money by spot from left to
right; the labelled example is 3 spots paying £0 / £7 / £15, a guess).

The cellar is `PlayerState.cellar`, the spots (0: leftmost) that hold a barrel. The
choices are events: `age PLAYER N` (N = 1 ages a whisky, 0 declines) and
`cellar-out PLAYER SPOT` (SPOT counted from 1 at the left).

Readings (the most literal):
- "leftmost" is the spot a freshly produced whisky goes into; barrels move right, away
  from it, so spot 1 (leftmost) pays the first amount of `whisky_cellar`, the last spot
  the last amount.
- the £3 is for each whisky made by the distilleries at production (whisky gained
  otherwise, from a port tile or the market, is not "produced"); whisky put in the
  cellar was produced, so it earns the £3 too.
- the barrels move when the production phase starts (when the last player passes),
  before anyone produces; a barrel in the rightmost spot then goes to stock with the
  rightmost spot's money.
- "end of Production": once every player has produced, before the round is scored; the
  scoring waits for the choice when the player produced whisky this round. One whisky
  at most, and only if whisky was produced this round ("freshly produced").
- "at any time" means whenever it is this player's moment to act: in their turn in the
  action phase (before or after the main action, like a port; it ends no follow-up) and
  at any moment of the production phase until the round is scored, and once the game is
  over, before the final score is taken (ruling 28: a barrel left after the last
  production may still come out). Not during another player's turn or the preparation.
- a barrel taken out pays the money of the spot it is in when taken out.
- cellar whisky counts for scoring tile 2 (processed goods pairs) only: it is not in
  stock, so it is not a processed good at final scoring, nor for trading or contracts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...box_values import BoxValue
from ..events.produce import end_of_production_refusal, end_production
from ..spec import EventSpec, Field
from ..state import Refused, phase_words
from ..turns import gate, may_act, open_turn
from .base import Clan

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from ...schema import Node
    from ..spec import Event
    from ..state import GameState, PlayerState

NAME = "MacKenzie"
WHISKY_MONEY = 3  # £ per whisky produced (clan text)
TILE_MEASURE = "processed_goods_pairs"  # scoring tile 2


MAX_CELLAR_SPOTS = 6


def _read_cellar(node: Node) -> tuple[int, ...]:
    """The money each cellar spot pays, left (where a barrel goes in) first."""
    spots = tuple(item.whole(0) for item in node)
    if not 1 <= len(spots) <= MAX_CELLAR_SPOTS:
        raise node.expected(
            f"1 to {MAX_CELLAR_SPOTS} amounts of money, one per cellar spot from left to right"
        )
    return spots


# guessed, not printed (components-facts: "presumably 3 spots (£0 / £7 / £15) - uncertain")
WHISKY_CELLAR = BoxValue(
    key="whisky_cellar",
    default=(0, 7, 15),
    words="MacKenzie's whisky cellar: its spots and what each pays",
    question="MacKenzie's whisky cellar: what each spot pays, from the left:",
    read=_read_cellar,
    many=True,
)


def payouts(state) -> tuple[int, ...]:
    """The money each cellar spot pays, leftmost first (the table's box data)."""
    return tuple(state.setup.clan_values[WHISKY_CELLAR.key])


def spot_words(state, spot: int) -> str:
    """Spot `spot` (0: leftmost) as the table counts it, with its money."""
    return f"cellar spot {spot + 1} (£{payouts(state)[spot]})"


def cellar_words(state, player) -> str:
    """The cellar spot by spot, for status: 'spot 1 £0: -, spot 2 £7: barrel, ...'."""
    return ", ".join(
        f"spot {i + 1} £{money}: {'barrel' if i in player.cellar else '-'}"
        for i, money in enumerate(payouts(state))
    )


def _age_refusal(state, player) -> str | None:
    """Why `player` cannot make the ageing choice now; None when they can."""
    if player.clan != NAME:
        return f"{player.name} has no whisky cellar: only the {NAME} clan has"
    timing = end_of_production_refusal(state, player, "ages whisky")
    if timing:
        return timing
    if AgeWhisky.type in player.production_choices:
        return f"{player.name} has made the ageing choice this round already"
    if not player.made_this_round.get("whisky") or not player.goods["whisky"]:
        return f"{player.name} produced no whisky this round to age"
    if 0 in player.cellar:
        return f"{player.name}'s leftmost cellar spot holds a barrel already"
    return None


class AgeWhisky(EventSpec):
    type = "age"
    syntax = "PLAYER N"
    help = (
        f"Clan {NAME}, at the end of production: put N (0 or 1) freshly produced whisky into the "
        "leftmost cellar spot"
    )
    fields = {"player": Field("player"), "count": Field("amount")}
    positional = ("player", "count")

    def check(self, state: GameState, e: Event) -> list[str]:
        player = state.player(e["player"])
        refused = _age_refusal(state, player)
        if refused:
            return [refused]
        if e["count"] > 1:
            return [f"{player.name} may age 1 whisky a round, not {e['count']}"]
        return []

    def apply(self, state: GameState, e: Event) -> list[str]:
        player = state.player(e["player"])
        player.production_choices.add(self.type)
        if e["count"]:
            player.goods["whisky"] -= 1
            player.cellar = sorted([*player.cellar, 0])
            notes = [f"{player.name} puts 1 whisky into {spot_words(state, 0)}"]
        else:
            notes = [f"{player.name} ages no whisky this round"]
        return notes + end_production(state)

    def options(self, state: GameState) -> Iterable[Event]:
        return [
            {"type": self.type, "player": p.name, "count": n}
            for p in state.players
            if _age_refusal(state, p) is None
            for n in (0, 1)
        ]

    def describe(self, e: Event) -> str:
        if not e["count"]:
            return f"{e['player']} ages no whisky"
        return f"{e['player']} ages 1 whisky in the cellar"

    def option_words(self, state: GameState, e: Event) -> str:
        if not e["count"]:
            return f"{e['player']}: keep the whisky in stock"
        return f"{e['player']}: age 1 whisky in the leftmost cellar spot"


def _out_refusal(state, player) -> str | None:
    """Why `player` cannot take a barrel out of the cellar now (any barrel); None if they can."""
    if player.clan != NAME:
        return f"{player.name} has no whisky cellar: only the {NAME} clan has"
    if state.phase in ("production", "over"):
        return None
    if state.phase != "action":
        return (
            f"{player.name} takes a barrel out in their turn, in production or before the "
            f"final score; it is {phase_words(state.phase)}"
        )
    try:
        gate(state, player.name, main=False)
    except Refused as refused:
        return f"{player.name} takes a barrel out in their own turn: {refused}"
    return None


class CellarOut(EventSpec):
    type = "cellar_out"
    syntax = "PLAYER SPOT"
    help = (
        f"Clan {NAME}, in their turn, in production or before the final score: take the "
        "whisky barrel in cellar SPOT "
        "(1 = leftmost) to stock, for that spot's money"
    )
    fields = {"player": Field("player"), "spot": Field("count")}
    positional = ("player", "spot")

    def check(self, state: GameState, e: Event) -> list[str]:
        player = state.player(e["player"])
        refused = _out_refusal(state, player)
        if refused:
            return [refused]
        spots = len(payouts(state))
        if e["spot"] > spots:
            return [f"the whisky cellar has {spots} spots, not {e['spot']}"]
        if e["spot"] - 1 not in player.cellar:
            held = ", ".join(str(s + 1) for s in player.cellar) or "none"
            return [f"{player.name} has no barrel in cellar spot {e['spot']} (barrels: {held})"]
        return []

    def apply(self, state: GameState, e: Event) -> list[str]:
        player = state.player(e["player"])
        if state.phase == "action":
            open_turn(state, gate(state, player.name, main=False))
        spot = e["spot"] - 1
        money = payouts(state)[spot]
        player.cellar = [s for s in player.cellar if s != spot]
        player.goods["whisky"] += 1
        player.money += money
        return [
            f"{player.name} takes the barrel in {spot_words(state, spot)} out: "
            f"1 whisky to stock and £{money}"
        ]

    def options(self, state: GameState) -> Iterable[Event]:
        if state.phase in ("production", "over"):
            players = state.players
        else:
            players = [g.player for g in may_act(state, main=False)]
        return [
            {"type": self.type, "player": p.name, "spot": spot + 1}
            for p in players
            if _out_refusal(state, p) is None
            for spot in p.cellar
        ]

    def describe(self, e: Event) -> str:
        return f"{e['player']} takes the barrel in cellar spot {e['spot']} out"

    def option_words(self, state: GameState, e: Event) -> str:
        money = payouts(state)[e["spot"] - 1]
        return f"{e['player']}: barrel in cellar spot {e['spot']} to stock, +£{money}"


class MacKenzie(Clan):
    name = NAME
    summary = (
        f"£{WHISKY_MONEY} per whisky produced; ages whisky in a cellar that pays by spot; "
        "cellar whisky counts for scoring tile 2"
    )
    box_values = (WHISKY_CELLAR,)
    specs = (AgeWhisky(), CellarOut())

    def production_begins(self, state: GameState, player: PlayerState) -> list[str]:
        last = len(payouts(state)) - 1
        notes = []
        if last in player.cellar:
            money = payouts(state)[last]
            player.goods["whisky"] += 1
            player.money += money
            notes.append(
                f"{player.name}'s barrel in {spot_words(state, last)} goes to stock: "
                f"1 whisky and £{money}"
            )
        moved = sorted(s + 1 for s in player.cellar if s != last)
        if moved:
            notes.append(
                f"{player.name}'s cellar: {'barrels move' if len(moved) > 1 else 'the barrel moves'} "
                f"right, now in {'spots' if len(moved) > 1 else 'spot'} "
                + ", ".join(str(s + 1) for s in moved)
            )
        player.cellar = moved
        return notes

    def production_money(
        self, state: GameState, player: PlayerState, made: Mapping[str, int], money: int
    ) -> int:
        return money + WHISKY_MONEY * made.get("whisky", 0)

    def production_pending(self, state: GameState, player: PlayerState) -> str | None:
        if _age_refusal(state, player) is None:
            return f"{player.name} may age 1 whisky ('age {player.name} 1', or 0 to decline)"
        return None

    def production_decline(self, state: GameState, player: PlayerState) -> dict | None:
        if _age_refusal(state, player) is None:
            return {"type": AgeWhisky.type, "player": player.name, "count": 0}
        return None

    def measure(self, state: GameState, player: PlayerState, measure: str, count: int) -> int:
        return count + len(player.cellar) if measure == TILE_MEASURE else count
