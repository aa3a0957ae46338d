"""A file of the wrong kind is named for what it is: a score sheet given to a game
command, a position file given to `score`; the right kind still works."""

from __future__ import annotations

import pytest
from conftest import SAMPLES, run_cli

SHEET = str(SAMPLES / "final-4p.yaml")
GAME = str(SAMPLES / "game-4p.yaml")
POSITION = str(SAMPLES / "position-3p.yaml")


@pytest.mark.parametrize(
    "args",
    [
        ["status", SHEET],
        ["options", SHEET],
        ["log", SHEET],
        ["report", SHEET],
        ["undo", SHEET],
        ["redo", SHEET],
        ["fix", SHEET, "money", "Ailsa", "3"],
        ["act", SHEET, "pass", "Ailsa"],
        ["map", "where", "A-10", SHEET],
        ["map", "show", SHEET],
    ],
)
def test_a_score_sheet_given_to_a_game_command_is_named(args):
    result = run_cli(*args)
    assert result.returncode == 1, result.stderr
    assert (
        f"{SHEET} is a score sheet, not a game: score it with 'caledonia score {SHEET}'"
        in result.stderr
    )
    assert "unknown key" not in result.stderr and "Traceback" not in result.stderr


def test_a_game_and_a_position_still_work_where_a_sheet_is_refused():
    assert run_cli("status", GAME).returncode == 0
    assert run_cli("map", "where", "A-10", POSITION).returncode == 0


def test_score_reads_a_sheet_and_a_game_but_names_a_position():
    assert run_cli("score", SHEET).returncode == 0
    assert run_cli("score", GAME).returncode == 0
    refused = run_cli("score", POSITION)
    assert refused.returncode == 1
    assert f"{POSITION} is a position file (where units stand), not a score sheet" in (
        refused.stderr
    )


def test_score_reads_a_game_with_a_wrong_format_line_as_a_game(tmp_path):
    game = tmp_path / "game.yaml"
    text = (SAMPLES / "game-2p.yaml").read_text().replace("caledonia-game/1", "nonsense")
    game.write_text(text)
    result = run_cli("score", str(game))
    assert result.returncode == 1
    assert "format: expected 'caledonia-game/2'" in result.stderr
    assert "players" not in result.stderr
