"""A game file survives a process killed (SIGKILL) at any step of a save.

The kills do not depend on timing, so the test proves the same thing on a quiet or a busy
machine. The writer stops before every file-system step it takes in the game's folder or
the cache folder (Python's audit hooks name them: open, rename, remove, chmod, ...) and
waits for a word from the test; the test kills it at each such step of two saves in turn,
then loads the game. A save must change the file at exactly one step, its rename over the
game file: a kill before that step leaves the game as before the event, a kill after it
leaves the game with the event, and never anything else (nor a checkpoint that disagrees).
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import textwrap

import pytest
from caledonia.storage.games import load_game
from conftest import SAMPLES
from gametools import PARTS

WRITER = textwrap.dedent("""
    import os
    import sys
    from caledonia.rules.components import components
    from caledonia.rules.game.gamefile import checked_event
    from caledonia.storage.games import load_game, save_game

    path, saves, *watched = sys.argv[1:]
    parts = components()
    game = load_game(path, parts)
    player = game.state.players[0].name
    STEPS = {"open", "os.rename", "os.remove", "os.mkdir", "os.chmod", "os.chown",
             "os.truncate", "os.listdir", "os.scandir", "os.link", "os.symlink",
             "os.utime", "tempfile.mkstemp"}

    def step(event, args):
        where = args[1] if event == "os.rename" else args[0] if args else None  # rename: to
        if event in STEPS and isinstance(where, (str, bytes, os.PathLike)):
            where = os.fsdecode(where)
            if where.startswith(tuple(watched)):
                print("step", event, where, flush=True)
                sys.stdin.readline()  # the test kills the writer here, or lets it go on

    sys.addaudithook(step)
    for value in range(1, int(saves) + 1):
        game.apply(checked_event({"type": "fix", "what": "money", "player": player,
                                  "value": value}, parts))
        save_game(path, game)
        print("saved", value, flush=True)
""")
SAVES = 2


class Writer:
    """The writer process: steps through a save one file-system step at a time."""

    def __init__(self, path, cache):
        self.process = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), str(SAVES), str(path.parent), str(cache)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.saved = 0  # saves the writer finished

    def next_step(self):
        """Go on to the next step the writer stops at: (event, path), or None at the end."""
        while True:
            line = self.process.stdout.readline().split(" ", 2)
            if line[0] == "saved":
                self.saved = int(line[1])
            elif line[0] == "step":
                return line[1], line[2].rstrip("\n")
            else:
                return None

    def go_on(self):
        self.process.stdin.write("go\n")
        self.process.stdin.flush()

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self.process.stdin.close()
        self.process.stdout.close()


def fixes_in(path, base):
    """The fixes recorded after the sample game; the game must load whole to say."""
    game = load_game(str(path), PARTS)
    values = [event["value"] for event in game.events[base:]]
    assert values == list(range(1, len(values) + 1))  # none half-written, none out of order
    if values:
        assert game.state.players[0].money == values[-1]
    return len(values)


@pytest.mark.long
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_kill_at_any_step_of_a_save_leaves_the_game_before_or_after_the_event(
    tmp_path, monkeypatch
):
    source = SAMPLES / "game-2p.yaml"
    base = len(load_game(str(source), PARTS).events)
    cache = tmp_path / "cache"
    path = tmp_path / "game" / "game.yaml"
    path.parent.mkdir()
    monkeypatch.setenv("CALEDONIA_CACHE_DIR", str(cache))  # the writer's checkpoints, and ours

    def start():
        shutil.rmtree(cache, ignore_errors=True)
        shutil.copy(source, path)
        fixes_in(path, base)  # the checkpoint of the game as it starts, as a reader keeps it
        return Writer(path, cache)

    # every step of the saves, from a writer that is never stopped
    writer, steps = start(), []
    while (step := writer.next_step()) is not None:
        steps.append((writer.saved, *step))
        writer.go_on()
    assert writer.process.wait() == 0 and writer.saved == SAVES
    renames = [at for at, (_, event, where) in enumerate(steps) if event == "os.rename"]
    commits = [at for at in renames if steps[at][2] == str(path)]
    assert len(commits) == SAVES, steps  # one rename over the game per save

    outcomes = []
    for kill_at, (saved, event, where) in enumerate(steps):
        writer = start()
        for _ in range(kill_at):
            assert writer.next_step() is not None
            writer.go_on()
        now = writer.next_step()  # the same steps, run after run (temporary names aside)
        assert now is not None and now[0] == event and (now[1] == where or where != str(path))
        writer.kill()
        committed = sum(commit < kill_at for commit in commits)  # renames it got past
        found = fixes_in(path, base)
        assert found == committed, f"killed before {event} {where} of save {saved + 1}"
        outcomes.append(found)
    # the kills did land inside every save: both sides of each save's rename were reached
    for save, commit in enumerate(commits, start=1):
        assert outcomes[commit] == save - 1 and outcomes[commit + 1] == save
