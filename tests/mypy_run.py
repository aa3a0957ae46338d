"""mypy run on temporary modules against the package as installed: the typing tests'
proof that a misspelt name fails the type check (tests/test_hook_typing.py,
tests/test_event_typing.py)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def typecheck_script() -> Any:
    """.ci/typecheck.py, which lays the package out as installed for mypy, as a module."""
    spec = importlib.util.spec_from_file_location("ci_typecheck", ROOT / ".ci" / "typecheck.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def mypy_errors(modules: dict[str, str], where: Path) -> dict[str, list[str]]:
    """mypy's errors (not its notes) in each of `modules` (name: source), written into
    `where` and checked in one run with the project's configuration."""
    typecheck_script().shim(where)
    for name, text in modules.items():
        (where / f"{name}.py").write_text(text)
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")]
        + ["--no-error-summary", "--cache-dir", str(where / "cache")]
        + [f"{name}.py" for name in modules],
        cwd=where,
        env={**os.environ, "MYPYPATH": str(where)},
        capture_output=True,
        text=True,
    )
    assert run.returncode in (0, 1), run.stdout + run.stderr  # 2: mypy did not run
    lines = [line for line in run.stdout.splitlines() if ": error:" in line]
    return {name: [line for line in lines if line.startswith(f"{name}.py:")] for name in modules}
