"""One exit code per situation, for every command (README: "Errors, output and exit codes").

- A question only a person can answer ("Replace FILE?", "Remove ... from the box?") met
  without a terminal is exit 2, naming --force (or what else to give).
- A person who answers no has changed nothing on purpose: exit 0, "Nothing was changed",
  no "Error:".
- With --force it is done: exit 0.

The commands come from the Typer app: every command with a --force option must have a
case below, so a new one is held to the same codes.
"""

from __future__ import annotations

import re
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, SAMPLES, run_cli
from scripted import ScriptedAsker
from test_cli import COMMANDS

GAME = str(SAMPLES / "game-4p.yaml")
POSITION = str(SAMPLES / "position-3p.yaml")
NEW_GAME = ["-p", "Ailsa", "-p", "Bruce", "--seed", "3"]


def _file(folder: Path, name: str) -> Path:
    path = folder / name
    path.write_text("mine", encoding="utf-8")
    return path


def _box_side(folder: Path, name: str) -> Path:
    """The box holds the table's own side `name`; returns its file in the box."""
    data = yaml.safe_load((ROOT / "maps" / f"{name}.yaml").read_text(encoding="utf-8"))
    data["example"] = False
    own = folder / f"{name}.yaml"
    own.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert run_cli("box", "add", str(own)).returncode == 0
    from caledonia.rules.boxfolder import side_file

    return side_file(name)


def _box_import(folder: Path) -> tuple[list[str], Path]:
    _box_side(folder, "A1")
    copy = folder / "copy.yaml"
    assert run_cli("box", "export", str(copy)).returncode == 0
    return ["box", "import", str(copy)], _box_side(folder, "B1")  # the copy has no B1


def _svg(*words: str) -> Callable[[Path], tuple[list[str], Path]]:
    def case(folder: Path) -> tuple[list[str], Path]:
        picture = _file(folder, "picture.svg")
        return [*words, "--svg", str(picture)], picture

    return case


def _named(before: list[str], name: str, after: list[str] = []):  # noqa: B006  # never changed
    def case(folder: Path) -> tuple[list[str], Path]:
        path = _file(folder, name)
        return [*before, str(path), *after], path

    return case


# Each command with --force: what to run (without --force) and what it must keep when it is
# refused or declined: a file that exists, or a file in the box.
FORCE_CASES: dict[str, Callable[[Path], tuple[list[str], Path]]] = {
    "new": _named(["new"], "game.yaml", NEW_GAME),
    "solo new": _named(["solo", "new"], "solo.yaml", ["--seed", "3"]),
    "export": _named(["export", GAME, "--bgstats", "--file"], "game.bgsplay"),
    "report": _named(["report", GAME, "--html"], "report.html"),
    "stats": _named(["stats", GAME, "--html"], "stats.html"),
    "status": _svg("status", GAME),
    "map show": _svg("map", "show", POSITION),
    "map legal": _svg("map", "legal", POSITION, "Ailsa", "cow"),
    "map reach": _svg("map", "reach", POSITION, "Ailsa"),
    "map settlements": _svg("map", "settlements", POSITION),
    "map sheet": _svg("map", "sheet"),
    "map transcribe": _named(["map", "transcribe", "A1", "--out"], "A1.yaml"),
    "box export": _named(["box", "export"], "box-copy.yaml"),
    "box import": _box_import,
    "box reset": lambda folder: (["box", "reset"], _box_side(folder, "A1")),
}


def _prepared(command: str, folder: Path) -> tuple[list[str], Path, bytes]:
    if command == "box export":
        _box_side(folder, "A1")  # an empty box has nothing to export
    words, kept = FORCE_CASES[command](folder)
    return words, kept, kept.read_bytes()


def run_main(monkeypatch, capsys, *args):
    """`caledonia ARGS` in this process, as `main` runs it: (exit code, stdout, stderr)."""
    from caledonia.cli import main as cli_main

    monkeypatch.setattr(sys, "argv", ["caledonia", *args])
    with pytest.raises(SystemExit) as done:
        cli_main.main()
    out, err = capsys.readouterr()
    return done.value.code, out, err


def _with_force(command) -> bool:
    from caledonia.cli.main import build_app
    from typer.main import get_command

    found = get_command(build_app())
    for word in command:
        found = found.commands[word]  # type: ignore[attr-defined]
    return any("--force" in param.opts for param in found.params)


def test_every_command_with_force_has_its_case():
    with_force = {" ".join(command) for command in COMMANDS if _with_force(command)}
    assert with_force == set(FORCE_CASES)


@pytest.fixture(params=sorted(FORCE_CASES))
def command(request, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(ROOT / "maps", tmp_path / "maps")
    return request.param


def test_without_a_terminal_a_needed_force_is_exit_2_and_named(command, tmp_path):
    words, kept, before = _prepared(command, tmp_path)
    result = run_cli(*words)
    assert result.returncode == 2, result.stderr
    assert "--force" in result.stderr or command == "map transcribe", result.stderr
    assert "Traceback" not in result.stderr
    assert kept.read_bytes() == before


def test_a_person_who_says_no_changed_nothing_and_it_is_not_an_error(
    command, tmp_path, monkeypatch, capsys
):
    words, kept, before = _prepared(command, tmp_path)
    asker = ScriptedAsker([False])  # the first question is the one that guards the change
    monkeypatch.setattr("caledonia.cli.output.is_interactive", lambda: True)
    monkeypatch.setattr("caledonia.cli.prompts.QuestionaryAsker", lambda: asker)
    # transcribe.py holds the name itself, once imported (by an earlier test, say)
    monkeypatch.setattr("caledonia.cli.transcribe.QuestionaryAsker", lambda: asker)
    code, _, err = run_main(monkeypatch, capsys, *words)
    assert code == 0, err
    assert "Error" not in err and kept.read_bytes() == before
    if command != "map transcribe":  # it says "Kept FILE as it is" and how to go on
        assert "Nothing was changed" in err, err
    assert len(asker.questions) == 1


def test_with_force_it_is_done(command, tmp_path, monkeypatch):
    if command == "map transcribe":
        pytest.skip("transcribing asks for the whole side: it needs a terminal even with --force")
    words, kept, before = _prepared(command, tmp_path)
    result = run_cli(*words, "--force")
    assert result.returncode == 0, result.stderr
    assert not kept.exists() or kept.read_bytes() != before


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_command_run_bare_is_done_or_says_what_to_give(command, tmp_path, monkeypatch):
    """Without arguments or a terminal a command does its job (exit 0) or is a usage
    problem (exit 2) that names a flag, an ARGUMENT or a command; never exit 1 or 3."""
    monkeypatch.chdir(tmp_path)
    result = run_cli(*command)
    assert result.returncode in (0, 2), result.stderr
    if result.returncode == 2:
        assert re.search(r"--[a-z]|\b[A-Z]{3,}\b|caledonia [a-z]", result.stderr), result.stderr
