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

from typing import TYPE_CHECKING, Literal, TypedDict

from ...box_values import BoxValue
from ...messages import Joined, Plural, Reason
from ..events.produce import end_of_production_refusal, end_production
from ..hooks import override
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
            Reason(
                "1 to {most} amounts of money, one per cellar spot from left to right",
                most=MAX_CELLAR_SPOTS,
            )
        )
    return spots


# guessed, not printed (components-facts: "presumably 3 spots (£0 / £7 / £15) - uncertain")
WHISKY_CELLAR = BoxValue(
    key="whisky_cellar",
    default=(0, 7, 15),
    words=Reason("MacKenzie's whisky cellar: its spots and what each pays"),
    question=Reason("MacKenzie's whisky cellar: what each spot pays, from the left:"),
    read=_read_cellar,
    many=True,
)


def payouts(state: GameState) -> tuple[int, ...]:
    """The money each cellar spot pays, leftmost first (the table's box data)."""
    return tuple(state.setup.clan_values[WHISKY_CELLAR.key])


def spot_words(state: GameState, spot: int) -> str:
    """Spot `spot` (0: leftmost) as the table counts it, with its money."""
    return Reason("cellar spot {spot} (£{money})", spot=spot + 1, money=payouts(state)[spot])


def cellar_words(state: GameState, player: PlayerState) -> str:
    """The cellar spot by spot, for status: 'spot 1 £0: -, spot 2 £7: barrel, ...'."""
    return Joined(  # each spot read in the reader's language (a str join would not be)
        ", ",
        [
            Reason("spot {spot} £{money}: barrel", spot=i + 1, money=money)
            if i in player.cellar
            else Reason("spot {spot} £{money}: -", spot=i + 1, money=money)
            for i, money in enumerate(payouts(state))
        ],
    )


def _no_cellar(player: PlayerState) -> str:
    return Reason(
        "{player} has no whisky cellar: only the {clan} clan has", player=player.name, clan=NAME
    )


def _age_refusal(state: GameState, player: PlayerState) -> str | None:
    """Why `player` cannot make the ageing choice now; None when they can."""
    if player.clan != NAME:
        return _no_cellar(player)
    # TRANSLATORS: read inside "{player} {doing} at the end of production"
    timing = end_of_production_refusal(state, player, Reason("ages whisky"))
    if timing:
        return timing
    if AgeWhisky.type in player.production_choices:
        return Reason("{player} has made the ageing choice this round already", player=player.name)
    if not player.made_this_round.get("whisky") or not player.goods["whisky"]:
        return Reason("{player} produced no whisky this round to age", player=player.name)
    if 0 in player.cellar:
        return Reason("{player}'s leftmost cellar spot holds a barrel already", player=player.name)
    return None


class AgeEvent(TypedDict):
    type: Literal["age"]
    player: str
    count: int


class AgeWhisky(EventSpec[AgeEvent]):
    type = "age"
    menu_words = Reason("Age whisky")
    menu_order = 230
    power = (NAME, 1)  # its rule: this power of the clan's (clans.yaml)
    syntax = "PLAYER N"
    # TRANSLATORS: N is the number typed after the player's name: keep it as N
    help = Reason(
        "Clan {clan}, at the end of production: put N (0 or 1) freshly produced whisky into the "
        "leftmost cellar spot",
        clan=NAME,
    )
    fields = {"player": Field("player"), "count": Field("amount")}
    positional = ("player", "count")

    @override
    def check(self, state: GameState, e: AgeEvent) -> list[str]:
        player = state.player(e["player"])
        refused = _age_refusal(state, player)
        if refused:
            return [refused]
        if e["count"] > 1:
            return [
                Reason(
                    "{player} may age 1 whisky a round, not {count}",
                    player=player.name,
                    count=e["count"],
                )
            ]
        return []

    @override
    def apply(self, state: GameState, e: AgeEvent) -> list[str]:
        player = state.player(e["player"])
        player.production_choices.add(self.type)
        if e["count"]:
            player.goods["whisky"] -= 1
            player.cellar = sorted([*player.cellar, 0])
            notes = [
                Reason(
                    "{player} puts 1 whisky into {spot}",
                    player=player.name,
                    spot=spot_words(state, 0),
                )
            ]
        else:
            notes = [Reason("{player} ages no whisky this round", player=player.name)]
        return notes + end_production(state)

    @override
    def options(self, state: GameState) -> Iterable[AgeEvent]:
        return [
            {"type": "age", "player": p.name, "count": n}
            for p in state.players
            if _age_refusal(state, p) is None
            for n in (0, 1)
        ]

    @override
    def describe(self, e: AgeEvent) -> str:
        if not e["count"]:
            return Reason("{player} ages no whisky", player=e["player"])
        return Reason("{player} ages 1 whisky in the cellar", player=e["player"])

    @override
    def option_words(self, state: GameState, e: AgeEvent) -> str:
        # TRANSLATORS: a menu option, after the player's name
        if not e["count"]:
            return Reason("{player}: keep the whisky in stock", player=e["player"])
        return Reason("{player}: age 1 whisky in the leftmost cellar spot", player=e["player"])


def _out_refusal(state: GameState, player: PlayerState) -> str | None:
    """Why `player` cannot take a barrel out of the cellar now (any barrel); None if they can."""
    if player.clan != NAME:
        return _no_cellar(player)
    if state.phase in ("production", "over"):
        return None
    if state.phase != "action":
        return Reason(
            "{player} takes a barrel out in their turn, in production or before the "
            "final score; it is {phase}",
            player=player.name,
            phase=phase_words(state.phase),
        )
    try:
        gate(state, player.name, main=False)
    except Refused as refused:
        why = refused.reasons[0] if len(refused.reasons) == 1 else str(refused)
        return Reason(
            "{player} takes a barrel out in their own turn: {why}", player=player.name, why=why
        )
    return None


class CellarOutEvent(TypedDict):
    type: Literal["cellar_out"]
    player: str
    spot: int


class CellarOut(EventSpec[CellarOutEvent]):
    type = "cellar_out"
    menu_words = Reason("Take a barrel out of the cellar")
    menu_key = "k"
    menu_order = 170
    optional = True
    power = (NAME, 1)  # its rule: this power of the clan's (clans.yaml)
    rule = Reason(
        "A barrel may come out of the cellar at any time, even after the last p"
        "roduction, before the final score."
    )
    syntax = "PLAYER SPOT"
    # TRANSLATORS: SPOT is the number typed after the player's name: keep it as SPOT
    help = Reason(
        "Clan {clan}, in their turn, in production or before the final score: take the "
        "whisky barrel in cellar SPOT (1 = leftmost) to stock, for that spot's money",
        clan=NAME,
    )
    fields = {"player": Field("player"), "spot": Field("count")}
    positional = ("player", "spot")

    @override
    def check(self, state: GameState, e: CellarOutEvent) -> list[str]:
        player = state.player(e["player"])
        refused = _out_refusal(state, player)
        if refused:
            return [refused]
        spots = len(payouts(state))
        if e["spot"] > spots:
            return [
                Reason(
                    "the whisky cellar has {count} spots, not {spot}", count=spots, spot=e["spot"]
                )
            ]
        if e["spot"] - 1 not in player.cellar:
            held = ", ".join(str(s + 1) for s in player.cellar) or Reason("none")
            return [
                Reason(
                    "{player} has no barrel in cellar spot {spot} (barrels: {held})",
                    player=player.name,
                    spot=e["spot"],
                    held=held,
                )
            ]
        return []

    @override
    def apply(self, state: GameState, e: CellarOutEvent) -> list[str]:
        player = state.player(e["player"])
        if state.phase == "action":
            open_turn(state, gate(state, player.name, main=False))
        spot = e["spot"] - 1
        money = payouts(state)[spot]
        player.cellar = [s for s in player.cellar if s != spot]
        player.goods["whisky"] += 1
        player.money += money
        return [
            Reason(
                "{player} takes the barrel in {spot} out: 1 whisky to stock and £{money}",
                player=player.name,
                spot=spot_words(state, spot),
                money=money,
            )
        ]

    @override
    def options(self, state: GameState) -> Iterable[CellarOutEvent]:
        if state.phase in ("production", "over"):
            players = state.players
        else:
            players = [g.player for g in may_act(state, main=False)]
        return [
            {"type": "cellar_out", "player": p.name, "spot": spot + 1}
            for p in players
            if _out_refusal(state, p) is None
            for spot in p.cellar
        ]

    @override
    def describe(self, e: CellarOutEvent) -> str:
        return Reason(
            "{player} takes the barrel in cellar spot {spot} out",
            player=e["player"],
            spot=e["spot"],
        )

    @override
    def option_words(self, state: GameState, e: CellarOutEvent) -> str:
        money = payouts(state)[e["spot"] - 1]
        # TRANSLATORS: a menu option, after the player's name
        return Reason(
            "{player}: barrel in cellar spot {spot} to stock, +£{money}",
            player=e["player"],
            spot=e["spot"],
            money=money,
        )


class MacKenzie(Clan):
    name = NAME
    summary = Reason(
        "£{money} per whisky produced; ages whisky in a cellar that pays by spot; "
        "cellar whisky counts on the scoring tile for pairs of processed goods",
        money=WHISKY_MONEY,
    )
    box_values = (WHISKY_CELLAR,)
    specs = (AgeWhisky(), CellarOut())

    @override
    def production_begins(self, state: GameState, player: PlayerState) -> list[str]:
        last = len(payouts(state)) - 1
        notes: list[str] = []
        if last in player.cellar:
            money = payouts(state)[last]
            player.goods["whisky"] += 1
            player.money += money
            notes.append(
                Reason(
                    "{player}'s barrel in {spot} goes to stock: 1 whisky and £{money}",
                    player=player.name,
                    spot=spot_words(state, last),
                    money=money,
                )
            )
        moved = sorted(s + 1 for s in player.cellar if s != last)
        if moved:
            # TRANSLATORS: {spots} lists the cellar spots (numbers) the barrels are in now
            notes.append(
                Plural(
                    "{player}'s cellar: the barrel moves right, now in spot {spots}",
                    "{player}'s cellar: barrels move right, now in spots {spots}",
                    count=len(moved),
                    player=player.name,
                    spots=", ".join(str(s + 1) for s in moved),
                )
            )
        player.cellar = moved
        return notes

    @override
    def production_money(
        self, state: GameState, player: PlayerState, made: Mapping[str, int], money: int
    ) -> int:
        return money + WHISKY_MONEY * made.get("whisky", 0)

    @override
    def production_pending(self, state: GameState, player: PlayerState) -> str | None:
        if _age_refusal(state, player) is None:
            # TRANSLATORS: 'age {player} 1' is the event as typed: keep age and 1
            return Reason(
                "{player} may age 1 whisky ('age {player} 1', or 0 to decline)", player=player.name
            )
        return None

    @override
    def production_decline(self, state: GameState, player: PlayerState) -> Event | None:
        if _age_refusal(state, player) is None:
            return {"type": "age", "player": player.name, "count": 0}
        return None

    @override
    def measure(self, state: GameState, player: PlayerState, measure: str, count: int) -> int:
        return count + len(player.cellar) if measure == TILE_MEASURE else count
