"""A season of finished games as figures: each game once, solo games apart, win rates by
player count, clan, seat, variant and map, score records, head-to-head, VP by source.

The input is one `GameResult` per file (plain values, built where the file was replayed);
nothing here reads a file or a clock. A player is known by name, letter case aside.
A win is a first place in a game of two or more (shared firsts all win; a tie on VP broken
on money has one first). A solo game is a score challenge: its figures are kept apart.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from .report import SOURCES

SPLITS = ("players", "clan", "seat", "variant", "map")
NO_VARIANT = "standard"


class SeatResult(NamedTuple):
    """One player's result in one finished game."""

    name: str
    clan: str | None
    colour: str | None
    total: int
    rank: int
    money: int
    seat: int | None  # 1: the start player, then in turn order; None: not known (a sheet)
    sources: dict[str, int]  # VP by source (report.vp_by_source)


class GameResult(NamedTuple):
    """One finished game (a game file played to the end, or a final score sheet)."""

    key: str  # the play id, or a digest of the content for files that record none
    path: str
    kind: str  # "game" or "sheet"
    players: tuple[SeatResult, ...]  # in seat order
    rating: str | None  # solo: the rating band reached
    variants: tuple[str, ...]  # the variants played (none: the standard game)
    board: str | None  # the map's module sides, "A B C D" (None: not known)
    date: str | None  # when it ended (else started), ISO 8601 UTC; None: not known

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    @property
    def variant(self) -> str:
        return "+".join(self.variants) if self.variants else NO_VARIANT

    def winners(self) -> list[SeatResult]:
        return [p for p in self.players if p.rank == 1] if not self.solo else []

    def margin(self) -> int:
        """The winner's VP less the best VP of a player who did not win (0: a tie)."""
        ranked = sorted(self.players, key=lambda p: p.rank)
        best_other = next((p.total for p in ranked if p.rank != 1), ranked[0].total)
        return ranked[0].total - best_other

    def brief(self) -> dict[str, Any]:
        """The game as a record names it: its file, id, date and players' scores."""
        return {
            "file": self.path,
            "play_id": self.key,
            "date": self.date,
            "players": {p.name: p.total for p in self.players},
        }


def distinct(results: Iterable[GameResult]) -> tuple[list[GameResult], list[GameResult]]:
    """Each game once (the first file of each key) and the copies left out."""
    seen: set[str] = set()
    kept: list[GameResult] = []
    copies: list[GameResult] = []
    for result in results:
        (copies if result.key in seen else kept).append(result)
        seen.add(result.key)
    return kept, copies


def since(results: Iterable[GameResult], day: str) -> list[GameResult]:
    """The games of `day` (YYYY-MM-DD) or later; a game of no known date is left out."""
    return [r for r in results if r.date is not None and r.date[:10] >= day]


def _rate(plays: int, wins: int) -> dict[str, Any]:
    return {
        "plays": plays,
        "wins": wins,
        "win_rate": round(wins / plays, 4) if plays else None,
    }


def _average(values: list[int]) -> float | None:
    return round(sum(values) / len(values), 2) if values else None


class _Count:
    __slots__ = ("plays", "wins", "scores")

    def __init__(self) -> None:
        self.plays = 0
        self.wins = 0
        self.scores: list[int] = []

    def add(self, seat: SeatResult) -> None:
        self.plays += 1
        self.wins += seat.rank == 1
        self.scores.append(seat.total)

    def as_data(self, **keys: Any) -> dict[str, Any]:
        return {
            **keys,
            **_rate(self.plays, self.wins),
            "average": _average(self.scores),
            "best": max(self.scores, default=None),
        }


def _ordered(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Most wins first, then most plays, then the higher average, then by name."""
    return sorted(rows, key=lambda r: (-r["wins"], -r["plays"], -(r["average"] or 0), r["name"]))


def _people(games: list[GameResult]) -> list[dict[str, Any]]:
    counts: dict[str, _Count] = {}
    names: dict[str, str] = {}
    for game in games:
        for seat in game.players:
            key = seat.name.casefold()
            names.setdefault(key, seat.name)
            counts.setdefault(key, _Count()).add(seat)
    return _ordered([c.as_data(name=names[k]) for k, c in counts.items()])


def _clans(games: list[GameResult]) -> list[dict[str, Any]]:
    counts: dict[str, _Count] = {}
    for game in games:
        for seat in game.players:
            if seat.clan:
                counts.setdefault(seat.clan, _Count()).add(seat)
    return _ordered([c.as_data(name=k) for k, c in counts.items()])


def _by_count(
    games: list[GameResult], key_of: Callable[[SeatResult], object]
) -> list[dict[str, Any]]:
    """Win rates of each value of `key_of(seat)` by player count, then across all counts."""
    counts: dict[tuple[Any, int | None], _Count] = {}
    for game in games:
        for seat in game.players:
            value = key_of(seat)
            if value is None:
                continue
            for count in (len(game.players), None):
                counts.setdefault((value, count), _Count()).add(seat)
    rows = [c.as_data(value=v, player_count=n) for (v, n), c in counts.items()]
    return sorted(rows, key=lambda r: (str(r["value"]), r["player_count"] or 99))


def _by_game(
    games: list[GameResult], key_of: Callable[[GameResult], object]
) -> list[dict[str, Any]]:
    """Games, scores and the start player's wins for each value of `key_of(game)`."""
    groups: dict[Any, list[GameResult]] = defaultdict(list)
    for game in games:
        groups[key_of(game)].append(game)
    rows = [_group_row(value, group) for value, group in groups.items()]
    return sorted(rows, key=lambda r: str(r["value"]))


def _group_row(value: object, group: list[GameResult]) -> dict[str, Any]:
    """The games, scores and start player's wins of one group of games."""
    return {
        "value": value,
        "games": len(group),
        "average_score": _average([p.total for g in group for p in g.players]),
        "average_winning_score": _average([w.total for g in group for w in g.winners()]),
        "start_player": _start_player_wins(group),
    }


def _start_player_wins(group: list[GameResult]) -> dict[str, Any]:
    """How often the start player won, among the games that say who started."""
    seated = [g for g in group if any(p.seat == 1 for p in g.players)]
    start_wins = sum(1 for g in seated for p in g.players if p.seat == 1 and p.rank == 1)
    return _rate(len(seated), start_wins)


def _record(
    games: list[GameResult],
    pick: Callable[[GameResult], list[tuple[int, str]]],
    best: Callable[[int, int], bool],
) -> dict[str, Any] | None:
    """The game whose seat (or margin) `pick` gives the `best` value, with its player."""
    found = None
    for game in games:
        for value, player in pick(game):
            if found is None or best(value, found[0]):
                found = (value, player, game)
    if found is None:
        return None
    value, player, game = found
    return {"value": value, "player": player, "game": game.brief()}


def _records(games: list[GameResult]) -> dict[str, Any]:
    def seats(game: GameResult, keep: Callable[[SeatResult], bool]) -> list[tuple[int, str]]:
        return [(p.total, p.name) for p in game.players if keep(p)]

    def margin(game: GameResult) -> list[tuple[int, str]]:
        return [(game.margin(), game.winners()[0].name)]

    higher = lambda a, b: a > b  # noqa: E731 - the first game found keeps a tie
    lower = lambda a, b: a < b  # noqa: E731
    return {
        "highest_score": _record(games, lambda g: seats(g, lambda p: True), higher),
        "highest_losing_score": _record(games, lambda g: seats(g, lambda p: p.rank != 1), higher),
        "lowest_winning_score": _record(games, lambda g: seats(g, lambda p: p.rank == 1), lower),
        "biggest_margin": _record(games, margin, higher),
        "smallest_margin": _record(games, margin, lower),
    }


def _head_to_head(games: list[GameResult]) -> list[dict[str, Any]]:
    """Each pair of players who met: games together and the wins of each over the other
    (a better rank in the same game; an equal rank is neither's)."""
    names: dict[str, str] = {}
    pairs: dict[tuple[str, str], list[int]] = {}
    for game in games:
        for a in game.players:
            names.setdefault(a.name.casefold(), a.name)
        for i, a in enumerate(game.players):
            for b in game.players[i + 1 :]:
                first, second = sorted((a, b), key=lambda p: p.name.casefold())
                tally = pairs.setdefault((first.name.casefold(), second.name.casefold()), [0, 0, 0])
                tally[0] += 1
                tally[1] += first.rank < second.rank
                tally[2] += second.rank < first.rank
    return [
        {"players": [names[a], names[b]], "games": n, "wins": [wins_a, wins_b]}
        for (a, b), (n, wins_a, wins_b) in sorted(pairs.items())
    ]


def _sources(
    games: list[GameResult], key_of: Callable[[SeatResult], str | None]
) -> list[dict[str, Any]]:
    """Average VP of each source for each value of `key_of(seat)`."""
    sums: dict[str, list[dict[str, int]]] = defaultdict(list)
    names: dict[str, str] = {}
    for game in games:
        for seat in game.players:
            value = key_of(seat)
            if value is None:
                continue
            names.setdefault(value.casefold(), value)
            sums[value.casefold()].append(seat.sources)
    return [_source_row(names[key], found) for key, found in sorted(sums.items())]


def _source_row(name: str, found: list[dict[str, int]]) -> dict[str, Any]:
    """The average VP of each source over one value's seats (the auction only when bid)."""
    shown = [c for c in SOURCES if c != "auction" or any(s.get(c) for s in found)]
    return {
        "name": name,
        "plays": len(found),
        "average": {c: _average([s.get(c, 0) for s in found]) for c in shown},
    }


def _solo(games: list[GameResult]) -> dict[str, Any]:
    scores = [g.players[0].total for g in games]
    bands: dict[str, int] = {}
    for game in games:
        if game.rating:
            bands[game.rating] = bands.get(game.rating, 0) + 1
    return {
        "plays": len(games),
        "best": max(scores, default=None),
        "average": _average(scores),
        "bands": bands,
        "players": _people(games),
    }


def season(results: Iterable[GameResult]) -> dict[str, Any]:
    """Every figure of the season, as plain data (the games given are counted once each
    already: see `distinct`)."""
    games = list(results)
    contested = [g for g in games if not g.solo]
    return {
        "games": len(games),
        "multiplayer_games": len(contested),
        "players": _people(contested),
        "clans": _clans(contested),
        "by": {
            "players": _by_game(contested, lambda g: len(g.players)),
            "clan": _by_count(contested, lambda s: s.clan),
            "seat": _by_count(contested, lambda s: s.seat),
            "variant": _by_game(contested, lambda g: g.variant),
            "map": _by_game(contested, lambda g: g.board or "?"),
        },
        "records": _records(contested),
        "head_to_head": _head_to_head(contested),
        "sources": {
            "players": _sources(contested, lambda s: s.name),
            "clans": _sources(contested, lambda s: s.clan),
        },
        "solo": _solo([g for g in games if g.solo]),
    }
