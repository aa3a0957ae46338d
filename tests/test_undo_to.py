"""`caledonia undo GAME --to N` and `caledonia redo GAME --all`: back to any point of the
game and forward again. After the undo, the file and `status --json` are those of a game
recorded only up to event N (the file adds the undone events to redo); after the redo,
those of the game before the undo, to the byte."""

from __future__ import annotations

import json
import os

import pytest
from caledonia.rules.game.engine import Game
from caledonia.rules.yamlfile import parse_yaml, read_text
from caledonia.storage import checkpoint, games
from caledonia.storage.games import load_game, save_game
from conftest import SAMPLES, run_cli
from gametools import PARTS

# The played events a long game starts with (the 4-player sample, before its end); then
# the table's corrections of a player's money, up to the game's length.
PLAYED = 150


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("CALEDONIA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("CALEDONIA_NO_CACHE", raising=False)
    monkeypatch.setattr(os, "fsync", lambda fd: None)  # many saves: durability is elsewhere


def game_of(events: int) -> Game:
    played = load_game(str(SAMPLES / "game-4p.yaml"), PARTS)
    game = Game(played.setup, PARTS)
    for event in played.events[: min(events, PLAYED)]:
        game.apply(event)
    name = game.state.players[0].name
    while len(game.events) < events:
        money = game.state.players[0].money
        game.apply({"type": "fix", "what": "money", "player": name, "value": money + 1})
    return game


def first(game: Game, count: int) -> Game:
    shorter = Game(game.setup, PARTS)
    for event in game.events[:count]:
        shorter.apply(event)
    return shorter


def status(path) -> dict:
    done = run_cli("status", str(path), "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def file_data(path) -> dict:
    return parse_yaml(read_text(path), str(path))


@pytest.mark.parametrize(("events", "kept"), [(10, 4), (250, 125), (1000, 37), (1000, 640)])
def test_undo_to_and_redo_all_round_trip(tmp_path, events, kept):
    whole = game_of(events)
    path, only = tmp_path / "game.yaml", tmp_path / "only.yaml"
    save_game(str(path), whole)
    save_game(str(only), first(whole, kept))
    original, original_status = read_text(path), status(path)

    undone = run_cli("undo", str(path), "--to", str(kept))
    assert undone.returncode == 0, undone.stderr
    listed = events - kept <= 10  # a short undo lists its events, a long one counts them
    said = "undone: " if listed else f"{events - kept} events undone"
    assert said in undone.stdout
    data, expected = file_data(path), file_data(only)
    assert data.pop("redo") == whole.events[kept:]
    assert data.pop("format") == "caledonia-game/2"  # the format that holds a redo list
    expected.pop("format")
    assert data == expected
    now, recorded = status(path), status(only)
    assert (now.pop("redo"), recorded.pop("redo")) == (events - kept, 0)  # what redo can do
    assert now == recorded

    redone = run_cli("redo", str(path), "--all")
    assert redone.returncode == 0, redone.stderr
    assert read_text(path) == original
    assert status(path) == original_status


def test_undo_to_lists_a_short_undo_event_by_event(tmp_path):
    path = tmp_path / "game.yaml"
    save_game(str(path), game_of(10))
    undone = run_cli("undo", str(path), "--to", "8")
    assert undone.stdout.count("undone: ") == 2
    assert len(load_game(str(path), PARTS).events) == 8


def test_undo_to_zero_keeps_nothing_and_redo_all_brings_it_all_back(tmp_path):
    path = tmp_path / "game.yaml"
    save_game(str(path), game_of(10))
    original = read_text(path)
    assert run_cli("undo", str(path), "--to", "0").returncode == 0
    assert load_game(str(path), PARTS).events == []
    assert run_cli("redo", str(path), "--all").returncode == 0
    assert read_text(path) == original


@pytest.mark.parametrize(
    ("args", "code", "said"),
    [
        (["undo", "--to", "10"], 1, "would undo nothing"),
        (["undo", "--to", "12"], 1, "would undo nothing"),
        (["undo", "3", "--to", "5"], 2, "not both"),
        (["undo", "1", "--to", "5"], 2, "not both"),  # a count of 1 given is still a count
        (["undo", "--to", "-1"], 2, ""),
        (["redo", "--all"], 1, "nothing to redo"),
    ],
)
def test_undo_to_and_redo_all_refuse_what_cannot_be(tmp_path, args, code, said):
    path = tmp_path / "game.yaml"
    save_game(str(path), game_of(10))
    before = read_text(path)
    done = run_cli(args[0], str(path), *args[1:])
    assert done.returncode == code and said in done.stderr
    assert "Traceback" not in done.stderr
    assert read_text(path) == before  # nothing written


def test_redo_all_and_a_count_are_not_both_given(tmp_path):
    path = tmp_path / "game.yaml"
    save_game(str(path), game_of(10))
    run_cli("undo", str(path), "--to", "5")
    before = read_text(path)
    for count in ("3", "1"):  # 1 is the default, but given it is a count all the same
        done = run_cli("redo", str(path), count, "--all")
        assert done.returncode == 2 and "not both" in done.stderr
        assert read_text(path) == before


def test_an_undo_far_back_starts_from_the_nearest_milestone(tmp_path, monkeypatch):
    """A session that saves without checkpoints (play) still keeps one every MILESTONE
    events, and an undo to any point starts from the nearest of them below it."""
    whole = game_of(3 * checkpoint.MILESTONE + 20)
    path = str(tmp_path / "game.yaml")
    session = Game(whole.setup, PARTS)
    for event in whole.events:
        session.apply(event)
        save_game(path, session, keep_checkpoint=False)
    games.store_checkpoint(path, session)
    starts = []
    real = Game.undo

    def undo(game, count=1, start=None):
        starts.append(None if start is None else len(start.events))
        return real(game, count, start)

    monkeypatch.setattr(Game, "undo", undo)
    game = load_game(path, PARTS)
    games.undo_game(path, game, len(game.events) - (2 * checkpoint.MILESTONE + 37))
    assert starts == [2 * checkpoint.MILESTONE]
    expected = first(whole, 2 * checkpoint.MILESTONE + 37)
    assert game.state.snapshot() == expected.state.snapshot()
    assert game.events == expected.events


def test_milestones_are_not_dropped_with_the_older_checkpoints(tmp_path):
    whole = game_of(checkpoint.MILESTONE + checkpoint.HISTORY + 5)
    path = str(tmp_path / "game.yaml")
    session = Game(whole.setup, PARTS)
    for event in whole.events:
        session.apply(event)
        save_game(path, session)
    assert checkpoint.restore_earlier(path, checkpoint.MILESTONE, PARTS) is not None
    assert checkpoint.restore_earlier(path, checkpoint.MILESTONE - 1, PARTS) is None
