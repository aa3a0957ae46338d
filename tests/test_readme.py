"""Every command the documents show runs as written, with the exit code the text implies.

The convention (CONTRIBUTING.md, "Testing the documents"):

- The documents are README.md, then the guides it links to in docs/, then
  CONTRIBUTING.md (DOCUMENTS, in that order: a guide may use a file the README made).
- The commands are the lines of ```sh and ```console blocks that start with
  `caledonia ` or `$ caledonia ` (a line ending in `\\` continues on the next);
  text after an unquoted `#` is a comment. Other lines (pip, pytest, python)
  are not run.
- They run in order, as a reader would type them, in one temporary folder
  holding copies of sample_games/ and maps/, with stdin not a terminal and
  HOME inside that folder; once with an empty box, once with a full box of the
  table's own components, each unlike the shipped example.
- A command exits 0, unless the HTML comment on the line above its block says
  otherwise, for the whole block:
  `<!-- interactive -->`: each needs a terminal; without one it exits 2 and says
  what to give instead (a --flag, an ARGUMENT or another caledonia command);
  `<!-- exit N -->`: the block shows an error on purpose, each command exits N.

Nothing here names a command, so the test stays right when commands or flags change:
only the README does.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path
from typing import NamedTuple

import pytest
import yaml
from caledonia.rules.boxfolder import EXAMPLES
from clirunner import run_in_process
from conftest import ROOT

README = ROOT / "README.md"
GUIDES = ("playing", "games", "scoring", "map", "after-the-game", "serve", "spanish")
DOCUMENTS = (README, *(ROOT / "docs" / f"{guide}.md" for guide in GUIDES), ROOT / "CONTRIBUTING.md")
RUN_BLOCKS = ("sh", "console")
MARK = re.compile(r"^<!--\s*(interactive|exit \d+)\s*-->$")


class Command(NamedTuple):
    line: int  # in its document, for the failure message
    words: list[str]  # after `caledonia`
    mark: str | None  # the block's mark: None, "interactive" or "exit N"


def readme_commands(text: str) -> list[Command]:
    """The README's commands in order, each with its block's mark."""
    commands: list[Command] = []
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        fence = lines[index].strip()
        if not fence.startswith("```"):
            index += 1
            continue
        info = fence[3:].strip()
        above = lines[index - 1].strip() if index else ""
        found = MARK.match(above)
        mark = found.group(1) if found else None
        index += 1
        pending, start = "", 0
        while index < len(lines) and lines[index].strip() != "```":
            line = lines[index]
            if info in RUN_BLOCKS:
                if pending:
                    pending += " " + line.strip()
                elif line.startswith(("caledonia ", "$ caledonia ")) or line == "caledonia":
                    pending, start = line.removeprefix("$ "), index + 1
                if pending and pending.endswith("\\"):
                    pending = pending[:-1].rstrip()
                elif pending:
                    words = shlex.split(pending, comments=True)
                    commands.append(Command(start, words[1:], mark))
                    pending = ""
            index += 1
        index += 1
    return commands


def _run(words: list[str], folder: Path) -> subprocess.CompletedProcess:
    """A README command as a reader runs it: in that folder, with a home of its own and no
    CALEDONIA_ variable of ours (run in this process: see tests/clirunner.py)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("CALEDONIA_") or k == "CALEDONIA_CACHE_DIR"
    }
    env["NO_COLOR"] = "1"
    home = folder / "home"  # what a command installs in the reader's home lands here
    home.mkdir(exist_ok=True)
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"))
    # the box, the drafts and the cache stay in that home too
    env.update(XDG_DATA_HOME=str(home / ".local/share"), XDG_STATE_HOME=str(home / ".local/state"))
    return run_in_process(*words, cwd=folder, environ=env)


def _says_what_to_give(stderr: str) -> bool:
    """A message naming a way to go on without a terminal: a flag, an ARGUMENT, a command."""
    return bool(re.search(r"--[a-z]|\b[A-Z]{3,}\b|caledonia [a-z]", stderr))


def test_every_guide_the_readme_links_to_is_tested():
    """A guide in docs/ is in DOCUMENTS, so its commands run; and the README links to it."""
    linked = set(re.findall(r"\(docs/([a-z-]+)\.md[)#]", README.read_text()))
    assert linked == set(GUIDES) == {p.stem for p in (ROOT / "docs").glob("*.md")}


def test_the_readme_walks_in_at_most_500_lines_with_contents():
    text = README.read_text()
    assert len(text.splitlines()) <= 500
    contents = text.split("## Contents", 1)[1].split("\n## ", 1)[0]
    for heading in re.findall(r"^## (.+)$", text, re.M):
        if heading != "Contents":
            anchor = re.sub(r"[^a-z0-9 -]", "", heading.lower()).replace(" ", "-")
            assert f"(#{anchor})" in contents, heading


def test_the_readme_convention_is_read_as_documented():
    text = """
```sh
caledonia one two   # a comment
pip install . && caledonia not-run
$ caledonia three 'four five' \\
    --six
```
<!-- interactive -->
```console
caledonia seven
```
<!-- exit 1 -->
```sh
caledonia eight
```
```yaml
caledonia: not a command
```
"""
    commands = readme_commands(text)
    assert [(c.words, c.mark) for c in commands] == [
        (["one", "two"], None),
        (["three", "four five", "--six"], None),
        (["seven"], "interactive"),
        (["eight"], "exit 1"),
    ]


# each land letter of a side turned into another, so a unit the examples allow is refused
_OTHER_LAND = str.maketrans("GFM", "FMG")


def _own(data: dict, change) -> dict:
    """An example's data as a table's own: example: false, every value changed."""
    data = {**data, "example": False}
    change(data)
    return data


def _other_side(data: dict) -> None:
    data["rows"] = [
        [code if code is None else str(code).translate(_OTHER_LAND) for code in row]
        for row in data["rows"]
    ]


def _other_market(data: dict) -> None:
    for side in ("players_1_2", "players_3_4"):
        for track in data[side].values():
            track["prices"] = [price + 1 for price in track["prices"]]
            track["start"] += 1
            track["medium"] = [price + 1 for price in track["medium"]]


def _other_values(data: dict) -> None:
    for tile in data["starting_tiles"].values():
        tile["money"] += 3
    data["pass_money"] = {2: [15, 13], 3: [15, 12, 9]}
    data["export_boxes_3_4"] = 5
    data["import_track_marks"] = {good: [5, 10, 15] for good in data["import_track_marks"]}


def _other_removal(data: dict) -> None:
    # the top two rows swapped: the rulebook fixes only -3, at the bottom left
    swapped = {1: 3, 2: 4, 3: 1, 4: 2}
    data["solo_removal"] = {
        roll: swapped.get(slot, slot) for roll, slot in data["solo_removal"].items()
    }


def fill_box(box: Path) -> None:
    """A whole box of the table's own components, each unlike the shipped example: every
    module side's land, the market's prices, the box values and the solo removal grid."""
    changes = {"market": _other_market, "box": _other_values, "export_board": _other_removal}
    (box / "maps").mkdir(parents=True)
    for side in sorted((ROOT / "maps").glob("[A-D][12].yaml")):
        own = _own(yaml.safe_load(side.read_text(encoding="utf-8")), _other_side)
        (box / "maps" / side.name).write_text(yaml.safe_dump(own), encoding="utf-8")
    for name, change in changes.items():
        example = yaml.safe_load((EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8"))
        (box / f"{name}.yaml").write_text(yaml.safe_dump(_own(example, change)), encoding="utf-8")


def test_the_full_box_is_a_box_of_the_tables_own(tmp_path):
    """The full box of the README test is read as the table's, with nothing an example."""
    fill_box(tmp_path / "home/.local/share/caledonia")
    result = _run(["box", "show", "--json"], tmp_path)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert {entry["status"] for entry in report["components"]} == {"yours"}, report


@pytest.mark.parametrize("box", ["empty box", "full box"])
def test_every_readme_command_runs_as_written(tmp_path, box):
    """With an empty box, or a box whose every component differs from the examples, every
    README command behaves as the README says (the tutorial runs on the examples)."""
    for folder in ("sample_games", "maps"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    if box == "full box":
        fill_box(tmp_path / "home/.local/share/caledonia")
    assert len(readme_commands(README.read_text())) >= 40  # the README's examples are found
    commands = [
        (document, command)
        for document in DOCUMENTS
        for command in readme_commands(document.read_text(encoding="utf-8"))
    ]
    problems = []
    for document, command in commands:
        result = _run(command.words, tmp_path)
        where = document.relative_to(ROOT)
        shown = f"{where}:{command.line}: caledonia {shlex.join(command.words)}"
        said = (result.stderr or result.stdout).strip().splitlines()[-3:]
        if "Traceback" in result.stderr or "Internal error" in result.stderr:
            problems.append(f"{shown}: crashed: {said}")
        elif command.mark == "interactive":
            if result.returncode != 2 or not _says_what_to_give(result.stderr):
                problems.append(f"{shown}: expected exit 2 naming a flag, got {result.returncode}")
        else:
            wanted = int(command.mark.split()[1]) if command.mark else 0
            if result.returncode != wanted:
                problems.append(f"{shown}: exit {result.returncode}, expected {wanted}: {said}")
    assert not problems, "\n".join(problems)


def test_the_solo_prepare_help_example_works_on_the_readmes_own_file(tmp_path):
    """`solo prepare -h` shows an example; after the README's `solo new`, it runs."""
    help_text = _run(["solo", "prepare", "-h"], tmp_path).stdout
    example = re.search(r"Example: (caledonia solo prepare [^\n]+)", help_text)
    assert example, help_text
    solo_new = next(
        c for c in readme_commands(README.read_text()) if c.words[:2] == ["solo", "new"]
    )
    assert _run(solo_new.words, tmp_path).returncode == 0
    words = shlex.split(example.group(1))[1:]
    assert words[2] == solo_new.words[2]  # the same file
    result = _run(words, tmp_path)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("sentence", ["`caledonia act --help` lists every action"])
def test_the_readme_says_a_thing_once(sentence):
    assert README.read_text().replace("\n", " ").count(sentence) == 1


def test_solo_new_prints_the_prices_and_the_contracts_it_dealt(tmp_path):
    """The README: `solo new` gives the starting prices and the five contracts dealt."""
    result = _run(["solo", "new", "my-solo.yaml", "--seed", "7"], tmp_path)
    assert result.returncode == 0, result.stderr
    state = json.loads(_run(["solo", "show", "my-solo.yaml", "--json"], tmp_path).stdout)
    prices = ", ".join(f"{good} £{price}" for good, price in state["prices"].items())
    assert f"Prices: {prices}\n" in result.stdout
    dealt = [c for c in state["board"] if c is not None]
    assert len(dealt) == 5
    for slot, contract in enumerate(state["board"], start=1):
        if contract is not None:
            assert re.search(rf"^  slot {slot}  .+ → .+$", result.stdout, re.M)
    own = _run(["solo", "new", "own.yaml", "--contracts", "12,33,7,45,21"], tmp_path)
    assert re.search(r"^  slot 3  .+ → .+$", own.stdout, re.M)
    assert "  slot 6  (empty)" in own.stdout
    faces = "4 wool, 2 beef, cheese bread whisky, 4 bread, 2 mutton"  # as the README types them
    by_face = _run(["solo", "new", "faces.yaml", "--contracts", faces], tmp_path)
    assert by_face.returncode == 0, by_face.stderr
    assert "  slot 1  4 wool → 2 cotton, 1 hop, free space" in by_face.stdout
