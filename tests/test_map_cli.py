"""The map commands as a user meets them, and score sheets that count settlements from a map."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from caledonia.rules.components import components
from caledonia.rules.errors import DataError
from caledonia.rules.sheet import parse_sheet, sheet_as_data
from catalogues import babel, compile_catalogue, marked, read_catalogue
from conftest import ROOT, run_cli

POSITION = "sample_games/position-3p.yaml"
NOTICE = "example layouts, not the printed ones"


def test_show_draws_every_space_and_says_the_modules_are_examples():
    result = run_cli("map", "show", "--modules", "A1,B2,C1,D2", "--players", "2")
    assert result.returncode == 0, result.stderr
    for space in ("A-01", "B-42", "C-21", "D-42"):
        assert space in result.stdout
    assert "lower case: mist" in result.stdout
    assert NOTICE in result.stderr and NOTICE not in result.stdout
    assert "\x1b[" not in result.stdout  # no colour into a pipe


def test_show_solo_marks_the_neutral_workers():
    out = run_cli("map", "show", "--players", "1").stdout  # 80 columns: the compact drawing
    assert "[N]" in out and "[N] neutral worker" in out
    wide = run_cli("map", "show", "--players", "1", env={"COLUMNS": "120"}).stdout
    assert "[ N ]" in wide and "[ N ] neutral worker" in wide


def test_show_position_with_reach_and_legal_highlights():
    reach = run_cli("map", "show", POSITION, "--reach", "Ailsa")
    assert reach.returncode == 0, reach.stderr
    assert "1shp" in reach.stdout and "* highlighted: 29 spaces" in reach.stdout
    legal = run_cli("map", "show", POSITION, "--legal", "red", "cow")
    assert "* highlighted: 18 spaces" in legal.stdout


def test_show_highlights_border_and_deltas():
    border = run_cli("map", "show", "--players", "2", "--border")
    assert (
        border.returncode == 0 and "* highlighted: 40 spaces" in border.stdout
    )  # B-20, C-20 lochs
    deltas = run_cli("map", "show", "--deltas")
    assert deltas.returncode == 0 and "* highlighted: 16 spaces" in deltas.stdout


def test_show_saves_an_svg(tmp_path):
    target = tmp_path / "board.svg"
    result = run_cli("map", "show", POSITION, "--svg", str(target))
    assert result.returncode == 0, result.stderr
    svg = target.read_text()
    assert svg.startswith("<?xml") and "<svg" in svg and "example map modules" in svg


def test_reach_json():
    data = json.loads(run_cli("map", "reach", POSITION, "Ailsa", "--json").stdout)
    assert data["shipping"] == "1_loch"
    assert {"space": "A-17", "route": "neighbouring A-09"} in data["spaces"]
    assert [p["corner"] for p in data["ports"]] == ["A", "B", "C", "D"]


def test_legal_yes_and_no_with_exit_codes():
    yes = run_cli("map", "legal", POSITION, "Ailsa", "cow", "A-13")
    assert yes.returncode == 0 and "Legal: Ailsa may put a cow on A-13" in yes.stdout
    no = run_cli("map", "legal", POSITION, "Ailsa", "sheep", "C-42", "--json")
    assert no.returncode == 1
    data = json.loads(no.stdout)
    assert data["legal"] is False
    assert data["reasons"] == [
        "C-42 is not neighbouring or within shipping reach of any of Ailsa's units"
    ]


def test_legal_lists_every_space():
    data = json.loads(run_cli("map", "legal", POSITION, "Bruce", "miner", "--json").stdout)
    assert data["spaces"] and all(entry["cost"] >= 10 for entry in data["spaces"])


def test_settlements_json():
    data = json.loads(run_cli("map", "settlements", POSITION, "--json").stdout)
    ailsa = data["players"][0]
    assert ailsa["settlements"] == 1 and ailsa["counted"] == ["A-09+A-10+A-11+A-12"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["map", "legal", POSITION, "Ailsa", "cow", "Z-99"], "no space 'Z-99'"),
        (["map", "legal", POSITION, "Nobody", "cow", "A-13"], "no player 'Nobody'"),
        (["map", "reach", "missing.yaml", "Ailsa"], "missing.yaml: file not found"),
    ],
)
def test_bad_input_exits_1_without_a_traceback(args, message):
    result = run_cli(*args)
    assert result.returncode == 1
    assert message in result.stderr and "Traceback" not in result.stderr


def test_unknown_unit_is_a_usage_error():
    result = run_cli("map", "legal", POSITION, "Ailsa", "goat")
    assert result.returncode == 2 and "no unit 'goat': the units are sheep" in result.stderr


def test_reach_needs_a_position():
    assert run_cli("map", "show", "--reach", "Ailsa").returncode == 2


def test_check_the_examples_and_a_broken_file(tmp_path):
    ok = run_cli("map", "check", "maps")
    assert ok.returncode == 0 and "8 sides fit together" in ok.stdout
    broken = tmp_path / "A1.yaml"
    broken.write_text((ROOT / "maps" / "A1.yaml").read_text().replace("GFM6", "GFM9", 1))
    result = run_cli("map", "check", str(broken))
    assert result.returncode == 1
    assert f"{broken}:" in result.stderr and "land cost must be £1 to £6, got £9" in result.stderr


def test_maps_folder_by_option_and_environment(tmp_path):
    own = tmp_path / "own"
    shutil.copytree(
        ROOT / "maps", own, ignore=shutil.ignore_patterns("*.py", "*.md", "__pycache__")
    )
    for path in own.glob("*.yaml"):
        path.write_text(path.read_text().replace("example: true", "example: false"))
    by_option = run_cli("map", "show", "--maps", str(own))
    assert by_option.returncode == 0 and NOTICE not in by_option.stderr
    by_env = run_cli("map", "show", env={"CALEDONIA_MAPS": str(own)})
    assert by_env.returncode == 0 and NOTICE not in by_env.stderr


def test_transcribe_needs_a_terminal_and_says_what_to_do_instead():
    result = run_cli("map", "transcribe", "A1", input_text="")
    assert result.returncode == 2
    assert "maps/README.md" in result.stderr and "caledonia map check" in result.stderr


# -- score sheets with a map ------------------------------------------------


def test_sample_sheet_with_a_map_counts_settlements():
    result = run_cli("score", "sample_games/final-3p-map.yaml", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert [p["breakdown"]["settlements"] for p in data["players"]] == [12, 6, 18]
    table = run_cli("score", "sample_games/final-3p-map.yaml")
    assert "Ailsa's settlements from the map (1-loch shipping): 4 counted" in table.stdout
    assert "left out: the unit at row 1, hex 7 of module D" in table.stdout  # no ids
    assert NOTICE in table.stderr


def example_sides():
    from caledonia.rules.board import DEFAULT_ORIGINS
    from caledonia.rules.map_modules import load_module_set, maps_folder

    return load_module_set(maps_folder(), DEFAULT_ORIGINS)


def sheet_with_map(units, **extra):
    player = {"name": "Ailsa", "glory": 0, "money": 0, "contracts": [], **extra}
    if units is not None:
        player["units"] = units
    data = {"map": {"modules": ["A1", "B1", "C1", "D1"]}, "players": [player]}
    return parse_sheet(data, "s.yaml", components(), example_sides)


def test_map_sheet_counts_by_shipping_and_round_trips():
    # A-11+A-12 and A-26 lie two lochs apart
    assert sheet_with_map(["A-11", "A-12", "A-26"], shipping="1_loch").players[0].settlements == 1
    sheet = sheet_with_map(["A-11", "A-12", "A-26"], shipping="2_loch")
    assert sheet.players[0].settlements == 2
    assert "2 counted: 2 in module A (3 units)" in sheet.players[0].settlement_note
    assert parse_sheet(sheet_as_data(sheet), "again.yaml", components(), example_sides) == sheet


def test_solo_map_sheet_blocks_one_pound_spaces():
    with pytest.raises(DataError, match="A-10 holds a neutral worker"):
        sheet_with_map(["A-10"])


@pytest.mark.parametrize(
    "units, extra, reason",
    [
        (["A-99"], {}, "no space 'A-99'"),
        (["A-18"], {}, "A-18 is a loch"),
        (["A-10"], {"settlements": 3}, "either 'settlements' or 'units'"),
        (None, {"shipping": "1_loch", "settlements": 2}, "'shipping' goes with 'units'"),
    ],
)
def test_map_sheet_errors(units, extra, reason):
    with pytest.raises(DataError, match=reason):
        sheet_with_map(units, **extra)


def test_units_without_a_map_are_refused():
    data = {"players": [{"name": "A", "glory": 0, "money": 0, "contracts": [], "units": ["A-10"]}]}
    with pytest.raises(DataError, match="need a top-level 'map"):
        parse_sheet(data, "s.yaml", components())


# -- your own module sides: check, draw, and a folder with a side missing -----


def own_maps(tmp_path, leave_out=(), change=None):
    """A copy of the example sides as a table's own folder, some sides left out or changed."""
    own = tmp_path / "own"
    own.mkdir(parents=True)
    for path in sorted((ROOT / "maps").glob("*.yaml")):
        if path.stem in leave_out:
            continue
        text = path.read_text().replace("example: true", "example: false")
        if change and path.stem in change:
            text = change[path.stem](text)
        (own / path.name).write_text(text)
    return own


def no_mist(text):
    head, _, rest = text.partition("rows:")
    rows, _, tail = rest.partition("rivers:")
    return head + "rows:" + rows.replace("*", "") + "rivers:" + tail


def test_check_a_folder_names_the_missing_side(tmp_path):
    own = own_maps(tmp_path, leave_out=("B2",))
    result = run_cli("map", "check", str(own))
    assert result.returncode == 1
    assert f"no file for side B2 (expected {own / 'B2.yaml'})" in result.stderr
    assert f"caledonia map transcribe B2 --out {own / 'B2.yaml'}" in result.stderr
    assert run_cli("map", "check", str(own_maps(tmp_path / "all"))).returncode == 0


def test_check_warns_about_a_side_without_mist(tmp_path):
    own = own_maps(tmp_path, change={"C1": no_mist})
    result = run_cli("map", "check", str(own))
    assert result.returncode == 0, result.stderr
    assert "Warning: C1 has no mist spaces" in result.stderr
    assert "Warning" not in run_cli("map", "check", "maps").stderr


def test_show_with_a_missing_side_names_the_file(tmp_path):
    own = own_maps(tmp_path, leave_out=("B1",))
    result = run_cli("map", "show", "--maps", str(own))
    assert result.returncode == 1, result.stderr
    assert f"no file for side B1 (expected {own / 'B1.yaml'})" in result.stderr
    assert "--modules" not in result.stderr


def test_check_one_file_draws_it(tmp_path):
    result = run_cli("map", "check", "maps/A1.yaml")
    assert result.returncode == 0, result.stderr
    assert "A-01⁴" in result.stdout and "A-09²" in result.stdout  # the port slots
    assert "≈A-24" in result.stdout and "~~~~~" in result.stdout  # a river, a loch
    assert "A-" not in run_cli("map", "check", "maps/A1.yaml", "--no-draw").stdout.split(":")[1]


def test_check_json_reports_each_file_and_the_folder(tmp_path):
    own = own_maps(tmp_path, leave_out=("D2",))
    broken = own / "A2.yaml"
    broken.write_text(broken.read_text().replace("GFM6", "GFM9", 1))
    result = run_cli("map", "check", str(own), "--json")
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert data["ok"] is False
    folder = data["paths"][0]
    assert folder["folder"] == str(own) and folder["ok"] is False and folder["missing"] == ["D2"]
    files = {Path(entry["file"]).stem: entry for entry in folder["files"]}
    assert files["A2"]["ok"] is False and "land cost must be £1 to £6" in files["A2"]["problems"][0]
    a1 = files["A1"]
    assert (a1["ok"], a1["side"], a1["module"], a1["spaces"], a1["river_edges"]) == (
        True,
        "A1",
        "A",
        42,
        8,
    )
    assert folder["assembly"] == {
        "ok": None,
        "combinations": 0,
        "problem": "not checked: fix the files first",
    }
    examples = json.loads(run_cli("map", "check", "maps", "--json").stdout)
    assert examples["ok"] and examples["paths"][0]["assembly"]["combinations"] == 16


def test_port_slot_words_never_turn_into_emoji():
    """`port:A:` in the legend is a port slot; rich would print the :A: emoji for it."""
    result = run_cli("map", "show", "sample_games/game-4p.yaml")
    assert result.returncode == 0, result.stderr
    assert "on port:A" in result.stdout and "\U0001f170" not in result.stdout


# -- the message layer ---------------------------------------------------------------------
@pytest.fixture
def marked_language(tmp_path):
    """A catalogue ("xx") that translates every message of the committed template by
    putting it in «», so a test sees which words went through the message layer."""
    babel()
    template = read_catalogue(ROOT / "cli" / "locale" / "caledonia.pot")
    locale = compile_catalogue(tmp_path / "locale", "xx", marked(template, "«", "»"))
    return {"LANGUAGE": "xx", "CALEDONIA_LOCALEDIR": str(locale)}


def test_the_map_commands_speak_the_readers_language_and_their_json_stays_english(
    marked_language,
):
    words = ("map", "legal", POSITION, "Ailsa", "sheep", "A-05")
    english, translated = run_cli(*words), run_cli(*words, env=marked_language)
    assert english.stdout.startswith("Legal: Ailsa may put a sheep on A-05 (neighbouring A-11)")
    # the unit's name is the catalogue's too (its kind the context)
    assert translated.stdout.startswith("«Legal: Ailsa may put a «sheep» on A-05 («neighbouring")
    assert "«Note: map modules A1, B1, C1, D1 are example layouts" in translated.stderr
    refused = run_cli("map", "legal", POSITION, "Ailsa", "cow", "B-19", env=marked_language)
    assert refused.returncode == 1
    assert "  - «B-19 is a loch: units stand on land»" in refused.stdout
    for asked in (
        ("map", "legal", POSITION, "Ailsa", "cow", "B-19", "--json"),
        ("map", "reach", POSITION, "Ailsa", "--json"),
        ("map", "where", "A-24", POSITION, "--json"),
        ("map", "check", "maps", "--json"),
    ):
        assert run_cli(*asked, env=marked_language).stdout == run_cli(*asked).stdout, asked
