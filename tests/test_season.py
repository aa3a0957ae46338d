"""`stats` over a season: each game once (by play id, by content for older files), solo
apart, and over 200 random games every figure recomputed here, independently of
rules/game/season.py, from each game's final score."""

from __future__ import annotations

import json
import random
import shutil
import uuid
from collections import Counter, defaultdict
from datetime import datetime, timedelta, timezone

import pytest
from caledonia.rules.game.engine import Game
from caledonia.rules.game.final import final_score
from caledonia.rules.game.moves import play_to_end
from caledonia.rules.game.season import GameResult, SeatResult, distinct, season
from caledonia.rules.game.setup import TableChoices, default_players, draw_setup
from caledonia.rules.market import load_market
from caledonia.rules.solo import load_removal_grid
from caledonia.storage.games import save_game
from conftest import SAMPLES, run_cli
from gametools import BOX, PARTS, SIDES
from hypothesis import given
from hypothesis import strategies as st

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
SOURCES = ("glory", "goods", "money", "hops", "imports", "exports", "settlements")
FIRST_DAY = datetime(2026, 1, 1, 19, 0, tzinfo=timezone.utc)


def _ok(*args, **kwargs):
    result = run_cli(*args, **kwargs)
    assert result.returncode == 0, result.stderr
    return result


def _random_game(seed: int) -> Game:
    rng = random.Random(seed)
    count = rng.choice((1, 2, 2, 3, 3, 4, 4))
    players = default_players(rng.sample(NAMES, count))
    variants = {"kickstarter": rng.random() < 0.3}
    setup = draw_setup(
        PARTS,
        SIDES,
        load_market(count, PARTS.economy.goods),
        BOX,
        players,
        seed,
        variants,
        table=TableChoices(),
        grid=load_removal_grid(PARTS.solo.price_die) if count == 1 else None,
    )
    game = Game(setup, PARTS)
    play_to_end(game, rng)
    return game


def _seats(game: Game) -> list[dict]:
    """Each player's result, straight from the final score."""
    score = final_score(game.state)
    order = game.setup.turn_order()
    return [
        {
            "name": p.name,
            "clan": p.clan,
            "total": r.total,
            "rank": r.rank,
            "seat": order.index(p.name) + 1,
            "sources": r.breakdown._asdict(),
        }
        for p, r in zip(game.state.players, score.players, strict=True)
    ]


def _rate(plays, wins):
    return {"plays": plays, "wins": wins, "win_rate": round(wins / plays, 4) if plays else None}


def _avg(values):
    return round(sum(values) / len(values), 2) if values else None


def _recount(games: list[list[dict]]) -> dict:
    """The figures of `games` (each a list of seats), counted the plain way."""
    contested = [g for g in games if len(g) > 1]
    solo = [g[0] for g in games if len(g) == 1]
    people = defaultdict(list)
    clans = defaultdict(list)
    for game in contested:
        for s in game:
            people[s["name"]].append(s)
            if s["clan"]:
                clans[s["clan"]].append(s)

    def row(name, seats):
        wins = sum(s["rank"] == 1 for s in seats)
        totals = [s["total"] for s in seats]
        return {
            "name": name,
            **_rate(len(seats), wins),
            "average": _avg(totals),
            "best": max(totals),
        }

    figures = {
        "players": {n: row(n, s) for n, s in people.items()},
        "clans": {n: row(n, s) for n, s in clans.items()},
    }
    split = {}
    for key in ("clan", "seat"):
        cells = defaultdict(list)
        for game in contested:
            for s in game:
                cells[(s[key], len(game))].append(s)
                cells[(s[key], None)].append(s)
        split[key] = {
            k: {
                **_rate(len(v), sum(s["rank"] == 1 for s in v)),
                "average": _avg([s["total"] for s in v]),
            }
            for k, v in cells.items()
        }
    by_count = defaultdict(list)
    for game in contested:
        by_count[len(game)].append(game)
    split["players"] = {
        n: {
            "games": len(group),
            "average_score": _avg([s["total"] for g in group for s in g]),
            "average_winning_score": _avg([s["total"] for g in group for s in g if s["rank"] == 1]),
            "start_player": _rate(
                len(group), sum(1 for g in group for s in g if s["seat"] == 1 and s["rank"] == 1)
            ),
        }
        for n, group in by_count.items()
    }
    figures["by"] = split
    every = [s for g in contested for s in g]
    margins = []
    for game in contested:
        totals = sorted((s["total"] for s in game), reverse=True)
        winners = [s for s in game if s["rank"] == 1]
        others = [s["total"] for s in game if s["rank"] != 1]
        margins.append(winners[0]["total"] - (max(others) if others else winners[0]["total"]))
        assert totals[0] == winners[0]["total"]
    figures["records"] = {
        "highest_score": max(s["total"] for s in every),
        "highest_losing_score": max(s["total"] for s in every if s["rank"] != 1),
        "lowest_winning_score": min(s["total"] for s in every if s["rank"] == 1),
        "biggest_margin": max(margins),
        "smallest_margin": min(margins),
    }
    meetings = Counter()
    beats = Counter()
    for game in contested:
        for a in game:
            for b in game:
                if a["name"] < b["name"]:
                    meetings[(a["name"], b["name"])] += 1
                if a["rank"] < b["rank"]:
                    beats[(a["name"], b["name"])] += 1
    figures["head_to_head"] = {
        pair: {"games": n, "wins": [beats[pair], beats[pair[::-1]]]} for pair, n in meetings.items()
    }
    figures["sources"] = {
        n: {c: _avg([s["sources"][c] for s in seats]) for c in SOURCES}
        for n, seats in people.items()
    }
    figures["clan_sources"] = {
        n: {c: _avg([s["sources"][c] for s in seats]) for c in SOURCES}
        for n, seats in clans.items()
    }
    totals = [s["total"] for s in solo]
    figures["solo"] = {
        "plays": len(solo),
        "best": max(totals, default=None),
        "average": _avg(totals),
    }
    return figures


@pytest.mark.long
def test_stats_over_200_random_games_matches_a_recount(tmp_path):
    folder = tmp_path / "season"
    folder.mkdir()
    games = []
    for index in range(200):
        game = _random_game(1000 + index)
        ended = FIRST_DAY + timedelta(days=index)
        if index % 10 != 9:  # one in ten: a file older than the play record
            game.play = {
                "play_id": str(uuid.UUID(int=random.Random(index).getrandbits(128), version=4)),
                "started": (ended - timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M:%SZ"),
                "ended": ended.strftime("%Y-%m-%dT%H:%M:%SZ"),
            }
        save_game(str(folder / f"game-{index:03d}.yaml"), game)
        games.append((game, ended, _seats(game)))
    shutil.copy(folder / "game-005.yaml", folder / "copy-of-005.yaml")  # a play id twice
    shutil.copy(folder / "game-009.yaml", folder / "copy-of-009.yaml")  # an older file twice
    data = json.loads(_ok("stats", str(folder), "--json", "--jobs", "2").stdout)
    assert data["files"] == 202 and data["games"] == 200 and len(data["copies"]) == 2
    expected = _recount([seats for _, _, seats in games])
    _same_figures(data, expected)

    day = (FIRST_DAY + timedelta(days=150)).strftime("%Y-%m-%d")
    later = json.loads(_ok("stats", str(folder), "--json", "--since", day).stdout)
    recent = [seats for game, ended, seats in games if ended >= FIRST_DAY + timedelta(days=150)]
    # the older files are dated by their last write: today, after every recorded game
    recent += [
        seats for game, _, seats in games if "play_id" not in game.play and seats not in recent
    ]
    assert later["games"] == len(recent) and later["since"] == day
    _same_figures(later, _recount(recent))


def _same_figures(data: dict, expected: dict) -> None:
    assert {r["name"]: r for r in data["players"]} == expected["players"]
    assert {r["name"]: r for r in data["clans"]} == expected["clans"]
    for key in ("clan", "seat"):
        got = {
            (r["value"], r["player_count"]): {
                k: r[k] for k in ("plays", "wins", "win_rate", "average")
            }
            for r in data["by"][key]
        }
        assert got == expected["by"][key], key
    got = {r["value"]: {k: v for k, v in r.items() if k != "value"} for r in data["by"]["players"]}
    assert got == expected["by"]["players"]
    assert sum(r["games"] for r in data["by"]["variant"]) == data["multiplayer_games"]
    assert sum(r["games"] for r in data["by"]["map"]) == data["multiplayer_games"]
    for name, value in expected["records"].items():
        record = data["records"][name]
        assert record["value"] == value, name
        if "margin" not in name:  # the game named holds the record
            assert record["game"]["players"][record["player"]] == value
    got = {
        tuple(p["players"]): {"games": p["games"], "wins": p["wins"]} for p in data["head_to_head"]
    }
    assert got == expected["head_to_head"]
    got = {r["name"]: {c: r["average"][c] for c in SOURCES} for r in data["sources"]["players"]}
    assert got == expected["sources"]
    got = {r["name"]: {c: r["average"][c] for c in SOURCES} for r in data["sources"]["clans"]}
    assert got == expected["clan_sources"]
    solo = data["solo"]
    assert {k: solo[k] for k in ("plays", "best", "average")} == expected["solo"]
    assert sum(solo["bands"].values()) == solo["plays"]


# -- small cases -----------------------------------------------------------------------------


def _result(key, *seats, path="g.yaml", date="2026-01-01T20:00:00Z"):
    players = tuple(
        SeatResult(name, clan, None, total, rank, 0, seat, dict.fromkeys(SOURCES, 0))
        for seat, (name, clan, total, rank) in enumerate(seats, 1)
    )
    return GameResult(key, path, "game", players, None, (), "A1 B1 C1 D1", date)


def test_a_game_saved_twice_counts_once_and_solo_stays_apart():
    duel = _result("one", ("Ann", "Stewart", 90, 1), ("Bob", "Campbell", 80, 2))
    copy = duel._replace(path="copy.yaml")
    solo = _result("two", ("Ann", "Stewart", 150, 1))
    kept, copies = distinct([duel, copy, solo])
    assert kept == [duel, solo] and copies == [copy]
    figures = season(kept)
    ann = next(r for r in figures["players"] if r["name"] == "Ann")
    assert (ann["plays"], ann["wins"], ann["average"]) == (1, 1, 90.0)  # the solo 150 apart
    assert figures["solo"]["plays"] == 1 and figures["solo"]["best"] == 150


def test_shared_firsts_all_win_and_neither_beats_the_other():
    tie = _result("t", ("Ann", None, 70, 1), ("Bob", None, 70, 1), ("Cat", None, 50, 3))
    figures = season([tie])
    assert [r["wins"] for r in figures["players"] if r["name"] in ("Ann", "Bob")] == [1, 1]
    pair = next(p for p in figures["head_to_head"] if p["players"] == ["Ann", "Bob"])
    assert pair == {"players": ["Ann", "Bob"], "games": 1, "wins": [0, 0]}
    assert figures["records"]["smallest_margin"]["value"] == 20


def test_stats_counts_a_copy_of_a_game_once(tmp_path):
    for name in ("game-2p.yaml", "game-3p.yaml"):
        shutil.copy(SAMPLES / name, tmp_path / name)
    shutil.copy(SAMPLES / "game-3p.yaml", tmp_path / "again.yaml")
    data = json.loads(_ok("stats", str(tmp_path), "--json").stdout)
    assert data["games"] == 2 and len(data["copies"]) == 1
    fiona = next(p for p in data["players"] if p["name"] == "Fiona")
    assert fiona["plays"] == 1
    text = _ok("stats", str(tmp_path), env={"COLUMNS": "100"}).stdout
    assert "1 copy of a game counted once" in text


def test_stats_by_each_split_and_its_mistakes():
    for split in ("players", "clan", "seat", "variant", "map"):
        text = _ok("stats", str(SAMPLES), "--by", split, env={"COLUMNS": "120"}).stdout
        assert "Score records" in text and "Head to head" in text
    text = _ok("stats", str(SAMPLES), "--by", "seat", env={"COLUMNS": "120"}).stdout
    assert "Win rate by seat and player count" in text
    result = run_cli("stats", str(SAMPLES), "--by", "weather")
    assert result.returncode == 2 and "players, clan, seat, variant, map" in result.stderr
    result = run_cli("stats", str(SAMPLES), "--since", "yesterday")
    assert result.returncode == 2 and "--since" in result.stderr


# -- invariants over any season ----------------------------------------------------------------


@st.composite
def _games(draw):
    count = draw(st.integers(1, 4))
    names = draw(st.permutations(NAMES))[:count]
    totals = draw(st.lists(st.integers(0, 200), min_size=count, max_size=count))
    money = draw(st.lists(st.integers(0, 9), min_size=count, max_size=count))
    keys = list(zip(totals, money, strict=True))
    ranks = [1 + sum(other > key for other in keys) for key in keys]  # competition ranks
    clans = draw(
        st.lists(st.sampled_from(("Stewart", "Campbell", None)), min_size=count, max_size=count)
    )
    seats = [
        (name, clan, total, rank)
        for name, clan, total, rank in zip(names, clans, totals, ranks, strict=True)
    ]
    return _result(str(draw(st.uuids())), *seats)


@given(st.lists(_games(), min_size=1, max_size=12))
def test_a_seasons_figures_add_up(results):
    figures = season(results)
    contested = [g for g in results if not g.solo]
    assert figures["games"] == len(results) and figures["solo"]["plays"] == len(results) - len(
        contested
    )
    assert sum(r["plays"] for r in figures["players"]) == sum(len(g.players) for g in contested)
    assert sum(r["wins"] for r in figures["players"]) == sum(len(g.winners()) for g in contested)
    for count in (2, 3, 4):
        games = [g for g in contested if len(g.players) == count]
        rows = [r for r in figures["by"]["seat"] if r["player_count"] == count]
        assert sum(r["plays"] for r in rows) == count * len(games)
        assert sum(r["wins"] for r in rows) == sum(len(g.winners()) for g in games)
    for pair in figures["head_to_head"]:
        assert sum(pair["wins"]) <= pair["games"]
    records = figures["records"]
    if contested:
        assert 0 <= records["smallest_margin"]["value"] <= records["biggest_margin"]["value"]
        assert records["lowest_winning_score"]["value"] <= records["highest_score"]["value"]
    else:
        assert all(record is None for record in records.values())
