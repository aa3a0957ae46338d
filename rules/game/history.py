"""A game's events as the log reads them back: the round and phase of each, the money,
glory and goods it moved for each player, and the round's scoring when it ended a round.

What an event moved is measured, not described: the game is replayed from its
setup and every player's holdings are compared before and after each event.
The round scoring is an engine step inside the event that ends production; its
glory is taken out of the event's changes and kept apart, as its own line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..position import Position
from .engine import Game
from .pieces import position_of
from .state import GameState

if TYPE_CHECKING:
    from .spec import Event

# The phases before round 1's actions: the log heads them "Setup".
SETUP_PHASES = ("clans", "workers")


@dataclass
class Change:
    """What one event moved for one player: money and glory, and goods by kind."""

    money: int = 0
    glory: int = 0
    goods: dict[str, int] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.money or self.glory or self.goods)

    def as_data(self) -> dict[str, Any]:
        return {"money": self.money, "glory": self.glory, "goods": dict(self.goods)}


@dataclass
class Scoring:
    """A round's scoring: the tile (None without scoring tiles) and each player's glory."""

    round: int
    tile: str | None
    glory: dict[str, int]

    def as_data(self) -> dict[str, Any]:
        return {"round": self.round, "tile": self.tile, "glory": dict(self.glory)}


@dataclass
class Entry:
    number: int
    event: Event
    notes: list[str]
    round: int  # the round the event belongs to (a preparation opens the next round)
    phase: str  # the phase it was recorded in (GameState.phase)
    changes: dict[str, Change]  # by player name; players it did not touch are left out
    scoring: Scoring | None = None  # when the event ended a round
    position: Position | None = None  # the map as the event found it: its spaces in words

    @property
    def correction(self) -> bool:
        kind: str = self.event["type"]
        return kind == "fix"


Holding = tuple[int, int, dict[str, int]]  # a player's money, glory and goods


def _holdings(state: GameState) -> dict[str, Holding]:
    return {p.name: (p.money, p.glory, dict(p.goods)) for p in state.players}


def _difference(before: Holding, after: Holding) -> Change:
    (money0, glory0, goods0), (money1, glory1, goods1) = before, after
    goods = {
        good: goods1.get(good, 0) - goods0.get(good, 0)
        for good in {**goods0, **goods1}
        if goods1.get(good, 0) != goods0.get(good, 0)
    }
    ordered = {good: goods[good] for good in (*goods0, *goods1) if good in goods}
    return Change(money1 - money0, glory1 - glory0, ordered)


def start_holdings(game: Game) -> dict[str, tuple[int, int, dict[str, int]]]:
    """Every player's money, glory and goods before the first event."""
    return _holdings(Game(game.setup, game.parts).state)


def history(game: Game) -> list[Entry]:
    """Every event of `game` with its round, phase, changes and scoring, by a replay."""
    replay = Game(game.setup, game.parts)
    entries = []
    for number, event in enumerate(game.events, 1):
        state = replay.state
        round_number = state.round + (1 if state.phase == "preparation" else 0)
        phase, scored, before = state.phase, len(state.round_scores), _holdings(state)
        position = position_of(state)
        notes = replay.apply(event)
        state = replay.state
        after = _holdings(state)
        changes = {name: _difference(before[name], after[name]) for name in after}
        scoring = None
        if len(state.round_scores) > scored:
            tiles = state.setup.scoring_tiles
            glory = dict(state.round_scores[-1])
            scoring = Scoring(state.round, tiles[state.round - 1] if tiles else None, glory)
            for name, gained in glory.items():
                changes[name].glory -= gained
        entries.append(
            Entry(
                number,
                event,
                notes,
                round_number,
                phase,
                {name: change for name, change in changes.items() if change},
                scoring,
                position,
            )
        )
    return entries
