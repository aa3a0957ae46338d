"""What `status`, `options --json` and `log` print of a game kept as views beside its
checkpoint (cli/views.py): the same output as from the replayed game, kept only for
exactly the file's text and caledonia's own files, and never read for any other."""

from __future__ import annotations

import io
import json
import os

import pytest
from caledonia.cli import status_view, views
from caledonia.cli.game_status import status_view as view_of
from caledonia.rules.components import components
from caledonia.rules.yamlfile import read_text
from caledonia.storage.games import kept_game, load_game, save_game
from conftest import SAMPLES, run_cli

READ_ONLY = (("status",), ("options", "--json"), ("log",), ("status", "--json"))


@pytest.fixture
def cache(tmp_path):
    return {"CALEDONIA_CACHE_DIR": str(tmp_path / "cache")}


@pytest.fixture
def game_file(tmp_path):
    """game-4p.yaml's first half (round 3, where much is legal), events last in the file."""
    played = load_game(str(SAMPLES / "game-4p.yaml"), components())
    game = _first(played, len(played.events) // 2)
    path = tmp_path / "game.yaml"
    save_game(str(path), game)
    return str(path)


def shown(*words, env):
    done = run_cli(*words, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout, done.stderr


def uncached(*words):
    return shown(*words, env={"CALEDONIA_NO_CACHE": "1"})


def views_file(env) -> list[str]:
    """The views files in the cache folder of `env`."""
    folder = env["CALEDONIA_CACHE_DIR"]
    names = os.listdir(folder) if os.path.isdir(folder) else []
    return [os.path.join(folder, name) for name in names if name.endswith(".views")]


@pytest.mark.parametrize("words", READ_ONLY)
def test_a_view_read_twice_shows_what_the_replayed_game_shows(game_file, cache, words):
    first = shown(words[0], game_file, *words[1:], env=cache)
    assert views_file(cache), "the first run keeps the view"
    again = shown(words[0], game_file, *words[1:], env=cache)
    assert first == again == uncached(words[0], game_file, *words[1:])


@pytest.mark.parametrize("words", (("status",), ("options", "--json"), ("status", "--json")))
def test_act_works_out_no_view_and_the_next_command_starts_from_the_checkpoint(
    game_file, cache, words, monkeypatch
):
    """`act` computes nothing for the next command: it keeps the checkpoint of the game it
    saved, and no view; the next command works its view out from that checkpoint."""
    legal = json.loads(shown("options", game_file, "--json", env=cache)[0])
    shown("act", game_file, "--event", json.dumps(legal[0]), env=cache)
    text = read_text(game_file)
    monkeypatch.setenv("CALEDONIA_CACHE_DIR", cache["CALEDONIA_CACHE_DIR"])
    assert views.kept(game_file, text) is None
    assert kept_game(text, game_file, components()) is not None
    assert shown(words[0], game_file, *words[1:], env=cache) == uncached(
        words[0], game_file, *words[1:]
    )
    assert views.kept(game_file, text) is not None  # kept by the command that printed it


def test_a_hand_edit_is_never_shown_from_the_old_view(game_file, cache):
    before = shown("status", game_file, "--json", env=cache)[0]
    data = json.loads(before)
    name = data["players"][0]["name"]
    text = read_text(game_file)
    with open(game_file, "a", encoding="utf-8") as handle:
        handle.write(f"- {{type: fix, what: money, player: {name}, value: 987}}\n")
    assert read_text(game_file) != text
    after = json.loads(shown("status", game_file, "--json", env=cache)[0])
    assert after["players"][0]["money"] == 987
    assert after == json.loads(uncached("status", game_file, "--json")[0])


def test_views_of_other_text_or_another_version_are_not_read(game_file, tmp_path, monkeypatch):
    monkeypatch.setenv("CALEDONIA_CACHE_DIR", str(tmp_path / "cache"))
    text = read_text(game_file)
    views.keep(game_file, text, {"log": ["a line"]})
    assert views.kept(game_file, text) == {"log": ["a line"]}
    assert views.kept(game_file, text + "\n") is None
    monkeypatch.setattr(views, "code_listing", lambda: b"another version")
    assert views.kept(game_file, text) is None


def test_a_damaged_views_file_is_worked_out_again(game_file, cache):
    first = shown("log", game_file, env=cache)
    (where,) = views_file(cache)
    with open(where, "r+b") as handle:
        size = handle.seek(0, 2)
        handle.truncate(size - 20)
    assert shown("log", game_file, env=cache) == first


def test_without_the_cache_no_view_is_kept(game_file, cache):
    shown("status", game_file, env={**cache, "CALEDONIA_NO_CACHE": "1"})
    assert not views_file(cache)


@pytest.mark.parametrize("name", sorted(p.name for p in SAMPLES.glob("game-*.yaml")))
def test_the_players_table_is_as_wide_as_rich_measures_it(name):
    from rich.console import Console

    game = load_game(str(SAMPLES / name), components())
    for count in range(0, len(game.events), max(1, len(game.events) // 6)):
        players = view_of(_first(game, count))["players"]
        table = status_view._players_table(players)
        measured = Console(width=1000, file=io.StringIO(), color_system=None).measure(table)
        assert status_view.table_width(players) == measured.maximum


def _first(game, count):
    from caledonia.rules.game.engine import Game

    shorter = Game(game.setup, game.parts)
    for event in game.events[:count]:
        shorter.apply(event)
    return shorter


@pytest.mark.parametrize("columns", (None, "60", "100", "240", "wide"))
def test_the_width_of_a_pipe_is_rich_s(columns, monkeypatch):
    from rich.console import Console

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    monkeypatch.setattr("sys.stdout", io.StringIO())  # a file: not a terminal
    assert status_view.output_width() == Console().width


def modules_after(*arguments: str, env: dict[str, str]) -> set[str]:
    """The modules loaded by `caledonia ARGUMENTS` run in a fresh process."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from caledonia.cli.main import main\n"
        f"sys.argv = ['caledonia', *{list(arguments)!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('\\n'.join(sys.modules), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, **env},
    )
    return set(done.stderr.split())


@pytest.mark.parametrize("words", READ_ONLY)
def test_a_read_only_command_on_a_kept_view_imports_no_rules_engine(game_file, cache, words):
    shown(words[0], game_file, *words[1:], env=cache)
    loaded = modules_after(words[0], game_file, *words[1:], env=cache)
    assert "caledonia.cli.main" in loaded
    assert not {m for m in loaded if m.startswith("caledonia.rules.game")}
    assert "caledonia.rules.components" not in loaded
    loaded = modules_after(words[0], game_file, *words[1:], env={"CALEDONIA_NO_CACHE": "1"})
    assert "caledonia.rules.game.engine" in loaded  # what the view spares it
