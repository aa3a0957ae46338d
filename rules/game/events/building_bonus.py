"""The building bonus (rule 16): after a fourth processing building (or port tile 8) with an
empty export box, draw three contracts and keep none or one at the round's cost; the
rest go to the bottom of the pile. A clan may draw more and keep two (limited by its
empty boxes), paying the round's cost once for both."""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, cast

from ...contract_faces import short, tile, tiles
from ...messages import Joined, Plural, Reason
from ..contracts import (
    available,
    canonical_draw,
    draw_reasons,
    drawn_now,
    due,
    named,
    paired,
    take,
    take_reasons,
)
from ..families import Family
from ..spec import EventSpec, Field
from ..state import Refused
from ..turns import follow_up
from .obtain import due_words

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Mapping, Sequence
    from random import Random

    from ..state import GameState, TurnState

RULE = Reason(
    "the building bonus comes right after deploying a fourth processing building "
    "(or using port tile 8) with an empty export box"
)


class BuildingBonusEvent(TypedDict):
    type: Literal["building_bonus"]
    player: str
    keep: NotRequired[int]
    second: NotRequired[int]
    drawn: NotRequired[list[int]]


class BuildingBonus(EventSpec[BuildingBonusEvent]):
    type = "building_bonus"
    menu_words = Reason("Building bonus: draw contracts")
    menu_key = "g"
    menu_order = 120
    open_bonus = Reason("the building bonus")
    rule = Reason(
        "Deploying your fourth Cheese dairy, Bakery or Distillery while your Export box is "
        "empty lets you draw three Export contracts and take one or none, paying as for "
        "Obtain an Export Contract; the others go to the bottom of the pile."
    )
    section = Reason("Building Bonus")
    syntax = "PLAYER [ID|none] [ID] [--drawn IDS]"
    help = Reason("take the building bonus, keeping a contract (two where a clan allows) or none")
    fields = {
        "player": Field("player"),
        "keep": Field("contract", required=False),
        "second": Field("contract", required=False),
        "drawn": Field("ids", required=False),
    }
    positional = ("player", "keep", "second")
    flags = {"drawn": "drawn"}

    def parse_words(self, words: list[str], options: dict[str, list[str]]) -> BuildingBonusEvent:
        if len(words) == 2 and words[1].strip().lower() == "none":
            words = words[:1]
        return super().parse_words(words, options)

    def normalise(self, state: GameState, e: BuildingBonusEvent) -> BuildingBonusEvent:
        e = paired(super().normalise(state, e), "keep", "second")
        return canonical_draw(state, e, draw_count(state, e), ordered=False)

    def bonus_open(self, turn: TurnState) -> bool:
        return turn.building_bonus

    def check(self, state: GameState, e: BuildingBonusEvent) -> list[str]:
        player = follow_up(state, e["player"], RULE)
        if not state.turn.building_bonus:
            return [Reason("{player} has no building bonus to take now", player=player.name)]
        draw = draw_count(state, e)
        reasons = draw_reasons(state, e.get("drawn"), draw)
        if reasons:
            return reasons
        drawn = drawn_now(state, e.get("drawn"), draw)
        kept = named(e, "keep")
        if e.get("second") is not None and e.get("keep") is None:
            return [Reason("name the first contract kept before the second")]
        if len(set(kept)) < len(kept):
            reasons.append(
                Reason("{contract} is named twice", contract=tile(kept[0], state.parts.contracts))
            )
        for keep in dict.fromkeys(kept):
            if keep not in drawn:
                reasons.append(
                    Reason(
                        "{contract} is not among those drawn ({drawn})",
                        contract=tile(keep, state.parts.contracts),
                        drawn=tiles(drawn, state.parts.contracts),
                    )
                )
        if kept:
            reasons += take_reasons(state, player, len(kept))
        return reasons

    def apply(self, state: GameState, e: BuildingBonusEvent) -> list[str]:
        player = state.player(e["player"])
        drawn = drawn_now(state, e.get("drawn"), draw_count(state, e))
        kept = named(e, "keep")
        state.turn.building_bonus = False
        rest = [c for c in drawn if c not in kept]
        if state.pile is not None:
            del state.pile[: len(drawn)]
            state.pile.extend(rest)
        notes: list[str] = [
            Reason(
                "{player} draws {contracts} for the building bonus",
                player=player.name,
                contracts=tiles(drawn, state.parts.contracts),
            )
        ]
        if kept:
            notes.append(take(state, player, kept))
        if rest:
            notes.append(
                Plural(
                    "{contracts} goes to the bottom of the pile",
                    "{contracts} go to the bottom of the pile",
                    count=len(rest),
                    contracts=tiles(rest, state.parts.contracts),
                )
            )
        return notes

    def options(self, state: GameState) -> Iterable[BuildingBonusEvent]:
        if state.phase != "action" or not state.turn.building_bonus:
            return []
        player = state.by_name(state.turn.player)
        draw = state.rules.building_bonus_draw(state, player)
        most = max(
            (
                n
                for n in range(1, state.rules.contracts_per_action(state, player) + 1)
                if not take_reasons(state, player, n)
            ),
            default=0,
        )
        base = {"type": "building_bonus", "player": player.name}

        def kept_from(drawn: Iterable[int]) -> Iterator[tuple[int, ...]]:
            for n in range(most + 1):
                yield from combinations(sorted(drawn), n)

        if state.pile is not None:
            drawn = state.pile[:draw]
            return [self._event(base, drawn, kept) for kept in kept_from(drawn)]
        pool = sorted(available(state))
        size = min(draw, len(pool))
        pool_set = set(pool)

        def iterate() -> Iterator[BuildingBonusEvent]:
            for drawn in combinations(pool, size):
                for kept in kept_from(drawn):
                    yield self._event(base, list(drawn), kept)

        def contains(e: dict[str, Any]) -> bool:
            drawn = e.get("drawn", [])
            kept = named(e, "keep")
            return (
                set(e) <= {"type", "player", "drawn", "keep", "second"}
                and e.get("type") == self.type
                and e.get("player") == player.name
                and isinstance(drawn, list)
                and len(drawn) == size
                and drawn == sorted(set(drawn))
                and set(drawn) <= pool_set
                and len(kept) <= most
                and kept == sorted(set(kept))
                and set(kept) <= set(drawn)
                and (e.get("second") is None or e.get("keep") is not None)
            )

        def sample(rng: Random) -> BuildingBonusEvent:
            drawn = sorted(rng.sample(pool, size))
            kept = sorted(rng.sample(drawn, rng.randint(0, min(most, size))))
            return self._event(base, drawn, kept)

        if most <= 1:
            summary = Plural(
                "name the {count} contract drawn from your pile, then keep one or none",
                "name the {count} contracts drawn from your pile, then keep one or none",
                count=size,
            )
        else:
            summary = Plural(
                "name the {count} contract drawn from your pile, then keep up to {most}",
                "name the {count} contracts drawn from your pile, then keep up to {most}",
                count=size,
                most=most,
            )
        return Family(
            comb(len(pool), size) * sum(comb(size, n) for n in range(most + 1)),
            iterate,
            contains,
            summary,
            sample,
        )

    @staticmethod
    def _event(
        base: Mapping[str, Any], drawn: Sequence[int], kept: Sequence[int]
    ) -> BuildingBonusEvent:
        event = dict(base)
        if drawn:
            event["drawn"] = list(drawn)
        for field, contract in zip(("keep", "second"), kept, strict=False):
            event[field] = contract
        return cast(BuildingBonusEvent, event)  # `base` holds its type and player

    def describe(self, e: BuildingBonusEvent) -> str:
        fields = {"player": e["player"], "contracts": tiles(named(e, "keep"))}
        if e.get("drawn"):
            return Reason(
                "{player} takes the building bonus, keeping {contracts} (drawn: {drawn})",
                drawn=Joined(", ", [short(c) for c in e["drawn"]]),
                **fields,
            )
        return Reason("{player} takes the building bonus, keeping {contracts}", **fields)

    def option_words(self, state: GameState, e: BuildingBonusEvent) -> str:
        """'keep 4 wool → … (1): pay £2': a contract kept costs (or brings) what the round
        says, as obtaining one would."""
        kept = named(e, "keep")
        if not kept:
            return Reason("keep none")
        player = state.by_name(e["player"])
        cost = due(state, player, state.turn.contracts_obtained)
        fields = {"contracts": tiles(kept, state.parts.contracts), "money": due_words(cost)}
        # TRANSLATORS: {money} is what keeping them brings or costs: 'receive £2', 'pay £1', 'free'
        if len(kept) > 1 and cost:
            return Reason("keep {contracts}: {money} once", **fields)
        return Reason("keep {contracts}: {money}", **fields)


def draw_count(state: GameState, e: BuildingBonusEvent) -> int:
    """How many contracts the player draws (a clan may draw more than three)."""
    try:
        player = state.player(str(e.get("player")))
    except Refused:
        return 3
    return state.rules.building_bonus_draw(state, player)


SPEC = BuildingBonus()
