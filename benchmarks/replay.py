"""Replaying and scoring a long 4-player game, run by hand (not part of the tests):

    python benchmarks/replay.py
    python benchmarks/replay.py --quick    # two runs: only shows that it runs

The game (at least 250 events) is played by the random legal-move player
with £250 of starting money, so that it lasts, then written to YAML text.
Timed: reading that text, replaying every event through the rules and the
final score, the median of many runs; the baseline, timed alternately in the
same run, is reading the same YAML text alone. Target: under 50 ms.
"""

from __future__ import annotations

import statistics
import sys
import time

from caledonia.rules.components import components
from caledonia.rules.game.final import final_score
from caledonia.rules.game.gamefile import game_as_text, game_from_data
from caledonia.rules.yamlfile import parse_yaml
from long_game import long_game, quick


def main() -> int:
    parts = components()
    game = long_game()
    text = game_as_text(game)
    base_times, replay_times = [], []
    for _ in range(2 if quick() else 40):
        start = time.perf_counter()
        parse_yaml(text, "game.yaml")
        base_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        replayed = game_from_data(parse_yaml(text, "game.yaml"), "game.yaml", parts)
        final_score(replayed.state)
        replay_times.append(time.perf_counter() - start)
    base = statistics.median(base_times) * 1000
    took = statistics.median(replay_times) * 1000
    print(
        f"python {sys.version.split()[0]}; a 4-player game of {len(game.events)} events, "
        f"{len(text) // 1024} KiB of YAML"
    )
    print(f"baseline: read the YAML text                  {base:6.1f} ms")
    print(
        f"read, replay every event, final score         {took:6.1f} ms  "
        f"({took / base:.1f}x baseline; target 50 ms: {'met' if took < 50 else 'NOT met'})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
