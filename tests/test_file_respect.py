"""A game file is the table's: saved through a symbolic link, its mode and owner kept, and a
file that may not or cannot be replaced refused at once."""

from __future__ import annotations

import os
import stat
import threading

import pytest
from caledonia.rules.yamlfile import WriteError, check_writable, read_yaml, write_text_atomic
from caledonia.storage.games import load_game
from conftest import run_cli
from gametools import PARTS


def new_game(path):
    made = run_cli("new", str(path), "-p", "Ann:red", "-p", "Bob:blue", "--seed", "1")
    assert made.returncode == 0, made.stderr


def test_a_symlinked_game_is_saved_through_the_link_to_its_target(tmp_path):
    target = tmp_path / "real" / "game.yaml"
    target.parent.mkdir()
    new_game(target)
    link = tmp_path / "game.yaml"
    link.symlink_to(target)
    done = run_cli("fix", str(link), "money", "Ann", "7")
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert load_game(str(target), PARTS).events[-1]["value"] == 7
    assert not list(tmp_path.glob("*.tmp")) and not list(target.parent.glob(".*.tmp"))


def test_the_file_keeps_its_mode(tmp_path):
    path = tmp_path / "game.yaml"
    new_game(path)
    path.chmod(0o640)
    assert run_cli("fix", str(path), "money", "Ann", "7").returncode == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_the_file_keeps_its_owner_where_the_system_allows(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("only root may give a file to another owner")
    path = tmp_path / "game.yaml"
    new_game(path)
    os.chown(path, 12345, 23456)
    path.chmod(0o666)
    write_text_atomic(path, path.read_text())
    assert (path.stat().st_uid, path.stat().st_gid) == (12345, 23456)


def test_a_read_only_game_is_refused_and_left_alone(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root may write any file")
    path = tmp_path / "game.yaml"
    new_game(path)
    path.chmod(0o444)
    before = path.read_text()
    done = run_cli("fix", str(path), "money", "Ann", "7")
    assert done.returncode == 1
    assert f"cannot write {path}: it is read-only" in done.stderr
    assert path.read_text() == before and stat.S_IMODE(path.stat().st_mode) == 0o444


def test_read_only_is_told_by_the_check_too(tmp_path, monkeypatch):
    path = tmp_path / "game.yaml"
    path.write_text("x")
    # root may write any file: the check asks the system, so ask it as a user would be told
    monkeypatch.setattr("caledonia.rules.yamlfile.os.access", lambda *_: False)
    with pytest.raises(WriteError, match="it is read-only"):
        check_writable(path)
    with pytest.raises(WriteError, match="it is read-only"):
        write_text_atomic(path, "y")
    assert path.read_text() == "x"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("command", ["status", "log", "score", "options"])
def test_a_fifo_is_refused_at_once_by_a_reader(tmp_path, command):
    fifo = tmp_path / "game.yaml"
    os.mkfifo(fifo)
    done = run_cli(command, str(fifo))  # never blocks: no writer will ever open it
    assert done.returncode == 1
    assert "not a regular file" in done.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_at_once_by_a_writer(tmp_path):
    fifo = tmp_path / "game.yaml"
    os.mkfifo(fifo)
    done = run_cli("fix", str(fifo), "money", "Ann", "7")
    assert done.returncode == 1 and "not a regular file" in done.stderr
    with pytest.raises(WriteError, match="not a regular file"):
        check_writable(fifo)
    assert stat.S_ISFIFO(fifo.stat().st_mode)  # still the FIFO, not replaced


def test_reading_a_fifo_returns_at_once_even_in_process(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    outcome = []
    reader = threading.Thread(target=lambda: outcome.append(_try_read(fifo)), daemon=True)
    reader.start()
    reader.join(5)
    assert outcome and "not a regular file" in outcome[0]


def _try_read(path) -> str:
    try:
        read_yaml(path)
    except Exception as problem:  # noqa: BLE001 - the test reads the message
        return str(problem)
    return "read"


def test_a_folder_is_refused(tmp_path):
    folder = tmp_path / "game.yaml"
    folder.mkdir()
    done = run_cli("fix", str(folder), "money", "Ann", "7")
    assert done.returncode == 1 and "is a directory" in done.stderr
    with pytest.raises(WriteError, match="it is a folder"):
        write_text_atomic(folder, "x")
