"""Production (phase 3), player by player: worker income, basic goods, then the processing
each player chooses (each building turns one input into one output). When everyone has
produced and made the choices that come at the end of production (a clan's, asked through
the rulebook's `production_pending`), the round is scored.

`begin_production` is what happens as the phase starts (the rulebook's
`production_begins`); `end_production` scores the round once nothing is pending; the
events of the end-of-production choices call it after their change."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import product
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, cast

from ...messages import Joined, Reason
from ...names import Name
from ...words import counted
from ..pieces import ALL_WORKERS, BUILDINGS
from ..round_scoring import score_round
from ..spec import EventSpec, Field
from ..state import phase_words

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from ..state import GameState, PlayerState


OUTPUTS = ("cheese", "bread", "whisky")


def basic_goods(state: GameState, player: PlayerState) -> dict[str, int]:
    economy = state.parts.economy
    made = dict.fromkeys(economy.basic_goods, 0)
    for unit, goods in economy.basic_production.items():
        for good, amount in goods.items():
            made[good] += player.count(unit) * amount
    return made


def income(state: GameState, player: PlayerState) -> int:
    return sum(player.count(w) * state.rules.worker_income(state, player, w) for w in ALL_WORKERS)


def begin_production(state: GameState) -> list[str]:
    """The production phase starts: what changes for each player as it does."""
    state.phase = "production"
    return [n for p in state.players for n in state.rules.production_begins(state, p)]


def pending(state: GameState) -> list[str]:
    """The end-of-production choices still to make, in words (none before all produced)."""
    if state.phase != "production" or not all(p.produced for p in state.players):
        return []
    return [words for p in state.players for words in state.rules.production_pending(state, p)]


def end_of_production_refusal(state: GameState, player: PlayerState, doing: str) -> str | None:
    """Why a choice made at the end of production (`doing`, e.g. "sells milk") cannot come
    now: it is another phase, or someone has still to produce; None when it can."""
    if state.phase != "production":
        # TRANSLATORS: {doing} is what the player does, such as 'sells milk'
        return Reason(
            "{player} {doing} at the end of production; it is {phase}",
            player=player.name,
            doing=doing,
            phase=phase_words(state.phase),
        )
    waiting = [p.name for p in state.players if not p.produced]
    if waiting:
        # TRANSLATORS: {doing} is what the player does, such as 'sells milk'
        return Reason(
            "{player} {doing} at the end of production: {waiting} still to produce",
            player=player.name,
            doing=doing,
            waiting=", ".join(waiting),
        )
    return None


def end_production(state: GameState) -> list[str]:
    """Score the round when everyone has produced and no end-of-production choice is left."""
    if state.phase != "production" or not all(p.produced for p in state.players):
        return []
    waiting = pending(state)
    if waiting:
        return [Reason("end of production: {pending}", pending="; ".join(waiting))]
    return score_round(state)


def _amount(e: ProduceEvent, good: str) -> int:
    """How much of a processed good `e` makes: the record's keys are the data's (OUTPUTS)."""
    amounts: Mapping[str, Any] = e
    amount: int = amounts.get(good, 0)
    return amount


def production_money(state: GameState, player: PlayerState, e: ProduceEvent) -> int:
    """Money on top of worker income for the processing chosen in `e` (a clan's)."""
    return state.rules.production_money(state, player, {g: _amount(e, g) for g in OUTPUTS})


class ProduceEvent(TypedDict):
    type: Literal["produce"]
    player: str
    cheese: NotRequired[int]
    bread: NotRequired[int]
    whisky: NotRequired[int]


class Produce(EventSpec[ProduceEvent]):
    type = "produce"
    menu_words = Reason("Produce")
    menu_order = 210
    asked_at_once = True
    narrowed_by = ("whose_production",)
    rule = Reason(
        "Workers earn their income, each Sheep produces one Wool, each Cow one Milk and each "
        "Field two Grain; then each Cheese dairy, Bakery and Distillery may process one Milk "
        "or Grain into one Cheese, Bread or Whisky."
    )
    section = Reason("Phase 3: Production")
    syntax = "PLAYER [--cheese N] [--bread N] [--whisky N]"
    help = Reason("production, with the processing chosen")
    fields = {
        "player": Field("player"),
        **{good: Field("amount", required=False) for good in OUTPUTS},
    }
    positional = ("player",)
    flags = {good: good for good in OUTPUTS}
    defaults = dict.fromkeys(OUTPUTS, 0)

    def check(self, state: GameState, e: ProduceEvent) -> list[str]:
        if state.phase != "production":
            return [
                Reason("it is {phase}, not the production phase", phase=phase_words(state.phase))
            ]
        player = state.player(e["player"])
        if player.produced:
            return [Reason("{player} has produced this round already", player=player.name)]
        economy = state.parts.economy
        made = basic_goods(state, player)
        reasons: list[str] = []
        need: dict[str, int] = {}
        for building in BUILDINGS:
            source, output = economy.processing[building]
            count = _amount(e, output)
            if count > player.count(building):
                reasons.append(
                    Reason(
                        "{player} has {buildings}: at most {most} {good}",
                        player=player.name,
                        buildings=counted(player.count(building), building),
                        most=player.count(building),
                        good=output,
                    )
                )
            need[source] = need.get(source, 0) + count
        for good, count in need.items():
            stock = player.goods[good] + made.get(good, 0)
            if count > stock:
                reasons.append(
                    Reason(
                        "processing needs {amount} {good}; {player} will have {stock}",
                        amount=count,
                        good=good,
                        player=player.name,
                        stock=stock,
                    )
                )
        return reasons

    def apply(self, state: GameState, e: ProduceEvent) -> list[str]:
        player = state.player(e["player"])
        wages, extra = income(state, player), production_money(state, player, e)
        earned = wages + extra
        made = basic_goods(state, player)
        player.money += earned
        self.store(state, player, made, e)
        player.produced = True
        wanted = {g: _amount(e, g) for g in OUTPUTS}
        player.made_this_round = {g: n for g, n in wanted.items() if n}
        player.production_choices = set()
        goods = Joined(", ", [Name(g, n) for g, n in made.items() if n]) or Reason("no goods")
        processed = processing_words(state, e)
        if processed:  # what went in is said, so no one counts the milk as kept
            # TRANSLATORS: {goods} processed: '1 milk into 1 cheese'
            goods = Reason("{goods}, and processes {processed}", goods=goods, processed=processed)
        if extra:
            note = Reason(
                "{player} earns £{money} (workers £{wages}, £{extra} for what was produced) "
                "and makes {goods}",
                player=player.name,
                money=earned,
                wages=wages,
                extra=extra,
                goods=goods,
            )
        elif not any({**made, **wanted}.values()):  # its own words: a language may say "not"
            note = Reason(
                "{player} earns £{money} and makes no goods", player=player.name, money=earned
            )
        else:
            note = Reason(
                "{player} earns £{money} and makes {goods}",
                player=player.name,
                money=earned,
                goods=goods,
            )
        return [note, *end_production(state)]

    @staticmethod
    def store(
        state: GameState, player: PlayerState, made: Mapping[str, int], e: ProduceEvent
    ) -> None:
        """Put the goods `made` in the player's stock, then process as the event says."""
        economy = state.parts.economy
        for good, amount in made.items():
            player.goods[good] += amount
        for building in BUILDINGS:
            source, output = economy.processing[building]
            player.goods[source] -= _amount(e, output)
            player.goods[output] += _amount(e, output)

    def choices(self, state: GameState, player: PlayerState) -> list[dict[str, int]]:
        """Every processing a player may choose: outputs by building count and stock."""
        economy = state.parts.economy
        made = basic_goods(state, player)
        stock = {g: player.goods[g] + made.get(g, 0) for g in economy.basic_goods}
        ranges = {}
        for building in BUILDINGS:
            source, output = economy.processing[building]
            ranges[output] = (source, range(min(player.count(building), stock[source]) + 1))
        chosen = []
        outputs = list(ranges)
        for counts in product(*(ranges[o][1] for o in outputs)):
            need: dict[str, int] = {}
            for output, count in zip(outputs, counts, strict=True):
                need[ranges[output][0]] = need.get(ranges[output][0], 0) + count
            if all(n <= stock[g] for g, n in need.items()):
                chosen.append({o: c for o, c in zip(outputs, counts, strict=True) if c})
        return chosen

    def options(self, state: GameState) -> Iterable[ProduceEvent]:
        if state.phase != "production":
            return []
        return [
            cast(ProduceEvent, {"type": "produce", "player": p.name, **choice})
            for p in state.players
            if not p.produced
            for choice in self.choices(state, p)
        ]

    def describe(self, e: ProduceEvent) -> str:
        made = Joined(", ", [Name(g, _amount(e, g)) for g in OUTPUTS if _amount(e, g)])
        if made:
            # TRANSLATORS: {goods} are what the buildings made: '1 cheese, 2 bread'
            return Reason(
                "{player} produces, processing into {goods}", player=e["player"], goods=made
            )
        return Reason("{player} produces", player=e["player"])

    def option_words(self, state: GameState, e: ProduceEvent) -> str:
        """'Fiona: £12, makes 2 wool and 1 milk, processing 1 milk into 1 cheese': the money
        and every good that comes out, the basic goods first."""
        player = state.by_name(e["player"])
        money = income(state, player) + production_money(state, player, e)
        made = basic_goods(state, player)
        basic = Joined(", ", [Name(g, n) for g, n in made.items() if n])
        processed = processing_words(state, e)
        fields = {"player": player.name, "money": money, "basic": basic or Reason("no goods")}
        # TRANSLATORS: {basic} lists the basic goods made ('2 wool, 1 milk'), {goods} what is
        # processed ('1 milk into 1 cheese')
        if processed:
            return Reason(
                "{player}: £{money}, makes {basic}, processing {goods}", goods=processed, **fields
            )
        return Reason("{player}: £{money}, makes {basic}, no processing", **fields)


def processing_words(state: GameState, e: ProduceEvent) -> str:
    """What the buildings turn into what: '1 milk into 1 cheese, 2 grain into 2 bread'."""
    sources = {out: source for source, out in state.parts.economy.processing.values()}
    return Joined(
        ", ",
        [
            Reason(
                "{count} {source} into {count} {output}",
                count=_amount(e, g),
                source=Name(sources[g]),
                output=Name(g),
            )
            for g in OUTPUTS
            if _amount(e, g)
        ],
    )


SPEC = Produce()
