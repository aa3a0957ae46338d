"""The box folder: every command finds the table's own components there, `caledonia box`
fills it, checks it and hands it on, and bad files never change it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import yaml
from caledonia.cli.play_setup import ask_new_game
from caledonia.rules.boxfolder import EXAMPLES
from conftest import ROOT, run_cli
from scripted import ScriptedAsker

MAPS = ROOT / "maps"


@pytest.fixture(autouse=True)
def no_table_files(monkeypatch):
    for name in ("CALEDONIA_MARKET", "CALEDONIA_BOX", "CALEDONIA_EXPORT_BOARD", "CALEDONIA_MAPS"):
        monkeypatch.delenv(name, raising=False)


def home() -> Path:
    return Path(os.environ["CALEDONIA_HOME"])


def own(tmp_path: Path, source: Path, name: str | None = None, change=None) -> Path:
    """A copy of an example file as the table's own (example: false), changed by `change`."""
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    data["example"] = False
    if change:
        change(data)
    path = tmp_path / (name or source.name)
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def own_sides(tmp_path: Path, *names: str) -> list[str]:
    return [str(own(tmp_path, MAPS / f"{name}.yaml")) for name in names]


def show() -> dict:
    result = run_cli("box", "show", "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def status(report: dict) -> dict[str, str]:
    return {entry["component"]: entry["status"] for entry in report["components"]}


def box_listing() -> dict[str, bytes]:
    return {str(p.relative_to(home())): p.read_bytes() for p in home().rglob("*") if p.is_file()}


def test_the_box_folder_is_caledonia_home_else_box_dir(tmp_path):
    assert run_cli("box", "path").stdout.strip() == str(home())
    for args in (
        ["--box-dir", str(tmp_path), "box", "path"],
        ["box", "--box-dir", str(tmp_path), "path"],
    ):
        assert run_cli(*args).stdout.strip() == str(tmp_path)


def test_the_default_box_folder_is_the_platforms_data_folder(monkeypatch):
    from caledonia.rules.boxfolder import folder
    from platformdirs import user_data_dir

    monkeypatch.delenv("CALEDONIA_HOME")
    assert folder() == Path(user_data_dir("caledonia", appauthor=False))


def test_an_empty_box_shows_every_component_as_the_example():
    report = show()
    assert report["folder"] == str(home())
    assert set(status(report).values()) == {"example"}
    assert report["examples"]["every_game"] == ["market", "box"]
    text = run_cli("box", "show").stdout
    assert "enter it with 'caledonia map transcribe A1'" in text
    assert "enter it with 'caledonia box market'" in text
    assert f"copy an example from {EXAMPLES}" in text


def test_added_files_are_checked_and_shown_as_yours(tmp_path):
    market = own(tmp_path, EXAMPLES / "market.yaml")
    added = run_cli("box", "add", str(market), *own_sides(tmp_path, "A1", "B2"))
    assert added.returncode == 0, added.stderr
    assert (home() / "market.yaml").read_bytes() == market.read_bytes()
    assert (home() / "maps" / "B2.yaml").is_file()
    states = status(show())
    assert states["market"] == states["A1"] == states["B2"] == "yours"
    assert states["A2"] == states["box"] == "example"


def test_a_bad_file_adds_nothing_and_names_its_file_and_line(tmp_path):
    good = own_sides(tmp_path, "A1")
    bad = own(
        tmp_path,
        EXAMPLES / "market.yaml",
        change=lambda d: d["players_1_2"]["wool"].update(start=99),
    )
    before = box_listing()
    result = run_cli("box", "add", *good, str(bad))
    assert result.returncode == 1
    assert f"{bad}:" in result.stderr and "£99 is not on the track" in result.stderr
    assert "nothing was added" in result.stderr and "Traceback" not in result.stderr
    assert box_listing() == before


@pytest.mark.parametrize(
    "source, why",
    [
        (EXAMPLES / "market.yaml", "is marked 'example: true'"),
        (ROOT / "sample_games" / "final-4p.yaml", "not a box file"),
    ],
)
def test_an_example_or_a_stranger_is_not_added(source, why):
    result = run_cli("box", "add", str(source))
    assert result.returncode == 1 and why in result.stderr
    assert box_listing() == {}


def test_box_check_gives_the_cross_checks_a_person_would_miss(tmp_path):
    def no_mist(data):
        data["rows"] = [[(code or "~").rstrip("*") for code in row] for row in data["rows"]]

    def rising(data):
        data["pass_money"][3] = [12, 14, 16]

    side = own(tmp_path, MAPS / "A1.yaml", change=no_mist)
    box = own(tmp_path, EXAMPLES / "box.yaml", change=rising)
    assert run_cli("box", "add", str(side), str(box)).returncode == 0
    checked = run_cli("box", "check", "--json")
    assert checked.returncode == 0, checked.stderr
    report = json.loads(checked.stdout)
    assert report["ok"] and sorted(report["checked"]) == ["A1", "box"]
    assert any("A1 has no mist spaces" in w for w in report["warnings"])
    assert any(
        "pass money with 3 players (£12, £14, £16) does not fall" in w for w in report["warnings"]
    )


def test_box_check_fails_on_a_broken_file_with_its_line():
    (home() / "maps").mkdir(parents=True)
    (home() / "maps" / "A1.yaml").write_text(
        "module: A\nside: 1\nrows: [[G3, Q9]]\nport_slots: {}\n"
    )
    checked = run_cli("box", "check")
    assert checked.returncode == 1
    assert "A1.yaml:3:" in checked.stdout and "unknown land type 'Q'" in checked.stdout
    assert status(show())["A1"] == "broken"


def test_export_then_import_into_a_fresh_home_gives_the_same_box(tmp_path):
    files = [
        str(own(tmp_path, EXAMPLES / n)) for n in ("market.yaml", "box.yaml", "export_board.yaml")
    ]
    assert run_cli("box", "add", *files, *own_sides(tmp_path, "A1", "C2")).returncode == 0
    copy = tmp_path / "our-box.yaml"
    assert run_cli("box", "export", str(copy)).returncode == 0
    before = show()
    fresh = tmp_path / "friend"
    imported = run_cli("box", "import", str(copy), env={"CALEDONIA_HOME": str(fresh)})
    assert imported.returncode == 0, imported.stderr
    after = json.loads(run_cli("box", "show", "--json", env={"CALEDONIA_HOME": str(fresh)}).stdout)
    assert after["folder"] == str(fresh)
    assert {**after, "folder": None} == {**before, "folder": None}


def test_import_checks_the_whole_copy_first_and_asks_before_replacing(tmp_path):
    assert run_cli("box", "add", *own_sides(tmp_path, "A1", "B1")).returncode == 0
    copy = tmp_path / "copy.yaml"
    assert run_cli("box", "export", str(copy)).returncode == 0
    before = box_listing()
    text = copy.read_text().replace("[G3*,", "[X3*,", 1)
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    refused = run_cli("box", "import", str(bad), "--force")
    assert refused.returncode == 1 and f"{bad}:" in refused.stderr
    assert box_listing() == before
    asked = run_cli("box", "import", str(copy))
    assert asked.returncode == 2 and "--force" in asked.stderr
    only_a1 = tmp_path / "only-a1.yaml"
    data = yaml.safe_load(copy.read_text())
    del data["maps"]["B1"]
    only_a1.write_text(yaml.safe_dump(data))
    assert run_cli("box", "import", str(only_a1), "--force").returncode == 0
    assert sorted(box_listing()) == ["maps/A1.yaml"]  # the whole box is the copy's


def test_reset_asks_first_then_puts_the_example_back(tmp_path):
    assert run_cli("box", "add", *own_sides(tmp_path, "A1", "B1")).returncode == 0
    asked = run_cli("box", "reset", "A1")
    assert asked.returncode == 2 and "--force" in asked.stderr
    assert run_cli("box", "reset", "a1", "--force").returncode == 0
    assert sorted(box_listing()) == ["maps/B1.yaml"]
    unknown = run_cli("box", "reset", "E1", "--force")
    assert unknown.returncode == 1 and "no component 'E1'" in unknown.stderr
    assert run_cli("box", "reset", "--force").returncode == 0 and box_listing() == {}


# -- every command uses the box ------------------------------------------------------------


def setup_of(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))["setup"]


def test_new_uses_the_boxs_market_and_a_flag_still_wins(tmp_path):
    market = own(
        tmp_path,
        EXAMPLES / "market.yaml",
        change=lambda d: d["players_3_4"]["wool"].update(start=5),
    )
    assert run_cli("box", "add", str(market)).returncode == 0
    game = tmp_path / "g.yaml"
    made = run_cli("new", str(game), "-p", "A", "-p", "B", "-p", "C", "--seed", "3")
    assert made.returncode == 0, made.stderr
    setup = setup_of(game)
    assert setup["market"]["tracks"]["wool"]["start"] == 5
    assert not any(item.startswith("market") for item in setup["example_data"])
    flagged = tmp_path / "f.yaml"
    args = ("new", str(flagged), "-p", "A", "-p", "B", "-p", "C", "--seed", "3")
    assert run_cli(*args, "--market", str(EXAMPLES / "market.yaml")).returncode == 0
    assert setup_of(flagged)["market"]["tracks"]["wool"]["start"] == 4


def test_a_box_with_four_sides_plays_them(tmp_path):
    assert run_cli("box", "add", *own_sides(tmp_path, "A1", "B1", "C1", "D1")).returncode == 0
    game = tmp_path / "laid.yaml"
    made = run_cli(
        "new", str(game), "-p", "A", "-p", "B", "--modules", "A1,B1,C1,D1", "--seed", "1"
    )
    assert made.returncode == 0, made.stderr
    assert not any(item.startswith("map modules") for item in setup_of(game)["example_data"])
    for seed in range(4):  # a drawn layout is drawn among the box's sides
        drawn = tmp_path / f"drawn{seed}.yaml"
        assert run_cli("new", str(drawn), "-p", "A", "-p", "B", "--seed", str(seed)).returncode == 0
        assert [f"{s['module']}{s['side']}" for s in setup_of(drawn)["map"]] == [
            "A1",
            "B1",
            "C1",
            "D1",
        ]


def test_play_starts_with_the_four_sides_of_the_box(tmp_path):
    from caledonia.rules import boxfolder

    boxfolder.use_folder(None)
    for name in ("A1", "B1", "C1", "D1"):
        boxfolder.side_file(name).parent.mkdir(parents=True, exist_ok=True)
        boxfolder.side_file(name).write_text(Path(own_sides(tmp_path, name)[0]).read_text())
    path = tmp_path / "game.yaml"
    two = ["Ailsa", "", "Bruce", "", ""]
    asker = ScriptedAsker([*two, "e", "d", "s", "7", "c"])  # examples, plain, seed 7, its pile
    game = ask_new_game(asker, str(path))
    assert [s.name for s in game.setup.sides] == ["A1", "B1", "C1", "D1"]
    assert not asker.refusals and not asker.answers


def test_a_side_the_box_lacks_is_the_example_with_a_note(tmp_path):
    assert run_cli("box", "add", *own_sides(tmp_path, "A1", "B1", "C1", "D1")).returncode == 0
    game = tmp_path / "g.yaml"
    made = run_cli("new", str(game), "-p", "A", "-p", "B", "--modules", "A2,B1,C1,D1")
    assert made.returncode == 0, made.stderr
    assert "map modules A2 ('caledonia map transcribe SIDE' enters one)" in made.stderr


def test_a_maps_folder_without_a_side_is_named(tmp_path):
    folder = tmp_path / "my-maps"
    folder.mkdir()
    for name in ("A1", "B1", "C1", "D1"):
        (folder / f"{name}.yaml").write_bytes((MAPS / f"{name}.yaml").read_bytes())
    made = run_cli(
        "new",
        str(tmp_path / "g.yaml"),
        "-p",
        "A",
        "--maps",
        str(folder),
        "--modules",
        "A1,B1,C2,D1",
    )
    assert made.returncode == 1
    assert f"no module side 'C2' in {folder} (sides there: A1, B1, C1, D1)" in made.stderr


def test_python_dash_m_caledonia_is_the_command():
    import subprocess
    import sys

    ran = subprocess.run(
        [sys.executable, "-m", "caledonia", "box", "path"], capture_output=True, text=True
    )
    assert ran.returncode == 0 and ran.stdout.strip() == str(home())


def test_help_at_80_columns_reads_as_a_person_expects():
    top = run_cli("--help", env={"COLUMNS": "80"}).stdout
    assert "awards with ties, import rarity" in top  # no docstring line break kept
    for command in (["play"], ["new"], ["box", "add"], ["map", "transcribe"]):
        shown = run_cli(*command, "--help", env={"COLUMNS": "80"}).stdout
        assert "{" not in shown and "<str>" not in shown, shown
    assert "Usage: caledonia play [OPTIONS] GAME" in run_cli("play", "-h").stdout


def test_play_asks_nothing_about_data_files_when_the_box_holds_them(tmp_path):
    from caledonia.rules import boxfolder

    for name in ("market.yaml", "box.yaml"):
        boxfolder.folder().mkdir(parents=True, exist_ok=True)
        (boxfolder.folder() / name).write_text(own(tmp_path, EXAMPLES / name).read_text())
    asker = ScriptedAsker(["Ailsa", "", "Bruce", "", "", "d", "s", "7", "c"])  # no data question
    game = ask_new_game(asker, str(tmp_path / "game.yaml"))
    assert not asker.answers and not any("Which data" in q for q in asker.questions)
    assert f"Using your box at {boxfolder.folder()}: market board; box values" in asker.said[0]
    assert not game.setup.example_data[1:]  # only the map sides are examples
    assert game.setup.example_data[0].startswith("map modules")


# -- files on the examples stay on the examples --------------------------------------------


def _forest_a1(tmp_path: Path) -> None:
    """A box whose side A1 is all forest: a sheep or a field the example allows is refused."""

    def forest(data):
        data["rows"] = [
            [c if c is None else "F" + c.lstrip("GFM") for c in row] for row in data["rows"]
        ]

    assert (
        run_cli("box", "add", str(own(tmp_path, MAPS / "A1.yaml", change=forest))).returncode == 0
    )


def test_a_position_on_the_examples_is_read_with_them_whatever_the_box(tmp_path):
    _forest_a1(tmp_path)
    sample = str(ROOT / "sample_games/position-3p.yaml")
    shown = run_cli("map", "settlements", sample)
    assert shown.returncode == 0, shown.stderr
    assert "example layouts" in shown.stderr  # it says so: the examples, as the file declares
    undeclared = tmp_path / "mine.yaml"
    undeclared.write_text(Path(sample).read_text().replace("examples: true\n", ""))
    refused = run_cli("map", "settlements", str(undeclared))  # a position of the table's own
    assert refused.returncode == 1 and "A-10 is forest only" in refused.stderr


def test_a_score_sheet_on_the_examples_is_counted_on_them_whatever_the_box(tmp_path):
    _forest_a1(tmp_path)
    sample = ROOT / "sample_games/final-3p-map.yaml"
    on_examples = run_cli("score", str(sample), "--json")
    assert on_examples.returncode == 0, on_examples.stderr
    undeclared = tmp_path / "mine.yaml"
    undeclared.write_text(sample.read_text().replace("examples: true\n", ""))
    on_the_box = run_cli("score", str(undeclared), "--json")
    assert on_the_box.returncode == 1 and "forest only" in on_the_box.stderr
    stats = run_cli("stats", str(sample))
    assert stats.returncode == 0 and "left out" not in stats.stdout + stats.stderr


@pytest.mark.parametrize("value", ["maybe", "1", "[true]"])
def test_examples_must_be_true_or_false(tmp_path, value):
    for sample in ("position-3p.yaml", "final-3p-map.yaml"):
        path = tmp_path / sample
        path.write_text(
            (ROOT / "sample_games" / sample)
            .read_text()
            .replace("examples: true", f"examples: {value}")
        )
        command = ("map", "show") if sample.startswith("position") else ("score",)
        result = run_cli(*command, str(path))
        assert result.returncode == 1 and "examples" in result.stderr, result.stderr


def test_a_sheet_on_the_examples_keeps_saying_so():
    from caledonia.rules.board import DEFAULT_ORIGINS
    from caledonia.rules.components import components
    from caledonia.rules.map_modules import example_maps_folder, load_module_set
    from caledonia.rules.sheet import parse_sheet, sheet_as_data

    data = yaml.safe_load((ROOT / "sample_games/final-3p-map.yaml").read_text())
    sides = lambda: load_module_set(example_maps_folder(), DEFAULT_ORIGINS)  # noqa: E731
    sheet = parse_sheet(data, "s.yaml", components(), sides)
    assert sheet.on_examples and sheet_as_data(sheet)["examples"] is True
    assert parse_sheet(sheet_as_data(sheet), "again.yaml", components(), sides) == sheet


def test_new_examples_starts_on_the_shipped_data_whatever_the_box(tmp_path):
    _forest_a1(tmp_path)
    market = own(
        tmp_path,
        EXAMPLES / "market.yaml",
        change=lambda d: d["players_3_4"]["wool"].update(start=5),
    )
    assert run_cli("box", "add", str(market)).returncode == 0
    args = ("-p", "A", "-p", "B", "-p", "C", "--seed", "3", "--modules", "A1,B1,C1,D1")
    on_box, on_examples = tmp_path / "box.yaml", tmp_path / "examples.yaml"
    assert run_cli("new", str(on_box), *args).returncode == 0
    made = run_cli("new", str(on_examples), *args, "--examples")
    assert made.returncode == 0, made.stderr
    assert setup_of(on_box)["market"]["tracks"]["wool"]["start"] == 5
    assert setup_of(on_examples)["market"]["tracks"]["wool"]["start"] == 4
    assert setup_of(on_examples)["map"] != setup_of(on_box)["map"]
    assert all(not item.startswith("market") for item in setup_of(on_box)["example_data"])
    assert "market" in setup_of(on_examples)["example_data"]
    # chosen on purpose: the notice names the examples, not the commands to enter one's own
    assert "Note: this game uses example data" in made.stderr and "enters" not in made.stderr
    # an environment variable gives way to --examples; an option typed with it is a slip
    env = {"CALEDONIA_MARKET": str(market)}
    assert run_cli("new", str(tmp_path / "e.yaml"), *args, "--examples", env=env).returncode == 0
    assert setup_of(tmp_path / "e.yaml")["market"]["tracks"]["wool"]["start"] == 4
    both = run_cli("new", str(tmp_path / "x.yaml"), *args, "--examples", "--market", str(market))
    assert both.returncode == 2 and "--market" in both.stderr
    assert not (tmp_path / "x.yaml").exists()


# -- box show: read at a terminal, drafts named --------------------------------------------


def test_box_show_at_80_columns_wraps_between_words(monkeypatch):
    import io

    from caledonia.cli import box_cmd, output
    from rich.console import Console

    plain = run_cli("box", "show").stdout
    written = io.StringIO()
    terminal = Console(file=written, width=80, force_terminal=True, no_color=True)
    monkeypatch.setitem(output._consoles, False, terminal)
    box_cmd.show(as_json=False)
    lines = written.getvalue().splitlines()
    assert len(lines) > len(plain.splitlines())  # long lines were wrapped
    assert all(len(line) <= 80 for line in lines)
    words = set(plain.split())
    assert all(word in words for line in lines for word in line.split())  # none cut in two
    assert " ".join(" ".join(lines).split()) == " ".join(plain.split())


def test_box_show_names_a_draft_and_which_wizard_goes_on():
    from caledonia.cli.box_entry import enter_box
    from caledonia.cli.errors import Interrupted

    with pytest.raises(Interrupted):
        enter_box("tiles", ScriptedAsker(["55 wool grain", "57 milk", KeyboardInterrupt()]))
    shown = run_cli("box", "show").stdout
    assert "'caledonia box tiles' and 'caledonia box values'" in shown
    assert "a draft of 2 answers, not yet used: 'caledonia box tiles' goes on with it" in shown
    [entry] = [e for e in show()["components"] if e["component"] == "box"]
    assert [d["answers"] for d in entry["drafts"]] == [2]


def test_a_transcription_draft_shows_under_its_side(tmp_path):
    draft = home() / "maps" / "C2.yaml.draft"
    draft.parent.mkdir(parents=True)
    state = {"columns": 7, "rows": 6, "origin": None, "cells": [[None] * 7] * 6, "at": 14}
    data = {"format": "caledonia-draft/1", "about": "side C2", **state}
    data["command"] = "caledonia map transcribe C2"
    draft.write_text(json.dumps(data))
    shown = run_cli("box", "show").stdout
    assert "C2: example; enter it with 'caledonia map transcribe C2'" in shown
    assert "a draft (14 of 42 positions typed), not yet used" in shown


def test_a_box_file_with_one_part_says_which_part_is_still_the_example():
    from caledonia.cli.box_entry import enter_box
    from test_box_entry import tile_answers

    enter_box("tiles", ScriptedAsker(tile_answers()))
    shown = run_cli("box", "show").stdout
    assert (
        "still the example's: pass money, import marks, export boxes; enter them with "
        "'caledonia box values'" in shown
    )
    game = home().parent / "game.yaml"
    made = run_cli("new", str(game), "-p", "Ailsa", "-p", "Bruce", "--seed", "3")
    assert made.returncode == 0, made.stderr
    example = setup_of(game)["example_data"]
    assert "box values (pass money, import marks) ('caledonia box values' enters yours)" in example
    assert not any(item.startswith(("starting tiles", "box data")) for item in example)


def test_reset_names_the_draft_it_leaves_and_removes_it_when_asked():
    from caledonia.cli.box_entry import MARKET, enter_market, wizard_draft
    from caledonia.cli.errors import Interrupted

    with pytest.raises(Interrupted):
        enter_market(ScriptedAsker(["1 2 3 4 5 6 7 8 9", KeyboardInterrupt()]))
    kept = run_cli("box", "reset", "market", "--force")
    assert kept.returncode == 0
    assert "Kept a draft of 1 answer: 'caledonia box market' goes on with it" in kept.stderr
    assert "'caledonia box reset market --drafts' throws it away" in kept.stderr
    assert wizard_draft("market", MARKET).kept
    gone = run_cli("box", "reset", "market", "--drafts", "--force")
    assert gone.returncode == 0, gone.stderr
    assert "Threw away a draft of 1 answer ('caledonia box market')." in gone.stderr
    assert not wizard_draft("market", MARKET).kept
