"""Final scoring of a game's state, with the foundation's scorer and settlements from the map."""

from __future__ import annotations

from ..components import IMPORT_GOODS
from ..reach import shipping_words
from ..scoring import FinalScore, score_sheet
from ..settlements import count_settlements, has_fishermen, settlement_note
from ..sheet import PlayerSheet, ScoreSheet
from .state import GameState


def sheet_of(state: GameState) -> ScoreSheet:
    """The score sheet the table would fill in now."""
    players = []
    for p in state.players:
        contracts = [state.parts.contracts[c] for c in p.fulfilled]
        counted = count_settlements(state.board, p.units, p.shipping_level)
        kept, left = counted.in_words(state.board)
        note = settlement_note(
            p.name,
            shipping_words(p.shipping_level),
            counted.count,
            [kept] if kept else [],
            left,
            has_fishermen(p.units, p.port_units),
        )
        players.append(
            PlayerSheet(
                name=p.name,
                glory=p.glory,
                money=p.money,
                goods=dict(p.goods),
                settlements=counted.count,
                fulfilled_contracts=len(contracts),
                hops=sum(c.hops for c in contracts),
                imports={g: sum(c.imports[g] for c in contracts) for g in IMPORT_GOODS},
                contracts=tuple(p.fulfilled),
                clan=p.clan,
                auction_bid=p.auction_bid,
                settlement_note=note,
            )
        )
    return ScoreSheet(tuple(players), static_imports=state.setup.variants["static_imports"])


def final_score(state: GameState) -> FinalScore:
    """The score now: final when the game is over, else provisional (as if it ended now)."""
    return score_sheet(sheet_of(state), state.parts, final=state.phase == "over")
