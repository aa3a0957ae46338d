"""Final scoring after round 5, from a score sheet.

Glory, goods (basic 1 VP, processed 2 VP), 1 VP per full £10, hops, imports
by rarity, the export and settlement awards (ranked with pooled ties, or the
solo thresholds), minus any clan-auction bid. Leftover money breaks a tie on
the total; players equal on both share the rank.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from . import explain
from .awards import points_by_player, rank_awards
from .components import (
    IMPORT_GOODS,
    Components,
    FinalScoringRules,
    RatingBand,
    Threshold,
)
from .sheet import PlayerSheet, ScoreSheet


class Breakdown(NamedTuple):
    """VP per category; `auction` is zero or negative."""

    glory: int
    goods: int
    money: int
    hops: int
    imports: int
    exports: int
    settlements: int
    auction: int

    @property
    def total(self) -> int:
        return sum(self)


class PlayerResult(NamedTuple):
    name: str
    money: int  # leftover £, the tie-breaker
    breakdown: Breakdown
    rank: int

    @property
    def total(self) -> int:
        return self.breakdown.total


class FinalScore(NamedTuple):
    players: tuple[PlayerResult, ...]  # in sheet order
    import_totals: Mapping[str, int]
    import_values: Mapping[str, int]
    rating: RatingBand | None  # solo only
    explanations: tuple[str, ...]
    final: bool = True  # False: a game not over yet, scored as if it ended now

    @property
    def winners(self) -> tuple[PlayerResult, ...]:
        return tuple(p for p in self.players if p.rank == 1)

    def as_json(self) -> dict[str, Any]:  # JSON: values of every kind
        """The machine-readable result, in the documented shape."""
        return {
            "players": [
                {
                    "name": p.name,
                    "total": p.total,
                    "rank": p.rank,
                    "money": p.money,
                    "breakdown": p.breakdown._asdict(),
                }
                for p in self.players
            ],
            "import_values": dict(self.import_values),
            "rating": self.rating.name if self.rating else None,
            "final": self.final,
        }


def import_rarity(totals: Mapping[str, int], rules: FinalScoringRules) -> list[str]:
    """Import goods from rarest (least imported) to most common, ties by the printed order."""
    tie_order = {good: index for index, good in enumerate(rules.rarest_first_on_ties)}
    return sorted(IMPORT_GOODS, key=lambda good: (totals[good], tie_order[good]))


def import_values(
    totals: Mapping[str, int], rules: FinalScoringRules, static: bool = False
) -> dict[str, int]:
    """VP per cotton, tobacco and sugar cane: 5 for the rarest, 4, 3 for the most imported."""
    if static:
        return dict.fromkeys(IMPORT_GOODS, rules.static_import_vp)
    rarest_first = import_rarity(totals, rules)
    least_to_most_vp = tuple(reversed(rules.import_vp_most_to_least))
    values = {good: least_to_most_vp[i] for i, good in enumerate(rarest_first)}
    return {good: values[good] for good in IMPORT_GOODS}


def threshold_vp(count: int, thresholds: Sequence[Threshold]) -> int:
    """Solo threshold scoring: the VP of the highest threshold reached, else 0."""
    for threshold in thresholds:
        if count >= threshold.at_least:
            return threshold.vp
    return 0


def rating_band(total: int, bands: Sequence[RatingBand]) -> RatingBand:
    for band in reversed(bands):
        if total >= band.lowest:
            return band
    return bands[0]


def _goods_vp(player: PlayerSheet, parts: Components) -> int:
    rules = parts.final_scoring
    basic = sum(player.goods[good] for good in parts.economy.basic_goods)
    processed = sum(player.goods[good] for good in parts.economy.processed_goods)
    return basic * rules.basic_good_vp + processed * rules.processed_good_vp


def competition_ranks(keys: Sequence[tuple[int, int]]) -> list[int]:
    """Rank 1 for the best key; equal keys share a rank and the next rank is skipped."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def score_sheet(sheet: ScoreSheet, parts: Components, final: bool = True) -> FinalScore:
    """Score a checked sheet: every category, ranks, and a line of words per award;
    `final` False for a game not over yet, whose leader has not won."""
    rules = parts.final_scoring
    players = sheet.players
    count = len(players)
    totals = {good: sum(p.imports[good] for p in players) for good in IMPORT_GOODS}
    values = import_values(totals, rules, sheet.static_imports)
    contracts = [p.fulfilled_contracts for p in players]
    settlements = [p.settlements for p in players]

    lines = explain.imports(
        totals,
        values,
        import_rarity(totals, rules),
        rules.rarest_first_on_ties,
        sheet.static_imports,
        sheet.solo,
    )
    if sheet.solo:
        solo = parts.solo
        export_points = [threshold_vp(contracts[0], solo.contract_thresholds)]
        settlement_points = [threshold_vp(settlements[0], solo.settlement_thresholds)]
        lines += explain.solo_threshold(
            "contracts", contracts[0], export_points[0], solo.contract_thresholds
        )
        lines += explain.solo_threshold(
            "settlements",
            settlements[0],
            settlement_points[0],
            solo.settlement_thresholds,
        )
    else:
        names = [p.name for p in players]
        export_placings = rank_awards(contracts, rules.export_awards[count])
        settlement_placings = rank_awards(settlements, rules.settlement_awards[count])
        export_points = points_by_player(export_placings, count)
        settlement_points = points_by_player(settlement_placings, count)
        lines += explain.placings(names, export_placings, "contracts", rules.export_awards[count])
        lines += explain.placings(
            names, settlement_placings, "settlements", rules.settlement_awards[count]
        )

    breakdowns = [
        Breakdown(
            glory=p.glory,
            goods=_goods_vp(p, parts),
            money=p.money // rules.money_per_vp,
            hops=p.hops * rules.hops_vp,
            imports=sum(p.imports[good] * values[good] for good in IMPORT_GOODS),
            exports=export_points[i],
            settlements=settlement_points[i],
            auction=-p.auction_bid,
        )
        for i, p in enumerate(players)
    ]
    lines += [p.settlement_note for p in players if p.settlement_note]
    lines += [explain.auction(p.name, p.auction_bid) for p in players if p.auction_bid]
    ranks = competition_ranks(
        [(b.total, p.money) for b, p in zip(breakdowns, players, strict=True)]
    )
    results = tuple(
        PlayerResult(p.name, p.money, b, rank)
        for p, b, rank in zip(players, breakdowns, ranks, strict=True)
    )
    rating = rating_band(results[0].total, parts.solo.rating) if sheet.solo else None
    if rating is not None:
        lines.append(explain.rating(results[0].total, rating, final))
    else:
        lines.append(explain.winner(results, final))
    return FinalScore(results, totals, values, rating, tuple(lines), final)
