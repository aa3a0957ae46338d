"""The command line's own sentences in a second language (issue 21 part 4): the help of an
option, an error the rules raise, and what `status` keeps for the next run, each through
a catalogue of the test's own; and the same commands in English without one."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from catalogues import babel, catalogue_of, compile_catalogue
from conftest import run_cli

SAMPLE = Path(__file__).resolve().parent.parent / "sample_games" / "game-3p.yaml"
TRANSLATED = {
    "The game file.": "XX-GAME-FILE",
    "file not found": "xx-not-found",
    "Turn order:": "XX-TURN-ORDER:",
}


@pytest.fixture
def language(tmp_path) -> dict[str, str]:
    """The environment that reads in a test language "xx" holding TRANSLATED."""
    babel()
    locale = compile_catalogue(tmp_path / "locale", "xx", catalogue_of(TRANSLATED))
    return {"LANGUAGE": "xx", "CALEDONIA_LOCALEDIR": str(locale)}


def test_an_options_help_reads_in_the_readers_language_when_shown(language):
    english = run_cli("status", "-h")
    shown = run_cli("status", "-h", env=language)
    assert english.returncode == shown.returncode == 0
    assert "The game file." in english.stdout and "XX-GAME-FILE" not in english.stdout
    assert "XX-GAME-FILE" in shown.stdout and "The game file." not in shown.stdout


def test_an_error_of_the_rules_reads_in_the_readers_language(tmp_path, language):
    missing = str(tmp_path / "missing.yaml")
    english = run_cli("status", missing)
    shown = run_cli("status", missing, env=language)
    assert english.returncode == shown.returncode == 1
    assert english.stderr == f"Error: {missing}: file not found\n"
    assert shown.stderr == f"Error: {missing}: xx-not-found\n"


def test_a_kept_status_is_shown_only_in_the_language_it_was_kept_in(tmp_path, language):
    """The view `status` keeps holds sentences: another language works out its own."""
    game = tmp_path / "game.yaml"
    shutil.copy(SAMPLE, game)
    cache = {"CALEDONIA_CACHE_DIR": str(tmp_path / "cache")}
    for _ in range(2):  # the second of each reads the view the first kept
        english = run_cli("status", str(game), env=cache)
        assert english.returncode == 0, english.stderr
        assert "Turn order:" in english.stdout and "XX-TURN-ORDER:" not in english.stdout
        shown = run_cli("status", str(game), env={**cache, **language})
        assert shown.returncode == 0, shown.stderr
        assert "XX-TURN-ORDER:" in shown.stdout and "Turn order:" not in shown.stdout


def test_a_catalogue_compiled_again_is_read_at_once(tmp_path, language):
    """A translator compiles a better word: the next `status` shows it, not the view kept
    under the catalogue before."""
    import os

    game = tmp_path / "game.yaml"
    shutil.copy(SAMPLE, game)
    env = {"CALEDONIA_CACHE_DIR": str(tmp_path / "cache"), **language}
    for _ in range(2):  # the second reads the view the first kept
        assert "XX-TURN-ORDER:" in run_cli("status", str(game), env=env).stdout
    locale = Path(language["CALEDONIA_LOCALEDIR"])
    compile_catalogue(locale, "xx", catalogue_of({"Turn order:": "XX-ORDER-NOW:"}))
    compiled = locale / "xx" / "LC_MESSAGES" / "caledonia.mo"
    later = compiled.stat().st_mtime_ns + 2_000_000_000  # a later compile, whatever the clock
    os.utime(compiled, ns=(later, later))
    shown = run_cli("status", str(game), env=env)
    assert "XX-ORDER-NOW:" in shown.stdout and "XX-TURN-ORDER:" not in shown.stdout
