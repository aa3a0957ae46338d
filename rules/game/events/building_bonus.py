"""The building bonus (rule 16): after a fourth processing building (or port tile 8) with an
empty export box, draw three contracts and keep none or one at the round's cost; the
rest go to the bottom of the pile. A clan may draw more and keep two (limited by its
empty boxes), paying the round's cost once for both."""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

from ...contract_faces import short, tile, tiles
from ...words import counted
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

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..spec import Event
    from ..state import GameState

RULE = (
    "the building bonus comes right after deploying a fourth processing building "
    "(or using port tile 8) with an empty export box"
)


class BuildingBonus(EventSpec):
    type = "building_bonus"
    syntax = "PLAYER [ID|none] [ID] [--drawn IDS]"
    help = "take the building bonus, keeping a contract (two where a clan allows) or none"
    fields = {
        "player": Field("player"),
        "keep": Field("contract", required=False),
        "second": Field("contract", required=False),
        "drawn": Field("ids", required=False),
    }
    positional = ("player", "keep", "second")
    flags = {"drawn": "drawn"}

    def parse_words(self, words: list[str], options: dict[str, list[str]]) -> Event:
        if len(words) == 2 and words[1].strip().lower() == "none":
            words = words[:1]
        return super().parse_words(words, options)

    def normalise(self, state: GameState, e: Event) -> Event:
        e = paired(super().normalise(state, e), "keep", "second")
        return canonical_draw(state, e, draw_count(state, e), ordered=False)

    def check(self, state: GameState, e: Event) -> list[str]:
        player = follow_up(state, e["player"], RULE)
        if not state.turn.building_bonus:
            return [f"{player.name} has no building bonus to take now"]
        draw = draw_count(state, e)
        reasons = draw_reasons(state, e.get("drawn"), draw)
        if reasons:
            return reasons
        drawn = drawn_now(state, e.get("drawn"), draw)
        kept = named(e, "keep")
        if e.get("second") is not None and e.get("keep") is None:
            return ["name the first contract kept before the second"]
        if len(set(kept)) < len(kept):
            reasons.append(f"{tile(kept[0], state.parts.contracts)} is named twice")
        for keep in dict.fromkeys(kept):
            if keep not in drawn:
                reasons.append(
                    f"{tile(keep, state.parts.contracts)} is not among those drawn "
                    f"({tiles(drawn, state.parts.contracts)})"
                )
        if kept:
            reasons += take_reasons(state, player, len(kept))
        return reasons

    def apply(self, state: GameState, e: Event) -> list[str]:
        player = state.player(e["player"])
        drawn = drawn_now(state, e.get("drawn"), draw_count(state, e))
        kept = named(e, "keep")
        state.turn.building_bonus = False
        rest = [c for c in drawn if c not in kept]
        if state.pile is not None:
            del state.pile[: len(drawn)]
            state.pile.extend(rest)
        notes = [
            f"{player.name} draws {tiles(drawn, state.parts.contracts)} for the building bonus"
        ]
        if kept:
            notes.append(take(state, player, kept))
        if rest:
            gone = tiles(rest, state.parts.contracts)
            notes.append(f"{gone} go{'es' if len(rest) == 1 else ''} to the bottom of the pile")
        return notes

    def options(self, state: GameState) -> Iterable[Event]:
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
        base = {"type": self.type, "player": player.name}

        def kept_from(drawn):
            for n in range(most + 1):
                yield from combinations(sorted(drawn), n)

        if state.pile is not None:
            drawn = state.pile[:draw]
            return [self._event(base, drawn, kept) for kept in kept_from(drawn)]
        pool = sorted(available(state))
        size = min(draw, len(pool))
        pool_set = set(pool)

        def iterate():
            for drawn in combinations(pool, size):
                for kept in kept_from(drawn):
                    yield self._event(base, list(drawn), kept)

        def contains(e):
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

        def sample(rng):
            drawn = sorted(rng.sample(pool, size))
            kept = sorted(rng.sample(drawn, rng.randint(0, min(most, size))))
            return self._event(base, drawn, kept)

        return Family(
            comb(len(pool), size) * sum(comb(size, n) for n in range(most + 1)),
            iterate,
            contains,
            f"name the {counted(size, 'contract')} drawn from your pile, then keep "
            + ("one or none" if most <= 1 else f"up to {most}"),
            sample,
        )

    @staticmethod
    def _event(base, drawn, kept):
        event = dict(base)
        if drawn:
            event["drawn"] = list(drawn)
        for field, contract in zip(("keep", "second"), kept, strict=False):
            event[field] = contract
        return event

    def describe(self, e: Event) -> str:
        kept = named(e, "keep")
        drawn = f" (drawn: {', '.join(short(c) for c in e['drawn'])})" if e.get("drawn") else ""
        return f"{e['player']} takes the building bonus, keeping {tiles(kept)}{drawn}"

    def option_words(self, state: GameState, e: Event) -> str:
        """'keep 4 wool → … (1): pay £2': a contract kept costs (or brings) what the round
        says, as obtaining one would."""
        kept = named(e, "keep")
        if not kept:
            return "keep none"
        player = state.by_name(e["player"])
        cost = due(state, player, state.turn.contracts_obtained)
        money = f"receive £{cost}" if cost > 0 else f"pay £{-cost}" if cost else "free"
        once = " once" if len(kept) > 1 and cost else ""
        return f"keep {tiles(kept, state.parts.contracts)}: {money}{once}"


def draw_count(state, e) -> int:
    """How many contracts the player draws (a clan may draw more than three)."""
    try:
        player = state.player(str(e.get("player")))
    except Refused:
        return 3
    return state.rules.building_bonus_draw(state, player)


SPEC = BuildingBonus()
