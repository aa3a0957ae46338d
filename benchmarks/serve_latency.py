"""From a save of the game file to the page of `caledonia serve` showing it, run by hand:

    python benchmarks/serve_latency.py             # 20 saves, the median and the spread
    python benchmarks/serve_latency.py --runs 50
    python benchmarks/serve_latency.py --stream    # to the event stream only, no browser
    python benchmarks/serve_latency.py --quick     # two saves: only shows that it runs

`caledonia serve` runs as a process of its own on a free port of this machine, on a copy
of sample_games/midway-4p.yaml. The saves are made beforehand (`caledonia fix GAME money
Ailsa N`, a different N each), so that the timed part is the save alone: each version of
the file is put in place atomically, as every command saves, and the clock runs until the
page in headless Chromium (Debian's chromium, driven by Playwright) shows Ailsa's new money
without a reload; with --stream (or without a browser), until the event stream delivers
the new state. It also prints the page's size in bytes, in progress and once the game is
over (sample_games/game-4p.yaml).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.request import urlopen

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_games" / "midway-4p.yaml"
FINISHED = ROOT / "sample_games" / "game-4p.yaml"
# the browser and its flags as the tests start it (tests/browser.py): one list of them
sys.path.insert(0, str(ROOT / "tests"))
from browser import ARGUMENTS as BROWSER_ARGUMENTS  # noqa: E402
from browser import CHROMIUM  # noqa: E402


def caledonia(*words: str) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [sys.executable, "-m", "caledonia", *words], capture_output=True, text=True
    )
    if done.returncode != 0:
        sys.exit(f"caledonia {' '.join(words)}: {done.stderr}")
    return done


def versions(folder: Path, count: int) -> list[tuple[Path, int]]:
    """`count` saved versions of the game, each with Ailsa's money in it."""
    scratch = folder / "scratch.yaml"
    shutil.copy(SAMPLE, scratch)
    made = []
    for number in range(count):
        money = 40 + number
        caledonia("fix", str(scratch), "money", "Ailsa", str(money))
        kept = folder / f"version-{number}.yaml"
        shutil.copy(scratch, kept)
        made.append((kept, money))
    return made


def save(version: Path, served: Path) -> float:
    """Put `version` in place as a command saves (a whole file, renamed over the old)."""
    temporary = served.with_name(served.name + ".saving")
    shutil.copy(version, temporary)
    os.replace(temporary, served)
    return time.perf_counter()


class Server:
    def __init__(self, game: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "caledonia", "serve", str(game), "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        self.url = self.process.stdout.readline().strip()
        if not self.url.startswith("http://"):
            sys.exit("caledonia serve did not start")

    def stop(self) -> None:
        self.process.send_signal(2)
        self.process.wait(timeout=10)


def page_size(game: Path, folder: Path) -> int:
    copy = folder / game.name
    shutil.copy(game, copy)
    server = Server(copy)
    try:
        with urlopen(server.url, timeout=30) as answer:
            return len(answer.read())
    finally:
        server.stop()


def through_the_stream(url: str, saves: list[tuple[Path, int]], served: Path) -> list[float]:
    host, port = re.match(r"http://([\d.]+):(\d+)/", url).groups()
    connection = socket.create_connection((host, int(port)), timeout=30)
    connection.sendall(b"GET /events HTTP/1.0\r\nHost: x\r\n\r\n")
    received = b""

    def until(text: bytes) -> None:
        nonlocal received
        while text not in received:
            received += connection.recv(65536)

    until(b"event: state")
    times = []
    for version, money in saves:
        received = b""
        started = save(version, served)
        until(f"£{money}<".encode())
        times.append(time.perf_counter() - started)
    connection.close()
    return times


def through_the_browser(url: str, saves: list[tuple[Path, int]], served: Path) -> list[float]:
    from playwright.sync_api import sync_playwright

    times = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGUMENTS)
        page = browser.new_page(viewport={"width": 375, "height": 812})
        page.goto(url)
        page.wait_for_selector('.player[data-player="Ailsa"]')
        page.wait_for_timeout(500)  # the event stream open
        for version, money in saves:
            started = save(version, served)
            page.wait_for_function(
                "(money) => document.querySelector("
                '\'.player[data-player="Ailsa"] [data-row="Money"] dd\').textContent === money',
                arg=f"£{money}",
                polling=5,
                timeout=10000,
            )
            times.append(time.perf_counter() - started)
        browser.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--stream", action="store_true", help="to the event stream only")
    parser.add_argument("--quick", action="store_true", help="two saves")
    arguments = parser.parse_args()
    runs = 2 if arguments.quick else arguments.runs
    browser = not arguments.stream and os.access(CHROMIUM, os.X_OK)
    if browser:
        try:
            import playwright  # noqa: F401
        except ImportError:
            browser = False
    with tempfile.TemporaryDirectory() as top:
        folder = Path(top)
        os.environ.setdefault("CALEDONIA_CACHE_DIR", str(folder / "cache"))
        saves = versions(folder, runs)
        served = folder / "game.yaml"
        shutil.copy(SAMPLE, served)
        server = Server(served)
        try:
            measure = through_the_browser if browser else through_the_stream
            times = measure(server.url, saves, served)
        finally:
            server.stop()
        sizes = {game.name: page_size(game, folder) for game in (SAMPLE, FINISHED)}
    where = "the page in Chromium" if browser else "the event stream"
    milliseconds = sorted(1000 * t for t in times)
    print(f"from a save to {where}, {runs} saves:")
    print(
        f"  median {statistics.median(milliseconds):.0f} ms, "
        f"fastest {milliseconds[0]:.0f} ms, slowest {milliseconds[-1]:.0f} ms"
    )
    for name, size in sizes.items():
        print(f"page of {name}: {size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
