"""How soon `caledonia play` shows its next question after an answer, in a real terminal
(a pseudo-terminal), run by hand (the tests run it once with --quick, which measures
nothing):

    python benchmarks/play_terminal.py               # a game of 250 events, 30 answers
    python benchmarks/play_terminal.py --events 1000 --answers 20
    python benchmarks/play_terminal.py --quick       # a short game, two answers

`caledonia play GAME` runs in a pty as at a table, on a 4-player game in progress of
`--events` events (long_game.py), with a data cache of its own. Each answer is a
correction made in play's Fix menus (x, m for money, 1 for the first player, then the
new amount typed over the old one and Enter): play checks
the file, records the event, saves it under the lock and draws the next menu. The time
is taken from the write of the Enter key (once the words typed before it are on the
screen) to the arrival of the next question's words ("NAME, what now?") on the terminal.
Target: median 50 ms or less.

Beside it, as a yardstick of the same run, the time from the key `x` to the arrival of
the Fix menu: a menu answered and the next menu drawn, with nothing recorded or saved.
Measure a regular install (`pip install .`); the script runs the `caledonia` beside the
Python that runs it.
"""

from __future__ import annotations

import argparse
import os
import re
import select
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

TARGET_MS = 50
# prompt_toolkit asks where the cursor is (and waits for the answer a terminal gives)
CURSOR_ASKED = b"\x1b[6n"
ANSI = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\r")


class Terminal:
    """A program in a pseudo-terminal: keys in, the time its words come out."""

    def __init__(self, command: list[str], env: dict[str, str]):
        import pty

        pid, fd = pty.fork()
        if pid == 0:
            os.execve(command[0], command, env)
        self.pid, self.fd, self.screen = pid, fd, b""

    def keys(self, text: str) -> float:
        """Send `text`; return the time it was written."""
        self.screen = b""  # only what comes after the keys counts
        os.write(self.fd, text.encode())
        return time.perf_counter()

    def wait_for(self, words: str, timeout: float = 60) -> float:
        """The time `words` arrived on the screen since the last keys."""
        wanted, deadline = words.encode(), time.monotonic() + timeout
        while wanted not in ANSI.sub(b"", self.screen):
            if time.monotonic() > deadline:
                shown = ANSI.sub(b"", self.screen).decode(errors="replace")
                sys.exit(f"never saw {words!r}; the screen:\n{shown[-2000:]}")
            ready, _, _ = select.select([self.fd], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:  # the program ended
                    chunk = b""
                if not chunk:
                    sys.exit(f"play ended before {words!r}")
                for _ in range(chunk.count(CURSOR_ASKED)):  # as a terminal answers it
                    os.write(self.fd, b"\x1b[20;1R")
                self.screen += chunk
        return time.perf_counter()

    def close(self) -> None:
        try:
            os.kill(self.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=250, help="the game's events")
    parser.add_argument("--answers", type=int, default=30, help="answers to time")
    parser.add_argument("--quick", action="store_true", help="a short game, two answers")
    args = parser.parse_args()
    if args.quick:
        args.events, args.answers = 40, 2
    script = Path(sys.executable).parent / "caledonia"
    if not script.exists():
        sys.exit(f"no caledonia script beside {sys.executable}: install the project first")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from caledonia.storage.games import save_game
    from long_game import in_progress

    with tempfile.TemporaryDirectory() as folder:
        game = in_progress(args.events)
        path = str(Path(folder) / "game.yaml")
        save_game(path, game)
        name, money = game.state.players[0].name, game.state.players[0].money
        env = {
            **os.environ,
            "TERM": "xterm",
            "COLUMNS": "100",
            "LINES": "40",
            "CALEDONIA_CACHE_DIR": str(Path(folder) / "cache"),
        }
        env.pop("CALEDONIA_NO_CACHE", None)
        play = Terminal([str(script), "play", path], env)
        try:
            play.wait_for("what now?")
            answers, prompts = [], []
            for number in range(args.answers + 1):
                started = play.keys("x")
                prompts.append(play.wait_for("show differently?") - started)
                play.keys("m")
                play.wait_for("Whose?")
                play.keys("1")
                play.wait_for(f"{name}'s money")
                typed = str(money + number + 1)
                play.keys("\x15" + typed)  # Ctrl-U clears the old amount first
                play.wait_for(typed)  # as a person types it, before the answer is given
                started = play.keys("\r")
                answers.append(play.wait_for("what now?") - started)
            play.keys("q")
        finally:
            play.close()
    answers, prompts = answers[1:], prompts[1:]  # the first of each warms the caches
    answer, prompt = statistics.median(answers) * 1000, statistics.median(prompts) * 1000
    verdict = "met" if answer <= TARGET_MS else "NOT met"
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} cpus; a 4-player game of "
        f"{args.events} events in a pty, {len(answers)} answers timed"
    )
    print(f"  yardstick: a menu answered, the next prompt shown   median {prompt:6.1f} ms")
    print(
        f"  an answer recorded and saved, the next question shown median {answer:6.1f} ms  "
        f"(target {TARGET_MS} ms: {verdict})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
