"""Two terminals on one game: one writer at a time, and nothing lost.

The race test forks writers from this process (the package is imported once, so a round
costs a save, not a start-up) and runs `caledonia fix` in each, as the command line would.
"""

from __future__ import annotations

import os
import random
import sys
import time

import pytest
from caledonia.rules.components import components
from caledonia.rules.locking import LOCK_WAIT_ENV, lock_path, one_writer
from caledonia.storage.games import load_game
from conftest import run_cli

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="forks writers")


def _new_game(path) -> None:
    made = run_cli("new", str(path), "-p", "Ann:red", "-p", "Bob:blue", "--seed", "1")
    assert made.returncode == 0, made.stderr


def _writer(path, value: int, delay: float, wait: float, said) -> int:
    """A forked `caledonia fix GAME money Ann VALUE`: its pid; its stderr goes to `said`."""
    pid = os.fork()
    if pid:
        return pid
    code = 99
    try:
        from caledonia.cli import output
        from caledonia.cli.main import main

        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(os.open(said, os.O_WRONLY | os.O_CREAT, 0o644), 2)
        sys.stdout, sys.stderr = open(1, "w"), open(2, "w")  # noqa: SIM115
        output._consoles.clear()
        os.environ[LOCK_WAIT_ENV] = str(wait)
        sys.argv = ["caledonia", "fix", str(path), "money", "Ann", str(value)]
        time.sleep(delay)
        try:
            main()
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 1
        sys.stderr.flush()
    finally:
        os._exit(code)


def _values(path) -> list[int]:
    game = load_game(str(path), components())
    return [e["value"] for e in game.events if e["type"] == "fix"]


@pytest.mark.long
def test_every_writer_that_exits_0_is_in_the_file_and_one_that_could_not_lock_recorded_nothing(
    tmp_path,
):
    template = tmp_path / "template.yaml"
    _new_game(template)
    text = template.read_text()
    path = tmp_path / "game.yaml"
    rng = random.Random(18)
    succeeded = busy = overlapped = 0
    for round_ in range(50):
        path.write_text(text)
        writers = 2 + round_ % 2  # two, then three, processes
        wait = 5.0 if round_ % 3 else 0.0  # every third round nobody waits: some must give up
        started = {}
        for i in range(writers):
            value = 100 * round_ + i + 1
            said = tmp_path / f"said-{round_}-{i}"
            pid = _writer(path, value, rng.uniform(0, 0.03), wait, said)
            started[pid] = (value, said)
        codes = {}
        for pid, (value, said) in started.items():
            _, status = os.waitpid(pid, 0)
            codes[value] = (os.waitstatus_to_exitcode(status), said.read_text())
        recorded = _values(path)
        for value, (code, said) in codes.items():
            if code == 0:
                assert value in recorded, f"round {round_}: {value} said saved, not in the file"
                succeeded += 1
            else:
                assert code == 1, said
                assert value not in recorded
                assert "is being changed by another caledonia (pid " in said, said
                busy += 1
        assert sorted(recorded) == sorted(v for v, (c, _) in codes.items() if c == 0)
        overlapped += sum(c == 0 for c, _ in codes.values()) > 1
        assert not lock_path(path).exists()  # every writer let go and cleared its lock file
    assert succeeded > busy > 0  # both outcomes were reached, and most writers waited their turn
    assert overlapped > 15


def test_a_writer_waits_its_turn_then_names_the_holder(tmp_path, monkeypatch):
    path = tmp_path / "game.yaml"
    _new_game(path)
    monkeypatch.setenv(LOCK_WAIT_ENV, "0.2")
    with one_writer(path):
        assert lock_path(path).read_text().strip() == str(os.getpid())
        tried = run_cli("fix", str(path), "money", "Ann", "7")
        assert tried.returncode == 1
        assert f"is being changed by another caledonia (pid {os.getpid()}); try again" in (
            tried.stderr
        )
    assert _values(path) == []
    assert run_cli("fix", str(path), "money", "Ann", "7").returncode == 0  # free again
    assert _values(path) == [7]


def test_nested_writers_in_one_process_share_the_lock(tmp_path):
    path = tmp_path / "game.yaml"
    with one_writer(path, wait=0):
        with one_writer(path, wait=0):
            assert lock_path(path).exists()
        assert lock_path(path).exists()
    assert not lock_path(path).exists()


def test_a_link_and_its_target_share_one_lock(tmp_path):
    target = tmp_path / "real.yaml"
    target.write_text("x")
    link = tmp_path / "link.yaml"
    link.symlink_to(target)
    assert lock_path(link) == lock_path(target)


def test_a_holder_that_has_locked_but_not_yet_written_its_pid_is_still_named(tmp_path):
    """The moment between a writer's flock and the pid it writes: the one who waits past
    its deadline then polls a little longer and names the holder, never "another"."""
    import fcntl
    import threading

    from caledonia.rules.locking import Busy

    path = tmp_path / "game.yaml"
    _new_game(path)
    lock = lock_path(path)
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # locked, nothing written yet
    late = threading.Timer(0.15, lambda: os.write(fd, b"4242\n"))
    late.start()
    try:
        with pytest.raises(Busy) as busy, one_writer(path, wait=0.05):
            pass
    finally:
        late.join()
        os.close(fd)
    assert busy.value.pid == 4242
    assert "another caledonia (pid 4242)" in str(busy.value)
