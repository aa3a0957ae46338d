"""The end-of-game report as data: each player's holdings and provisional VP round by round,
where every VP of the final score came from, and the turning points of the game.

One replay of the events scores the state after every event as `score` would if the game
ended then, so "VP an event gained" is measured, not estimated: a contract's hops,
imports and its move in the export award all count. The round scoring inside the event
that ends production is kept apart (as `history` keeps it), as a turning point of its own.
Nothing here prints: the report commands in cli/ draw it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..components import IMPORT_GOODS, Contract, FinalScoringRules
from ..contract_faces import short
from ..data_messages import Headline
from ..messages import Plural, Reason
from ..names import counted
from ..scoring import Breakdown, FinalScore, score_sheet
from .engine import Game
from .event_words import describe
from .final import sheet_of
from .history import SETUP_PHASES, Entry, history, start_holdings
from .state import GameState

TURNING_POINTS = 5  # the largest events the report names
# where a final score's VP come from, in the report's order (the auction only when bid)
SOURCES = ("glory", "goods", "money", "hops", "imports", "exports", "settlements", "auction")


def vp_by_source(breakdown: Breakdown) -> dict[str, int]:
    """A final score's VP by source, as the report's sources give them (stats averages them)."""
    return {category: getattr(breakdown, category) for category in SOURCES}


@dataclass(frozen=True)
class Standing:
    """One player at one moment: provisional VP and what the table sees in front of them."""

    vp: int
    money: int
    glory: int
    goods: int  # goods in stock, all kinds
    settlements: int  # counted for the settlement award, as at final scoring

    def as_data(self) -> dict[str, int]:
        return {
            "vp": self.vp,
            "money": self.money,
            "glory": self.glory,
            "goods": self.goods,
            "settlements": self.settlements,
        }


@dataclass(frozen=True)
class RoundPoint:
    """The standings after a round's scoring (round 0: the start of round 1's actions); for
    an unfinished game a last point `now`."""

    round: int
    tile: str | None  # the round's scoring tile, None for round 0, `now` or no tiles
    now: bool  # the game's present, not a scored round
    standings: dict[str, Standing]  # by player, in seat order

    def as_data(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "tile": self.tile,
            "now": self.now,
            "players": {name: s.as_data() for name, s in self.standings.items()},
        }


@dataclass(frozen=True)
class Source:
    """Some VP of one player's final score and the events behind them, in words."""

    category: str  # a field of scoring.Breakdown
    vp: int
    lines: tuple[str, ...]

    def as_data(self) -> dict[str, Any]:
        return {"category": self.category, "vp": self.vp, "lines": [str(w) for w in self.lines]}


@dataclass(frozen=True)
class TileGlory:
    """The glory one round's scoring tile gave one player, as fields and in words."""

    round: int
    tile: str | None  # None: a round played without a scoring tile
    glory: int
    words: str

    def as_data(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "tile": self.tile,
            "glory": self.glory,
            "words": str(self.words),
        }


@dataclass(frozen=True)
class GloryPart:
    """Some of a player's glory: a round's tile, the ports, contracts, corrections..."""

    kind: str  # "start", "round scoring", "ports", "contracts", "corrections" or "other"
    glory: int
    lines: tuple[str, ...]
    by_tile: tuple[TileGlory, ...] = ()  # "round scoring": each round's tile as fields

    def as_data(self) -> dict[str, Any]:
        data = {"kind": self.kind, "glory": self.glory, "lines": [str(w) for w in self.lines]}
        if self.by_tile:
            data["by_tile"] = [tile.as_data() for tile in self.by_tile]
        return data


@dataclass(frozen=True)
class TurningPoint:
    """One event (or a round's scoring) and the VP it gained one player."""

    player: str
    vp: int
    round: int
    event: int | None  # its number in the log; None for a round's scoring
    words: str

    def as_data(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "vp": self.vp,
            "round": self.round,
            "event": self.event,
            "words": str(self.words),  # --json: never a Reason
        }


@dataclass
class PlayerReport:
    name: str
    colour: str
    clan: str | None
    total: int
    rank: int
    sources: list[Source]
    glory: list[GloryPart]

    def as_data(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "colour": self.colour,
            "clan": self.clan,
            "total": self.total,
            "rank": self.rank,
            "sources": [s.as_data() for s in self.sources],
            "glory": [g.as_data() for g in self.glory],
        }


@dataclass
class Report:
    final: bool  # False: the game is not over, every figure is provisional
    rounds_scored: int
    tiles: tuple[str, ...]  # the scoring tiles, round 1 first (empty: played without)
    by_round: list[RoundPoint]
    players: list[PlayerReport]
    turning_points: list[TurningPoint]
    lead_for_good: int | None  # the round from which the winner led to the end
    winners: list[str]
    score: FinalScore = field(repr=False)
    round_now: int = 0  # the round being played (0: the set-up)

    def as_data(self) -> dict[str, Any]:
        return {
            "final": self.final,
            "rounds_scored": self.rounds_scored,
            "scoring_tiles": list(self.tiles),
            "by_round": [p.as_data() for p in self.by_round],
            "players": [p.as_data() for p in self.players],
            "turning_points": [t.as_data() for t in self.turning_points],
            "lead_for_good": self.lead_for_good,
            "winners": list(self.winners),
            "score": self.score.as_json(),
        }


def _score(state: GameState) -> tuple[FinalScore, dict[str, int]]:
    """The score now and each player's settlement count, as `score` would give them."""
    sheet = sheet_of(state)
    result = score_sheet(sheet, state.parts, final=state.phase == "over")
    return result, {p.name: p.settlements for p in sheet.players}


def _standings(state: GameState) -> dict[str, Standing]:
    result, settlements = _score(state)
    totals = {p.name: p.total for p in result.players}
    return {
        p.name: Standing(
            totals[p.name], p.money, p.glory, sum(p.goods.values()), settlements[p.name]
        )
        for p in state.players
    }


Fulfilments = dict[int, tuple[str, int, int]]  # contract -> (player, event, round)


def _replay(game: Game) -> tuple[list[RoundPoint], list[dict[str, int]], Fulfilments]:
    """The round points; each player's provisional VP after every event (index 0: before
    the first); and for each fulfilled contract, who fulfilled it and at which event."""
    replay = Game(game.setup, game.parts)
    tiles = game.setup.scoring_tiles
    points: list[RoundPoint] = []
    totals = [_totals(replay.state)]
    fulfilled: Fulfilments = {}
    if replay.state.phase not in SETUP_PHASES:
        points.append(RoundPoint(0, None, False, _standings(replay.state)))
    for number, event in enumerate(game.events, 1):
        state = replay.state
        round_number = state.round + (1 if state.phase == "preparation" else 0)
        scored = len(state.round_scores)
        known = {p.name: len(p.fulfilled) for p in state.players}
        replay.apply(event)
        state = replay.state
        totals.append(_totals(state))
        _note_fulfilled(state, known, (number, round_number), fulfilled)
        if not points and state.phase not in SETUP_PHASES:
            points.append(RoundPoint(0, None, False, _standings(state)))
        if len(state.round_scores) > scored:
            tile = tiles[state.round - 1] if tiles else None
            points.append(RoundPoint(state.round, tile, False, _standings(state)))
    state = replay.state
    if state.phase != "over":
        points.append(RoundPoint(len(state.round_scores), None, True, _standings(state)))
    return points, totals, fulfilled


def _note_fulfilled(
    state: GameState, known: Mapping[str, int], when: tuple[int, int], fulfilled: Fulfilments
) -> None:
    """Note in `fulfilled` who fulfilled the contracts that are new since `known` (each
    player's count before), at which event and round."""
    number, round_number = when
    for p in state.players:
        for contract in p.fulfilled[known[p.name] :]:
            fulfilled[contract] = (p.name, number, round_number)


def _totals(state: GameState) -> dict[str, int]:
    return {p.name: p.total for p in _score(state)[0].players}


def _tile_words(game: Game, tile_id: str | None) -> Reason:
    if tile_id is None:
        return Reason("no scoring tile")
    tile = next((t for t in game.parts.scoring_tiles if t.id == tile_id), None)
    if tile is None:
        return Reason("tile {tile}", tile=tile_id)
    # TRANSLATORS: {scores} is the headline of what the tile scores, as the box data says
    return Reason("tile {tile}, {scores}", tile=tile_id, scores=Headline(tile.scores))


def _glory_parts(game: Game, entries: list[Entry], name: str) -> list[GloryPart]:
    """A player's glory by where it came from; the parts add up to their glory now."""
    start = start_holdings(game)[name][1]
    kinds = {"port": "ports", "fulfil": "contracts", "fix": "corrections"}
    lines: dict[str, list[tuple[int, Reason]]] = {}
    by_tile: list[TileGlory] = []
    for entry in entries:
        if entry.scoring is not None and entry.scoring.glory.get(name):
            gained = entry.scoring.glory[name]
            words = Reason(
                "{glory} glory: round {round}, {tile}",
                glory=gained,
                round=entry.scoring.round,
                tile=_tile_words(game, entry.scoring.tile),
            )
            lines.setdefault("round scoring", []).append((gained, words))
            by_tile.append(TileGlory(entry.scoring.round, entry.scoring.tile, gained, words))
        change = entry.changes.get(name)
        if change is not None and change.glory:
            kind = kinds.get(entry.event["type"], "other")
            lines.setdefault(kind, []).append(
                (
                    change.glory,
                    # TRANSLATORS: {event} is the event in words ("Ailsa fulfils contract 12")
                    Reason(
                        "{glory} glory: event {number} (round {round}), {event}",
                        glory=change.glory,
                        number=entry.number,
                        round=entry.round,
                        event=describe(entry.event, entry.position),
                    ),
                )
            )
    return _glory_by_kind(start, lines, by_tile)


def _glory_by_kind(
    start: int, lines: Mapping[str, list[tuple[int, Reason]]], by_tile: list[TileGlory]
) -> list[GloryPart]:
    """The glory at the start and each kind's lines, in the report's order of kinds."""
    at_start = (Reason("{glory} glory at the start", glory=start),)
    parts = [GloryPart("start", start, at_start)] if start else []
    for kind in ("round scoring", "ports", "contracts", "corrections", "other"):
        if kind in lines:
            found = lines[kind]
            tiles = tuple(by_tile) if kind == "round scoring" else ()
            parts.append(
                GloryPart(kind, sum(g for g, _ in found), tuple(w for _, w in found), tiles)
            )
    return parts


def _contract_words(contract: int, fulfilled: Fulfilments) -> Reason:
    """A contract by its tile's left half, as the table finds it (the tiles print no
    numbers), and when it was fulfilled."""
    # TRANSLATORS: {tile} is a contract tile's left half: 'the 2 bread contract'
    tile = Reason("the {tile} contract", tile=short(contract))
    if contract not in fulfilled:
        return tile
    _, number, round_number = fulfilled[contract]
    return Reason(
        "{contract} (event {number}, round {round})",
        contract=tile,
        number=number,
        round=round_number,
    )


def _award_lines(score: FinalScore, name: str, words: tuple[str, ...]) -> tuple[str, ...]:
    """The score's own lines on an award that name the player."""
    return tuple(
        line for line in score.explanations if name in line and any(w in line for w in words)
    )


def _sources(
    game: Game, score: FinalScore, name: str, glory: list[GloryPart], fulfilled: Fulfilments
) -> list[Source]:
    state = game.state
    parts = state.parts
    player = state.by_name(name)
    result = next(p for p in score.players if p.name == name)
    vp = vp_by_source(result.breakdown)
    rules = parts.final_scoring
    contracts = [parts.contracts[c] for c in player.fulfilled]
    sources = [
        Source("glory", vp["glory"], tuple(line for part in glory for line in part.lines)),
    ]
    sources.append(Source("goods", vp["goods"], (_stock_line(player.goods, rules),)))
    money = Reason(
        "£{money} left: 1 VP per full £{per_vp}", money=player.money, per_vp=rules.money_per_vp
    )
    sources.append(Source("money", vp["money"], (money,)))
    hops = [_on(c.hops, c.id, fulfilled) for c in contracts if c.hops]
    sources.append(Source("hops", vp["hops"], tuple(hops)))
    imports = _import_lines(contracts, score, fulfilled)
    sources.append(Source("imports", vp["imports"], tuple(imports)))
    done = _listed([_contract_words(c, fulfilled) for c in player.fulfilled])
    fulfilled_line = Plural(
        "{count} contract fulfilled: {contracts}",
        "{count} contracts fulfilled: {contracts}",
        count=len(contracts),
        contracts=done,
    )
    sources.append(
        Source(
            "exports",
            vp["exports"],
            (fulfilled_line,) + _award_lines(score, name, ("contract",)),
        )
    )
    sources.append(
        Source("settlements", vp["settlements"], _award_lines(score, name, ("settlement",)))
    )
    if vp["auction"]:
        bid = Reason("bid £{bid} for a clan", bid=player.auction_bid)
        sources.append(Source("auction", vp["auction"], (bid,)))
    return sources


def _stock_line(goods: Mapping[str, int], rules: FinalScoringRules) -> Reason:
    """The goods in stock and what each kind is worth."""
    stock = [counted(good, n) for good, n in goods.items() if n]  # '3 quesos'
    return Reason(
        "in stock: {goods} (basic {basic} VP, processed {processed} VP each)",
        goods=_listed(stock),
        basic=rules.basic_good_vp,
        processed=rules.processed_good_vp,
    )


def _import_lines(
    contracts: Sequence[Contract], score: FinalScore, fulfilled: Fulfilments
) -> list[Reason]:
    """For each import good on the fulfilled contracts: how many, their VP, on which."""
    imports = []
    for good in IMPORT_GOODS:
        on = [_on(c.imports[good], c.id, fulfilled) for c in contracts if c.imports[good]]
        if on:
            imports.append(
                Reason(
                    # TRANSLATORS: {goods} is a good counted: '5 cotton', '5 algodones'
                    "{goods} x {value} VP: {contracts}",
                    goods=counted(good, sum(c.imports[good] for c in contracts)),
                    value=score.import_values[good],
                    contracts=_listed(on),
                )
            )
    return imports


def _on(amount: int, contract: int, fulfilled: Fulfilments) -> Reason:
    """'3 on contract 12 (event 40, round 2)': what one fulfilled contract brought."""
    return Reason(
        "{amount} on {contract}", amount=amount, contract=_contract_words(contract, fulfilled)
    )


def _listed(items: Sequence[str]) -> Reason:
    """Items joined by commas, or "none": kept as a Reason, so that each item is shown in
    the reader's language too."""
    if not items:
        return Reason("none")
    fields = {f"item{index}": item for index, item in enumerate(items)}
    return Reason(", ".join("{" + name + "}" for name in fields), **fields)


def _turning_points(
    entries: list[Entry], totals: list[dict[str, int]], names: list[str]
) -> list[TurningPoint]:
    found = []
    for entry, before, after in zip(entries, totals[:-1], totals[1:], strict=True):
        if entry.phase in SETUP_PHASES:  # the start: its provisional awards are no turn
            continue
        scoring = entry.scoring.glory if entry.scoring else {}
        for name in names:
            gained = after[name] - before[name] - scoring.get(name, 0)
            if gained > 0:
                words = describe(entry.event, entry.position)
                found.append(TurningPoint(name, gained, entry.round, entry.number, words))
            if entry.scoring is not None and scoring.get(name, 0) > 0:
                tile = entry.scoring.tile
                words = (
                    Reason(
                        "round {round} scoring, tile {tile}", round=entry.scoring.round, tile=tile
                    )
                    if tile
                    else Reason("round {round} scoring", round=entry.scoring.round)
                )
                found.append(TurningPoint(name, scoring[name], entry.round, None, words))
    found.sort(key=lambda t: (-t.vp, t.round, t.event or 0))
    return found[:TURNING_POINTS]


def _lead_for_good(points: list[RoundPoint], winners: list[str]) -> int | None:
    """The first round from which the sole winner was ahead (VP, then money) at every point."""
    if len(winners) != 1 or not points or len(points[0].standings) < 2:
        return None
    winner = winners[0]
    since = None
    for point in points:
        mine = point.standings[winner]
        ahead = all(
            (mine.vp, mine.money) > (s.vp, s.money)
            for name, s in point.standings.items()
            if name != winner
        )
        if not ahead:
            since = None
        elif since is None:
            since = point.round
    return since


def game_report(game: Game) -> Report:
    """The report of `game` as it stands: final when it is over, else provisional."""
    state = game.state
    entries = history(game)
    points, totals, fulfilled = _replay(game)
    score, _ = _score(state)
    names = [p.name for p in state.players]
    players = []
    for p, result in zip(state.players, score.players, strict=True):
        glory = _glory_parts(game, entries, p.name)
        players.append(
            PlayerReport(
                p.name,
                p.colour,
                p.clan,
                result.total,
                result.rank,
                _sources(game, score, p.name, glory, fulfilled),
                glory,
            )
        )
    winners = [p.name for p in score.winners]
    return Report(
        final=state.phase == "over",
        rounds_scored=len(state.round_scores),
        tiles=tuple(state.setup.scoring_tiles or ()),
        by_round=points,
        players=players,
        turning_points=_turning_points(entries, totals, names),
        lead_for_good=_lead_for_good(points, winners),
        winners=winners,
        score=score,
        round_now=state.round,
    )
