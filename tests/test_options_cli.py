"""`options`, `act --event`, `redo` and the `--json` of the game commands, as another program
and a table use them."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
import yaml
from conftest import SOLO_NEW, run_cli

NEW = ["-p", "Ailsa:red", "-p", "Bruce:blue", "--seed", "3", "--modules", "A1,B1,C1,D1"]
NEW += ["--clans", "Campbell,Cunningham,MacKenzie", "--start-player", "Ailsa"]


def ok(*args) -> str:
    result = run_cli(*args)
    assert result.returncode == 0, (args, result.stderr)
    return result.stdout


@pytest.fixture
def game_file(tmp_path):
    path = tmp_path / "game.yaml"
    ok("new", str(path), *NEW)
    return path


def solo_at_preparation(tmp_path):
    """A solo game at its first preparation, where the dice are needed."""
    path = tmp_path / "solo.yaml"
    ok("new", str(path), *SOLO_NEW)
    for args in (
        ["clan", "Rhona", "Campbell"],
        ["worker", "Rhona", "woodcutter", "A-09"],
        ["worker", "Rhona", "woodcutter", "A-16"],
        ["pass", "Rhona"],
        ["produce", "Rhona"],
    ):
        ok("act", str(path), *args)
    return path


def options(path, *extra) -> list[dict]:
    return json.loads(ok("options", str(path), "--json", *extra))


def test_a_program_plays_a_round_with_options_and_act_event(game_file):
    """Only `options --json` and `act --event`: every event offered is accepted as it is."""
    rng = random.Random(5)
    played = 0
    while True:
        status = json.loads(ok("status", str(game_file), "--json"))
        if status["round"] == 2:
            break
        listed = options(game_file)
        assert listed, status
        kinds = sorted({e["type"] for e in listed})
        kind = "pass" if played > 14 and "pass" in kinds else rng.choice(kinds)
        event = rng.choice([e for e in listed if e["type"] == kind])
        out = json.loads(ok("act", str(game_file), "--event", json.dumps(event), "--json"))
        assert out["recorded"] == [event]
        played += 1
    events = yaml.safe_load(game_file.read_text())["events"]
    assert len(events) == played and {"clan", "worker", "produce", "prepare"} <= {
        e["type"] for e in events
    }


def test_options_in_words_with_costs(game_file):
    for args in (["clan", "Bruce", "Campbell"], ["clan", "Ailsa", "Cunningham"]):
        ok("act", str(game_file), *args)
    text = ok("options", str(game_file))
    assert "Ailsa (red) may:" in text and "worker (" in text
    assert "woodcutter on A-09 for £8: forest £2" in text  # the land's cost where it is
    for args in (
        ["worker", "Ailsa", "woodcutter", "A-09"],
        ["worker", "Bruce", "miner", "B-18"],
        ["worker", "Bruce", "woodcutter", "B-16"],
        ["worker", "Ailsa", "miner", "A-19"],
    ):
        ok("act", str(game_file), *args)
    text = ok("options", str(game_file), "--player", "red")
    assert "expand (" in text and "cow on A-10 for £10: grassland £1" in text
    assert "trade (" in text and "pass and receive £" in text and "Bruce" not in text


def test_options_json_lists_the_events_act_records(game_file):
    listed = options(game_file)
    assert listed == [
        {"type": "clan", "player": "Bruce", "clan": clan}
        for clan in ("Campbell", "Cunningham", "MacKenzie")
    ]
    assert options(game_file, "--player", "Ailsa") == []


def test_options_refuses_to_print_more_than_the_limit(tmp_path):
    path = solo_at_preparation(tmp_path)
    result = run_cli("options", str(path), "--json", "--limit", "1000")
    assert result.returncode == 1 and "25,920 legal events now (prepare 25,920)" in result.stderr
    assert "--limit 25920" in result.stderr
    assert len(options(path, "--limit", "25920")) == 25920
    words = ok("options", str(path))
    assert "prepare (25,920 ways): name the 3 dice rolls" in words


def test_act_event_refusals_and_bad_input(game_file):
    before = game_file.read_bytes()
    bad_json = run_cli("act", str(game_file), "--event", "{type: pass")
    assert bad_json.returncode == 2 and "--event: not JSON" in bad_json.stderr
    refused = run_cli(
        "act", str(game_file), "--event", '{"type": "clan", "player": "Ailsa", "clan": "Campbell"}'
    )
    assert refused.returncode == 1 and "it is Bruce's turn to choose a clan" in refused.stderr
    unknown = run_cli(
        "act", str(game_file), "--event", '{"type": "pass", "player": "Ailsa", "loudly": 1}'
    )
    assert unknown.returncode == 1 and "unknown key 'loudly'" in unknown.stderr
    both = run_cli("act", str(game_file), "pass", "Ailsa", "--event", '{"type": "pass"}')
    assert both.returncode == 2
    assert game_file.read_bytes() == before


def test_json_of_new_act_fix_undo_and_redo(tmp_path):
    path = tmp_path / "g.yaml"
    created = json.loads(ok("new", str(path), *NEW, "--json"))
    assert created["recorded"] == [] and created["state"]["phase"] == "clans"
    assert isinstance(created["setup"]["pile"], int)  # its size: the order stays hidden
    assert created["setup"]["start_player"] == "Ailsa"
    acted = json.loads(ok("act", str(path), "clan", "bruce", "campbell", "--json"))
    assert acted["recorded"] == [{"type": "clan", "player": "Bruce", "clan": "Campbell"}]
    assert acted["state"]["players"][1]["clan"] == "Campbell"
    fixed = json.loads(ok("fix", str(path), "money", "Bruce", "99", "--json"))
    assert fixed["recorded"][0]["value"] == 99 and fixed["state"]["players"][1]["money"] == 99
    undone = json.loads(ok("undo", str(path), "2", "--json"))
    assert [e["type"] for e in undone["undone"]] == ["clan", "fix"]
    assert undone["state"]["redo"] == 2 and undone["state"]["events"] == 0
    redone = json.loads(ok("redo", str(path), "--json"))
    assert redone["recorded"] == acted["recorded"] and redone["state"]["redo"] == 1


def test_undo_keeps_what_redo_restores_until_a_new_event(game_file):
    ok("act", str(game_file), "clan", "Bruce", "Campbell")
    ok("act", str(game_file), "clan", "Ailsa", "Cunningham")
    ok("undo", str(game_file), "2")
    data = yaml.safe_load(game_file.read_text())
    assert data["format"] == "caledonia-game/2" and len(data["redo"]) == 2
    redone = ok("redo", str(game_file))
    assert "redone: Bruce takes clan Campbell" in redone
    ok("act", str(game_file), "clan", "Ailsa", "MacKenzie")
    result = run_cli("redo", str(game_file))
    assert result.returncode == 1 and "nothing to redo" in result.stderr
    assert yaml.safe_load(game_file.read_text())["format"] == "caledonia-game/1"


def test_solo_preparation_needs_its_dice_and_records_them(tmp_path):
    path = solo_at_preparation(tmp_path)
    asked = run_cli("act", str(path), "prepare")
    assert (
        asked.returncode == 2
        and "--roll GOOD:±N" in asked.stderr
        and "--virtual-dice" in asked.stderr
    )
    copy = tmp_path / "copy.yaml"
    shutil.copy(path, copy)
    rolled = json.loads(ok("act", str(path), "prepare", "--virtual-dice", "--json"))
    rolls = rolled["recorded"][0]["rolls"]
    assert len(rolls) == 3 and rolled["notes"][0].startswith("dice: ")
    assert "preparation of the next round (dice " in ok("log", str(path))
    typed = ["--roll=wool:+2", "--roll", "milk:-1", "--roll=whisky:-3"]
    ok("act", str(copy), "prepare", *typed)
    assert yaml.safe_load(copy.read_text())["events"][-1]["rolls"] == [
        {"good": "wool", "die": 2},
        {"good": "milk", "die": -1},
        {"good": "whisky", "die": -3},
    ]


def test_an_old_solo_file_gets_its_seeded_dice_in_the_record(tmp_path):
    copy = tmp_path / "solo.yaml"
    shutil.copy(Path(__file__).parent / "data" / "old-solo-game.yaml", copy)
    assert "rolls" not in copy.read_text()
    log = ok("log", str(copy))
    assert "preparation of the next round (dice " in log
    assert "is medium: " in log and " steps → £" in log  # the price changes, under the dice
    ok("undo", str(copy))
    ok("redo", str(copy))
    assert "rolls:" in copy.read_text()


def test_fix_refuses_words_it_does_not_know(game_file):
    result = run_cli("fix", str(game_file), "technology", "Ailsa", "miner", "yse")
    assert result.returncode == 2 and "say yes or no" in result.stderr


def test_options_for_an_unknown_player(game_file):
    result = run_cli("options", str(game_file), "--player", "Zed")
    assert result.returncode == 1 and "no player 'Zed'" in result.stderr


def test_status_names_no_clan_power_left_unenforced(game_file):
    ok("act", str(game_file), "clan", "Bruce", "Campbell")
    result = run_cli("status", str(game_file))
    assert result.returncode == 0 and "Not yet enforced" not in result.stderr


@pytest.mark.parametrize(
    "event, reason",
    [
        ({"type": "pass"}, "missing key 'player'"),
        ({"type": "trade", "player": "Ailsa", "side": "buy", "good": "wool"}, "missing key"),
        ({"type": "prepare", "rolls": "x"}, "expected a list"),
        ({"player": "Ailsa"}, "missing key 'type'"),
    ],
)
def test_a_malformed_event_is_refused_in_words(game_file, event, reason):
    result = run_cli("act", str(game_file), "--event", json.dumps(event))
    assert result.returncode == 1 and reason in result.stderr
    assert "Internal error" not in result.stderr and "Traceback" not in result.stderr


def test_a_refusal_never_shows_the_hidden_pile(game_file):
    pile = yaml.safe_load(game_file.read_text())["setup"]["pile"]
    event = {"type": "building_bonus", "player": "Ailsa"}
    result = run_cli("act", str(game_file), "--event", json.dumps(event))
    assert result.returncode == 1
    assert "Refused: Ailsa takes the building bonus, keeping none" in result.stderr
    assert ", ".join(map(str, pile[:3])) not in result.stderr


@pytest.mark.parametrize(
    "players, message",
    [
        (["A", "B", "C", "D", "E"], "a game has 1 to 4 players, not 5"),
        ([" ", "B"], "a player needs a name"),
    ],
)
def test_new_refuses_impossible_players(tmp_path, players, message):
    words = [w for name in players for w in ("-p", name)]
    result = run_cli("new", str(tmp_path / "g.yaml"), *words)
    assert result.returncode == 1 and message in result.stderr
    assert not (tmp_path / "g.yaml").exists()
