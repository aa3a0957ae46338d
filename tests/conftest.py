"""Shared fixtures: the real component data, sheets built in code, and a CLI runner."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from caledonia.rules.components import load_components
from caledonia.rules.sheet import parse_sheet
from caledonia.storage import datacache
from clirunner import run_cli, run_in_subprocess  # noqa: F401  (the tests import them from here)
from hypothesis import HealthCheck, settings

datacache.install()  # the component data cache, plugged in as the command line does

# Property tests prove rules, not speed: on a busy machine (two workers on two cores, other
# work beside) an example may take long to draw or to run, which is never a failure here.
settings.register_profile("caledonia", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("caledonia")

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"


@pytest.fixture(scope="session", autouse=True)
def _private_data_cache(tmp_path_factory):
    """Keep the JSON data cache of every test run (and its subprocesses) out of ~/.cache."""
    os.environ["CALEDONIA_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))


@pytest.fixture(scope="session", autouse=True)
def _compiled_once_for_subprocesses(tmp_path_factory):
    """Where PYTHONDONTWRITEBYTECODE is set, every fresh interpreter a test starts would
    compile the package from source again (about 0.1 s of CPU each, hundreds of them): the
    run's subprocesses keep their bytecode in a folder of the run instead, never the tree.
    What they do is the same; a regular install has its bytecode too."""
    if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
        os.environ["PYTHONPYCACHEPREFIX"] = str(tmp_path_factory.mktemp("bytecode"))


@pytest.fixture(autouse=True)
def _private_drafts(tmp_path_factory, monkeypatch):
    """Each test keeps its drafts of long entries (cli/drafts.py) to itself."""
    monkeypatch.setenv("CALEDONIA_DRAFTS_DIR", str(tmp_path_factory.mktemp("drafts")))


@pytest.fixture(autouse=True)
def _private_box(tmp_path_factory, monkeypatch):
    """Each test starts with an empty box folder of its own, never the user's."""
    monkeypatch.setenv("CALEDONIA_HOME", str(tmp_path_factory.mktemp("box")))
    from caledonia.rules import boxfolder

    boxfolder.use_folder(None)


def pytest_collection_modifyitems(items):
    """Tests marked `long` run first: with the tests spread over workers (pytest-xdist), one
    drawn near the end would leave its worker running alone while the others have finished."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


@pytest.fixture(scope="session")
def parts():
    return load_components()


def player(name="Ailsa", **fields):
    """One player's sheet entry with harmless defaults."""
    entry = {"name": name, "glory": 0, "money": 0, "contracts": [], "settlements": 0}
    if "fulfilled_contracts" in fields:  # the counts form replaces the list of ids
        del entry["contracts"]
    entry.update(fields)
    return entry


def sheet(parts, *players, **variant):
    data = {"players": list(players)}
    if variant:
        data["variant"] = variant
    return parse_sheet(data, "test-sheet.yaml", parts)


# A solo game as the tests start it from the command line.
SOLO_NEW = [
    "-p",
    "Rhona",
    "--seed",
    "9",
    "--modules",
    "A1,B1,C1,D1",
    "--clans",
    "Campbell,Cunningham",
]


# -- the suite leaves the checkout as it found it --------------------------------------------
def _tree_state() -> dict[str, str] | None:
    """Every new or changed file of the checkout (`git status`, which leaves out what
    .gitignore ignores), each with its size and time; None outside a git checkout."""
    import subprocess

    try:
        listed = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=all", "-z"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    state = {}
    for entry in filter(None, listed.split("\0")):
        path = ROOT / entry[3:]
        try:
            stat = path.stat()
            state[entry] = f"{stat.st_size} {stat.st_mtime_ns}"
        except OSError:
            state[entry] = "gone"
    return state


def pytest_sessionstart(session):
    if not hasattr(session.config, "workerinput"):  # the run's own process, not a worker
        session.config._tree_before = _tree_state()


def pytest_sessionfinish(session, exitstatus):
    before = getattr(session.config, "_tree_before", None)
    if before is None:
        return
    after = _tree_state() or {}
    changed = sorted(
        entry for entry in set(before) | set(after) if before.get(entry) != after.get(entry)
    )
    if changed:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.ensure_newline()
            reporter.write_line(
                "FAILED: the tests left files in the checkout (tests write only under "
                "tmp_path): " + ", ".join(changed),
                red=True,
            )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
