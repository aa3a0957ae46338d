"""YAML alias bombs ("billion laughs") are refused before anything expands them."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys

import pytest
import yaml
from caledonia.rules import yamltext
from caledonia.rules.components import load_components
from caledonia.rules.errors import DataError
from caledonia.rules.plaindata import plain
from caledonia.rules.yamltext import MAX_EXPANDED_VALUES, parse_yaml
from conftest import ROOT, SAMPLES


def alias_bomb(levels: int = 9, width: int = 9, indent: str = "") -> str:
    """`levels` anchored lists, each holding `width` aliases of the one before: width**levels values."""
    names = "abcdefghijklmnopqrstuvwxyz"[:levels]
    lines = [f"{indent}a: &a [" + ", ".join(['"lol"'] * width) + "]"]
    for previous, name in zip(names, names[1:], strict=False):
        lines.append(f"{indent}{name}: &{name} [" + ", ".join([f"*{previous}"] * width) + "]")
    return "\n".join(lines) + "\n"


def pure_python_yamltext():
    """A private copy of rules/yamltext.py built on PyYAML's pure-Python SafeLoader."""
    spec = importlib.util.spec_from_file_location(
        "caledonia.rules._yamltext_pure", yamltext.__file__
    )
    module = importlib.util.module_from_spec(spec)
    with pytest.MonkeyPatch.context() as patch:
        patch.delattr(yaml, "CSafeLoader", raising=False)
        spec.loader.exec_module(module)
    assert module._Loader.__mro__[1] is yaml.SafeLoader
    return module


@pytest.fixture(params=["default", "pure-python"])
def parse(request):
    """parse_yaml with the loader the tool uses (C when available) and with the pure-Python one."""
    if request.param == "default":
        return parse_yaml
    return pure_python_yamltext().parse_yaml


def test_billion_laughs_is_refused_before_it_expands(parse):
    with pytest.raises(DataError) as caught:
        parse(alias_bomb(), "bomb.yaml")
    error = caught.value
    assert "aliases" in error.reason and str(MAX_EXPANDED_VALUES) in error.reason
    assert error.source == "bomb.yaml"
    assert 1 <= error.line <= 9  # one of the anchored lists, not the end of the file
    assert "\n" not in str(error)


def test_the_limit_counts_expanded_values(parse):
    assert len(plain(parse(alias_bomb(levels=5), "ok.yaml"))["e"]) == 9  # about 66,000 values
    with pytest.raises(DataError, match="through aliases"):
        parse(alias_bomb(levels=6), "too-big.yaml")  # about 600,000 values


def test_only_aliases_can_exceed_the_limit(parse, monkeypatch):
    monkeypatch.setitem(parse.__globals__, "MAX_EXPANDED_VALUES", 1000)  # keeps the test quick
    text = "values: [" + ", ".join(["1"] * 1010) + "]\n"
    assert len(parse(text, "big.yaml")["values"]) == 1010
    with pytest.raises(DataError, match="more than 1000 values through aliases"):
        parse(alias_bomb(levels=3, width=11), "bomb.yaml")


def test_small_aliases_still_load(parse):
    text = (
        "defaults: &defaults {money: 5, goods: [wool, milk]}\n"
        "players:\n"
        "  - name: Ailsa\n"
        "    start: *defaults\n"
        "  - name: Bruce\n"
        "    start: *defaults\n"
        "colour: &colour blue\n"
        "other: *colour\n"
    )
    data = parse(text, "aliases.yaml")
    start = {"money": 5, "goods": ["wool", "milk"]}
    assert plain(data["players"]) == [
        {"name": "Ailsa", "start": start},
        {"name": "Bruce", "start": start},
    ]
    assert data["other"] == "blue"
    assert data.lines["players"] == 2 and data["players"].lines == [3, 5]


@pytest.mark.parametrize(
    "text",
    ["a: &a [*a]\n", "a: &a {b: *a}\n", "x:\n  - &x {k: [1, *x]}\n"],
    ids=["list", "mapping", "nested"],
)
def test_a_recursive_alias_is_refused(parse, text):
    with pytest.raises(DataError, match="recursive YAML is refused") as caught:
        parse(text, "loop.yaml")
    assert caught.value.line is not None


@pytest.mark.parametrize(
    "text, reason",
    [
        ("# nothing but a comment\n", "the file is empty: expected YAML data"),
        (
            "a: !!python/object/apply:os.system [ls]\n",
            "!!python/object/apply:os.system is not allowed",
        ),
        ("a: 1\nb: 2\na: 3\n", "the key 'a' appears twice"),
    ],
    ids=["empty", "tag", "duplicate"],
)
def test_other_refusals_keep_their_wording(parse, text, reason):
    with pytest.raises(DataError) as caught:
        parse(text, "other.yaml")
    assert reason in caught.value.reason


def run_cli_briefly(*args):
    """Like conftest.run_cli, but a hang fails the test instead of stalling the run."""
    return subprocess.run(
        [sys.executable, "-m", "caledonia.cli.main", *args],
        capture_output=True,
        text=True,
        env=dict(os.environ),
        stdin=subprocess.DEVNULL,
        cwd=ROOT,
        timeout=30,
    )


def bomb_in_ports(text: str) -> str:
    """The game's setup.ports replaced by a bomb, where the game would really read it."""
    bombed, count = re.subn(
        r"^  ports: .*$",
        lambda _: "  ports:\n" + alias_bomb(indent="    ").rstrip("\n"),
        text,
        flags=re.MULTILINE,
    )
    assert count == 1
    return bombed


def bomb_under_new_key(text: str) -> str:
    return text + "bomb:\n" + alias_bomb(indent="  ")


@pytest.mark.parametrize(
    "sample, command, add_bomb",
    [
        ("game-2p.yaml", ["log"], bomb_in_ports),
        ("position-3p.yaml", ["map", "settlements"], bomb_under_new_key),
        ("final-3p.yaml", ["score"], bomb_under_new_key),
    ],
    ids=["game", "position", "score-sheet"],
)
def test_the_cli_refuses_a_bomb_in_one_line(tmp_path, sample, command, add_bomb):
    path = tmp_path / sample
    path.write_text(add_bomb((SAMPLES / sample).read_text(encoding="utf-8")), encoding="utf-8")
    result = run_cli_briefly(*command, str(path))
    assert result.returncode == 1, result.stderr
    output = (result.stdout + result.stderr).strip()
    assert "Traceback" not in output
    (line,) = [text for text in output.splitlines() if text.strip()]
    assert line.startswith("Error:") and str(path) in line and "aliases" in line


def test_a_bomb_in_a_data_file_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("CALEDONIA_NO_CACHE", "1")  # the JSON copy must not stand in for the YAML
    folder = tmp_path / "data"
    shutil.copytree(ROOT / "rules" / "data", folder)
    target = folder / "final_scoring.yaml"
    target.write_text(bomb_under_new_key(target.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(DataError, match="through aliases") as caught:
        load_components(folder)
    assert caught.value.source == str(target)
