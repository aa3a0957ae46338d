"""play's "Where?" step in a real terminal (a pty) of a given size, read back as the
terminal shows it (tests/screen.py): at 80x24 one module in miniature with the menu's
keys on its hexes, nothing wider than the terminal and nothing pushing the player's
header off; at a large terminal the whole board drawn as before."""

from __future__ import annotations

import fcntl
import os
import select
import shutil
import struct
import sys
import termios
import time

import pytest
from caledonia.cli.choosing import event_choices
from caledonia.cli.map_view import key_pictures
from caledonia.cli.prompts import Choice, with_keys
from caledonia.cli.where_view import space_labels
from caledonia.rules.game.pieces import position_of
from caledonia.storage.games import load_game
from conftest import ROOT, SAMPLES
from gametools import PARTS
from screen import Screen

pty = pytest.importorskip("pty")
HEADER = "Round 3 · Ailsa (Fergusson) · the action phase"


class SizedTerminal:
    """`caledonia ARGS` in a pseudo-terminal `columns` x `rows`: keys in, the screen out."""

    def __init__(self, columns: int, rows: int, *args: str):
        env = dict(os.environ, TERM="xterm", PYTHONPATH=str(ROOT))
        env.pop("COLUMNS", None), env.pop("LINES", None)  # the terminal's own size decides
        pid, fd = pty.fork()
        if pid == 0:
            os.execve(sys.executable, [sys.executable, "-m", "caledonia.cli.main", *args], env)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.pid, self.fd, self.screen = pid, fd, Screen(columns, rows)

    def read_until(self, text: str, timeout: float = 60) -> list[str]:
        """The screen once `text` is on it and the program has stopped writing."""
        deadline = time.monotonic() + timeout
        while True:
            ready, _, _ = select.select([self.fd], [], [], 0.3)
            if ready:
                try:
                    answer = self.screen.feed(os.read(self.fd, 65536))
                except OSError:  # the program ended
                    break
                if answer:
                    os.write(self.fd, answer.encode())
            elif any(text in line for line in self.screen.text()):
                break  # on the screen, and nothing more written for a while
            if time.monotonic() > deadline:
                raise AssertionError(f"never saw {text!r}:\n" + "\n".join(self.screen.text()))
        return self.screen.text()

    def keys(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def close(self) -> None:
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def _played(tmp_path, columns: int, rows: int) -> SizedTerminal:
    path = tmp_path / "midway.yaml"
    shutil.copy(SAMPLES / "midway-4p.yaml", path)
    return SizedTerminal(columns, rows, "play", str(path))


@pytest.mark.long
def test_at_80_by_24_where_asks_the_module_then_draws_it_alone_under_the_header(tmp_path):
    play = _played(tmp_path, 80, 24)
    try:
        play.read_until("Ailsa, what now?")
        play.keys("e")
        play.read_until("Which unit?")
        play.keys("1")  # a sheep: 11 spaces in four modules, no room for the board
        asked = play.read_until("? Where?")
        play.keys("b")
        screen = play.read_until("2) sheep on B-14")
        play.keys("y")  # a key no option holds: its line pushes the screen up one
        after = play.read_until("y: no option has this key")
    finally:
        play.close()
    assert "   b) module B, top right: 2 choices" in asked
    for shown in (screen, after):
        assert any(HEADER in line for line in shown), "\n".join(shown)  # the header stays
        assert shown[-1] == "   0) ← back"  # the whole menu, its last line the terminal's
        assert all(len(line) <= 80 for line in shown)
    caption = next(n for n, line in enumerate(screen) if line.startswith("Module B in miniature"))
    picture = screen[caption - 6 : caption]  # module B's six rows of hexes, a line each
    assert "(1)" in picture[0] and "(2)" in picture[1], "\n".join(screen)  # B-06 and B-14
    assert "~~~~" in "".join(picture) and "2wdc" in "".join(picture)  # its loch, its units
    assert "A-" not in "".join(picture) and "(3)" not in "".join(screen)


@pytest.mark.long
def test_at_a_large_terminal_the_whole_board_is_drawn_as_before(tmp_path):
    play = _played(tmp_path, 160, 80)
    try:
        play.read_until("Ailsa, what now?")
        play.keys("e")
        play.read_until("Which unit?")
        play.keys("1")
        screen = play.read_until("0) ← back")
    finally:
        play.close()
    game = load_game(str(SAMPLES / "midway-4p.yaml"), PARTS)
    state = game.state
    sheep = [e for e in game.legal().by_type["expand"] if e["unit"] == "sheep"]
    menu = with_keys([*event_choices(state, "expand", sheep), Choice("back", "back", "0")])
    drawn, words = next(
        key_pictures(state.board, position_of(state), space_labels(state, menu), width=160)
    )
    expected = [line.rstrip() for line in drawn.plain.split("\n")]
    assert words == "the whole board" and len(expected) > 30
    top = screen.index(expected[0])
    assert screen[top : top + len(expected)] == expected
    assert screen[top + len(expected)].startswith("The whole board, north at the top")
    assert not any(line.startswith("? Where?") for line in screen)  # no extra question


@pytest.mark.long
def test_at_80_by_24_a_module_of_six_choices_is_drawn_with_the_short_caption(tmp_path):
    """Module D's six sheep spaces leave no room for the caption and legend in full: the
    picture comes with the one-line caption (still saying the modules are examples)."""
    play = _played(tmp_path, 80, 24)
    try:
        play.read_until("Ailsa, what now?")
        play.keys("e")
        play.read_until("Which unit?")
        play.keys("1")
        asked = play.read_until("? Where?")
        play.keys("d")
        screen = play.read_until("6) sheep on D-")
    finally:
        play.close()
    assert "   d) module D, bottom left: 6 choices" in asked
    assert any(HEADER in line for line in screen), "\n".join(screen)
    assert screen[-1] == "   0) ← back" and all(len(line) <= 80 for line in screen)
    caption = next(
        n for n, line in enumerate(screen) if line.startswith("Module D in miniature (example")
    )
    assert screen[caption].endswith("press the key on the hex.")
    assert "(1)" in "".join(screen[caption - 6 : caption]), "\n".join(screen)
