"""Every command that writes a file refuses a place it cannot write at once, with exit 1 and
one line "cannot write FILE: reason", and leaves nothing half-written; a missing folder the
person named is made."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time

import pytest
from caledonia.rules.yamlfile import STALE_SECONDS, WriteError, check_writable, write_text_atomic
from conftest import SAMPLES
from scripted import ScriptedAsker

NEW_GAME = ["-p", "Ailsa", "-p", "Bruce", "--seed", "3"]


def run_main(monkeypatch, capsys, *args):
    """`caledonia ARGS` in this process, as `main` runs it: (exit code, stdout, stderr)."""
    from caledonia.cli import main as cli_main

    monkeypatch.setattr(sys, "argv", ["caledonia", *args])
    with pytest.raises(SystemExit) as done:
        cli_main.main()
    out, err = capsys.readouterr()
    return done.value.code, out, err


def error_lines(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("Error:")]


def assert_refused(code, err, path):
    assert code == 1, err
    assert "Traceback" not in err and "Internal error" not in err
    errors = error_lines(err)
    assert len(errors) == 1, err
    assert errors[0].startswith(f"Error: cannot write {path}: "), err


@pytest.fixture
def lock():
    """Make a folder read-only for real: chmod for a user; for root (whom permissions do not
    stop) the immutable attribute. A test skips, saying why, only where neither works."""
    locked = []

    def make_read_only(folder):
        if os.geteuid() != 0:
            folder.chmod(0o555)
        elif shutil.which("chattr"):
            subprocess.run(["chattr", "+i", str(folder)], capture_output=True)
        locked.append(folder)
        try:
            (folder / ".probe").touch()
        except OSError:
            return
        (folder / ".probe").unlink()
        pytest.skip(f"cannot make {folder} read-only here (root without chattr +i)")

    yield make_read_only
    for folder in locked:
        if shutil.which("chattr"):
            subprocess.run(["chattr", "-i", str(folder)], capture_output=True)
        folder.chmod(0o755)


def snapshot(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


# Commands that create a file: (words before the file, the file's name, words after it).
CREATING = {
    "new": (["new"], "game.yaml", NEW_GAME),
    "solo new": (["solo", "new"], "solo.yaml", ["--seed", "3"]),
    "map show --svg": (["map", "show", "--svg"], "board.svg", []),
}


@pytest.mark.parametrize("command", CREATING)
def test_a_missing_folder_the_person_named_is_made(command, tmp_path, monkeypatch, capsys):
    before, name, after = CREATING[command]
    target = tmp_path / "my-games" / "deeper" / name
    code, _, err = run_main(monkeypatch, capsys, *before, str(target), *after)
    assert code == 0, err
    assert target.is_file() and target.stat().st_size > 0


@pytest.mark.parametrize("command", CREATING)
def test_writing_onto_a_folder_is_refused(command, tmp_path, monkeypatch, capsys):
    before, _, after = CREATING[command]
    folder = tmp_path / "a-folder"
    folder.mkdir()
    code, _, err = run_main(monkeypatch, capsys, *before, str(folder), *after)
    assert_refused(code, err, folder)
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize("command", CREATING)
def test_a_folder_that_cannot_be_made_is_refused(command, tmp_path, monkeypatch, capsys):
    before, name, after = CREATING[command]
    (tmp_path / "plain-file").write_text("not a folder")
    target = tmp_path / "plain-file" / name  # a file used as a folder fails even for root
    code, _, err = run_main(monkeypatch, capsys, *before, str(target), *after)
    assert_refused(code, err, target)
    assert "a part of the path is a file" in err
    assert snapshot(tmp_path) == {"plain-file": b"not a folder"}


@pytest.mark.parametrize("command", CREATING)
def test_a_read_only_folder_is_refused(command, tmp_path, monkeypatch, capsys, lock):
    before, name, after = CREATING[command]
    folder = tmp_path / "locked"
    folder.mkdir()
    lock(folder)
    code, _, err = run_main(monkeypatch, capsys, *before, str(folder / name), *after)
    assert_refused(code, err, folder / name)
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize("command", CREATING)
def test_an_existing_file_is_kept_without_force_and_replaced_with_it(
    command, tmp_path, monkeypatch, capsys
):
    before, name, after = CREATING[command]
    target = tmp_path / name
    target.write_text("mine")
    code, _, err = run_main(monkeypatch, capsys, *before, str(target), *after)
    assert code == 2 and "--force" in err and target.read_text() == "mine"  # a needed --force
    if command == "map show --svg":  # --force comes after the option's value
        before, after = before, [*after, "--force"]
    else:
        after = [*after, "--force"]
    code, _, err = run_main(monkeypatch, capsys, *before, str(target), *after)
    assert code == 0, err
    assert target.read_text() != "mine"


@pytest.mark.parametrize("command", CREATING)
@pytest.mark.parametrize("replace", [True, False], ids=["yes", "no"])
def test_at_a_terminal_an_existing_file_is_replaced_only_after_asking_first(
    command, replace, tmp_path, monkeypatch, capsys
):
    before, name, after = CREATING[command]
    target = tmp_path / name
    target.write_text("mine")
    asker = ScriptedAsker([replace])
    monkeypatch.setattr("caledonia.cli.output.is_interactive", lambda: True)
    monkeypatch.setattr("caledonia.cli.prompts.QuestionaryAsker", lambda: asker)
    code, _, err = run_main(monkeypatch, capsys, *before, str(target), *after)
    assert asker.questions == [f"{target} exists. Replace it?"]
    if replace:
        assert code == 0, err
        assert target.read_text() != "mine"
    else:
        assert code == 0 and "Nothing was changed" in err and "--force" in err  # declined
        assert "Error" not in err
        assert target.read_text() == "mine"


def game_in(folder):
    path = folder / "game.yaml"
    shutil.copy(SAMPLES / "game-3p.yaml", path)
    return path


# Commands that rewrite a game file, with the words after it.
REWRITING = {
    "act": ["act", "{}", "pass", "Ailsa"],
    "undo": ["undo", "{}"],
    "redo": ["redo", "{}"],
    "fix": ["fix", "{}", "money", "Ailsa", "23"],
}


@pytest.mark.parametrize("command", REWRITING)
def test_a_game_in_a_read_only_folder_is_refused_before_anything_changes(
    command, tmp_path, monkeypatch, capsys, lock
):
    folder = tmp_path / "locked"
    folder.mkdir()
    path = game_in(folder)
    before = snapshot(folder)
    lock(folder)
    words = [w.format(path) for w in REWRITING[command]]
    code, _, err = run_main(monkeypatch, capsys, *words)
    assert_refused(code, err, path)
    assert snapshot(folder) == before


def test_solo_prepare_in_a_read_only_folder_is_refused_before_the_questions(
    tmp_path, monkeypatch, capsys, lock
):
    folder = tmp_path / "locked"
    folder.mkdir()
    state = folder / "solo.yaml"
    assert run_main(monkeypatch, capsys, "solo", "new", str(state), "--seed", "3")[0] == 0
    before = snapshot(folder)
    lock(folder)
    # a terminal that would ask: the refusal comes before the first question
    monkeypatch.setattr("caledonia.cli.solo_cmd.is_interactive", lambda: True)
    monkeypatch.setattr("caledonia.cli.prompts.QuestionaryAsker", lambda: ScriptedAsker([]))
    code, _, err = run_main(monkeypatch, capsys, "solo", "prepare", str(state))
    assert_refused(code, err, state)
    assert snapshot(folder) == before


def test_play_refuses_an_unwritable_game_before_the_first_question(tmp_path):
    from caledonia.cli.play_cmd import run

    (tmp_path / "plain-file").write_text("x")
    with pytest.raises(WriteError, match="cannot write .*: a part of the path is a file"):
        run(ScriptedAsker([]), str(tmp_path / "plain-file" / "game.yaml"))


def test_a_write_that_fails_anyway_is_a_write_error_and_leaves_the_old_file(tmp_path, lock):
    folder = tmp_path / "locked"
    folder.mkdir()
    (folder / "kept.yaml").write_text("old")
    lock(folder)
    with pytest.raises(WriteError, match=r"^cannot write .*kept.yaml: "):
        write_text_atomic(folder / "kept.yaml", "new")
    assert snapshot(folder) == {"kept.yaml": b"old"}


def test_a_name_near_the_system_limit_can_be_saved(tmp_path):
    target = tmp_path / ("n" * 250 + ".yaml")  # 255 bytes: the temporary name must be shorter
    check_writable(target)
    write_text_atomic(target, "ok")
    assert target.read_text() == "ok"
    assert [p.name for p in tmp_path.iterdir()] == [target.name]


@pytest.mark.parametrize(
    "name, reason",
    [
        ("n" * 300 + ".yaml", "the name is too long"),
        ("plain-file/x.yaml", "a part of the path is a file"),
        ("", "no file name given"),
    ],
)
def test_check_writable_says_why(tmp_path, name, reason):
    (tmp_path / "plain-file").write_text("x")
    with pytest.raises(WriteError, match=reason):
        check_writable(tmp_path / name if name else "")


def test_an_unwritable_data_cache_stays_silent(tmp_path, monkeypatch, lock):
    """The data cache tolerates a failed write (an OSError): a WriteError is one."""
    from caledonia.storage import datacache

    cache = tmp_path / "cache"
    cache.mkdir()
    lock(cache)
    monkeypatch.setenv("CALEDONIA_CACHE_DIR", str(cache))
    data_folder = tmp_path / "data"
    data_folder.mkdir()
    (data_folder / "a.yaml").write_text("x: 1")
    datacache.write(data_folder, ("a.yaml",), {"a.yaml": {"x": 1}})
    assert list(cache.iterdir()) == []


def test_play_refuses_an_unwritable_draft_folder_before_the_first_question(tmp_path, monkeypatch):
    from caledonia.cli.play_cmd import run

    (tmp_path / "plain-file").write_text("x")
    monkeypatch.setenv("CALEDONIA_DRAFTS_DIR", str(tmp_path / "plain-file" / "drafts"))
    asker = ScriptedAsker([])  # any question asked would fail: none may come first
    with pytest.raises(WriteError, match="cannot write .*drafts.*: a part of the path is a file"):
        run(asker, str(tmp_path / "game.yaml"))
    assert not (tmp_path / "game.yaml").exists()


def test_a_save_removes_its_files_stale_temporaries_and_nothing_else(tmp_path):
    """A writer killed mid-write leaves `.NAME.XXXX.tmp`; the next save of NAME removes it
    once it is a minute old, and leaves a fresh one (another writer at work) and the
    temporaries of other files alone."""
    target = tmp_path / "game.yaml"
    stale = tmp_path / ".game.yaml.abc123.tmp"
    fresh = tmp_path / ".game.yaml.def456.tmp"
    other = tmp_path / ".other.yaml.abc123.tmp"
    for leftover in (stale, fresh, other):
        leftover.write_text("half")
    old = time.time() - STALE_SECONDS - 5
    for leftover in (stale, other):
        os.utime(leftover, (old, old))
    write_text_atomic(target, "events: []\n")
    assert target.read_text() == "events: []\n"
    assert not stale.exists()
    assert fresh.exists() and other.exists()
