"""The lock file on a full disk and when something is planted in its place: exit 1 with a
reason naming it, nothing changed, no empty lock left, nothing written through a link."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import subprocess

import pytest
from caledonia.cli.play_cmd import run
from caledonia.rules import locking
from caledonia.storage.games import load_game
from conftest import run_cli
from gametools import PARTS
from scripted import ScriptedAsker
from test_play_saving import sample


def started(folder):
    path = folder / "g.yaml"
    made = run_cli("new", str(path), "-p", "Ann:red", "-p", "Bob:blue", "--seed", "1")
    assert made.returncode == 0, made.stderr
    return path


def fixes(path):
    return [e["value"] for e in load_game(str(path), PARTS).events if e["type"] == "fix"]


def full_lock_write(monkeypatch):
    real_write = os.write

    def write(fd, data):
        if os.readlink(f"/proc/self/fd/{fd}").endswith(".lock"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(locking.os, "write", write)


@pytest.mark.parametrize(
    "words",
    [
        ("fix", "{g}", "money", "Ann", "7"),
        ("act", "{g}", "clan", "Bob", "Fergusson"),
        ("undo", "{g}"),
    ],
    ids=["fix", "act", "undo"],
)
def test_a_lock_that_cannot_be_written_is_exit_1_and_leaves_no_lock(tmp_path, monkeypatch, words):
    path = started(tmp_path)
    before = path.read_bytes()
    full_lock_write(monkeypatch)
    done = run_cli(*[w.format(g=path) for w in words])
    assert done.returncode == 1, done.stderr
    assert "the disk is full: nothing was changed" in done.stderr
    assert "Internal error" not in done.stderr
    assert not (tmp_path / "g.yaml.lock").exists()
    assert path.read_bytes() == before


@contextlib.contextmanager
def tiny_tmpfs(folder):
    """A 64 KiB tmpfs at `folder` (skipped where mount is not allowed)."""
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip("mount is not allowed here: the simulated ENOSPC tests stand for it")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def test_a_disk_really_full_is_exit_1_and_leaves_no_lock(tmp_path):
    with tiny_tmpfs(tmp_path / "disk") as disk:
        path = started(disk)
        before = path.read_bytes()
        filler = disk / "fill"
        fill = os.open(filler, os.O_WRONLY | os.O_CREAT)
        with contextlib.suppress(OSError):
            while True:
                os.write(fill, b"\0" * 4096)
        os.close(fill)
        for words in (("fix", path, "money", "Ann", "7"), ("undo", path)):
            done = run_cli(*map(str, words))
            assert done.returncode == 1, done.stderr
            assert "the disk is full" in done.stderr and "Internal error" not in done.stderr
            assert not (disk / "g.yaml.lock").exists()
            assert path.read_bytes() == before


def test_play_keeps_the_answer_when_the_lock_cannot_be_written(tmp_path, monkeypatch, capsys):
    path = sample(tmp_path)
    real_write = os.write
    locks = []  # the first lock opens the game; the second is the answer's save: it fails

    def write(fd, data):
        if os.readlink(f"/proc/self/fd/{fd}").endswith(".lock"):
            locks.append(fd)
            if len(locks) == 2:
                raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(locking.os, "write", write)
    asker = ScriptedAsker(["x", "m", "Kirsty", "30", "r", "q"])
    run(asker, str(path))
    last = load_game(str(path), PARTS).events[-1]
    assert last == {"type": "fix", "what": "money", "player": "Kirsty", "value": 30}
    said = capsys.readouterr().err
    assert "the disk is full: nothing was changed" in said
    assert "The game is not saved yet:" in asker.questions
    assert not (tmp_path / "g.yaml.lock").exists()


def test_a_symbolic_link_planted_as_the_lock_is_refused_and_not_written(tmp_path):
    path = started(tmp_path)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    (tmp_path / "g.yaml.lock").symlink_to(victim)
    done = run_cli("fix", str(path), "money", "Ann", "7")
    assert done.returncode == 1, done.stderr
    assert f"{tmp_path / 'g.yaml.lock'} is a symbolic link" in done.stderr
    assert victim.read_text() == "keep me\n"
    assert fixes(path) == []
    dangling = tmp_path / "h.yaml.lock"
    other = started_as(tmp_path, "h.yaml")
    dangling.symlink_to(tmp_path / "made-by-the-link")
    done = run_cli("fix", str(other), "money", "Ann", "7")
    assert done.returncode == 1 and "is a symbolic link" in done.stderr
    assert not (tmp_path / "made-by-the-link").exists()


def started_as(folder, name):
    path = folder / name
    made = run_cli("new", str(path), "-p", "Ann:red", "-p", "Bob:blue", "--seed", "1")
    assert made.returncode == 0, made.stderr
    return path


def test_a_fifo_or_folder_planted_as_the_lock_is_refused_at_once(tmp_path):
    path = started(tmp_path)
    lock = tmp_path / "g.yaml.lock"
    os.mkfifo(lock)
    done = run_cli("fix", str(path), "money", "Ann", "7")
    assert done.returncode == 1, done.stderr
    assert f"{lock} is not a regular file" in done.stderr
    lock.unlink()
    lock.mkdir()
    done = run_cli("fix", str(path), "money", "Ann", "7")
    assert done.returncode == 1 and str(lock) in done.stderr
    assert fixes(path) == []


def test_a_lock_is_made_0600(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text("x")
    with locking.one_writer(path):
        mode = stat.S_IMODE(os.stat(tmp_path / "g.yaml.lock").st_mode)
    assert mode == 0o600
