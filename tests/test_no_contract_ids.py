"""Only the box's words in what people read: no contract number in any human-readable
output of the four sample games (the printed tiles carry none), at several points of each
game; the twin tiles (one left half on two tiles) told apart by their right half instead.
`--json` keeps the ids."""

from __future__ import annotations

import json
import re

import pytest
from caledonia.rules.contract_faces import face, has_twin, left_half
from caledonia.rules.game.engine import Game
from caledonia.storage.games import load_game, save_game
from conftest import SAMPLES, run_cli
from gametools import PARTS

GAMES = ("game-solo.yaml", "game-2p.yaml", "game-3p.yaml", "game-4p.yaml")
COMMANDS = (["status"], ["log"], ["options"])
OVER = (["score"], ["report"])


def with_id(text: str) -> list[str]:
    """Every place `text` names a contract with its number: its face or left half followed
    by '(N)', or 'contract N'."""
    found = []
    for contract in PARTS.contracts.values():
        for said in (face(contract), left_half(contract)):
            if f"{said} ({contract.id})" in text:
                found.append(f"{said} ({contract.id})")
    found += re.findall(r"\bcontracts? \d+\b", text)
    return found


def points(name: str) -> list[int]:
    events = len(load_game(str(SAMPLES / name), PARTS).events)
    return sorted({events // 4, events // 2, 3 * events // 4, events})


@pytest.mark.parametrize("name", GAMES)
def test_no_contract_number_in_what_people_read(name, tmp_path):
    played = load_game(str(SAMPLES / name), PARTS)
    for upto in points(name):
        game = Game(played.setup, PARTS)
        for event in played.events[:upto]:
            game.apply(event)
        path = tmp_path / f"{upto}.yaml"
        save_game(str(path), game)
        for command in COMMANDS + (OVER if game.state.phase == "over" else ()):
            done = run_cli(command[0], str(path), *command[1:])
            assert done.returncode in (0, 1), done.stderr
            assert with_id(done.stdout + done.stderr) == [], (command, upto)


def test_the_lookup_names_no_contract_by_its_number():
    shown = run_cli("contracts")
    assert shown.returncode == 0 and with_id(shown.stdout) == []
    assert "Id" not in shown.stdout.split("\n")[2]  # the table's heading: no id column
    data = json.loads(run_cli("contracts", "--json").stdout)
    assert [c["id"] for c in data] == sorted(PARTS.contracts)  # --json keeps them


def test_status_json_keeps_the_ids_and_its_text_holds_only_faces(tmp_path):
    played = load_game(str(SAMPLES / "game-3p.yaml"), PARTS)
    game = Game(played.setup, PARTS)
    for event in played.events[:40]:
        game.apply(event)
    path = tmp_path / "g.yaml"
    save_game(str(path), game)
    data = json.loads(run_cli("status", str(path), "--json").stdout)
    board = [c for c in data["export_board"] if c is not None]
    assert board and all(isinstance(c, int) for c in board)
    text = run_cli("status", str(path)).stdout
    assert all(face(PARTS.contracts[c]) in text for c in board)


def test_the_twins_are_told_apart_by_their_right_half_not_a_number():
    from caledonia.rules.contract_faces import short

    twins = [c for c in PARTS.contracts.values() if has_twin(c, PARTS.contracts)]
    assert len(twins) == 2
    named = [short(c.id, PARTS.contracts) for c in twins]
    assert named[0] != named[1]
    assert all(
        "→" in words and f"({c.id})" not in words for words, c in zip(named, twins, strict=True)
    )
    single = next(c for c in PARTS.contracts.values() if not has_twin(c, PARTS.contracts))
    assert short(single.id, PARTS.contracts) == left_half(single)
