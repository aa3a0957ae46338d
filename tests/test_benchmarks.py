"""Every script in benchmarks/ still runs: each once with --quick, on a tiny input. This
measures nothing (the figures come from runs by hand); it only keeps the scripts from
drifting away from the code they time."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import ROOT

BENCHMARKS = ROOT / "benchmarks"
SCRIPTS = sorted(path.name for path in BENCHMARKS.glob("*.py"))
# startup.py times cold commands: the score sheet, one game command and the rest apart
STARTUP_CASES = ("score", "version", "status", "options", "act", "log", "svg")


def run_script(name: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(BENCHMARKS / name), "--quick", *args],
        capture_output=True,
        text=True,
        cwd=BENCHMARKS,
        env={**os.environ, "PYTHONPATH": str(BENCHMARKS)},
        timeout=600,
    )


def test_the_benchmarks_are_all_here():
    assert {"startup.py", "play_step.py", "long_game.py", "record_games.py"} <= set(SCRIPTS)


@pytest.mark.parametrize("name", [s for s in SCRIPTS if s != "startup.py"])
def test_a_benchmark_runs(name):
    done = run_script(name)
    assert done.returncode == 0, done.stderr[-2000:]
    if name != "long_game.py":  # a module of the others: nothing to print
        assert done.stdout.strip()


@pytest.mark.parametrize("case", STARTUP_CASES)
def test_the_startup_benchmark_runs(case):
    done = run_script("startup.py", "--case", case)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "ratio" in done.stdout
