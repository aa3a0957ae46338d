"""The `caledonia` command as a user meets it: output, exit codes, errors without tracebacks."""

from __future__ import annotations

import json

import pytest
from conftest import SAMPLES, run_cli


def every_command():
    """Each command the app has, as the words that run it (a group's commands one by
    one), read from the app itself so that a new command is held to the same help."""
    import typer
    from caledonia.cli.main import build_app

    def walk(command, words):
        inner = getattr(command, "commands", None)
        if inner is None:
            return [words]
        return [found for name in sorted(inner) for found in walk(inner[name], [*words, name])]

    return walk(typer.main.get_command(build_app()), [])


COMMANDS = every_command()


@pytest.mark.parametrize("sheet", sorted(p.name for p in SAMPLES.glob("final-*.yaml")))
def test_every_sample_sheet_scores(sheet):
    result = run_cli("score", f"sample_games/{sheet}")
    assert result.returncode == 0, result.stderr
    assert "Total" in result.stdout


def test_four_player_sample_json(tmp_path):
    result = run_cli("score", "sample_games/final-4p.yaml", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert [(p["name"], p["total"], p["rank"]) for p in data["players"]] == [
        ("Ailsa", 156, 2),
        ("Bruce", 184, 1),
        ("Catriona", 146, 3),
        ("Duncan", 99, 4),
    ]
    assert data["import_values"] == {"cotton": 5, "tobacco": 4, "sugar_cane": 3}
    assert data["rating"] is None
    assert data["players"][1]["breakdown"] == {
        "glory": 52,
        "goods": 11,
        "money": 4,
        "hops": 19,
        "imports": 74,
        "exports": 9,
        "settlements": 15,
        "auction": 0,
    }


def test_solo_sample_has_a_rating():
    data = json.loads(run_cli("score", "sample_games/final-solo.yaml", "--json").stdout)
    assert data["rating"] in {"Newbie", "Rookie", "Average", "Expert", "Genius"}


def test_table_output_explains_awards_and_winner():
    out = run_cli("score", "sample_games/final-4p.yaml").stdout
    assert "(12+6)/2 = 9 VP each" in out
    assert "Cotton is the rarest import" in out
    assert "Bruce wins with 184 VP." in out


def test_no_colour_codes_when_not_a_terminal_or_with_no_color():
    assert "\x1b[" not in run_cli("score", "sample_games/final-4p.yaml").stdout
    forced = run_cli(
        "score", "sample_games/final-4p.yaml", env={"NO_COLOR": "1", "FORCE_COLOR": ""}
    )
    assert "\x1b[3" not in forced.stdout


def test_bad_sheet_exits_1_with_the_reason_on_stderr_only(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "players:\n  - name: A\n    glory: -3\n    money: 0\n"
        "    contracts: []\n    settlements: 0\n"
    )
    result = run_cli("score", str(bad))
    assert result.returncode == 1
    assert result.stdout == ""
    assert f"{bad}:3: players[0].glory: expected a whole number, 0 or more, got -3" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("text", ["", "players: [", "players: !!python/object:os.system x\n"])
def test_broken_files_never_show_a_traceback(tmp_path, text):
    bad = tmp_path / "broken.yaml"
    bad.write_text(text)
    result = run_cli("score", str(bad), "--json")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and str(bad) in result.stderr
    assert result.stdout == ""


def test_missing_file_exits_1():
    result = run_cli("score", "no-such-sheet.yaml")
    assert result.returncode == 1
    assert "no-such-sheet.yaml: file not found" in result.stderr


def test_no_sheet_without_a_terminal_names_the_argument_at_once():
    result = run_cli("score", input_text="")
    assert result.returncode == 2
    assert "SHEET" in result.stderr and "terminal" in result.stderr
    assert result.stdout == ""


def test_unknown_option_is_a_usage_error():
    assert run_cli("score", "--bogus").returncode == 2


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_command_has_help_with_an_example(command):
    result = run_cli(*command, "--help")
    assert result.returncode == 0
    assert "Example" in result.stdout
    assert run_cli(*command, "-h").returncode == 0


def test_the_help_test_covers_every_command_and_group():
    from caledonia.cli.main import COMMANDS as REGISTERED

    assert {words[0] for words in COMMANDS} == set(REGISTERED)
    assert {"play", "options", "redo"} <= {words[0] for words in COMMANDS}
    assert ["box", "add"] in COMMANDS and ["map", "transcribe"] in COMMANDS


def test_the_top_level_help_lists_every_command():
    from caledonia.cli.main import COMMANDS as REGISTERED

    out = run_cli("--help").stdout
    for name in REGISTERED:
        assert name in out


def test_contracts_table_and_json():
    table = run_cli("contracts")
    assert table.returncode == 0 and "50 of 50 contracts" in table.stdout
    # no column of notes standing empty: the one note is under the table, marked on its tile
    assert "Note" not in table.stdout and "│ 3 wool* " in table.stdout
    assert "* 3 wool: 3 hops as printed on the tile; the source data said 1." in table.stdout
    assert "│ Id" not in table.stdout  # the tiles print no numbers: only --json has them
    assert "*" not in run_cli("contracts", "1").stdout
    data = json.loads(run_cli("contracts", "6", "--json").stdout)
    assert data == [
        {
            "id": 6,
            "pay": {"wool": 3},
            "gain": {"sugar_cane": 1, "hops": 3, "bonus_upgrade": 1},
            "status": "single-source",
            "note": "3 hops as printed on the tile; the source data said 1",
        }
    ]


def test_contract_filters():
    data = json.loads(
        run_cli("contracts", "--gives", "tobacco", "--pays", "whisky", "--json").stdout
    )
    assert data and all("tobacco" in c["gain"] and "whisky" in c["pay"] for c in data)
    bad = run_cli("contracts", "--gives", "gold")
    assert bad.returncode == 2 and "no contract good 'gold': the contract goods are" in bad.stderr
    spelt = run_cli("contracts", "--gives", "Sugar Cane", "--pays", "WHISKY", "--json")
    assert spelt.returncode == 0 and json.loads(spelt.stdout)


def test_unknown_contract_id_exits_1():
    result = run_cli("contracts", "51")
    assert result.returncode == 1 and "no contract 51" in result.stderr


def test_clans_by_prefix_and_ambiguity():
    data = json.loads(run_cli("clans", "ferg", "--json").stdout)
    assert [c["name"] for c in data] == ["Fergusson"]
    ambiguous = run_cli("clans", "mac")
    assert ambiguous.returncode == 1 and "MacDonald, MacKenzie or MacEwen" in ambiguous.stderr


def test_ports_and_scoring_tiles_json():
    ports = json.loads(run_cli("ports", "--json").stdout)
    assert len(ports) == 9 and ports[6]["erratum"]["default"]
    tiles = json.loads(run_cli("scoring-tiles", "--json").stdout)
    assert [t["id"] for t in tiles][-1] == "KS"


def test_version():
    result = run_cli("--version")
    assert result.returncode == 0 and result.stdout.startswith("caledonia ")


def test_contracts_tile_finds_a_tile_by_its_left_half():
    data = json.loads(run_cli("contracts", "--tile", "4 wool", "--json").stdout)
    assert [c["id"] for c in data] == [1]
    twins = json.loads(run_cli("contracts", "--tile", "whisky cheese 2 wool", "--json").stdout)
    assert [c["id"] for c in twins] == [39, 42]  # one left half on two tiles: both shown
    table = run_cli("contracts", "--tile", "cheese bread whisky")
    assert "1 cheese + 1 bread + 1 whisky" in table.stdout and "1 of 50" in table.stdout
    bad = run_cli("contracts", "--tile", "4 wole")
    assert bad.returncode == 1 and "no good 'wole'" in bad.stderr
