"""Time `caledonia stats FOLDER --json` over many recorded games, run by hand:

    python benchmarks/record_games.py --many 1000 FOLDER   # once: 1,000 games
    python benchmarks/stats.py FOLDER [--runs 3]
    python benchmarks/stats.py --quick    # two games, one run: only shows that it runs

Timed, in turn in one run, as whole commands: `stats` with its worker processes (one per
core), `stats --jobs 1` (every replay in one process), and the baseline: a fresh Python
that reads every file's YAML alone, the least any count of the files must do.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

BASELINE = (
    "import sys, pathlib; from caledonia.rules.yamlfile import read_yaml; "
    "[read_yaml(str(p)) for p in sorted(pathlib.Path(sys.argv[1]).glob('*.yaml'))]"
)


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    if "--quick" in sys.argv:  # two games made here, one run: only shows that it runs
        import tempfile

        from record_games import record_many

        folder = Path(tempfile.mkdtemp())
        record_many(2, folder)
        runs = 1
    else:
        folder = Path(sys.argv[1])
        runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
    games = len(list(folder.glob("*.yaml")))
    # the command installed beside this interpreter, found without the venv on PATH
    caledonia = str(Path(sys.executable).parent / "caledonia")
    commands = {
        "baseline: read the YAML of every file": [sys.executable, "-c", BASELINE, str(folder)],
        "caledonia stats FOLDER --json": [caledonia, "stats", str(folder), "--json"],
        "caledonia stats FOLDER --json --jobs 1": [
            caledonia,
            "stats",
            str(folder),
            "--json",
            "--jobs",
            "1",
        ],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            times[name].append(timed(command))
    base = statistics.median(times[next(iter(commands))])
    print(f"{games} game files, median of {runs} runs")
    for name, found in times.items():
        took = statistics.median(found)
        print(f"{name:42} {took:7.2f} s  ({took / base:.1f}x baseline)")


if __name__ == "__main__":
    main()
