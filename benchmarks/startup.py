"""Start-up cost of a cold command against the imports it cannot avoid.

Run by hand, not in the test suite:

    python benchmarks/startup.py            # caledonia score SHEET --json, 30 pairs
    python benchmarks/startup.py --runs 60
    python benchmarks/startup.py --options  # caledonia options GAME --json, a 250-event game
    python benchmarks/startup.py --svg      # caledonia map show GAME --svg FILE, mid-game

`--svg` times `caledonia map show GAME --svg FILE` cold on a 4-player game
stopped halfway (the sample game-4p.yaml's first half, written to a temporary
file): it reads and replays the game and draws the board as SVG. Its target
is 2.0 or less.

`--options` times `caledonia options GAME --json` on a 4-player game of at
least 250 events (written to a temporary file): it reads the file, replays
every event and lists every legal event. Its target is 2.0 or less.

The baseline is `python -c "import typer, rich.table, yaml"`. Baseline and
command are timed alternately in one run, so a busy machine slows both alike,
and the ratio of the medians is the figure to read (the target is 1.25 or
less). Measure a regular install (`pip install .`): an editable install on a
machine that sets PYTHONDONTWRITEBYTECODE recompiles every module on each run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = 1.25
OPTIONS_TARGET = 2.0
SVG_TARGET = 2.0


def _time(command: list[str], remove: Path | None = None) -> float:
    if remove is not None:  # the picture of the run before: --svg does not overwrite silently
        remove.unlink(missing_ok=True)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="alternating pairs to time")
    parser.add_argument("--sheet", default=str(ROOT / "sample_games" / "final-4p.yaml"))
    parser.add_argument("--options", action="store_true", help="time 'options GAME --json'")
    parser.add_argument("--svg", action="store_true", help="time 'map show GAME --svg FILE'")
    args = parser.parse_args()
    if args.options or args.svg:
        import tempfile

        with tempfile.TemporaryDirectory() as folder:
            return run(args, folder)
    return run(args, None)


def run(args: argparse.Namespace, folder: str | None) -> int:
    script = Path(sys.executable).parent / "caledonia"
    if not script.exists():
        sys.exit(f"no caledonia script beside {sys.executable}: install the project first")
    import caledonia.rules

    if ROOT in Path(caledonia.rules.__file__).resolve().parents:
        print(
            "note: caledonia is an editable install here; measure a regular one (pip install .)",
            file=sys.stderr,
        )
    baseline = [sys.executable, "-c", "import typer, rich.table, yaml"]
    command = [str(script), "score", args.sheet, "--json"]
    target, name = TARGET, f"caledonia score {Path(args.sheet).name} --json"
    picture = None
    if folder is not None and args.svg:
        from caledonia.rules.components import components
        from caledonia.rules.game.gamefile import game_from_data, save_game
        from caledonia.rules.yamlfile import read_yaml

        source = ROOT / "sample_games" / "game-4p.yaml"
        data = read_yaml(source)
        half = len(data["events"]) // 2
        game = game_from_data(data, str(source), components(), upto=half)
        path = str(Path(folder) / "mid-game-4p.yaml")
        save_game(path, game)
        picture = Path(folder) / "board.svg"
        command = [str(script), "map", "show", path, "--svg", str(picture)]
        target = SVG_TARGET
        name = f"caledonia map show GAME --svg FILE (4 players, round {game.state.round})"
    elif folder is not None:
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from caledonia.rules.game.gamefile import save_game
        from long_game import long_game

        game = long_game()
        path = str(Path(folder) / "game.yaml")
        save_game(path, game)
        command = [str(script), "options", path, "--json"]
        target = OPTIONS_TARGET
        name = f"caledonia options GAME --json ({len(game.events)} events)"
    _time(baseline)  # compile caches, fill the data cache
    _time(command, picture)
    base_times, command_times = [], []
    for _ in range(args.runs):
        base_times.append(_time(baseline))
        command_times.append(_time(command, picture))
    base, took = statistics.median(base_times), statistics.median(command_times)
    ratio = took / base
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cpus, {args.runs} alternating pairs")
    print(f"baseline  python -c 'import typer, rich.table, yaml'  median {base * 1000:6.1f} ms")
    print(f"command   {name}  median {took * 1000:6.1f} ms")
    print(
        f"ratio     {ratio:.2f}  (target {target} or less: "
        f"{'met' if ratio <= target else 'NOT met'})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
