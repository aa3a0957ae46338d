"""The tests' `run_cli` (tests/clirunner.py): in this process it gives what a fresh
`caledonia` process gives, leaves nothing behind, and never hides a bug."""

from __future__ import annotations

import os
import threading

import pytest
from clirunner import run_in_process, run_in_subprocess
from conftest import SAMPLES, run_cli

# Commands that reach each way out of `main`: data, --json, a usage error, a refusal, help,
# the top-level help by names only, the version, and stdin read as a closed terminal.
SAME_EITHER_WAY = [
    ["score", str(SAMPLES / "final-4p.yaml")],
    ["status", str(SAMPLES / "game-2p.yaml"), "--json"],
    ["score", "--no-such-option"],
    ["score", "sample_games/no-such-file.yaml"],
    ["act", "-h"],
    ["--help"],
    ["--version"],
    ["score"],
]


@pytest.mark.parametrize("words", SAME_EITHER_WAY, ids=" ".join)
def test_in_process_gives_what_a_fresh_process_gives(words):
    here, there = run_in_process(*words), run_in_subprocess(*words)
    assert (here.returncode, here.stdout, here.stderr) == (
        there.returncode,
        there.stdout,
        there.stderr,
    )


def test_a_bug_fails_the_test_with_its_traceback(monkeypatch):
    from caledonia.cli import lookup

    def broken():
        raise RuntimeError("a bug in clans")

    monkeypatch.setattr(lookup, "clans", broken)
    with pytest.raises(RuntimeError, match="a bug in clans"):
        run_in_process("clans")


def test_a_run_leaves_the_environment_folder_and_streams_as_they_were(tmp_path):
    import sys

    before = (dict(os.environ), os.getcwd(), sys.stdin, sys.stdout, sys.stderr)
    done = run_cli("--box-dir", str(tmp_path), "box", "path", env={"NO_COLOR": "1"})
    assert done.returncode == 0 and done.stdout.strip() == str(tmp_path)
    assert (dict(os.environ), os.getcwd(), sys.stdin, sys.stdout, sys.stderr) == before
    # the box folder that --box-dir chose was for that run only
    assert run_cli("box", "path").stdout.strip() == os.environ["CALEDONIA_HOME"]


def test_the_terminal_width_of_one_run_is_not_the_next_runs():
    wide = run_cli("map", "show", "--players", "1", env={"COLUMNS": "200"}).stdout
    narrow = run_cli("map", "show", "--players", "1", env={"COLUMNS": "40"}).stdout
    assert max(map(len, narrow.splitlines())) <= 40 < max(map(len, wide.splitlines()))


def test_a_lock_this_process_holds_sends_the_command_to_its_own_process(tmp_path, monkeypatch):
    from caledonia.rules.locking import LOCK_WAIT_ENV, one_writer

    path = tmp_path / "game.yaml"
    assert run_cli("new", str(path), "-p", "Ann:red", "--seed", "1").returncode == 0
    monkeypatch.setenv(LOCK_WAIT_ENV, "0.1")
    with one_writer(path):
        tried = run_cli("fix", str(path), "money", "Ann", "7")
    assert tried.returncode == 1 and f"(pid {os.getpid()})" in tried.stderr


def test_calls_from_threads_each_get_a_process_of_their_own():
    results = []
    threads = [
        threading.Thread(target=lambda: results.append(run_cli("clans", "--json")))
        for _ in range(2)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [r.returncode for r in results] == [0, 0] and results[0].stdout == results[1].stdout
