"""`play` with another terminal on the same file, and `play` when a save fails: nothing
recorded elsewhere is overwritten, and nothing `play` holds is dropped unsaid."""

from __future__ import annotations

import errno
import shutil

import pytest
import typer
from caledonia.cli.play_cmd import run
from caledonia.rules.game.engine import Game
from caledonia.storage.games import load_game, save_game
from conftest import SAMPLES, run_cli
from gametools import PARTS
from scripted import ScriptedAsker


class Meanwhile(ScriptedAsker):
    """A scripted table; before the menus numbered in `elsewhere`, another terminal acts."""

    def __init__(self, answers, elsewhere):
        super().__init__(answers)
        self.elsewhere = dict(elsewhere)
        self.menus = 0

    def choose(self, question, choices, *, default=None):
        self.menus += 1
        if self.menus in self.elsewhere:
            self.elsewhere.pop(self.menus)()
        return super().choose(question, choices, default=default)


def sample(tmp_path, upto=12, folder=None):
    recorded = load_game(str(SAMPLES / "game-2p.yaml"), PARTS)
    place = tmp_path / folder if folder else tmp_path
    place.mkdir(exist_ok=True)
    path = place / "g.yaml"
    game = Game(recorded.setup, PARTS)
    for event in recorded.events[:upto]:
        game.apply(event)
    save_game(str(path), game)
    return path


def events(path):
    return load_game(str(path), PARTS).events


def elsewhere(*words):
    def act():
        done = run_cli(*words)
        assert done.returncode == 0, done.stderr

    return act


def test_an_event_recorded_elsewhere_while_play_waits_is_kept_and_said(tmp_path, capsys):
    path = sample(tmp_path)
    asker = Meanwhile(
        ["x", "m", "Kirsty", "30", "q"], {1: elsewhere("fix", str(path), "money", "Iain", "40")}
    )
    run(asker, str(path))
    fixes = [(e["player"], e["value"]) for e in events(path)[12:]]
    assert fixes == [("Iain", 40), ("Kirsty", 30)]  # both: theirs, then this one's
    said = capsys.readouterr().err
    assert "1 event was recorded from elsewhere: " in said
    assert "Iain" in said.split("recorded from elsewhere: ")[1].splitlines()[0]


def test_an_answer_the_change_made_illegal_is_not_recorded_and_asked_again(tmp_path, capsys):
    path = sample(tmp_path)
    # play asks to undo the last event; meanwhile another terminal undid it already
    asker = Meanwhile(["u", "q"], {1: elsewhere("undo", str(path))})
    game = run(asker, str(path))
    assert len(events(path)) == 11  # one undo, not two
    assert len(game.events) == 11
    said = capsys.readouterr().err
    assert "1 event was undone from elsewhere" in said
    assert "Not undone: the game changed elsewhere. Asking again." in said
    assert len(asker.questions) == 2  # the first menu, then the first menu again


def test_many_changes_elsewhere_are_counted_in_one_line(tmp_path, capsys):
    path = sample(tmp_path)
    before = len(events(path))
    # another terminal undoes all but the first event
    asker = Meanwhile(
        ["x", "m", "Kirsty", "30", "q"], {1: elsewhere("undo", str(path), str(before - 1))}
    )
    run(asker, str(path))
    assert len(events(path)) == 2  # theirs (one left) and this one's fix
    said = capsys.readouterr().err
    assert "11 events were undone from elsewhere: " in said
    assert ", …" in said  # three named, the rest counted
    assert "Your answer still stands" in said


def test_a_full_disk_keeps_the_answer_and_a_retry_saves_it(tmp_path, monkeypatch, capsys):
    path = sample(tmp_path)
    real_fsync = __import__("os").fsync
    failures = [OSError(errno.ENOSPC, "No space left on device")]

    def fsync(fd):
        if failures:
            raise failures.pop()
        real_fsync(fd)

    monkeypatch.setattr("caledonia.rules.yamlfile.os.fsync", fsync)
    asker = ScriptedAsker(["x", "m", "Kirsty", "30", "r", "q"])
    run(asker, str(path))
    assert events(path)[-1] == {"type": "fix", "what": "money", "player": "Kirsty", "value": 30}
    said = capsys.readouterr().err
    assert f"Not saved: cannot write {path}: the disk is full." in said
    assert "are held here but are not yet in" in said
    assert "The game is not saved yet:" in asker.questions


def test_when_the_folder_is_gone_the_game_is_saved_under_another_name(tmp_path, capsys):
    path = sample(tmp_path, folder="table")
    other = tmp_path / "kept.yaml"
    asker = Meanwhile(
        ["x", "m", "Kirsty", "30", "s", str(other), "q"],
        {1: lambda: shutil.rmtree(path.parent)},
    )
    run(asker, str(path))
    kept = events(other)
    assert len(kept) == 13 and kept[-1]["value"] == 30
    said = capsys.readouterr().err
    assert "the folder does not exist" in said
    assert f"Saved to {other}; play goes on with it." in said
    assert f"'caledonia play {other}' goes on from here" in said


def test_a_stop_with_the_game_unsaved_says_so(tmp_path, monkeypatch, capsys):
    path = sample(tmp_path)
    before = path.read_text()

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("caledonia.rules.yamlfile.os.fsync", full)
    asker = ScriptedAsker(["x", "m", "Kirsty", "30", "g", KeyboardInterrupt()])
    with pytest.raises(typer.Exit) as stopped:
        run(asker, str(path))
    assert stopped.value.exit_code == 130
    assert path.read_text() == before
    said = capsys.readouterr().err
    assert "NOT SAVED: cannot write" in said and "are lost" in said


def test_quit_with_the_game_unsaved_exits_1_and_says_so(tmp_path, monkeypatch, capsys):
    path = sample(tmp_path)

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("caledonia.rules.yamlfile.os.fsync", full)
    asker = ScriptedAsker(["x", "m", "Kirsty", "30", "g", "q"])
    with pytest.raises(typer.Exit) as stopped:
        run(asker, str(path))
    assert stopped.value.exit_code == 1
    assert "NOT SAVED" in capsys.readouterr().err


def test_new_game_set_up_on_a_full_disk_is_refused_before_the_first_question(tmp_path, monkeypatch):
    from caledonia.cli.writing import WriteError

    real_write = __import__("os").write

    def write(fd, data):
        if len(data) >= 4096:  # the probe's bytes; the lock's pid still fits
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr("caledonia.rules.yamlfile.os.write", write)
    asker = ScriptedAsker([])
    with pytest.raises(WriteError, match="the disk is full"):
        run(asker, str(tmp_path / "new.yaml"))
    assert asker.questions == []
