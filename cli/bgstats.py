"""A finished game as BG Stats reads it: the "push" link of one play, and a `.bgsplay` file.

The push format is the one BG Stats publishes for other apps ("push plays to BG Stats from
other apps or websites"): `https://app.bgstatsapp.com/createPlay.html?data=` and the
URL-encoded JSON of one play, with `sourceName`, `sourcePlayId` and `playDate` required.
The `.bgsplay` file is the app's import file: `games`, `plays` (with `playerScores`),
`players` and `locations`, tied together by numeric reference ids.

The ids are stable: the play's from the game's setup (the same file exports the same play),
a player's from the name alone (the same person at the next game is matched again), so a
second export updates rather than duplicates. `winner` and `startPlayer` are always given:
the Android app fails without them. A solo play has no winner (it is a score challenge: its
rating goes in the comments).
"""

from __future__ import annotations

import hashlib
import json
import uuid
from datetime import datetime
from typing import Any, NamedTuple
from urllib.parse import quote

from caledonia.rules.game.engine import Game
from caledonia.rules.scoring import FinalScore

PUSH_URL = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "caledonia"
GAME_NAME = "Clans of Caledonia"
BGG_ID = 216132
SOURCE_GAME_ID = "clans-of-caledonia"
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"  # BG Stats' yyyy-MM-dd HH:mm:ss, in UTC
# A fixed namespace, so the same name always gives the same uuid
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://boardgamegeek.com/boardgame/216132")


class Played(NamedTuple):
    """A finished game and what the table adds: when it ended (UTC), how long, where."""

    game: Game
    score: FinalScore
    ended: datetime
    location: str | None = None
    duration: int | None = None  # minutes

    @property
    def date(self) -> str:
        return self.ended.strftime(DATE_FORMAT)


def play_id(game: Game) -> str:
    """The same game, the same id: from what its setup drew (seed, seats, tiles, clans,
    contracts), which no later event changes."""
    setup = game.setup
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


def _board(game: Game) -> str:
    return "map " + " ".join(side.name for side in game.setup.sides)


def _comments(game: Game, score: FinalScore) -> str:
    tiles = game.setup.scoring_tiles
    words = [f"Scoring tiles {', '.join(tiles)}." if tiles else "No scoring tiles."]
    if score.rating is not None:
        words.append(f"Solo rating: {score.rating.name}.")
    words.append("Scored by caledonia.")
    return " ".join(words)


def _players(game: Game, score: FinalScore) -> list[dict[str, Any]]:
    state = game.state
    start = game.setup.start_player
    players = []
    for seat, (player, result) in enumerate(zip(state.players, score.players, strict=True), 1):
        entry: dict[str, Any] = {
            "name": player.name,
            "sourcePlayerId": player_id(player.name),
            "score": result.total,
            "winner": result.rank == 1 and len(score.players) > 1,  # solo: a score challenge
            "rank": result.rank,
            "startPlayer": player.name == start,
            "seatOrder": seat,
        }
        if player.clan:
            entry["role"] = player.clan
        players.append(entry)
    return players


def push_play(played: Played) -> dict[str, Any]:
    """The one play of the push link."""
    game, score = played.game, played.score
    play: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play_id(game),
        "playDate": played.date,
        "game": {
            "name": GAME_NAME,
            "sourceGameId": SOURCE_GAME_ID,
            "bggId": BGG_ID,
            "highestWins": True,
            "noPoints": False,
        },
        "players": _players(game, score),
        "board": _board(game),
        "comments": _comments(game, score),
    }
    if played.location:
        play["location"] = played.location
    if played.duration is not None:
        play["durationMin"] = played.duration
    return play


def push_link(play: dict[str, Any]) -> str:
    text = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return PUSH_URL + quote(text, safe="")


def bgsplay(played: Played) -> dict[str, Any]:
    """The import file of one play, its game, players and location linked by ids."""
    game, score = played.game, played.score
    players = _players(game, score)
    place = played.location or "At the table"
    play: dict[str, Any] = {
        "uuid": str(uuid.uuid5(NAMESPACE, play_id(game))),
        "gameRefId": 1,
        "locationRefId": 1,
        "playDate": played.date,
        "ignored": False,
        "manualWinner": False,
        "rounds": len(game.state.round_scores),
        "usesTeams": False,
        "board": _board(game),
        "comments": _comments(game, score),
        "playerScores": [
            {
                "playerRefId": index,
                "score": str(p["score"]),
                "winner": p["winner"],
                "newPlayer": False,
                "startPlayer": p["startPlayer"],
                "rank": p["rank"],
                "role": p.get("role", ""),
                "seatOrder": p["seatOrder"],
            }
            for index, p in enumerate(players, 1)
        ],
    }
    if played.duration is not None:
        play["durationMin"] = played.duration
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
            }
        ],
        "plays": [play],
        "players": [
            {
                "id": index,
                "uuid": str(uuid.uuid5(NAMESPACE, p["sourcePlayerId"])),
                "name": p["name"],
                "isAnonymous": False,
            }
            for index, p in enumerate(players, 1)
        ],
        "locations": [{"id": 1, "uuid": str(uuid.uuid5(NAMESPACE, place)), "name": place}],
    }
