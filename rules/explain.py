"""Final-scoring results in words: one sentence per award, as a table would say it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from .awards import Placing
from .components import RatingBand, Threshold, word
from .words import counted

_MOST = {1: "the most", 2: "the second-most", 3: "the third-most", 4: "the fourth-most"}


class _Ranked(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def money(self) -> int: ...

    @property
    def rank(self) -> int: ...

    @property
    def total(self) -> int: ...


def join_names(names: Sequence[str]) -> str:
    """'Ailsa', 'Ailsa and Bruce', 'Ailsa, Bruce and Cat'."""
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def imports(
    totals: Mapping[str, int],
    values: Mapping[str, int],
    rarest_first: Sequence[str],
    tie_order: Sequence[str],
    static: bool,
    solo: bool,
) -> list[str]:
    if static:
        value = values[rarest_first[0]]
        return [f"Static imports variant: cotton, tobacco and sugar cane are {value} VP each."]
    by_whom = "by you" if solo else "in all"
    labels = ("the rarest import", "the middle import", "the most imported")
    lines = []
    for position, good in enumerate(rarest_first):
        level = [other for other in rarest_first if other != good and totals[other] == totals[good]]
        tie = ""
        if level:
            order = ", then ".join(word(g) for g in tie_order)
            level_names = join_names([word(g) for g in level])
            tie = f"; level with {level_names}: ties go {order}, rarest first"
        lines.append(
            f"{word(good).capitalize()} is {labels[position]} "
            f"({totals[good]} imported {by_whom}{tie}): {values[good]} VP each."
        )
    return lines


def placings(
    names: Sequence[str], groups: Sequence[Placing], what: str, awards: Sequence[int]
) -> list[str]:
    """A line per group that takes an award place, and one for a group a tie pushed out."""
    lines = []
    for rank_among_counts, group in enumerate(groups):
        who = join_names([names[i] for i in group.members])
        amount = counted(group.count, what.removesuffix("s"))  # what: "contracts", "settlements"
        if group.awarded(awards):
            place = _MOST.get(group.first_place, f"place {group.first_place} for")
            if group.tied:
                pool = "+".join(str(vp) for vp in group.pooled)
                text = (
                    f"{who} tie for {place} {what} ({group.count} each): "
                    f"({pool})/{len(group.members)} = {group.each} VP each."
                )
            else:
                text = f"{who} has {place} {what} ({group.count}): {group.each} VP."
            if group.count == 0 and group.each > 0:
                text += f" Zero {what} still ranks: the rules set no minimum (our reading)."
            lines.append(text)
        elif rank_among_counts < len(awards):
            verb = "gets" if len(group.members) == 1 else "get"
            lines.append(
                f"{who} ({amount}) {verb} no award: the tied players above fill the awarded places."
            )
    return lines


def _threshold_ranges(thresholds: Sequence[Threshold]) -> str:
    parts = []
    for index, threshold in enumerate(thresholds):
        if index == 0:
            span = f"{threshold.at_least}+"
        else:
            upper = thresholds[index - 1].at_least - 1
            span = str(upper) if upper == threshold.at_least else f"{threshold.at_least}–{upper}"
        parts.append(f"{span} → {threshold.vp}")
    return ", ".join(parts)


def solo_threshold(what: str, count: int, vp: int, thresholds: Sequence[Threshold]) -> list[str]:
    return [f"{count} {what}: {vp} VP (solo thresholds: {_threshold_ranges(thresholds)})."]


def auction(name: str, bid: int) -> str:
    return f"{name} bid {bid} VP in the clan auction: −{bid} VP."


def rating(total: int, band: RatingBand, final: bool = True) -> str:
    span = f"{band.lowest}+" if band.highest is None else f"{band.lowest}–{band.highest}"
    sentence = f"{total} VP is {band.name} ({span} VP)."
    return f"Solo rating: {sentence}" if final else f"Solo rating so far: {sentence}"


def winner(results: Sequence[_Ranked], final: bool = True) -> str:
    """Who won; with `final` False, who leads (the game is not over)."""
    first = [r for r in results if r.rank == 1]
    if len(first) > 1:
        return (
            f"{join_names([r.name for r in first])} share the {'win' if final else 'lead'}: "
            f"{first[0].total} VP and £{first[0].money} each."
        )
    top = first[0]
    wins = "wins" if final else "leads"
    level = [r for r in results if r is not top and r.total == top.total]
    if not level:
        return f"{top.name} {wins} with {top.total} VP."
    others = ", ".join(f"£{r.money}" for r in level)
    return (
        f"{top.name} {wins} on money: level with {join_names([r.name for r in level])} "
        f"on {top.total} VP, with £{top.money} left against {others}."
    )
