"""Honest results and messages: provisional scores, hidden piles, plurals, read errors, usage."""

from __future__ import annotations

import json

import pytest
import yaml
from caledonia.rules.contract_faces import tile
from caledonia.storage.games import save_game
from conftest import SAMPLES, run_cli
from gametools import act, refuse, start


@pytest.fixture
def unfinished(tmp_path):
    path = tmp_path / "game.yaml"
    save_game(str(path), start(3))
    return path


# -- score ------------------------------------------------------------------------------


def test_score_of_an_unfinished_game_is_provisional(unfinished):
    shown = run_cli("score", str(unfinished))
    assert shown.returncode == 0, shown.stderr
    assert "Provisional score after round 0" in shown.stdout
    assert "Final score" not in shown.stdout
    assert " wins " not in shown.stdout and " leads " in shown.stdout
    data = json.loads(run_cli("score", str(unfinished), "--json").stdout)
    assert data["final"] is False and data["after_round"] == 0


def test_score_of_a_finished_game_is_final():
    finished = str(SAMPLES / "game-3p.yaml")
    shown = run_cli("score", finished)
    assert "Final score" in shown.stdout and "Provisional" not in shown.stdout
    assert " wins " in shown.stdout or "share the win" in shown.stdout
    data = json.loads(run_cli("score", finished, "--json").stdout)
    assert data["final"] is True and "after_round" not in data


def test_a_score_sheet_is_final():
    data = json.loads(run_cli("score", str(SAMPLES / "final-4p.yaml"), "--json").stdout)
    assert data["final"] is True


# -- solo show -------------------------------------------------------------------------


def test_solo_show_json_gives_the_piles_size_not_its_order(tmp_path):
    state = tmp_path / "solo.yaml"
    assert run_cli("solo", "new", str(state), "--seed", "4").returncode == 0
    kept = yaml.safe_load(state.read_text())["pile"]  # the file keeps the order, to deal from
    assert len(kept) > 1
    data = json.loads(run_cli("solo", "show", str(state), "--json").stdout)
    assert data["pile"] == len(kept)
    shown = run_cli("solo", "show", str(state), "--json").stdout
    assert ", ".join(map(str, kept[:3])) not in " ".join(shown.split()).replace("[", "")


# -- plurals -------------------------------------------------------------------------------


def _passes(game):
    while game.state.phase == "action":
        state = game.state
        name = state.next_player() if state.turn.main_done else state.turn.player
        act(game, type="pass", player=name)


def test_production_counts_buildings_in_plain_english():
    game = start(2)
    _passes(game)
    reasons = refuse(game, type="produce", player="Ailsa", cheese=1)
    assert reasons[0].startswith("Ailsa has 0 cheese dairies: at most 0 cheese")


def test_one_hop_is_one_hop():
    game = start(3)
    act(game, type="fix", what="contract", contract=1, to="open", player="Ailsa")
    act(game, type="fix", what="goods", player="Ailsa", good="wool", value=4)
    notes = act(game, type="fulfil", player="Ailsa", contract=1)
    assert any("imports 2 cotton, 1 hop" in note and "hops" not in note for note in notes)


def test_one_free_merchant():
    game = start(3)
    act(game, type="fix", what="merchants", player="Ailsa", value=1)
    reasons = refuse(game, type="trade", player="Ailsa", side="buy", good="wool", quantity=2)
    assert "Ailsa has 1 free merchant, 2 needed" in reasons


def test_a_fixed_contract_says_where_it_is():
    game = start(3)
    notes = act(game, type="fix", what="contract", contract=33, to="open", player="Ailsa")
    assert notes == [f"fix: {tile(33)} is open in Ailsa's export box"]
    from caledonia.rules.game.event_words import describe

    assert describe(game.events[-1]) == f"the contract {tile(33)} is open in Ailsa's export box"
    notes = act(game, type="fix", what="contract", contract=33, to="fulfilled", player="Ailsa")
    assert notes == [f"fix: {tile(33)} is among Ailsa's fulfilled contracts"]


# -- read errors ------------------------------------------------------------------------


def test_a_nul_byte_is_one_line_with_its_line_number(tmp_path):
    sheet = tmp_path / "sheet.yaml"
    sheet.write_bytes(b"players:\n  - name: Ailsa\n    glory: 1\x00\n")
    result = run_cli("score", str(sheet))
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert lines == [f"Error: {sheet}:3: a NUL byte at column 13: a YAML file holds text only "
                     "(was it saved as text?)"]  # fmt: skip


@pytest.mark.parametrize("lines_before", [0, 5000])
def test_a_control_character_is_placed_by_line_and_column(lines_before):
    from caledonia.rules.errors import DataError
    from caledonia.rules.yamlfile import parse_yaml

    text = "a: 1\n" * lines_before + "key: va\x01lue\n"
    with pytest.raises(DataError) as caught:
        parse_yaml(text, "f.yaml")
    assert caught.value.line == lines_before + 1
    assert caught.value.reason.startswith("the control character U+0001 at column 8")


def test_clean_yaml_still_reads():
    from caledonia.rules.yamlfile import parse_yaml

    assert parse_yaml("key: value\n", "f.yaml") == {"key": "value"}


# -- usage errors ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, error, command",
    [
        (["score", "--bogus"], "no such option: --bogus", "caledonia score"),
        (["act"], "missing argument 'GAME'", "caledonia act"),
        (["contracts", "abc"], "invalid value for 'ID': 'abc' is not a whole number", "caledonia contracts"),
        (["map", "legal"], "missing argument 'POSITION|GAME'", "caledonia map legal"),
        (["nosuch"], "no such command 'nosuch'", "caledonia"),
    ],
)  # fmt: skip
def test_typer_usage_errors_are_one_error_line_and_a_hint(args, error, command):
    result = run_cli(*args)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [f"Error: {error}", f"Try '{command} -h' for help."]
    assert "╭" not in result.stderr and result.stdout == ""


def test_our_usage_problems_take_the_same_shape(tmp_path):
    result = run_cli("act", str(tmp_path / "game.yaml"))
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "Error: say what happens: ACTION and its words, or --event JSON",
        "Try 'caledonia act -h' for help.",
    ]


def test_help_and_version_still_exit_0_and_no_arguments_shows_the_help():
    assert run_cli("score", "-h").returncode == 0
    assert run_cli("--version").returncode == 0
    bare = run_cli()
    assert bare.returncode == 2 and "Usage: caledonia" in bare.stdout + bare.stderr
    assert "Error" not in bare.stderr


@pytest.mark.parametrize(
    "fix, words",
    [
        ({"what": "money", "player": "Bruce", "value": 30}, "Bruce's money is now £30"),
        ({"what": "glory", "player": "Bruce", "value": 12}, "Bruce's glory is now 12"),
        (
            {"what": "goods", "player": "Bruce", "good": "wool", "value": 3},
            "Bruce now holds 3 wool",
        ),
        ({"what": "price", "good": "cheese", "value": 9}, "the cheese price is now £9"),
        (
            {"what": "merchants", "player": "Bruce", "value": 2},
            "Bruce now has 2 merchants ready to trade",
        ),
        (
            {"what": "unit", "player": "Bruce", "space": "A-10", "unit": "cheese_dairy"},
            "Bruce's cheese dairy now stands on A-10",
        ),
        (
            {"what": "unit", "player": "Bruce", "space": "A-10", "unit": "none"},
            "Bruce's unit is off A-10",
        ),
        (
            {"what": "shipping", "player": "Bruce", "level": "1_loch"},
            "Bruce's shipping is now 1-loch",
        ),
        (
            {"what": "technology", "player": "Bruce", "worker": "miner", "upgraded": True},
            "Bruce's miner technology is now upgraded",
        ),
    ],
)
def test_each_correction_is_described_in_the_tables_words(fix, words):
    from caledonia.rules.game.event_words import describe

    assert describe({"type": "fix", **fix}) == words
