"""Round scoring (phase 4): the glory each scoring tile gives, from the state after
production. Goods are counted, not spent.

`MEASURES` maps each measure named in rules/data/scoring_tiles.yaml to how it
is counted; rules units add measures of their own (the Kickstarter tile) and
amend counts (a clan's extra pieces) through the rulebook. For a measure of pairs the
rulebook amends the count of items before they are paired (whisky in a cellar counts
towards the pairs of processed goods).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..messages import Reason
from .pieces import BUILDINGS, WORKERS
from .state import LAST_ROUND, GameState, PlayerState

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..components import ScoringTile
    from .hooks import Measure


def _per_item(count: Callable[[GameState, PlayerState], int], per: int = 1) -> Measure:
    """Glory per item counted, or per complete group of `per` items (pairs: 2)."""

    def measure(state: GameState, player: PlayerState, tile: ScoringTile) -> int:
        counted = state.rules.measure(state, player, tile.measure, count(state, player))
        return counted // per * tile.glory

    return measure


def _animals_and_buildings(state: GameState, player: PlayerState, tile: ScoringTile) -> int:
    count = sum(1 for u in player.units.values() if u in ("sheep", "cow") + BUILDINGS)
    count = state.rules.measure(state, player, tile.measure, count)
    return count * tile.glory + player.count("field") * (tile.glory_per_field or 0)


def hired_merchants(state: GameState, player: PlayerState) -> int:
    """Merchants taken from the player board: hired, or a clan's from the start."""
    economy = state.parts.economy
    return (
        economy.merchants_per_colour - economy.merchants_in_stock_at_start - player.merchants_board
    )


MEASURES: dict[str, Measure] = {
    "basic_goods": _per_item(lambda s, p: sum(p.goods[g] for g in s.parts.economy.basic_goods)),
    "processed_goods_pairs": _per_item(
        lambda s, p: sum(p.goods[g] for g in s.parts.economy.processed_goods), per=2
    ),
    "deployed_animals_and_buildings": _animals_and_buildings,
    "deployed_workers": _per_item(lambda s, p: sum(1 for u in p.units.values() if u in WORKERS)),
    "border_unit_pairs": _per_item(
        lambda s, p: sum(1 for space in p.units if space in s.board.border), per=2
    ),
    "imports_on_fulfilled_contracts": _per_item(
        lambda s, p: sum(sum(s.parts.contracts[c].imports.values()) for c in p.fulfilled)
    ),
    "meat_on_fulfilled_contracts": _per_item(
        lambda s, p: sum(s.parts.contracts[c].meat for c in p.fulfilled)
    ),
    "upgrades": _per_item(lambda s, p: p.shipping + hired_merchants(s, p) + len(p.technology)),
}


def tile_glory(state: GameState, player: PlayerState, tile_id: str) -> int:
    """Glory one player earns from one scoring tile now."""
    tile = next(t for t in state.parts.scoring_tiles if t.id == tile_id)
    return state.rules.measures()[tile.measure](state, player, tile)


def score_round(state: GameState) -> list[str]:
    """Every player's glory for the round's tile; then preparation, or the end of the game."""
    notes: list[str] = []
    scores: dict[str, int] = {}
    if state.setup.scoring_tiles:
        tile = state.setup.scoring_tiles[state.round - 1]
        for player in state.players:
            scores[player.name] = tile_glory(state, player, tile)
            player.glory += scores[player.name]
        got = ", ".join(f"{n} {g}" for n, g in scores.items())
        # TRANSLATORS: {scores} lists each player's name with the glory they score
        notes.append(
            Reason(
                "round {round} scoring, tile {tile}: {scores} glory",
                round=state.round,
                tile=tile,
                scores=got,
            )
        )
    state.round_scores.append(scores)
    if state.round >= LAST_ROUND:
        state.phase = "over"
        notes.append(Reason("the game is over: final scoring"))
    else:
        state.phase = "preparation"
        notes.append(Reason("next: preparation of round {round}", round=state.round + 1))
    return notes
