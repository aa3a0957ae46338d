"""Start-up: `--version` answers before anything of the rules or the commands is imported,
and the top-level help lists every command without building one."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version

import pytest
from caledonia.cli import VERSION
from caledonia.cli.main import COMMANDS, SUMMARIES, build_app
from conftest import ROOT
from typer.main import get_command

COMMAND_MODULES = {f"caledonia.cli.{module}" for module, _ in COMMANDS.values()}


def modules_after(*arguments: str) -> set[str]:
    """The modules loaded by `caledonia ARGUMENTS` run in a fresh process."""
    code = (
        "import sys\n"
        "from caledonia.cli.main import main\n"
        f"sys.argv = ['caledonia', *{list(arguments)!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('\\n'.join(sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return set(done.stdout.split())


def test_the_version_is_the_packages():
    assert version("caledonia") == VERSION


def test_version_imports_neither_the_rules_nor_a_command():
    loaded = modules_after("--version")
    # the error types the command line's own errors build on, and nothing else
    assert {m for m in loaded if m.startswith("caledonia.rules")} <= {
        "caledonia.rules",
        "caledonia.rules.errors",
    }
    assert not loaded & COMMAND_MODULES
    assert "importlib.metadata" not in loaded


@pytest.mark.parametrize("arguments", [["-h"], ["--help"], [], ["no-such-command"]])
def test_the_top_level_help_builds_no_command(arguments):
    loaded = modules_after(*arguments)
    assert not {m for m in loaded if m.startswith("caledonia.rules.game")}
    assert not loaded & COMMAND_MODULES


def test_the_summaries_are_the_commands_own_words():
    built = get_command(build_app()).commands
    assert set(SUMMARIES) == set(COMMANDS) == set(built)
    for name, command in built.items():
        first = (command.help or "").split("\n\n")[0]
        assert SUMMARIES[name] == " ".join(first.split()), name


SERVER_LIBRARIES = ("starlette", "uvicorn", "segno", "anyio", "h11")


@pytest.mark.parametrize(
    "arguments",
    [
        ["score", "sample_games/final-4p.yaml", "--json"],
        ["status", "GAME"],
        ["options", "GAME"],
        ["act", "GAME", "trade", "Ailsa", "buy", "wool", "1"],
        ["play", "GAME"],  # without a terminal it stops at once, having loaded what it needs
        ["serve", "-h"],
    ],
    ids=" ".join,
)
def test_only_serve_loads_the_server(tmp_path, arguments):
    """The serve extra's libraries stay out of every other command's start, and out of
    serve's own help."""
    import shutil

    game = tmp_path / "game.yaml"
    shutil.copy(ROOT / "sample_games" / "midway-4p.yaml", game)
    loaded = modules_after(*(str(game) if a == "GAME" else a for a in arguments))
    assert not {m for m in loaded if m.split(".")[0] in SERVER_LIBRARIES}
    if arguments[0] != "serve":  # play knows serve's options, nothing more of it
        ours = {m for m in loaded if m.startswith("caledonia.cli.serve_")}
        assert ours <= {"caledonia.cli.serve_options"}


def test_the_installed_command_and_python_m_start_at_the_start_module():
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"caledonia": "caledonia.cli.start:main"}
    assert "from caledonia.cli.start import main" in (ROOT / "package_root/__main__.py").read_text()


def test_the_collector_is_off_while_the_command_loads_and_on_while_it_runs():
    """The start module turns the collector off; once the command is built, what start-up
    made is frozen out of later collections and the collector runs again (play and serve
    run for a whole game)."""
    code = (
        "import gc, sys\n"
        "import caledonia.cli.main as command\n"
        "seen = []\n"
        "built = command.command_built\n"
        "def watched():\n"
        "    seen.append(gc.isenabled())\n"
        "    built()\n"
        "    seen.extend([gc.isenabled(), gc.get_freeze_count() > 0])\n"
        "command.command_built = watched\n"
        "from caledonia.cli.start import main\n"
        "sys.argv = ['caledonia', 'clans', '--json']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(seen, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert done.stderr.strip().splitlines()[-1] == "[False, True, True]"
    assert "Buchanan" in done.stdout  # and the command ran


def test_a_program_that_runs_the_command_itself_keeps_its_collector():
    """The tests (and any program) call cli.main.main with the collector on: nothing of
    theirs is frozen."""
    import gc

    from caledonia.cli.main import command_built

    frozen = gc.get_freeze_count()
    command_built()
    assert gc.isenabled()
    assert gc.get_freeze_count() == frozen
