"""The building bonus (rule 16): after a fourth processing building (or port tile 8) with an
empty export box, draw three contracts and keep none or one at the round's cost; the
rest go to the bottom of the pile."""

from __future__ import annotations

from itertools import combinations
from math import comb

from ..contracts import available, canonical_draw, draw_reasons, drawn_now, take, take_reasons
from ..families import Family
from ..spec import EventSpec, Field
from ..turns import follow_up

DRAW = 3
RULE = (
    "the building bonus comes right after deploying a fourth processing building "
    "(or using port tile 8) with an empty export box"
)


class BuildingBonus(EventSpec):
    type = "building_bonus"
    syntax = "PLAYER [ID|none] [--drawn IDS]"
    help = "take the building bonus, keeping a contract or none"
    fields = {
        "player": Field("player"),
        "keep": Field("contract", required=False),
        "drawn": Field("ids", required=False),
    }
    positional = ("player", "keep")
    flags = {"drawn": "drawn"}

    def parse_words(self, words, options):
        if len(words) == 2 and words[1].strip().lower() == "none":
            words = words[:1]
        return super().parse_words(words, options)

    def normalise(self, state, e):
        e = super().normalise(state, e)
        return canonical_draw(state, e, DRAW, ordered=False)

    def check(self, state, e):
        player = follow_up(state, e["player"], RULE)
        if not state.turn.building_bonus:
            return [f"{player.name} has no building bonus to take now"]
        reasons = draw_reasons(state, e.get("drawn"), DRAW)
        if reasons:
            return reasons
        drawn = drawn_now(state, e.get("drawn"), DRAW)
        keep = e.get("keep")
        if keep is not None:
            if keep not in drawn:
                reasons.append(
                    f"contract {keep} is not among the drawn {', '.join(map(str, drawn)) or 'none'}"
                )
            reasons += take_reasons(state, player)
        return reasons

    def apply(self, state, e):
        player = state.player(e["player"])
        drawn = drawn_now(state, e.get("drawn"), DRAW)
        keep = e.get("keep")
        state.turn.building_bonus = False
        rest = [c for c in drawn if c != keep]
        if state.pile is not None:
            del state.pile[: len(drawn)]
            state.pile.extend(rest)
        notes = [
            f"{player.name} draws {', '.join(map(str, drawn)) or 'nothing'} for the building bonus"
        ]
        if keep is not None:
            notes.append(take(state, player, keep))
        if rest:
            notes.append(f"{', '.join(map(str, rest))} go to the bottom of the pile")
        return notes

    def options(self, state):
        if state.phase != "action" or not state.turn.building_bonus:
            return []
        player = state.by_name(state.turn.player)
        may_keep = not take_reasons(state, player)
        base = {"type": self.type, "player": player.name}
        if state.pile is not None:
            drawn = state.pile[:DRAW]
            keeps = [None] + (list(drawn) if may_keep else [])
            return [self._event(base, drawn, keep) for keep in keeps]
        pool = sorted(available(state))
        size = min(DRAW, len(pool))
        pool_set = set(pool)

        def iterate():
            for drawn in combinations(pool, size):
                for keep in [None] + (list(drawn) if may_keep else []):
                    yield self._event(base, list(drawn), keep)

        def contains(e):
            drawn = e.get("drawn", [])
            keep = e.get("keep")
            return (
                set(e) <= {"type", "player", "drawn", "keep"}
                and e.get("type") == self.type
                and e.get("player") == player.name
                and isinstance(drawn, list)
                and len(drawn) == size
                and drawn == sorted(set(drawn))
                and set(drawn) <= pool_set
                and (keep is None or (may_keep and keep in drawn))
            )

        def sample(rng):
            drawn = sorted(rng.sample(pool, size))
            return self._event(base, drawn, rng.choice([None] + (drawn if may_keep else [])))

        return Family(
            comb(len(pool), size) * (1 + (size if may_keep else 0)),
            iterate,
            contains,
            f"name the {size} contracts drawn from your pile, then keep one or none",
            sample,
        )

    @staticmethod
    def _event(base, drawn, keep):
        event = dict(base)
        if drawn:
            event["drawn"] = list(drawn)
        if keep is not None:
            event["keep"] = keep
        return event

    def describe(self, e):
        keep = e.get("keep")
        drawn = f" from {', '.join(map(str, e['drawn']))}" if e.get("drawn") else ""
        return f"{e['player']} takes the building bonus{drawn}, keeping " + (
            f"contract {keep}" if keep else "none"
        )

    def option_words(self, state, e):
        keep = e.get("keep")
        if keep is None:
            return "keep none"
        return f"keep contract {keep} ({state.parts.contracts[keep].summary()})"


SPEC = BuildingBonus()
