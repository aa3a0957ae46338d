"""Preparation (phase 1 of rounds 2-5): the solo dice market, the refill of the export
board, the solo removal, the merchants' return and the new turn order.

The dice and the contracts drawn are part of the event as recorded, so a
replay never depends on a random generator: the tool's dice are rolled by
the command line and written in like a table's.
"""

from __future__ import annotations

from itertools import combinations, permutations, product
from math import comb, perm
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, TypeGuard

from ...contract_faces import short, tile
from ...messages import Plural, Reason
from ...solo import Roll, check_rolls, market_phase, roll_dice
from ...solo_state import dice_rng
from ..contracts import available, canonical_draw, draw_reasons, drawn_now, face_up_count
from ..families import Family, Listed
from ..phases import begin_round
from ..spec import DieRoll, EventSpec, Field, WordsError, whole_word
from ..state import phase_words

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from random import Random

    from ..hooks import Dice
    from ..state import GameState


def missing(state: GameState) -> int:
    """Empty boxes the refill fills."""
    target = state.rules.refill_target(
        state, face_up_count(len(state.players), len(state.export_board), state.parts)
    )
    return max(0, target - sum(1 for c in state.export_board if c is not None))


def ordered_draw(state: GameState) -> bool:
    """Whether the order of drawn contracts matters: it places them in slots the solo
    removal grid tells apart."""
    return state.setup.removal_grid is not None


def seeded_rolls(state: GameState) -> list[DieRoll]:
    """The tool's dice for this preparation: the same seed and round give the same rolls."""
    dice = state.rules.dice(state)
    assert dice is not None, "the tool rolls dice only in a game whose rules have some"
    rng = dice_rng(state.setup.seed or 0, state.round + 1)
    return [{"good": r.good, "die": r.die} for r in roll_dice(rng, dice.goods, dice.price)]


class PrepareEvent(TypedDict):
    type: Literal["prepare"]
    drawn: NotRequired[list[int]]
    rolls: NotRequired[list[DieRoll]]


def _market_phase(state: GameState, rolls: list[DieRoll]) -> list[str]:
    """Move the market by the solo dice `rolls` (none: no dice); what moved, in words."""
    notes: list[str] = []
    if rolls:
        dice_words = ", ".join(f"{r['good']} {r['die']:+d}" for r in rolls)
        notes.append(Reason("dice: {rolls}", rolls=dice_words))
        state.prices, changes = market_phase(
            state.prices, [Roll(r["good"], r["die"]) for r in rolls], state.market
        )
        notes += [change.describe() for change in changes]
    return notes


def _refilled(export_board: list[int | None], drawn: list[int]) -> list[int | None]:
    """The export board with its empty boxes filled by the `drawn` contracts, in order."""
    board = list(export_board)
    queue = list(drawn)
    for slot, held in enumerate(board):
        if held is None and queue:
            board[slot] = queue.pop(0)
    return board


class Prepare(EventSpec[PrepareEvent]):
    type = "prepare"
    menu_words = Reason("Prepare the next round")
    menu_order = 240
    rule = Reason(
        "Flip the previous round's Scoring tile face-down, refill the empty boxes of the "
        "Export board with Export contracts, and each player retrieves their Merchants from "
        "the Market."
    )
    section = Reason("Phase 1: Preparation")
    syntax = "[--draw IDS|none] [--roll GOOD:±N]..."
    help = Reason("prepare the next round (solo: three rolls, or --virtual-dice)")
    fields = {"drawn": Field("ids", required=False), "rolls": Field("rolls", required=False)}
    flags = {"draw": "drawn", "roll": "rolls"}

    def parse_option(self, option: str, values: list[str]) -> dict[str, Any]:
        if option == "roll":
            rolls: list[DieRoll] = []
            for text in values:
                good, _, die = text.partition(":")
                if not die:
                    raise WordsError(
                        Reason("--roll {roll!r}: expected GOOD:±N such as whisky:-2", roll=text)
                    )
                rolls.append({"good": good.strip().lower(), "die": whole_word(die, "--roll")})
            return {"rolls": rolls}
        return super().parse_option(option, values)

    def normalise(self, state: GameState, e: PrepareEvent) -> PrepareEvent:
        return canonical_draw(state, e, missing(state), ordered=ordered_draw(state))

    def check(self, state: GameState, e: PrepareEvent) -> list[str]:
        if state.phase != "preparation":
            return [
                Reason(
                    "it is {phase}: preparation comes after a round's scoring",
                    phase=phase_words(state.phase),
                )
            ]
        reasons: list[str] = []
        dice = state.rules.dice(state)
        if dice is not None:
            if not e.get("rolls"):
                reasons.append(
                    Reason(
                        "the Market phase rolls the Goods die and the Price die {rolls} times: "
                        "the preparation needs what they showed",
                        rolls=dice.rolls,
                    )
                )
            else:
                problem = check_rolls(
                    [Roll(r["good"], r["die"]) for r in e["rolls"]], dice.goods, dice.price
                )
                if problem:
                    reasons.append(problem)
        elif e.get("rolls"):
            reasons.append(Reason("the dice market is for the solo game only"))
        return reasons + draw_reasons(state, e.get("drawn"), missing(state))

    def apply(self, state: GameState, e: PrepareEvent) -> list[str]:
        rolls = e.get("rolls") or []
        notes = _market_phase(state, rolls)
        drawn = drawn_now(state, e.get("drawn"), missing(state))
        if state.pile is not None:
            del state.pile[: len(drawn)]
        board = _refilled(state.export_board, drawn)
        notes += [
            Reason("refill: {contract}", contract=tile(c, state.parts.contracts)) for c in drawn
        ] or [Reason("refill: nothing to draw")]
        board, removed, said = state.rules.after_refill(state, board, rolls)
        if removed is not None:
            state.removed.append(removed)
        notes += said
        state.export_board = board
        for player in state.players:
            player.merchants_stock += player.merchants_out()
            player.merchants_market = {}
        state.turn_order = list(state.pass_order)
        return notes + [Reason("merchants return")] + begin_round(state, state.round + 1)

    def options(self, state: GameState) -> Iterable[PrepareEvent]:
        if state.phase != "preparation":
            return []
        count = missing(state)
        dice = state.rules.dice(state)
        if state.pile is not None and dice is None:
            top = state.pile[:count]
            event: PrepareEvent = {"type": "prepare", "drawn": top} if top else {"type": "prepare"}
            return Listed([event])
        ordered = ordered_draw(state)
        pool = sorted(available(state)) if state.pile is None else None
        size = min(count, len(pool)) if pool is not None else 0
        pile = state.pile or []  # the known pile: pool is None exactly when there is one
        family = _Preparations(self.type, count, ordered, pool, size, pile, dice)
        summary = _summary(None if dice is None else dice.rolls, size if pool is not None else 0)
        return Family(family.total(), family.iterate, family.contains, summary, family.sample)

    def describe(self, e: PrepareEvent) -> str:
        dice = ", ".join(f"{r['good']} {r['die']:+d}" for r in e["rolls"]) if e.get("rolls") else ""
        drawn = ", ".join(short(c) for c in e["drawn"]) if e.get("drawn") else ""
        if dice and drawn:
            return Reason(
                "preparation of the next round (dice {dice}; drawn {drawn})", dice=dice, drawn=drawn
            )
        if dice:
            return Reason("preparation of the next round (dice {dice})", dice=dice)
        if drawn:
            return Reason("preparation of the next round (drawn {drawn})", drawn=drawn)
        return Reason("preparation of the next round")


class _Preparations:
    """Every preparation a table may name: the contracts drawn (the known pile's top, or
    `size` from the `pool` of the table's own pile, in order when `ordered`) and the solo
    dice rolls (none without `dice`), counted, listed, tested and sampled alike."""

    def __init__(
        self,
        kind: str,
        count: int,
        ordered: bool,
        pool: list[int] | None,
        size: int,
        pile: list[int],
        dice: Dice | None,
    ):
        self.kind = kind
        self.pile = pile
        self.wanted = count
        self.ordered = ordered
        self.pool = pool
        self.size = size
        self.pool_set = set(pool or ())
        self.dice = dice

    def top(self) -> list[int]:
        """The known pile's top, as many as are drawn."""
        return self.pile[: self.wanted]

    def total(self) -> int:
        pool, dice, ordered, size = self.pool, self.dice, self.ordered, self.size
        n_draws = 1 if pool is None else (perm if ordered else comb)(len(pool), size)
        n_rolls = (
            1 if dice is None else perm(len(dice.goods), dice.rolls) * len(dice.price) ** dice.rolls
        )
        return n_draws * n_rolls

    def draws(self) -> Iterable[list[int]]:
        pool, ordered, size = self.pool, self.ordered, self.size
        if pool is None:
            top = self.top()
            return [top]
        return (list(d) for d in (permutations if ordered else combinations)(pool, size))

    def roll_sets(self) -> Iterable[list[DieRoll] | None]:
        dice = self.dice
        if dice is None:
            return [None]
        return (
            [{"good": g, "die": d} for g, d in zip(goods, faces, strict=True)]
            for goods in permutations(dice.goods, dice.rolls)
            for faces in product(dice.price, repeat=dice.rolls)
        )

    def iterate(self) -> Iterator[PrepareEvent]:
        for drawn in self.draws():
            for rolls in self.roll_sets():
                event: PrepareEvent = {"type": "prepare"}
                if drawn:
                    event["drawn"] = drawn
                if rolls is not None:
                    event["rolls"] = rolls
                yield event

    def draws_fit(self, drawn: object) -> bool:
        size, ordered = self.size, self.ordered
        if self.pool is None:
            return drawn == self.top()
        return (
            isinstance(drawn, list)
            and len(drawn) == size
            and len(set(drawn)) == size
            and set(drawn) <= self.pool_set
            and (ordered or drawn == sorted(drawn))
        )

    def rolls_fit(self, rolls: object) -> bool:
        dice = self.dice
        if dice is None:
            return rolls is None
        return (
            _rolls_shaped(rolls, dice.rolls)
            and len({r["good"] for r in rolls}) == dice.rolls
            and all(r["good"] in dice.goods and r["die"] in dice.price for r in rolls)
        )

    def contains(self, e: dict[str, Any]) -> bool:
        return (
            e.get("type") == self.kind
            and set(e) <= {"type", "drawn", "rolls"}
            and self.draws_fit(e.get("drawn", []))
            and self.rolls_fit(e.get("rolls"))
        )

    def sample(self, rng: Random) -> PrepareEvent:
        pool, dice = self.pool, self.dice
        event: PrepareEvent = {"type": "prepare"}
        if pool is None:
            drawn = self.top()
        else:
            drawn = rng.sample(pool, self.size)
            drawn = drawn if self.ordered else sorted(drawn)
        if drawn:
            event["drawn"] = drawn
        if dice is not None:
            goods = rng.sample(dice.goods, dice.rolls)
            event["rolls"] = [{"good": g, "die": rng.choice(dice.price)} for g in goods]
        return event


def _rolls_shaped(rolls: object, count: int) -> TypeGuard[list[dict[str, Any]]]:
    """Whether `rolls` is a list of `count` rolls, each a good and a die."""
    return (
        isinstance(rolls, list)
        and len(rolls) == count
        and all(isinstance(r, dict) and set(r) == {"good", "die"} for r in rolls)
    )


def _summary(rolls: int | None, drawn: int) -> str:
    """What a table names for a preparation: the solo dice (`rolls` of them, None without
    dice) and the contracts drawn from its pile (`drawn`, none when 0)."""
    if rolls is not None and drawn:
        return Plural(
            "name the {rolls} dice rolls and the {count} contract drawn from your pile",
            "name the {rolls} dice rolls and the {count} contracts drawn from your pile",
            count=drawn,
            rolls=rolls,
        )
    if rolls is not None:
        return Reason("name the {rolls} dice rolls", rolls=rolls)
    if drawn:
        return Plural(
            "name the {count} contract drawn from your pile",
            "name the {count} contracts drawn from your pile",
            count=drawn,
        )
    # TRANSLATORS: a preparation with nothing to name (the word 'name' then nothing)
    return Reason("name ")


SPEC = Prepare()
