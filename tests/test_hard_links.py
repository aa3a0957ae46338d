"""A game file with more than one name (hard links): a save replaces the file atomically,
so the other names keep the old game; the command says so once, on stderr."""

from __future__ import annotations

import os

from caledonia.cli.play_cmd import run
from caledonia.storage.games import load_game
from conftest import run_cli
from gametools import PARTS
from scripted import ScriptedAsker
from test_play_saving import sample


def test_saving_a_hard_linked_game_says_once_that_the_other_name_keeps_the_old_game(tmp_path):
    path, other = tmp_path / "g.yaml", tmp_path / "other-name.yaml"
    made = run_cli("new", str(path), "-p", "Ann:red", "-p", "Bob:blue", "--seed", "1")
    assert made.returncode == 0, made.stderr
    os.link(path, other)
    before = other.read_text()
    done = run_cli("fix", str(path), "money", "Ann", "7")
    assert done.returncode == 0, done.stderr
    said = done.stderr
    assert said.count("had 1 other name (a hard link): it keeps the game as it was") == 1
    assert other.read_text() == before  # the other name: the old game, as said
    assert os.stat(path).st_nlink == 1
    again = run_cli("fix", str(path), "money", "Ann", "8")
    assert again.returncode == 0 and "hard link" not in again.stderr


def test_a_file_with_one_name_says_nothing_of_links(tmp_path):
    path = tmp_path / "g.yaml"
    made = run_cli("new", str(path), "-p", "Ann:red", "-p", "Bob:blue", "--seed", "1")
    done = run_cli("fix", str(path), "money", "Ann", "7")
    assert made.returncode == done.returncode == 0
    assert "hard link" not in made.stderr + done.stderr


def test_play_says_it_once_for_many_saves(tmp_path, capsys):
    path = sample(tmp_path)
    os.link(path, tmp_path / "two.yaml")
    os.link(path, tmp_path / "three.yaml")
    run(ScriptedAsker(["x", "m", "Kirsty", "30", "x", "m", "Iain", "20", "q"]), str(path))
    assert len(load_game(str(path), PARTS).events) == 14
    said = capsys.readouterr().err
    assert said.count("had 2 other names (hard links)") == 1
