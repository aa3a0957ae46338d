"""A game file survives a process killed at any moment while it writes (SIGKILL, 100 times)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time

import pytest
from caledonia.rules.game.gamefile import load_game
from conftest import ROOT, SAMPLES
from gametools import PARTS

WRITER = textwrap.dedent("""
    import sys
    from caledonia.rules.components import components
    from caledonia.rules.game.gamefile import load_game, save_game
    from caledonia.rules.game.gamefile import checked_event

    path = sys.argv[1]
    parts = components()
    game = load_game(path, parts)
    player = game.state.players[0].name
    print("ready", flush=True)
    value = 0
    while True:
        value += 1
        game.apply(checked_event({"type": "fix", "what": "money", "player": player,
                                  "value": value}, parts))
        save_game(path, game)
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_the_file_is_always_before_or_after_an_event(tmp_path):
    source = (SAMPLES / "game-2p.yaml").read_text()
    base = len(load_game(str(SAMPLES / "game-2p.yaml"), PARTS).events)
    path = tmp_path / "game.yaml"
    rng = random.Random(1)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    kills = written = 0
    for _ in range(100):
        path.write_text(source)
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, env=env, text=True
        )
        assert writer.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0, 0.08))
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        kills += 1
        game = load_game(str(path), PARTS)  # never a broken file
        extra = game.events[base:]
        # the events after the recorded game are exactly the fixes 1, 2, ..., n: none half-written
        assert [e["value"] for e in extra] == list(range(1, len(extra) + 1))
        if extra:
            written += 1
            assert game.state.players[0].money == len(extra)
    assert kills == 100
    assert written >= 50  # the kills did land while the writer was saving
