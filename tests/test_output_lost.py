"""Exit 4 after a save whose output cannot be written (a full disk, a broken pipe, a
closed stdout): the change is kept, never exit 3 or a traceback, and a word on stderr when
stderr can still be written."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from caledonia.storage.games import load_game
from conftest import ROOT
from gametools import PARTS

FULL = "/dev/full"
needs_dev_full = pytest.mark.skipif(not os.path.exists(FULL), reason="no /dev/full here")


def caledonia(*args, stdout=None, stderr=subprocess.PIPE, preexec_fn=None):
    return subprocess.run(
        [sys.executable, "-m", "caledonia.cli.main", *map(str, args)],
        stdout=stdout if stdout is not None else subprocess.PIPE,
        stderr=stderr,
        cwd=ROOT,
        preexec_fn=preexec_fn,
        env=dict(os.environ, COLUMNS="120"),
    )


def started(tmp_path):
    path = tmp_path / "g.yaml"
    made = caledonia("new", path, "-p", "Ann:red", "-p", "Bob:blue", "--seed", "1")
    assert made.returncode == 0, made.stderr
    return path


def events(path):
    return len(load_game(str(path), PARTS).events)


SAVING = {
    "fix": ("fix", "{g}", "money", "Ann", "7"),
    "fix --json": ("fix", "{g}", "--json", "money", "Ann", "8"),
    "act": ("act", "{g}", "clan", "Bob", "Fergusson"),
    "undo": ("undo", "{g}"),
    "redo": ("redo", "{g}"),
}


@needs_dev_full
@pytest.mark.parametrize("stderr_full", [False, True], ids=["stderr", "stderr full"])
def test_every_saving_command_exits_4_when_stdout_is_full(tmp_path, stderr_full):
    path = tmp_path / "g.yaml"
    with open(FULL, "w") as full:
        made = caledonia("new", path, "-p", "Ann:red", "-p", "Bob:blue", "--seed", "1", stdout=full)
        assert made.returncode == 4, made.stderr
        assert path.exists() and events(path) == 0
        before = 0
        for name, words in SAVING.items():
            args = [w.format(g=path) for w in words]
            with open(FULL, "w") as err:
                done = caledonia(*args, stdout=full, stderr=err if stderr_full else subprocess.PIPE)
            assert done.returncode == 4, (name, done.stderr)
            now = events(path)
            assert now != before, name  # saved (undo drops one event, redo restores it)
            before = now
            if not stderr_full:
                said = done.stderr.decode()
                assert "was saved, but the output could not be written: the disk is full" in said
                assert "Internal error" not in said and "Traceback" not in said


@needs_dev_full
def test_a_command_that_saves_nothing_exits_1_when_stdout_is_full(tmp_path):
    path = started(tmp_path)
    for extra in ((), ("--json",)):
        with open(FULL, "w") as full:
            done = caledonia("status", path, *extra, stdout=full)
        assert done.returncode == 1, done.stderr
        assert b"the output could not be written: the disk is full" in done.stderr
        assert b"Internal error" not in done.stderr


def test_a_closed_stdout_after_a_save_exits_4_and_before_one_0(tmp_path):
    path = started(tmp_path)
    closed = caledonia("fix", path, "money", "Ann", "7", preexec_fn=lambda: os.close(1))
    assert closed.returncode == 4, closed.stderr
    assert b"stdout is closed" in closed.stderr
    assert [e["value"] for e in load_game(str(path), PARTS).events] == [7]
    shown = caledonia("status", path, preexec_fn=lambda: os.close(1))
    assert shown.returncode == 0, shown.stderr


def test_a_write_error_on_stdout_after_a_save_exits_4_in_process(tmp_path, monkeypatch):
    """EIO (a broken device) as the confirmation is printed: simulated on the stream."""
    from caledonia.cli import output
    from caledonia.rules import yamlfile

    class Broken:
        def write(self, text):
            raise OSError(5, "Input/output error")

        def isatty(self):
            return False

        def fileno(self):
            raise OSError(9, "no fd")

    monkeypatch.setattr(yamlfile, "_saved", ["g.yaml"])
    monkeypatch.setattr(sys, "stdout", Broken())
    with pytest.raises(SystemExit) as done:
        output.emit("fix: Ann's money £5 → £7")
    assert done.value.code == 4
    monkeypatch.setattr(yamlfile, "_saved", [])
    with pytest.raises(SystemExit) as done:
        output.print_json({"ok": True})
    assert done.value.code == 1
