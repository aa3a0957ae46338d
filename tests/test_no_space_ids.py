"""Only the box's words in what people read: the printed board shows no space ids, so no
human-readable output of the four sample games names a space by its id alone. Where an id
stands (the record's and `act`'s name for it) its row and hex in its module follow, as the
menus and confirmations say it. `--json` keeps the ids."""

from __future__ import annotations

import json
import re

import pytest
from caledonia.rules.game.engine import Game
from caledonia.storage.games import load_game, save_game
from conftest import SAMPLES, run_cli
from gametools import PARTS

GAMES = ("game-solo.yaml", "game-2p.yaml", "game-3p.yaml", "game-4p.yaml")
COMMANDS = (["status"], ["log"], ["options"], ["options", "--all"])
OVER = (["score"], ["report"])
# an id with no place after it: the menus' 'sheep on A-36 for £13: …, row 6, hex 1 of
# module A' name the place after the cost, so those lines are read whole
BARE = re.compile(r"\b[A-D]-\d\d\b(?! \(row \d)")


def bare_ids(text: str) -> list[str]:
    return [line for line in text.splitlines() if BARE.search(line) and " of module " not in line]


def points(name: str) -> list[int]:
    events = len(load_game(str(SAMPLES / name), PARTS).events)
    return sorted({events // 4, events // 2, 3 * events // 4, events})


@pytest.mark.parametrize("name", GAMES)
def test_no_bare_space_id_in_what_people_read(name, tmp_path):
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
            assert bare_ids(done.stdout + done.stderr) == [], (command, upto)


def test_undo_and_redo_name_the_spaces_they_take_back(tmp_path):
    path = tmp_path / "game.yaml"
    save_game(str(path), load_game(str(SAMPLES / "game-3p.yaml"), PARTS))
    done = run_cli("undo", str(path), "--to", "5")  # from event 6, a starting woodcutter
    assert done.returncode == 0 and "A-37 (row 6, hex 2 of module A)" in done.stdout
    assert bare_ids(done.stdout) == []
    done = run_cli("redo", str(path), "3")
    assert done.returncode == 0 and bare_ids(done.stdout) == [] and "A-37 (row 6" in done.stdout


def test_the_log_json_keeps_the_ids():
    data = json.loads(run_cli("log", str(SAMPLES / "game-3p.yaml"), "--json").stdout)
    sixth = data[5]
    assert sixth["event"]["space"] == "A-37"
    assert sixth["words"].startswith("Morag places a starting woodcutter on A-37")
