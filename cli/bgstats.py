"""Finished games as BG Stats reads them: the "push" link of one play, and a `.bgsplay` file
of one play or of many.

The push format is the one BG Stats publishes for other apps ("push plays to BG Stats from
other apps or websites"): `https://app.bgstatsapp.com/createPlay.html?data=` and the
URL-encoded JSON of one play, with `sourceName`, `sourcePlayId` and `playDate` required.
The `.bgsplay` file is the app's import file: `games`, `plays` (with `playerScores`),
`players` and `locations`, tied together by numeric reference ids. The README lists what
each field holds and why.

The play's id is the one its game file records (a random uuid, written when the game was
created), so two games never share one and a copy, a touch or a fix of the file changes
nothing; a file older than the play id, or a score sheet, is known by a digest of its
content. A player's id comes from the name alone (the same person at the next game is
matched again). `winner` and `startPlayer` are always given: the Android app fails
without them.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import quote

from caledonia.rules.game.final import final_score
from caledonia.rules.game.play_record import parse_time

from .play_times import now

if TYPE_CHECKING:
    from caledonia.rules.components import RatingBand

PUSH_URL = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "caledonia"
GAME_NAME = "Clans of Caledonia"
BGG_ID = 216132
SOURCE_GAME_ID = "clans-of-caledonia"
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"  # BG Stats' yyyy-MM-dd HH:mm:ss, in UTC
# A fixed namespace, so the same name always gives the same uuid
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://boardgamegeek.com/boardgame/216132")
# A solo play is a win from this rating band up (the rulebook names no solo win: see README)
SOLO_WIN_BAND = "Average"


class Seat(NamedTuple):
    """One player of a play, in seat order."""

    name: str
    colour: str | None
    clan: str | None
    total: int
    money: int
    rank: int
    start: bool  # the start player
    winner: bool


class Played(NamedTuple):
    """A finished play and what the table adds: when it ended (UTC), how long, where."""

    play_id: str
    seats: tuple[Seat, ...]
    ended: datetime
    rounds: int
    board: str | None  # "map A B C D"
    tiles: tuple[str, ...] | None  # the scoring tiles (None: not known, a score sheet)
    rating: str | None  # solo: the band reached
    location: str | None = None
    duration: int | None = None  # minutes

    @property
    def date(self) -> str:
        return self.ended.strftime(DATE_FORMAT)

    @property
    def solo(self) -> bool:
        return len(self.seats) == 1

    def tie_broken_on_money(self) -> bool:
        """A player who is not first has the first's VP: money decided."""
        first = [s.total for s in self.seats if s.rank == 1]
        return bool(first) and any(s.rank != 1 and s.total == first[0] for s in self.seats)

    @property
    def manual_winner(self) -> bool:
        """BG Stats would crown every highest score itself: the winner is set by hand when
        money broke a tie, and for a solo play (won or lost by the rule below)."""
        return self.solo or self.tie_broken_on_money()


def solo_won(total: int, bands: Sequence[RatingBand]) -> bool:
    """A solo play is won from the SOLO_WIN_BAND band's VP up."""
    floor = next(band.lowest for band in bands if band.name == SOLO_WIN_BAND)
    return total >= floor


def _seats(names, colours, clans, score, start: str | None, bands) -> tuple[Seat, ...]:
    solo = len(score.players) == 1
    return tuple(
        Seat(
            name,
            colour,
            clan,
            r.total,
            r.money,
            r.rank,
            name == start,
            solo_won(r.total, bands) if solo else r.rank == 1,
        )
        for name, colour, clan, r in zip(names, colours, clans, score.players, strict=True)
    )


def played_game(game: Any, score: Any, ended: datetime, **table: Any) -> Played:
    """A finished game file's play (`table`: location, duration)."""
    key = game.play.get("play_id") or legacy_play_id(game.setup)
    players = game.state.players
    seats = _seats(
        [p.name for p in players],
        [p.colour for p in players],
        [p.clan for p in players],
        score,
        game.setup.start_player,
        game.parts.solo.rating,
    )
    return Played(
        key,
        seats,
        ended,
        len(game.state.round_scores),
        "map " + " ".join(side.name for side in game.setup.sides),
        tuple(game.setup.scoring_tiles or ()),
        score.rating.name if score.rating else None,
        **table,
    )


def played_sheet(
    sheet: Any, score: Any, key: str, ended: datetime, start: str | None, parts: Any, **table: Any
) -> Played:
    """A final score sheet's play: it knows no start player (the table says), rounds or map."""
    seats = _seats(
        [p.name for p in sheet.players],
        [(p.on_map or {}).get("colour") for p in sheet.players],
        [p.clan for p in sheet.players],
        score,
        start,
        parts.solo.rating,
    )
    rating = score.rating.name if score.rating else None
    return Played(key, seats, ended, 5, None, None, rating, **table)


def legacy_play_id(setup: Any) -> str:
    """The id of a game file older than the play id, as earlier versions exported it (a
    second export still updates that play): from what its setup drew, which no later event
    changes. Two such games of one seed and one table share it."""
    drawn = [
        setup.seed,
        [list(p) for p in setup.players],
        setup.start_player,
        list(setup.scoring_tiles),
        list(setup.clans),
        list(setup.starting_tiles),
        list(setup.pile or ()),
        list(setup.export_board),
        dict(setup.ports),
        [side.name for side in setup.sides],
    ]
    text = json.dumps(drawn, sort_keys=True)
    return "caledonia-play-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def player_id(name: str) -> str:
    """A player's id from the name, the same in every game (letter case aside)."""
    return "caledonia-player-" + hashlib.sha256(name.casefold().encode("utf-8")).hexdigest()[:12]


def play_uuid(play_id: str) -> str:
    """The play's uuid: the recorded one itself, else one made from the key."""
    try:
        return str(uuid.UUID(play_id))
    except ValueError:
        return str(uuid.uuid5(NAMESPACE, play_id))


def _comments(played: Played) -> str:
    words = []
    if played.tiles is not None:
        words.append(
            f"Scoring tiles {', '.join(played.tiles)}." if played.tiles else "No scoring tiles."
        )
    if played.tie_broken_on_money():
        words.append(_tie_words(played))
    if played.rating is not None:
        seat = played.seats[0]
        result = "won" if seat.winner else "lost"
        words.append(f"Solo rating: {played.rating}; {result} (a win from {SOLO_WIN_BAND} up).")
    words.append("Scored by caledonia.")
    return " ".join(words)


def _tie_words(played: Played) -> str:
    """The first place's tie and the money left that broke it."""
    first = next(s for s in played.seats if s.rank == 1)
    tied = [s for s in played.seats if s.total == first.total]
    money = ", ".join(f"{s.name} £{s.money}" for s in tied)
    return f"Tie on {first.total} VP broken on money left: {money}."


def _players(played: Played) -> list[dict[str, Any]]:
    players = []
    for seat_order, seat in enumerate(played.seats, 1):
        entry: dict[str, Any] = {
            "name": seat.name,
            "sourcePlayerId": player_id(seat.name),
            "score": seat.total,
            "winner": seat.winner,
            "rank": seat.rank,
            "startPlayer": seat.start,
            "seatOrder": seat_order,
        }
        if seat.clan:
            entry["role"] = seat.clan
        if seat.colour:
            entry["color"] = seat.colour
        players.append(entry)
    return players


def push_play(played: Played) -> dict[str, Any]:
    """The one play of the push link."""
    play: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": played.play_id,
        "playDate": played.date,
        "game": {
            "name": GAME_NAME,
            "sourceGameId": SOURCE_GAME_ID,
            "bggId": BGG_ID,
            "highestWins": True,
            "noPoints": False,
        },
        "players": _players(played),
        "manualWinner": played.manual_winner,
        "comments": _comments(played),
    }
    if played.board:
        play["board"] = played.board
    if played.location:
        play["location"] = played.location
    if played.duration is not None:
        play["durationMin"] = played.duration
    return play


def push_link(play: dict[str, Any]) -> str:
    text = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return PUSH_URL + quote(text, safe="")


def bgsplay(plays: Sequence[Played]) -> dict[str, Any]:
    """The import file of the plays, their game, players and locations linked by ids:
    a player (by name, letter case aside) and a location are listed once."""
    people: dict[str, dict[str, Any]] = {}
    places: dict[str, dict[str, Any]] = {}
    entries = []
    for played in plays:
        scores = []
        for p in _players(played):
            person = people.setdefault(
                p["sourcePlayerId"],
                {
                    "id": len(people) + 1,
                    "uuid": str(uuid.uuid5(NAMESPACE, p["sourcePlayerId"])),
                    "name": p["name"],
                    "isAnonymous": False,
                },
            )
            score: dict[str, Any] = {
                "playerRefId": person["id"],
                "score": str(p["score"]),
                "winner": p["winner"],
                "newPlayer": False,
                "startPlayer": p["startPlayer"],
                "rank": p["rank"],
                "role": p.get("role", ""),
                "seatOrder": p["seatOrder"],
            }
            if "color" in p:
                score["color"] = p["color"]
            scores.append(score)
        entry: dict[str, Any] = {
            "uuid": play_uuid(played.play_id),
            "gameRefId": 1,
            "playDate": played.date,
            "modificationDate": played.date,
            "entryDate": played.date,
            "ignored": False,
            "manualWinner": played.manual_winner,
            "rounds": played.rounds,
            "usesTeams": False,
            "comments": _comments(played),
            "playerScores": scores,
        }
        if played.board:
            entry["board"] = played.board
        if played.location:
            place = places.setdefault(
                played.location,
                {
                    "id": len(places) + 1,
                    "uuid": str(uuid.uuid5(NAMESPACE, played.location)),
                    "name": played.location,
                },
            )
            entry["locationRefId"] = place["id"]
        if played.duration is not None:
            entry["durationMin"] = played.duration
        entries.append(entry)
    return {
        "games": [
            {
                "id": 1,
                "uuid": str(uuid.uuid5(NAMESPACE, SOURCE_GAME_ID)),
                "name": GAME_NAME,
                "bggId": BGG_ID,
                "highestWins": True,
                "noPoints": False,
                "cooperative": False,
                "usesTeams": False,
            }
        ],
        "plays": entries,
        "players": list(people.values()),
        "locations": list(places.values()),
    }


def game_link(game: Any) -> str:
    """The push link of a finished game as its file recorded it (for a page that links to
    BG Stats): the recorded end, else the start; the duration between them when both."""
    ended = parse_time(game.play.get("ended", "")) or parse_time(game.play.get("started", ""))
    started = parse_time(game.play.get("started", ""))
    if ended is None:
        ended = now()
    minutes = None
    if started is not None and "ended" in game.play:
        minutes = max(1, round((ended - started).total_seconds() / 60))
    return push_link(push_play(played_game(game, final_score(game.state), ended, duration=minutes)))
