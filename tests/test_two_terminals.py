"""`play` in a real terminal (a pty) while a second terminal records into the same file."""

from __future__ import annotations

import os
import re
import select
import signal
import sys
import time

import pytest
from caledonia.storage.games import load_game
from conftest import ROOT, run_cli
from gametools import PARTS

pty = pytest.importorskip("pty")
ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\r")


class Terminal:
    """`caledonia ARGS` in a pseudo-terminal: keys in, the screen's text out."""

    def __init__(self, *args: str):
        env = dict(os.environ, TERM="xterm", COLUMNS="100", LINES="40", PYTHONPATH=str(ROOT))
        pid, fd = pty.fork()
        if pid == 0:
            os.execve(sys.executable, [sys.executable, "-m", "caledonia.cli.main", *args], env)
        self.pid, self.fd, self.screen = pid, fd, ""

    def read_until(self, text: str, timeout: float = 60) -> str:
        deadline = time.monotonic() + timeout
        while text not in ANSI.sub("", self.screen):
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"never saw {text!r}; the screen:\n{ANSI.sub('', self.screen)}"
                )
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if ready:
                try:
                    self.screen += os.read(self.fd, 65536).decode("utf-8", "replace")
                except OSError:  # the program ended
                    break
        return ANSI.sub("", self.screen)

    def keys(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def close(self) -> int:
        """Its exit code; a program still running after a few seconds is killed (-9)."""
        deadline = time.monotonic() + 10
        while True:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                os.kill(self.pid, signal.SIGKILL)
                _, status = os.waitpid(self.pid, 0)
                break
            time.sleep(0.1)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)


@pytest.mark.long
def test_play_keeps_an_event_recorded_from_another_terminal_and_says_so(tmp_path):
    path = tmp_path / "game.yaml"
    made = run_cli("new", str(path), "-p", "Ann:red", "-p", "Bob:blue", "--seed", "1")
    assert made.returncode == 0, made.stderr
    play = Terminal("play", str(path))
    try:
        play.read_until("Choose a clan")  # waiting at the first menu, holding no lock
        other = run_cli("fix", str(path), "money", "Ann", "5")
        assert other.returncode == 0, other.stderr  # not blocked by play
        play.keys("x")  # Fix something to match the table
        play.read_until("What does the table show differently?")
        play.keys("m")  # money
        play.read_until("Whose?")
        play.keys("2")  # Bob
        play.read_until("Bob's money")
        play.keys("9\r")
        screen = play.read_until("✓ ")  # the answer recorded
        assert "1 event was recorded from elsewhere: " in screen
        play.keys("q")
        play.read_until("goes on from here")
    finally:
        code = play.close()
    assert code == 0
    fixes = [(e["player"], e["value"]) for e in load_game(str(path), PARTS).events]
    assert fixes == [("Ann", 5), ("Bob", 9)]
