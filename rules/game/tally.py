"""Statistics across finished games: each player's and each clan's plays, wins and average
score. A player is known by name, letter case aside (as BG Stats export matches them).

A win is a first place in a game of two or more players (shared firsts all win); a solo
game counts as a play and in the average, never as a win: it is a score challenge.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple


class Seat(NamedTuple):
    """One player's result in one finished game."""

    name: str
    clan: str | None
    total: int
    rank: int


@dataclass
class Record:
    """Plays, wins and the scores of one player or one clan."""

    name: str
    plays: int = 0
    wins: int = 0
    scores: list[int] = field(default_factory=list)

    @property
    def average(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0

    def as_data(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "plays": self.plays,
            "wins": self.wins,
            "average": round(self.average, 2),
            "best": max(self.scores, default=0),
        }


@dataclass
class Tally:
    games: int = 0
    players: dict[str, Record] = field(default_factory=dict)  # by casefolded name
    clans: dict[str, Record] = field(default_factory=dict)

    def add(self, seats: Iterable[Seat]) -> None:
        """One finished game's seats."""
        seats = list(seats)
        self.games += 1
        contested = len(seats) > 1
        for seat in seats:
            won = contested and seat.rank == 1
            _count(self.players.setdefault(seat.name.casefold(), Record(seat.name)), seat, won)
            if seat.clan:
                _count(self.clans.setdefault(seat.clan, Record(seat.clan)), seat, won)

    def ranked(self, records: dict[str, Record]) -> list[Record]:
        """Most wins first, then most plays, then the higher average, then by name."""
        return sorted(records.values(), key=lambda r: (-r.wins, -r.plays, -r.average, r.name))

    def as_data(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "players": [r.as_data() for r in self.ranked(self.players)],
            "clans": [r.as_data() for r in self.ranked(self.clans)],
        }


def _count(record: Record, seat: Seat, won: bool) -> None:
    record.plays += 1
    record.wins += won
    record.scores.append(seat.total)
