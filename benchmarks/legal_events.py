"""The engine's two hot paths, in process, run by hand (not part of the tests):

    python benchmarks/legal_events.py
    python benchmarks/legal_events.py --quick    # a few runs: only shows that it runs

1. `legal_events` for the busiest mid-game state of a long 4-player game (the
   action-phase state of rounds 2-4 with the most legal events). Target: median
   under 10 ms. Baseline, timed alternately: `state.snapshot()`, one plain copy
   of everything that can change.
2. One new event recorded and the file saved, in a session that holds a game of
   250 or more events (no replay). Target: median under 30 ms. Baseline, timed
   alternately: writing the same file's text atomically without the event.

Each prints the medians and the ratio to its baseline, from one run.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from caledonia.rules.game.engine import Game
from caledonia.rules.game.gamefile import game_as_text
from caledonia.rules.game.legal import legal_events
from caledonia.rules.yamlfile import write_text_atomic
from caledonia.storage.games import save_game
from long_game import long_game, quick

RUNS = 3 if quick() else 60


def busiest_state(game: Game) -> tuple[Game, int]:
    """A replay of `game` stopped at its busiest action-phase state of rounds 2-4."""
    replay = Game(game.setup, game.parts)
    best, best_at = -1, 0
    for number, event in enumerate(game.events):
        state = replay.state
        if state.phase == "action" and 2 <= state.round <= 4:
            size = len(legal_events(state))
            if size > best:
                best, best_at = size, number
        replay.apply(event)
    stopped = Game(game.setup, game.parts)
    for event in game.events[:best_at]:
        stopped.apply(event)
    return stopped, best


def time_legal_events(game: Game) -> None:
    stopped, size = busiest_state(game)
    state = stopped.state
    counts = legal_events(state).counts()
    base_times, times = [], []
    for _ in range(RUNS):
        start = time.perf_counter()
        state.snapshot()
        base_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        len(legal_events(state))
        times.append(time.perf_counter() - start)
    base, took = statistics.median(base_times) * 1000, statistics.median(times) * 1000
    print(f"legal_events, round {state.round}, {size} events: {counts}")
    print(f"  baseline: state.snapshot()                  {base:7.3f} ms")
    print(
        f"  legal_events                                {took:7.3f} ms  ({took / base:.0f}x baseline; "
        f"target 10 ms: {'met' if took < 10 else 'NOT met'})"
    )


def time_record_and_save(game: Game) -> None:
    start_at = 250
    session = Game(game.setup, game.parts)
    for event in game.events[:start_at]:
        session.apply(event)
    later = game.events[start_at:][: 3 if quick() else None]
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "game.yaml")
        base_path = str(Path(folder) / "same.yaml")
        save_game(path, session)
        base_times, times = [], []
        for event in later:
            text = game_as_text(session)
            start = time.perf_counter()
            write_text_atomic(base_path, text)
            base_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            session.apply(event)
            save_game(path, session)
            times.append(time.perf_counter() - start)
    base, took = statistics.median(base_times) * 1000, statistics.median(times) * 1000
    print(
        f"record one event and save, a game of {start_at}-{len(game.events)} events "
        f"({len(later)} events timed)"
    )
    print(f"  baseline: write the file's text atomically  {base:7.3f} ms")
    print(
        f"  record the event, write the file            {took:7.3f} ms  ({took / base:.1f}x baseline; "
        f"target 30 ms: {'met' if took < 30 else 'NOT met'})"
    )


def main() -> int:
    game = long_game(270)
    print(f"python {sys.version.split()[0]}; a 4-player game of {len(game.events)} events")
    time_legal_events(game)
    time_record_and_save(game)
    return 0


if __name__ == "__main__":
    sys.exit(main())
