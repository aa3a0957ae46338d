"""`caledonia undo GAME --to N` at 1,000 events, run by hand (not part of the tests):

    python benchmarks/undo_to.py
    python benchmarks/undo_to.py --quick    # one run of each: only shows that it runs

A 4-player game of 1,000 events is recorded as `play` records it (a save after each
event, the checkpoint kept at the end and one every MILESTONE events), then undone to
event N for a few N and redone (which gives the same file back), each as a whole command in a fresh process (the time a
table waits). The median of several runs of each; `status` on the same file, timed
alternately, is the baseline.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from caledonia.rules.game.engine import Game
from caledonia.storage.games import save_game, store_checkpoint
from long_game import in_progress, quick

EVENTS = 1000
POINTS = (990, 640, 37)


def timed(*args: str) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "caledonia.cli.main", *args],
        check=True,
        capture_output=True,
    )
    return time.perf_counter() - start


def main() -> int:
    folder = Path(tempfile.mkdtemp())
    os.environ["CALEDONIA_CACHE_DIR"] = str(folder / "cache")
    whole = in_progress(100 if quick() else EVENTS)
    path = str(folder / "game.yaml")
    session = Game(whole.setup, whole.parts)
    for event in whole.events:
        session.apply(event)
        save_game(path, session, keep_checkpoint=False)
    store_checkpoint(path, session)
    runs = 1 if quick() else 7
    print(f"python {sys.version.split()[0]}; a 4-player game of {len(whole.events)} events")
    base = []
    for point in POINTS if not quick() else (50,):
        undo, redo = [], []
        for _ in range(runs):
            base.append(timed("status", path))
            undo.append(timed("undo", path, "--to", str(point)))
            redo.append(timed("redo", path, "--all"))
        print(
            f"undo --to {point:<4} {statistics.median(undo) * 1000:6.0f} ms   "
            f"redo --all {statistics.median(redo) * 1000:6.0f} ms"
        )
    print(f"baseline: status {statistics.median(base) * 1000:6.0f} ms")
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
