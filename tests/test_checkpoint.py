"""Checkpoints of replayed games (storage/checkpoint.py) and saves that append: a game
read from its checkpoint is the game a full replay of the file gives, after every event
and after every kind of change made to the file; a checkpoint that does not match the
file (or the tool) is never loaded."""

from __future__ import annotations

import json
import os
import random

import pytest
from caledonia.rules.errors import DataError
from caledonia.rules.game.engine import Game
from caledonia.rules.game.gamefile import game_as_text, game_from_data
from caledonia.rules.game.moves import play_one
from caledonia.rules.game.setup import setup_as_data
from caledonia.rules.yamlfile import parse_yaml, read_text
from caledonia.storage import checkpoint, games
from caledonia.storage.games import load_game, save_game
from conftest import SAMPLES, run_cli
from gametools import PARTS, setup_for

SAMPLE_NAMES = ("game-solo.yaml", "game-2p.yaml", "game-3p.yaml", "game-4p.yaml")


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("CALEDONIA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("CALEDONIA_NO_CACHE", raising=False)
    # thousands of saves: what they write is tested here, their durability elsewhere
    monkeypatch.setattr(os, "fsync", lambda fd: None)


def full_replay(path) -> Game:
    return game_from_data(parse_yaml(read_text(path), str(path)), str(path), PARTS)


def same_game(one: Game, other: Game) -> None:
    assert one.state.snapshot() == other.state.snapshot()
    assert one.events == other.events
    assert one.notes == other.notes
    assert one.undone == other.undone
    assert setup_as_data(one.setup) == setup_as_data(other.setup)


class Calls:
    """Counts the calls of `owner.name` for the test (the function itself still runs)."""

    def __init__(self, monkeypatch, owner, name):
        self.count = 0
        real = getattr(owner, name)

        def counted(*args, **kwargs):
            self.count += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(owner, name, counted)


@pytest.fixture
def replays(monkeypatch):
    """The full replays of game files (a load from a checkpoint makes none)."""
    return Calls(monkeypatch, games, "game_from_data")


def record_all(game: Game, path, events, check_every: int = 1) -> None:
    """Record `events` in a session holding `game`, saving after each; every
    `check_every` events (and after the last) the file read back from its checkpoint is
    the session's game; every tenth time, the appended text is what a whole rewrite
    would write."""
    for number, event in enumerate(events, 1):
        game.apply(event)
        save_game(path, game)
        if number % check_every == 0 or number == len(events):
            restored = games.kept_game(read_text(path), str(path), PARTS)
            assert restored is not None
            same_game(restored, game)
        if number % (10 * check_every) == 0 or number == len(events):
            assert read_text(path) == game_as_text(game)


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_a_sample_game_read_from_its_checkpoint_after_every_event_is_its_replay(name, tmp_path):
    played = load_game(str(SAMPLES / name), PARTS)
    path = tmp_path / name
    record_all(Game(played.setup, PARTS), path, played.events)
    same_game(load_game(str(path), PARTS), full_replay(path))


@pytest.mark.parametrize("seed", range(50))
def test_a_random_game_read_from_its_checkpoint_is_its_replay(seed, tmp_path):
    rng = random.Random(seed)
    game = Game(setup_for(1 + seed % 4, seed=seed), PARTS)
    session = Game(game.setup, PARTS)
    for _ in range(rng.randint(20, 90)):
        if play_one(game, rng) is None:
            break
    path = tmp_path / "game.yaml"
    record_all(session, path, game.events, check_every=7)
    same_game(load_game(str(path), PARTS), full_replay(path))


def saved_game(tmp_path, events: int = 60) -> tuple[str, Game]:
    played = full_replay(SAMPLES / "game-3p.yaml")
    game = Game(played.setup, PARTS)
    for event in played.events[:events]:
        game.apply(event)
    path = str(tmp_path / "game.yaml")
    save_game(path, game)
    return path, played


def test_a_game_saved_by_caledonia_loads_without_a_replay(tmp_path, replays):
    path, _ = saved_game(tmp_path)
    game = load_game(path, PARTS)
    assert replays.count == 0
    same_game(game, full_replay(path))


def test_a_hand_edit_means_a_full_replay(tmp_path, replays):
    path, _ = saved_game(tmp_path)
    text = read_text(path)
    edited = text.replace("{type: pass, player: Fiona}", "{type: pass, player: Hamish}", 1)
    assert edited != text
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(edited)
    try:
        game = load_game(path, PARTS)
    except DataError:  # the rules refuse the edit: refused, not taken from the checkpoint
        assert replays.count == 1
        return
    assert replays.count == 1
    same_game(game, full_replay(path))


def test_a_comment_added_by_hand_is_kept_by_the_next_save(tmp_path, replays):
    path, played = saved_game(tmp_path)
    text = "# our Tuesday game\n" + read_text(path)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    game = load_game(path, PARTS)
    assert replays.count == 1
    game.apply(played.events[60])
    save_game(path, game)
    assert read_text(path).startswith("# our Tuesday game\n")
    same_game(load_game(path, PARTS), full_replay(path))
    assert replays.count == 1  # the load after the save came from its checkpoint


def test_a_truncated_file_means_a_full_replay(tmp_path, replays):
    path, _ = saved_game(tmp_path)
    lines = read_text(path).splitlines(keepends=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("".join(lines[:-5]))
    game = load_game(path, PARTS)
    assert replays.count == 1
    assert len(game.events) == 55
    same_game(game, full_replay(path))


def test_events_reordered_by_hand_mean_a_full_replay(tmp_path, replays):
    path, _ = saved_game(tmp_path)
    lines = read_text(path).splitlines(keepends=True)
    lines[-1], lines[-2] = lines[-2], lines[-1]
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("".join(lines))
    try:
        game = load_game(path, PARTS)
    except DataError:
        assert replays.count == 1
        return
    assert replays.count == 1
    same_game(game, full_replay(path))


def test_a_checkpoint_of_another_version_of_the_tool_is_not_loaded(tmp_path, monkeypatch, replays):
    path, _ = saved_game(tmp_path)
    monkeypatch.setattr(checkpoint, "tool_version", lambda: "another version")
    game = load_game(path, PARTS)
    assert replays.count == 1
    same_game(game, full_replay(path))


def test_the_tools_version_changes_with_its_files(tmp_path, monkeypatch):
    from caledonia.storage import datacache

    before = checkpoint.tool_version()
    checkpoint.tool_version.cache_clear()
    monkeypatch.setattr(datacache.sys, "version", "another python")
    try:
        assert checkpoint.tool_version() != before
    finally:
        checkpoint.tool_version.cache_clear()


def test_a_checkpoint_whose_key_does_not_match_is_never_unpickled(tmp_path, monkeypatch):
    path, _ = saved_game(tmp_path)
    monkeypatch.setattr(checkpoint, "tool_version", lambda: "another version")

    def refuse(*args):
        raise AssertionError("unpickled a checkpoint of other content")

    monkeypatch.setattr(checkpoint, "_load", refuse)
    assert games.kept_game(read_text(path), path, PARTS) is None


def test_a_damaged_checkpoint_means_a_full_replay(tmp_path, replays):
    path, _ = saved_game(tmp_path)
    (where,) = (tmp_path / "cache").glob("game-*.checkpoint")
    data = where.read_bytes()
    where.write_bytes(data[: len(data) // 2])
    game = load_game(path, PARTS)
    assert replays.count == 1
    same_game(game, full_replay(path))


def test_without_the_cache_every_load_replays(tmp_path, monkeypatch, replays):
    monkeypatch.setenv("CALEDONIA_NO_CACHE", "1")
    path, _ = saved_game(tmp_path)
    load_game(path, PARTS)
    load_game(path, PARTS)
    assert replays.count == 2
    assert not (tmp_path / "cache").exists()


def test_an_undo_then_a_new_event_rewrite_the_file_and_its_checkpoint(tmp_path, replays):
    path, played = saved_game(tmp_path)
    game = load_game(path, PARTS)
    game.undo(3)
    save_game(path, game)
    restored = load_game(path, PARTS)
    same_game(restored, game)
    assert restored.undone == played.events[57:60]
    same_game(restored, full_replay(path))
    restored.apply(played.events[57])  # the redo list is gone: the whole file is written
    save_game(path, restored)
    assert read_text(path) == game_as_text(restored)
    same_game(load_game(path, PARTS), full_replay(path))


def test_a_fix_is_recorded_in_the_checkpoint(tmp_path):
    path, _ = saved_game(tmp_path)
    game = load_game(path, PARTS)
    name = game.state.players[0].name
    game.apply({"type": "fix", "what": "money", "player": name, "value": 77})
    save_game(path, game)
    restored = load_game(path, PARTS)
    assert restored.state.players[0].money == 77
    same_game(restored, full_replay(path))


def test_commands_in_a_row_read_the_checkpoint_and_agree_with_a_replay(tmp_path):
    path, played = saved_game(tmp_path, 40)
    cache = {"CALEDONIA_CACHE_DIR": str(tmp_path / "cache")}
    for words in (
        ["act", path, "--event", json.dumps(played.events[40])],
        ["fix", path, "money", "Fiona", "12"],
        ["undo", path],
        ["status", path, "--json"],
        ["log", path],
        ["score", path, "--json"],
    ):
        done = run_cli(*words, env=cache)
        assert done.returncode == 0, done.stderr
    game = load_game(path, PARTS)
    same_game(game, full_replay(path))
    assert len(game.events) == 41 and len(game.undone) == 1


class ReplaysFromSetup:
    """Counts the undos that replay every kept event from the setup."""

    def __init__(self, monkeypatch):
        self.count = 0
        real = Game._replay

        def counted(game, events):
            self.count += 1
            return real(game, events)

        monkeypatch.setattr(Game, "_replay", counted)


def replayed_without_undo(played: Game, events: int) -> Game:
    game = Game(played.setup, PARTS)
    for event in played.events[:events]:
        game.apply(event)
    return game


@pytest.mark.parametrize("count", [1, 2, 5, 29])
def test_undo_starts_from_the_checkpoint_of_the_events_kept(tmp_path, monkeypatch, count):
    played = full_replay(SAMPLES / "game-3p.yaml")
    path = str(tmp_path / "game.yaml")
    record_all(Game(played.setup, PARTS), path, played.events[:60], check_every=60)
    from_setup = ReplaysFromSetup(monkeypatch)
    game = load_game(path, PARTS)
    dropped = games.undo_game(path, game, count)
    assert from_setup.count == 0
    assert dropped == played.events[60 - count : 60]
    expected = replayed_without_undo(played, 60 - count)
    expected.undone = list(dropped)
    same_game(game, expected)
    save_game(path, game)  # and the file written after it reads back as the same game
    same_game(load_game(path, PARTS), full_replay(path))


def test_undo_after_undo_and_from_fewer_events_kept(tmp_path, monkeypatch):
    played = full_replay(SAMPLES / "game-4p.yaml")
    path = str(tmp_path / "game.yaml")
    record_all(Game(played.setup, PARTS), path, played.events[:40], check_every=40)
    checkpoint._earlier(path, 37).unlink()  # none kept of 37 events: from 36, then one event
    from_setup = ReplaysFromSetup(monkeypatch)
    game = load_game(path, PARTS)
    games.undo_game(path, game, 1)
    save_game(path, game)
    game = load_game(path, PARTS)
    games.undo_game(path, game, 2)
    assert from_setup.count == 0
    expected = replayed_without_undo(played, 37)
    expected.undone = played.events[37:40]
    same_game(game, expected)


def test_undo_beyond_the_checkpoints_kept_replays_from_the_setup(tmp_path, monkeypatch):
    played = full_replay(SAMPLES / "game-3p.yaml")
    path = str(tmp_path / "game.yaml")
    record_all(Game(played.setup, PARTS), path, played.events[:50], check_every=50)
    from_setup = ReplaysFromSetup(monkeypatch)
    game = load_game(path, PARTS)
    games.undo_game(path, game, checkpoint.HISTORY + 5)
    assert from_setup.count == 1
    expected = replayed_without_undo(played, 50 - checkpoint.HISTORY - 5)
    expected.undone = played.events[50 - checkpoint.HISTORY - 5 : 50]
    same_game(game, expected)


def test_a_kept_checkpoint_of_another_game_is_not_used(tmp_path, monkeypatch):
    """The file was replaced by another game: the checkpoints kept of the old one's lengths
    are of other events, and undo replays the new one's instead."""
    played = full_replay(SAMPLES / "game-3p.yaml")
    other = full_replay(SAMPLES / "game-2p.yaml")
    path = str(tmp_path / "game.yaml")
    record_all(Game(other.setup, PARTS), path, other.events[:30], check_every=30)
    game = Game(played.setup, PARTS)
    for event in played.events[:30]:
        game.apply(event)
    save_game(path, game)
    from_setup = ReplaysFromSetup(monkeypatch)
    game = load_game(path, PARTS)
    games.undo_game(path, game, 2)
    assert from_setup.count == 1
    expected = replayed_without_undo(played, 28)
    expected.undone = played.events[28:30]
    same_game(game, expected)


@pytest.mark.parametrize("seed", range(12))
def test_undo_from_a_checkpoint_is_a_full_replay_of_the_events_kept(seed, tmp_path):
    rng = random.Random(seed)
    game = Game(setup_for(1 + seed % 4, seed=seed), PARTS)
    for _ in range(rng.randint(20, 70)):
        if play_one(game, rng) is None:
            break
    path = str(tmp_path / "game.yaml")
    record_all(Game(game.setup, PARTS), path, game.events, check_every=len(game.events))
    count = rng.randint(1, min(len(game.events), checkpoint.HISTORY))
    held = load_game(path, PARTS)
    games.undo_game(path, held, count)
    expected = replayed_without_undo(game, len(game.events) - count)
    expected.undone = game.events[len(game.events) - count :]
    same_game(held, expected)


def test_the_undo_command_starts_from_a_checkpoint_and_agrees_with_a_replay(tmp_path):
    played = full_replay(SAMPLES / "game-3p.yaml")
    path = str(tmp_path / "game.yaml")
    record_all(Game(played.setup, PARTS), path, played.events[:45], check_every=45)
    done = run_cli("undo", path, "3", "--json")
    assert done.returncode == 0, done.stderr
    same_game(load_game(path, PARTS), full_replay(path))
    assert json.loads(done.stdout)["state"]["events"] == 42


def test_play_undoes_from_the_checkpoints_kept(tmp_path, monkeypatch):
    from caledonia.cli.play_cmd import run
    from scripted import ScriptedAsker

    played = full_replay(SAMPLES / "game-2p.yaml")
    path = str(tmp_path / "game.yaml")
    record_all(Game(played.setup, PARTS), path, played.events[:30], check_every=30)
    from_setup = ReplaysFromSetup(monkeypatch)
    run(ScriptedAsker(["u", "u", "q"]), path)
    assert from_setup.count == 0
    expected = replayed_without_undo(played, 28)
    expected.undone = played.events[28:30]
    same_game(load_game(path, PARTS), expected)
    same_game(full_replay(path), expected)


def test_a_checkpoint_holds_a_mark_for_the_component_data_not_a_copy(tmp_path):
    """The game restored uses this process's component data itself; the file holds none
    of it (no contract, tile or clan is pickled)."""
    import io
    import pickle

    from caledonia.rules.components import Components, load_components

    path = tmp_path / "game.yaml"
    save_game(str(path), full_replay(SAMPLES / "game-2p.yaml"))
    restored = load_game(str(path), PARTS)
    assert restored.parts is PARTS and restored.state.parts is PARTS
    same_game(restored, full_replay(path))
    stored = next(checkpoint.cache_folder().glob("game-*.checkpoint")).read_bytes()
    assert b"Contract" not in stored and b"PortTile" not in stored

    other = load_components()  # another set of component data: pickled by value
    buffer = io.BytesIO()
    checkpoint._Pickler(buffer, PARTS).dump([other, PARTS])
    copied, own = checkpoint._load(buffer.getvalue(), PARTS)
    assert own is PARTS and isinstance(copied, Components) and copied is not PARTS
    assert copied == other
    with pytest.raises(pickle.UnpicklingError):  # only checkpoint's reader gives the data
        pickle.loads(buffer.getvalue())


def test_recording_from_a_checkpoint_never_reads_the_earlier_notes(tmp_path, replays):
    """Each command restores, records one event and saves: the notes of the events before
    stay the checkpoint's chunks, unread, and a chunk is added per save (all as one again
    past notes.MAX_CHUNKS); read at last, they are the notes of a full replay."""
    from caledonia.storage import notes

    path, played = saved_game(tmp_path, events=20)
    later = played.events[20 : 20 + notes.MAX_CHUNKS + 8]
    for saves, event in enumerate(later, start=1):
        game = load_game(path, PARTS)
        assert isinstance(game.notes, notes.KeptNotes)
        assert len(game.notes._chunks) == (saves - 1) % notes.MAX_CHUNKS + 1
        game.apply(event)
        save_game(path, game)
        # neither unpickled nor pickled again, but by the save that makes them one chunk
        assert (game.notes._read is None) == (saves % notes.MAX_CHUNKS != 0)
    assert replays.count == 0
    same_game(load_game(path, PARTS), full_replay(path))
    assert len(load_game(path, PARTS).notes) == 20 + len(later)


def stores_counted(monkeypatch) -> Calls:
    """The checkpoints written."""
    return Calls(monkeypatch, checkpoint, "store")


def test_act_on_a_file_no_command_has_read_keeps_one_checkpoint(tmp_path, monkeypatch, replays):
    """A fresh copy is replayed once; the save keeps the checkpoint the next command reads,
    and none is written of the replay just before it."""
    path, played = saved_game(tmp_path, 40)
    checkpoint.forget(path)
    stores = stores_counted(monkeypatch)
    cache = {"CALEDONIA_CACHE_DIR": str(tmp_path / "cache")}
    done = run_cli("act", path, "--event", json.dumps(played.events[40]), env=cache)
    assert done.returncode == 0, done.stderr
    assert (replays.count, stores.count) == (1, 1)
    assert games.kept_game(read_text(path), path, PARTS) is not None
    same_game(load_game(path, PARTS), full_replay(path))
    assert replays.count == 1  # load_game read the checkpoint the save kept


def test_a_refused_act_on_a_file_no_command_has_read_keeps_its_replay(tmp_path, monkeypatch):
    path, played = saved_game(tmp_path, 40)
    checkpoint.forget(path)
    text = read_text(path)
    stores = stores_counted(monkeypatch)
    cache = {"CALEDONIA_CACHE_DIR": str(tmp_path / "cache")}
    done = run_cli("act", path, "trade", "Nobody", "buy", "wool", "1", env=cache)
    assert done.returncode == 1 and "Refused" in done.stderr
    assert read_text(path) == text and stores.count == 1
    kept = games.kept_game(text, path, PARTS)
    assert kept is not None
    same_game(kept, full_replay(path))


def test_a_refused_act_from_a_checkpoint_writes_no_other(tmp_path, monkeypatch):
    path, _ = saved_game(tmp_path, 40)
    stores = stores_counted(monkeypatch)
    cache = {"CALEDONIA_CACHE_DIR": str(tmp_path / "cache")}
    done = run_cli("act", path, "trade", "Nobody", "buy", "wool", "1", env=cache)
    assert done.returncode == 1
    assert stores.count == 0
    assert games.kept_game(read_text(path), path, PARTS) is not None
