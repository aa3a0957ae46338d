"""Final-scoring results in words: one sentence per award, as a table would say it."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Protocol

from .awards import Placing
from .components import RatingBand, Threshold, word
from .messages import N_, Plural, Reason

# TRANSLATORS: a place among the players, read inside "Ailsa has {place} contracts (4)"
_MOST = {
    1: N_("the most"),
    2: N_("the second-most"),
    3: N_("the third-most"),
    4: N_("the fourth-most"),
}
# TRANSLATORS: how an import good ranks, read inside "Cotton is {rank} (3 imported in all)"
_IMPORT_RANKS = (N_("the rarest import"), N_("the middle import"), N_("the most imported"))


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
    # TRANSLATORS: {names} are one or more names joined by commas, {last} the last name
    return Reason("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def _one_after_another(words: Sequence[str]) -> str:
    """'cotton, then tobacco, then sugar cane'."""
    return functools.reduce(
        lambda earlier, later: Reason("{earlier}, then {later}", earlier=earlier, later=later),
        words,
    )


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
        return [
            Reason(
                "Static imports variant: cotton, tobacco and sugar cane are {vp} VP each.",
                vp=value,
            )
        ]
    lines = []
    for position, good in enumerate(rarest_first):
        level = [other for other in rarest_first if other != good and totals[other] == totals[good]]
        fields = {
            "good": word(good).capitalize(),
            "rank": Reason(_IMPORT_RANKS[position]),
            "count": totals[good],
            "vp": values[good],
        }
        if level:
            fields["level"] = join_names([word(g) for g in level])
            fields["order"] = _one_after_another([word(g) for g in tie_order])
        lines.append(_import_line(solo, bool(level), fields))
    return lines


def _import_line(solo: bool, tied: bool, fields: Mapping[str, object]) -> str:
    # TRANSLATORS: {good} is an import good (capitalised), {rank} how it ranks ("the
    # rarest import"), {count} how many were imported, {vp} what each is worth
    if solo and tied:
        return Reason(
            "{good} is {rank} ({count} imported by you; level with {level}: ties go {order}, "
            "rarest first): {vp} VP each.",
            **fields,
        )
    if tied:
        return Reason(
            "{good} is {rank} ({count} imported in all; level with {level}: ties go {order}, "
            "rarest first): {vp} VP each.",
            **fields,
        )
    if solo:
        return Reason("{good} is {rank} ({count} imported by you): {vp} VP each.", **fields)
    return Reason("{good} is {rank} ({count} imported in all): {vp} VP each.", **fields)


def placings(
    names: Sequence[str], groups: Sequence[Placing], what: str, awards: Sequence[int]
) -> list[str]:
    """A line per group that takes an award place, and one for a group a tie pushed out;
    `what` is "contracts" (the export awards) or "settlements"."""
    lines = []
    for rank_among_counts, group in enumerate(groups):
        who = join_names([names[i] for i in group.members])
        if group.awarded(awards):
            place = (
                Reason(_MOST[group.first_place])
                if group.first_place in _MOST
                else Reason("place {place} for", place=group.first_place)
            )
            text = _award_line(what, group, who, place)
            if group.count == 0 and group.each > 0:
                text = _zero_still_ranks(what, text)
            lines.append(text)
        elif rank_among_counts < len(awards):
            lines.append(_no_award_line(what, group, who))
    return lines


def _award_line(what: str, group: Placing, who: str, place: str) -> str:
    # TRANSLATORS: {who} names the players, {place} is their place ("the most",
    # "the second-most"); {pool} adds up the awards they share, {members} is how many share
    fields = dict(who=who, place=place, count=group.count, vp=group.each)
    tie = dict(pool="+".join(str(vp) for vp in group.pooled), members=len(group.members))
    if what == "contracts":
        if group.tied:
            return Reason(
                "{who} tie for {place} contracts ({count} each): ({pool})/{members} = "
                "{vp} VP each.",
                **fields,
                **tie,
            )
        return Reason("{who} has {place} contracts ({count}): {vp} VP.", **fields)
    if group.tied:
        return Reason(
            "{who} tie for {place} settlements ({count} each): ({pool})/{members} = {vp} VP each.",
            **fields,
            **tie,
        )
    return Reason("{who} has {place} settlements ({count}): {vp} VP.", **fields)


def _zero_still_ranks(what: str, award: str) -> str:
    # TRANSLATORS: {award} is the sentence of the award just before this one
    if what == "contracts":
        return Reason(
            "{award} Zero contracts still ranks: the rules set no minimum (our reading).",
            award=award,
        )
    return Reason(
        "{award} Zero settlements still ranks: the rules set no minimum (our reading).",
        award=award,
    )


def _no_award_line(what: str, group: Placing, who: str) -> str:
    amount = (
        Plural("{count} contract", "{count} contracts", count=group.count)
        if what == "contracts"
        else Plural("{count} settlement", "{count} settlements", count=group.count)
    )
    # TRANSLATORS: {who} names one player (singular) or several tied players (plural);
    # {amount} is their count, as "3 contracts"
    return Plural(
        "{who} ({amount}) gets no award: the tied players above fill the awarded places.",
        "{who} ({amount}) get no award: the tied players above fill the awarded places.",
        count=len(group.members),
        who=who,
        amount=amount,
    )


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
    """The solo award of `what`: "contracts" (fulfilled) or "settlements" (within reach)."""
    # TRANSLATORS: {thresholds} lists counts and their VP, as "8+ → 20, 6–7 → 12"
    fields = dict(count=count, vp=vp, thresholds=_threshold_ranges(thresholds))
    if what == "contracts":
        return [
            Reason(
                "{count} contracts fulfilled: {vp} VP (solo thresholds: {thresholds}).", **fields
            )
        ]
    return [
        Reason(
            "{count} settlements within shipping reach: {vp} VP (solo thresholds: {thresholds}).",
            **fields,
        )
    ]


def auction(name: str, bid: int) -> str:
    return Reason("{player} bid {bid} VP in the clan auction: −{bid} VP.", player=name, bid=bid)


def rating(total: int, band: RatingBand, final: bool = True) -> str:
    span = f"{band.lowest}+" if band.highest is None else f"{band.lowest}–{band.highest}"
    # TRANSLATORS: {rating} is the solo rating's name printed in the rules, {span} its VP
    fields = dict(total=total, rating=band.name, span=span)
    if final:
        return Reason("Solo rating: {total} VP is {rating} ({span} VP).", **fields)
    return Reason("Solo rating so far: {total} VP is {rating} ({span} VP).", **fields)


def winner(results: Sequence[_Ranked], final: bool = True) -> str:
    """Who won; with `final` False, who leads (the game is not over)."""
    first = [r for r in results if r.rank == 1]
    if len(first) > 1:
        return _shared(first, final)
    top = first[0]
    level = [r for r in results if r is not top and r.total == top.total]
    if not level:
        if final:
            return Reason("{player} wins with {vp} VP.", player=top.name, vp=top.total)
        return Reason("{player} leads with {vp} VP.", player=top.name, vp=top.total)
    return _on_money(top, level, final)


def _shared(first: Sequence[_Ranked], final: bool) -> str:
    """The players who share the win (or the lead): level on VP and money."""
    shared = dict(
        names=join_names([r.name for r in first]), vp=first[0].total, money=first[0].money
    )
    if final:
        return Reason("{names} share the win: {vp} VP and £{money} each.", **shared)
    return Reason("{names} share the lead: {vp} VP and £{money} each.", **shared)


def _on_money(top: _Ranked, level: Sequence[_Ranked], final: bool) -> str:
    """Who won (or leads) on money, level on VP with `level`."""
    # TRANSLATORS: {others} is the money of each player level with the leader, as "£3, £5"
    on_money = dict(
        player=top.name,
        names=join_names([r.name for r in level]),
        vp=top.total,
        money=top.money,
        others=", ".join(f"£{r.money}" for r in level),
    )
    if final:
        return Reason(
            "{player} wins on money: level with {names} on {vp} VP, with £{money} left "
            "against {others}.",
            **on_money,
        )
    return Reason(
        "{player} leads on money: level with {names} on {vp} VP, with £{money} left "
        "against {others}.",
        **on_money,
    )
