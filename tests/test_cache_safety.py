"""The caches cannot run code or lie: a crafted pickle under a real header never runs, a
real header over another game's body is refused, a FIFO in a cache file's place is never
waited on, and the cache folder and its files are the user's alone. Each time the command
still answers as the game file says."""

from __future__ import annotations

import os
import pickle
import stat
import subprocess
import sys

import pytest
from caledonia.storage import checkpoint, views
from caledonia.storage.cachefile import body_digest
from conftest import ROOT, SAMPLES, run_cli


def copied(tmp_path, sample="game-3p.yaml", name="game.yaml"):
    path = tmp_path / name
    path.write_text((SAMPLES / sample).read_text())
    return path


def in_a_process(*args, cache):
    """A fresh process: nothing of the components held in memory, so their cache is read."""
    done = subprocess.run(
        [sys.executable, "-m", "caledonia.cli.main", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ, CALEDONIA_CACHE_DIR=str(cache)),
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def status(path, cache, **env):
    done = run_cli("status", str(path), "--json", env={"CALEDONIA_CACHE_DIR": str(cache), **env})
    assert done.returncode == 0, done.stderr
    return done.stdout


def undo_to(path, cache):
    done = run_cli("undo", str(path), env={"CALEDONIA_CACHE_DIR": str(cache)})
    assert done.returncode == 0, done.stderr


class Harmful:
    def __init__(self, call):
        self.call = call

    def __reduce__(self):
        return self.call


def crafted_bodies(marker):
    """Pickles that would make `marker` if anything were run."""
    return [
        pickle.dumps(Harmful((os.system, (f"touch {marker}",)))),
        pickle.dumps(Harmful((exec, (f"open({str(marker)!r}, 'w').close()",)))),
        pickle.dumps(Harmful((eval, (f"open({str(marker)!r}, 'w')",)))),
        # a dotted name reaching a module's own imports: caledonia.rules.locking's `os`
        b"\x80\x04\x95\x00\x00\x00\x00\x00\x00\x00\x00\x8c\x17caledonia.rules.locking"
        b"\x94\x8c\tos.system\x94\x93\x94\x8c"
        + bytes([len(f"touch {marker}")])
        + f"touch {marker}".encode()
        + b"\x94\x85\x94R\x94.",
    ]


def planted(path, cache, body, monkeypatch):
    """The checkpoint of `path` written by caledonia's own writer, in its own format and
    under its real key, but with `body` as what it pickled."""
    from caledonia.storage.games import load_game
    from gametools import PARTS

    class Planting:
        def __init__(self, file, parts):
            self.file = file

        def dump(self, kept):
            self.file.write(body)

    with monkeypatch.context() as patch:
        patch.setenv("CALEDONIA_CACHE_DIR", str(cache))
        game = load_game(str(path), PARTS)
        patch.setattr(checkpoint, "_Pickler", Planting)
        key = checkpoint.key_of(path.read_text().encode())
        checkpoint.store(str(path), key, game, True)


def with_body(data: bytes, header_lines: int, body: bytes) -> bytes:
    """`data`'s header lines, a digest of `body` in place of its own, then `body`."""
    lines = data.split(b"\n", header_lines)
    return b"\n".join(lines[: header_lines - 1]) + b"\n" + body_digest(body) + b"\n" + body


def test_a_crafted_pickle_in_a_checkpoint_never_runs(tmp_path, monkeypatch):
    cache, marker = tmp_path / "cache", tmp_path / "marker"
    path = copied(tmp_path)
    honest = status(path, cache)
    for body in crafted_bodies(marker):
        planted(path, cache, body, monkeypatch)
        for view in cache.glob("*.views"):
            view.unlink()  # else status answers from its kept view, never reading it
        assert status(path, cache) == honest
        assert not marker.exists()


def test_a_crafted_pickle_in_an_earlier_checkpoint_never_runs_and_undo_is_right(
    tmp_path, monkeypatch
):
    cache, marker = tmp_path / "cache", tmp_path / "marker"
    path = copied(tmp_path)
    reference = copied(tmp_path, name="reference.yaml")
    planted(path, cache, crafted_bodies(marker)[0], monkeypatch)
    undo_to(path, cache)  # the checkpoint planted is kept under the game's length
    assert list(cache.glob("game-*.*.checkpoint"))
    planted(path, cache, crafted_bodies(marker)[1], monkeypatch)
    undo_to(path, cache)
    for _ in range(2):
        undo_to(reference, tmp_path / "other-cache")
    assert path.read_text() == reference.read_text()
    assert not marker.exists()


def test_a_crafted_pickle_in_the_components_cache_never_runs(tmp_path, monkeypatch):
    from caledonia.rules.components import DATA_DIR, DATA_FILES
    from caledonia.storage import datacache

    cache, marker = tmp_path / "cache", tmp_path / "marker"
    path = copied(tmp_path)
    honest = in_a_process("score", path, "--json", cache=cache)
    assert list(cache.glob("components-*.pickle"))
    monkeypatch.setenv("CALEDONIA_CACHE_DIR", str(cache))
    for call in [(os.system, (f"touch {marker}",)), (exec, (f"open({str(marker)!r}, 'w')",))]:
        datacache.write(DATA_DIR, DATA_FILES, Harmful(call))  # its own format and key
        assert in_a_process("score", path, "--json", cache=cache) == honest
        assert not marker.exists()


def pickle_start(data: bytes) -> int:
    """Where a cache file's pickled body starts, after its header lines."""
    return data.index(b"\n\x80") + 1


def test_a_real_header_over_another_game_s_body_is_refused(tmp_path):
    cache = tmp_path / "cache"
    path = copied(tmp_path)
    other = copied(tmp_path, "game-2p.yaml", "other.yaml")
    honest = status(path, cache)
    status(other, cache)
    mine = cache / checkpoint._file(str(path)).name
    theirs = cache / checkpoint._file(str(other)).name
    header, body = pickle_start(mine.read_bytes()), pickle_start(theirs.read_bytes())
    mine.write_bytes(mine.read_bytes()[:header] + theirs.read_bytes()[body:])
    for view in cache.glob("*.views"):
        view.unlink()
    assert status(path, cache) == honest


@pytest.mark.parametrize("which", ["checkpoint", "views", "components"])
def test_a_fifo_in_a_cache_file_s_place_is_never_waited_on(tmp_path, which):
    cache = tmp_path / "cache"
    path = copied(tmp_path)
    honest = in_a_process("status", path, "--json", cache=cache)
    where = {
        "checkpoint": lambda: cache / checkpoint._file(str(path)).name,
        "views": lambda: cache / views._file(str(path)).name,
        "components": lambda: next(cache.glob("components-*.pickle")),
    }[which]()
    where.unlink()
    os.mkfifo(where)
    if which == "checkpoint":
        for view in cache.glob("*.views"):
            view.unlink()
    assert in_a_process("status", path, "--json", cache=cache) == honest


def test_the_cache_folder_is_0700_and_its_files_0600(tmp_path):
    cache = tmp_path / "cache"
    path = copied(tmp_path)
    in_a_process("status", path, cache=cache)
    undo_to(path, cache)
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    files = list(cache.iterdir())
    assert {f.suffix for f in files} >= {".checkpoint", ".views", ".pickle"}
    for file in files:
        assert stat.S_IMODE(file.stat().st_mode) == 0o600, file.name
    cache.chmod(0o755)  # a folder made by an earlier version is made the user's alone
    undo_to(path, cache)
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
