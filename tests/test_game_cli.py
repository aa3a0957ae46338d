"""The game commands as a table uses them: new, act, status, log, undo, fix, score GAME."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import SAMPLES, SOLO_NEW, run_cli


@pytest.fixture
def game_file(tmp_path):
    path = tmp_path / "game.yaml"
    result = run_cli(
        "new",
        str(path),
        "-p",
        "Ailsa:red",
        "-p",
        "Bruce:blue",
        "--seed",
        "3",
        "--modules",
        "A1,B1,C1,D1",
        "--clans",
        "Campbell,Cunningham,MacKenzie",
        "--start-player",
        "Ailsa",
    )
    assert result.returncode == 0, result.stderr
    return path


def test_new_describes_the_setup_and_says_what_is_example_data(game_file):
    status = run_cli("status", str(game_file), "--json")
    data = json.loads(status.stdout)
    assert data["phase"] == "clans" and data["next"].startswith("Bruce chooses a clan")
    assert "example data" in status.stderr


def test_a_new_game_file_is_not_replaced_silently(game_file):
    again = run_cli("new", str(game_file), "-p", "X")
    assert again.returncode == 2 and "--force" in again.stderr


def play_setup(path):
    for args in (["clan", "Bruce", "Campbell"], ["clan", "Ailsa", "Cunningham"]):
        assert run_cli("act", str(path), *args).returncode == 0
    data = json.loads(run_cli("status", str(path), "--json").stdout)
    assert data["phase"] == "workers"


def test_act_records_and_refuses(game_file):
    play_setup(game_file)
    before = game_file.read_bytes()
    refused = run_cli("act", str(game_file), "worker", "Bruce", "woodcutter", "A-09")
    assert refused.returncode == 1
    assert "Refused: Bruce places a starting woodcutter on A-09" in refused.stderr
    assert "it is Ailsa's turn to place a starting worker" in refused.stderr
    assert game_file.read_bytes() == before  # untouched
    done = run_cli("act", str(game_file), "worker", "Ailsa", "woodcutter", "A-09")
    assert done.returncode == 0 and "Ailsa places a woodcutter on A-09" in done.stdout
    assert "Next: Bruce places a starting worker." in done.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["trade", "Zed", "buy", "wool", "1"], "no player 'Zed'"),
        (["worker", "Ailsa", "woodcutter", "Z-99"], "no space 'Z-99'"),
        (["trade", "Ailsa", "buy", "beer", "1"], "no good 'beer': the goods are wool"),
        (["contract", "Ailsa", "77"], "expected a whole number from 1 to 50"),
    ],
)
def test_unknown_names_exit_1_and_change_nothing(game_file, args, message):
    play_setup(game_file)
    before = game_file.read_bytes()
    result = run_cli("act", str(game_file), *args)
    assert result.returncode == 1, result.stderr
    assert message in result.stderr and "Traceback" not in result.stderr
    assert game_file.read_bytes() == before


@pytest.mark.parametrize(
    "args", [["trade", "Ailsa", "buy"], ["fly", "Ailsa"], ["pass", "Ailsa", "now"]]
)
def test_wrong_words_are_usage_errors(game_file, args):
    result = run_cli("act", str(game_file), *args)
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_log_undo_and_fix(game_file):
    play_setup(game_file)
    log = run_cli("log", str(game_file)).stdout
    assert "1. Bruce takes clan Campbell" in log and "2. Ailsa takes clan Cunningham" in log
    undone = run_cli("undo", str(game_file))
    assert undone.returncode == 0 and "undone: Ailsa takes clan Cunningham" in undone.stdout
    assert json.loads(run_cli("status", str(game_file), "--json").stdout)["phase"] == "clans"
    fixed = run_cli("fix", str(game_file), "money", "Bruce", "99")
    assert fixed.returncode == 0 and "fix: Bruce's money" in fixed.stdout
    data = json.loads(run_cli("status", str(game_file), "--json").stdout)
    assert data["players"][1]["money"] == 99
    assert run_cli("undo", str(game_file), "9").returncode == 1
    assert run_cli("fix", str(game_file), "weather", "sunny").returncode == 2


def test_score_a_game_file_and_the_samples():
    for name in ("game-solo.yaml", "game-2p.yaml", "game-3p.yaml", "game-4p.yaml"):
        result = run_cli("score", f"sample_games/{name}", "--json")
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["players"]
    table = run_cli("score", "sample_games/game-4p.yaml").stdout
    assert "settlements from the map" in table


def test_status_with_the_map(tmp_path):
    copy = tmp_path / "g.yaml"
    shutil.copy(SAMPLES / "game-3p.yaml", copy)
    result = run_cli("status", str(copy), "--map")
    assert (
        result.returncode == 0
        and "Round 5, the end of the game" in result.stdout
        and "A-01" in result.stdout
    )


def test_a_damaged_or_newer_game_file_exits_1(tmp_path):
    newer = tmp_path / "newer.yaml"
    newer.write_text(
        (SAMPLES / "game-2p.yaml").read_text().replace("caledonia-game/1", "caledonia-game/7")
    )
    result = run_cli("status", str(newer))
    assert result.returncode == 1 and "newer caledonia" in result.stderr
    broken = tmp_path / "broken.yaml"
    broken.write_text((SAMPLES / "game-2p.yaml").read_text()[:-400])
    result = run_cli("log", str(broken))
    assert result.returncode == 1 and "Traceback" not in result.stderr


def test_a_short_game_from_the_command_line(tmp_path):
    """A solo game from set-up to the second round, as a new user would type it."""
    path = tmp_path / "solo.yaml"
    assert run_cli("new", str(path), *SOLO_NEW).returncode == 0
    steps = [
        ["clan", "Rhona", "Campbell"],
        ["worker", "Rhona", "woodcutter", "A-09"],
        ["worker", "Rhona", "woodcutter", "A-16"],
        ["merchant", "Rhona"],
        ["trade", "Rhona", "buy", "wool", "1"],
        ["pass", "Rhona"],
        ["produce", "Rhona"],
        ["prepare", "--roll", "wool:+2", "--roll", "milk:-1", "--roll", "whisky:-3"],
    ]
    for step in steps:
        result = run_cli("act", str(path), *step)
        assert result.returncode == 0, (step, result.stderr)
    data = json.loads(run_cli("status", str(path), "--json").stdout)
    assert data["round"] == 2 and data["phase"] == "action"
    assert sum(1 for c in data["export_board"] if c) == 5


def test_the_readme_opening_runs_as_written(tmp_path):
    import shlex

    from conftest import ROOT

    text = (ROOT / "README.md").read_text()
    block = text.split("A short two-player opening", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands = block.replace("\\\n", " ").splitlines()
    ran = 0
    for line in commands:
        line = line.split("#", 1)[0].strip()
        if not line.startswith("caledonia "):
            continue
        words = [str(tmp_path / w) if w == "game.yaml" else w for w in shlex.split(line)[1:]]
        result = run_cli(*words)
        assert result.returncode == 0, (line, result.stderr)
        ran += 1
    assert ran >= 15


@pytest.mark.parametrize("where", ["end", "middle", "equals"])
def test_act_with_force_says_it_replaces_nothing(game_file, where):
    play_setup(game_file)
    before = game_file.read_bytes()
    words = {
        "end": ["worker", "Ailsa", "woodcutter", "A-09", "--force"],
        "middle": ["worker", "--force", "Ailsa", "woodcutter", "A-09"],
        "equals": ["worker", "Ailsa", "woodcutter", "A-09", "--force=yes"],
    }[where]
    result = run_cli("act", str(game_file), *words)
    assert result.returncode == 2, result.stderr
    assert "act takes no --force: it adds the event to GAME and saves it in place" in (
        " ".join(result.stderr.split())
    )
    assert "needs a value" not in result.stderr
    assert game_file.read_bytes() == before


def test_act_help_says_there_is_no_force():
    result = run_cli("act", "--help")
    assert result.returncode == 0
    assert "there is no --force" in " ".join(result.stdout.split())
