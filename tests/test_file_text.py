"""Text read from files is held to the rules of text typed: a player name with a control,
a C1 character, a bidirectional override or a line break, or over 40 characters, in a game
file, a score sheet or a position file is refused at load with file:line and the reason,
as `new` refuses it; --json never writes such a character raw; HTML and SVG strip them."""

from __future__ import annotations

import json

import pytest
from caledonia.cli.output import json_safe, markup_escape
from caledonia.cli.play_cmd import run
from caledonia.rules.errors import DataError
from conftest import SAMPLES, run_cli
from scripted import ScriptedAsker

BAD_NAMES = {
    "bidi override": ("Ann\u202e", "the text-direction control U+202E"),
    "C1 control": ("Ann\u009b2J", "the control U+009B"),
    "line break": ("Ann\nBruce: 99 VP", "a line break"),
    "NUL": ("Ann\x00", "a NUL"),
    "escape": ("Ann\x1b[2J", "an escape sequence"),
    "too long": ("A" * 10_000, "at most 40 characters, not 10,000"),
}
RAW = ("\u202e", "\u009b", "\x1b", "\x00", "\nBruce: 99 VP")


def planted(tmp_path, sample, old, new):
    """`sample` with the first player's name `old` (and the events naming them) as `new`."""
    source = (SAMPLES / sample).read_text()
    assert f"name: {old}" in source
    path = tmp_path / sample
    path.write_text(source.replace(f"name: {old}", f"name: {json.dumps(new)}", 1))
    return path


def refused(done, path, reason):
    assert done.returncode == 1, (done.returncode, done.stderr[-300:])
    first = done.stderr.splitlines()[0]
    assert f"{path}:" in first and "name" in first, first  # the file and its line
    assert reason in done.stderr
    assert len(done.stderr) < 500  # a 10,000-character name is said back shortened
    for raw in RAW:
        assert raw not in done.stderr + done.stdout


@pytest.mark.parametrize("case", BAD_NAMES, ids=list(BAD_NAMES))
def test_a_bad_name_in_a_game_file_is_refused_at_load(tmp_path, case):
    name, reason = BAD_NAMES[case]
    path = planted(tmp_path, "game-2p.yaml", "Kirsty", name)
    for command in (("status",), ("status", "--json"), ("score", "--json"), ("log",)):
        done = run_cli(command[0], str(path), *command[1:])
        refused(done, path, reason)
    with pytest.raises(DataError, match="name") as problem:  # play, before its first menu
        run(ScriptedAsker([]), str(path))
    assert f"{path}:" in str(problem.value) and reason in str(problem.value)


@pytest.mark.parametrize("case", ["bidi override", "line break", "too long"])
def test_a_bad_name_in_a_score_sheet_or_position_file_is_refused(tmp_path, case):
    name, reason = BAD_NAMES[case]
    sheet = planted(tmp_path, "final-4p.yaml", "Ailsa", name)
    refused(run_cli("score", str(sheet), "--json"), sheet, reason)
    position = planted(tmp_path, "position-3p.yaml", "Ailsa", name)
    refused(run_cli("map", "settlements", str(position)), position, reason)


def test_a_word_of_an_event_with_a_control_is_refused(tmp_path):
    path = tmp_path / "g.yaml"
    made = run_cli("new", str(path), "-p", "Ann:red", "-p", "Bob:blue", "--seed", "1")
    assert made.returncode == 0, made.stderr
    fixed = run_cli("fix", str(path), "money", "Ann", "3")
    assert fixed.returncode == 0, fixed.stderr
    text = path.read_text()
    assert "what: money" in text
    path.write_text(text.replace("what: money", 'what: "money\\u202e"'))
    done = run_cli("status", str(path), "--json")
    assert done.returncode == 1 and "expected text of one line" in done.stderr
    assert "\u202e" not in done.stderr


def test_json_output_writes_no_control_or_bidi_character_raw():
    data = {"name": "A\u202eB\u009bC\x1bD\x7fE\u2066F\u2028"}
    text = json_safe(json.dumps(data, ensure_ascii=False))
    assert json.loads(text) == data  # the same value
    for character in "\u202e\u009b\x1b\x7f\u2066\u2028":
        assert character not in text
    assert "\\u202e" in text and "é" in json_safe(json.dumps("é", ensure_ascii=False))


def test_html_and_svg_reports_strip_controls_and_bidi():
    assert markup_escape("<b>A\u202eB\x1b[2J\u009bC</b>") == "&lt;b&gt;AB[2JC&lt;/b&gt;"
    from caledonia.cli import board_svg, report_svg, report_view

    for module in (board_svg, report_svg, report_view):
        assert module.escape is markup_escape
