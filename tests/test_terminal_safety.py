"""No exit 3 after a save, and nothing in a file can drive the terminal."""

from __future__ import annotations

import subprocess
import sys

from caledonia.cli.output import printable
from caledonia.rules.words import name_problem, shortened
from caledonia.storage.games import load_game
from conftest import ROOT, run_cli
from gametools import PARTS

EVIL = "\x1b]0;PWNED\x07\x1b[2J\x1b[41mEvil\x1b[0m"


def new_game(path, *names):
    made = run_cli("new", str(path), *[w for n in names for w in ("-p", n)], "--seed", "1")
    assert made.returncode == 0, made.stderr
    return made


def fixes(path):
    return [e["value"] for e in load_game(str(path), PARTS).events if e["type"] == "fix"]


def test_ascii_output_records_the_event_once_and_exits_0(tmp_path):
    path = tmp_path / "g.yaml"
    new_game(path, "Ann:red", "Bob:blue")
    for encoding in ("ascii", "latin-1"):
        done = subprocess.run(
            [sys.executable, "-m", "caledonia.cli.main", "fix", str(path), "money", "Ann", "7"],
            capture_output=True,
            cwd=ROOT,
            env=dict(__import__("os").environ, PYTHONIOENCODING=encoding),
        )
        assert done.returncode == 0, done.stderr
        assert b"Internal error" not in done.stderr
    assert fixes(path) == [7, 7]
    shown = run_cli("log", str(path), env={"PYTHONIOENCODING": "ascii"})
    assert shown.returncode == 0 and "GBP" in shown.stdout and "->" in shown.stdout


def test_a_closed_pipe_after_a_save_exits_4(tmp_path):
    path = tmp_path / "g.yaml"
    new_game(path, "Ann:red", "Bob:blue")
    writer = subprocess.Popen(
        [sys.executable, "-m", "caledonia.cli.main", "fix", str(path), "money", "Ann", "7"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    writer.stdout.close()  # the reader has gone before anything is printed
    _, said = writer.communicate()
    assert writer.wait() == 4, said  # saved; the output could not be written
    assert b"was saved" in said and b"Internal error" not in said
    assert fixes(path) == [7]


def test_a_closed_stdin_or_stdout_is_no_error(tmp_path):
    path = tmp_path / "g.yaml"
    new_game(path, "Ann:red", "Bob:blue")
    closed_in = subprocess.run(
        [sys.executable, "-m", "caledonia.cli.main", "play", str(path)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        cwd=ROOT,
        preexec_fn=lambda: __import__("os").close(0),
    )
    assert closed_in.returncode == 2 and "needs a terminal" in closed_in.stderr
    closed_out = subprocess.run(
        [sys.executable, "-m", "caledonia.cli.main", "status", str(path), "--json"],
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        preexec_fn=lambda: __import__("os").close(1),
    )
    assert closed_out.returncode == 0, closed_out.stderr


def test_new_refuses_a_name_with_an_escape_sequence_and_a_long_one(tmp_path):
    done = run_cli("new", str(tmp_path / "g.yaml"), "-p", EVIL + ":red", "--seed", "1")
    assert done.returncode == 1 and "not an escape sequence" in done.stderr
    assert "\x1b" not in done.stderr
    long = run_cli("new", str(tmp_path / "g.yaml"), "-p", "A" * 41, "--seed", "1")
    assert long.returncode == 1 and "at most 40 characters" in long.stderr
    assert not (tmp_path / "g.yaml").exists()
    assert name_problem("Ailsa") is None and name_problem("A" * 40) is None
    assert name_problem("Ann\u202e") and name_problem("A\x00")


def test_a_name_with_escapes_in_a_hand_written_file_is_refused_unshown(tmp_path):
    path = tmp_path / "g.yaml"
    new_game(path, "Ann:red", "Bob:blue")
    escaped = '"\\e]0;PWNED\\a\\e[2J\\e[41mEvil\\e[0m\\u202e"'
    path.write_text(path.read_text().replace("Ann", escaped))
    for command in ("status", "score"):
        shown = run_cli(command, str(path), env={"COLUMNS": "200"})
        assert shown.returncode == 1, shown.stderr
        assert "not an escape sequence" in shown.stderr
        assert "\x1b" not in shown.stdout + shown.stderr and "\x07" not in shown.stderr
        assert "\u202e" not in shown.stdout + shown.stderr


def test_printable_and_shortened():
    assert printable(EVIL + "\n\tok") == "]0;PWNED[2J[41mEvil[0m\n\tok"
    assert shortened("9" * 5000) == "999999999999…(5,000 digits)"
    big = run_cli("fix", "nowhere.yaml", "money", "Ann", "9" * 5000)
    assert big.returncode == 2 and len(big.stderr) < 300
