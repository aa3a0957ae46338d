"""`caledonia status` at the widths people have: nothing cut, nothing wider than the
terminal, and the round's scoring tile, contract cost and port tiles in words."""

from __future__ import annotations

import json
import re

import pytest
from caledonia.rules.components import components
from caledonia.rules.contract_faces import short
from caledonia.storage.games import load_game, save_game
from conftest import SAMPLES, run_cli

GAMES = sorted(path.name for path in SAMPLES.glob("game-*.yaml"))


@pytest.fixture(scope="module")
def in_progress(tmp_path_factory):
    """game-4p.yaml taken back to round 3's action phase."""
    game = load_game(str(SAMPLES / "game-4p.yaml"), components())
    game.undo(len(game.events) // 2)
    assert (game.state.round, game.state.phase) == (3, "action")
    path = tmp_path_factory.mktemp("status") / "game-4p-round-3.yaml"
    save_game(str(path), game)
    return path


def status(path, width, *more):
    shown = run_cli("status", str(path), *more, env={"COLUMNS": str(width)})
    assert shown.returncode == 0, shown.stderr
    return shown.stdout


def values(player):
    """Every value the status shows for one player, as it must appear: whole."""
    return [
        player["name"],
        player["clan"],
        f"£{player['money']}",
        *(f"{n} {good}" for good, n in player["goods"].items() if n),
        f"{player['merchants']['ready']} ready",
        f"{player['merchants']['on_market']} out",
        player["shipping"].replace("_", "-"),
        *player["technology"],
        *(f"open {short(c)}" for c in player["open_contracts"]),
        *(f"done {short(c)}" for c in player["fulfilled"]),
    ]


@pytest.mark.parametrize("width", (60, 80, 120))
@pytest.mark.parametrize("name", [*GAMES, "in progress"])
def test_status_shows_every_name_and_value_whole_within_the_width(name, width, in_progress):
    path = in_progress if name == "in progress" else SAMPLES / name
    out = status(path, width)
    lines = out.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= width
    assert "…" not in out
    data = json.loads(run_cli("status", str(path), "--json").stdout)
    for player in data["players"]:
        for value in values(player):
            assert value in out, (value, width)
    if width >= 120:  # the table fits: one column per value
        assert any(line.startswith("┃ Player") for line in lines)
    else:  # a block per player, a value per label
        assert "  Goods:" in out and "  Contracts:" in out and "┃" not in out


def test_a_finished_game_points_to_its_final_scores():
    for name in GAMES:
        out = status(f"sample_games/{name}", 60)
        joined = " ".join(line.strip() for line in out.splitlines())
        assert f"final scores with 'caledonia score sample_games/{name}'" in joined
        assert "Scoring tile" not in out and "Contracts in round" not in out


def test_status_in_progress_names_the_round_tile_contract_cost_and_ports(in_progress):
    out = status(in_progress, 60)
    joined = " ".join(line.strip() for line in out.splitlines())
    assert "caledonia score" not in out
    assert (
        "Scoring tile 7 (round 3): Meat (beef and mutton) on own fulfilled contracts; "
        "2 glory each." in joined
    )
    assert "Contracts in round 3: taking a contract costs £5." in joined
    assert "corner C: Take £10." in joined
    assert "tile 5" not in joined  # the tiles carry their effect, not a number people read
    assert re.search(r"corner A: Give back one processed good", joined)


def test_status_json_has_the_same_round_facts(in_progress):
    data = json.loads(run_cli("status", str(in_progress), "--json").stdout)
    assert data["scoring_tile"]["tile"] == "7" and data["scoring_tile"]["round"] == 3
    assert data["contract_cost"] == {"round": 3, "money": -5}
    assert data["port_tiles"]["C"] == {"tile": "5", "effect": "Take £10."}
    over = json.loads(run_cli("status", str(SAMPLES / "game-4p.yaml"), "--json").stdout)
    assert over["scoring_tile"] is None and over["contract_cost"] is None


@pytest.mark.parametrize("width", (60, 80))
def test_status_with_the_map_fits_the_width(width, in_progress):
    out = status(in_progress, width, "--map")
    assert max(len(line.rstrip()) for line in out.splitlines()) <= width
    assert "D-42" in out and "4 = Duncan (yellow" in out


def test_status_too_narrow_for_the_board_suggests_svg(in_progress):
    out = status(in_progress, 40, "--map")
    assert "--svg FILE" in out and "D-42" not in out
    assert "Catriona" in out  # the rest of the status is still there
