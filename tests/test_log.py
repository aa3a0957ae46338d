"""`caledonia log`: a log a table can read back, by round and phase, each event with the
money, glory and goods it moved, the dice, the round scoring and corrections marked."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from caledonia.rules.components import components
from caledonia.rules.game.history import history, start_holdings
from caledonia.storage.games import load_game
from conftest import SAMPLES, run_cli

GAMES = sorted(SAMPLES.glob("game-*.yaml"))


def _log(path) -> str:
    result = run_cli("log", str(path))
    assert result.returncode == 0, result.stderr
    return result.stdout


def _log_json(path) -> list[dict]:
    result = run_cli("log", str(path), "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_the_log_heads_every_round_and_shows_its_scoring(path):
    text = _log(path)
    for round_number in range(1, 6):
        assert f"\nRound {round_number}: the action phase\n" in text
        assert f"\nRound {round_number}: the production phase\n" in text
        assert re.search(rf"^ +round {round_number} scoring, tile \w+: .* glory$", text, re.M)
    assert text.startswith("Setup: the clan choice\n")
    assert text.rstrip().endswith("'caledonia score' gives the final score.")


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_the_money_moved_adds_up_to_each_players_final_money(path):
    entries = _log_json(path)
    game = load_game(str(path), components())
    start = start_holdings(game)
    for player in game.state.players:
        moved = sum(e["changes"].get(player.name, {}).get("money", 0) for e in entries)
        assert start[player.name][0] + moved == player.money
        glory = sum(e["changes"].get(player.name, {}).get("glory", 0) for e in entries)
        scored = sum(e["scoring"]["glory"][player.name] for e in entries if e["scoring"])
        assert start[player.name][1] + glory + scored == player.glory
        for good, held in player.goods.items():
            goods = sum(
                e["changes"].get(player.name, {}).get("goods", {}).get(good, 0) for e in entries
            )
            assert start[player.name][2].get(good, 0) + goods == held, good
    assert [e["round"] for e in entries] == sorted(e["round"] for e in entries)
    assert {e["phase"] for e in entries} >= {"clans", "workers", "action", "production"}
    assert sum(1 for e in entries if e["scoring"]) == 5


def test_the_text_shows_what_each_event_moved():
    text = _log(SAMPLES / "game-2p.yaml")
    # Stewart's Iain pays £4 for the milk and receives £1 for trading
    assert "  11. Iain buys 1 milk  (Iain -£3, +1 milk)\n" in text
    assert "  27. Kirsty sells 1 cheese  (Kirsty +£11, -1 cheese)\n" in text
    assert "   1. Kirsty takes clan MacDonald  (Kirsty +£55, +1 cheese)\n" in text
    # an event that moves nothing says nothing more
    assert "  16. Kirsty rows a fisherman from B-20 (row 3, hex 6 of module B, part of a " in text
    assert "to B-26 (row 4, hex 5 of module B, beside Kirsty's fisherman (NE))\n" in text


def test_round_scoring_glory_is_its_own_line_not_the_events():
    game = load_game(str(SAMPLES / "game-2p.yaml"), components())
    scored = [e for e in history(game) if e.scoring]
    third = scored[2]
    assert third.scoring.round == 3 and third.scoring.glory == {"Iain": 5, "Kirsty": 4}
    assert all(change.glory == 0 for change in third.changes.values())


def test_the_solo_log_shows_the_dice_of_every_preparation():
    text = _log(SAMPLES / "game-solo.yaml")
    entries = _log_json(SAMPLES / "game-solo.yaml")
    prepares = [e for e in entries if e["event"]["type"] == "prepare"]
    assert len(prepares) == 4
    for entry in prepares:
        assert entry["phase"] == "preparation" and len(entry["event"]["rolls"]) == 3
        dice = ", ".join(f"{r['good']} {r['die']:+d}" for r in entry["event"]["rolls"])
        assert f"        dice: {dice}\n" in text
        assert f"\nRound {entry['round']}: the preparation phase\n{entry['number']:4d}. " in text


def test_a_correction_is_marked_with_what_it_changed(tmp_path):
    path = tmp_path / "game.yaml"
    shutil.copy(SAMPLES / "game-2p.yaml", path)
    game = load_game(str(path), components())
    money = game.state.player("Iain").money
    assert run_cli("fix", str(path), "money", "Iain", str(money + 7)).returncode == 0
    text = _log(path)
    last = [line for line in text.splitlines() if line.startswith("  86. ")]
    assert last == [f"  86. correction: Iain's money is now £{money + 7}  (Iain +£7)"]
    assert f"        fix: Iain's money £{money} → £{money + 7}" in text
    entry = _log_json(path)[-1]
    assert entry["correction"] is True and entry["changes"] == {
        "Iain": {"money": 7, "glory": 0, "goods": {}}
    }
    assert not any(e["correction"] for e in _log_json(SAMPLES / "game-2p.yaml"))


def test_the_last_events_keep_their_heading(tmp_path):
    from caledonia.cli.game_log import print_log

    game = load_game(str(SAMPLES / "game-3p.yaml"), components())
    import io

    from caledonia.cli import output
    from rich.console import Console

    buffer = io.StringIO()
    output._consoles[False] = Console(file=buffer, highlight=False)
    try:
        print_log(game, last=3)
    finally:
        del output._consoles[False]
    lines = buffer.getvalue().splitlines()
    assert lines[0] == "Round 5: the production phase"
    assert sum(1 for line in lines if re.match(r" *\d+\. ", line)) == 3
