"""How soon `caledonia play` has its next question ready after an answer, in process, run by
hand (not part of the tests):

    python benchmarks/play_step.py
    python benchmarks/play_step.py --quick    # a few answers: only shows that it runs

For each event of a long 4-player game (250 or more events) from its 200th on,
the session holding the game records the event (`play`'s own `_record`: apply,
atomic save, the confirmation lines) and works out the next question: who
answers, their legal events and the first menu (or the one event it records
itself), built as the questionary prompt a terminal would show (prompt_toolkit
on a pipe input and a dummy output: everything but drawing it). The output goes
nowhere. Target: median under 35 ms. Baseline, timed alternately: writing the
same file's text atomically.
"""

from __future__ import annotations

import contextlib
import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

from caledonia.cli.choosing import decision, forced, kind_choices
from caledonia.cli.play_cmd import _record
from caledonia.cli.play_saving import Table, seen
from caledonia.cli.prompts import QuestionaryAsker
from caledonia.rules.game.engine import Game
from caledonia.rules.game.gamefile import game_as_text
from caledonia.rules.yamlfile import write_text_atomic
from caledonia.storage.games import save_game
from long_game import long_game, quick

FROM_EVENT = 200
TARGET_MS = 35


def main() -> None:
    game = long_game()
    session = Game(game.setup, game.parts)
    for event in game.events[:FROM_EVENT]:
        session.apply(event)
    folder = Path(tempfile.mkdtemp())
    path = str(folder / "game.yaml")
    save_game(path, session)
    table = Table(path, session, seen(path))
    answer_times, baseline_times = [], []
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    terminal = contextlib.ExitStack()
    keyboard = terminal.enter_context(create_pipe_input())
    terminal.enter_context(create_app_session(input=keyboard, output=DummyOutput()))
    asker = QuestionaryAsker()
    later = game.events[FROM_EVENT:][: 3 if quick() else None]
    for event in later:
        text = game_as_text(session)
        started = time.perf_counter()
        write_text_atomic(str(folder / "baseline.yaml"), text)
        baseline_times.append(time.perf_counter() - started)
        started = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            _record(asker, table, event)  # under the lock, after checking the file
            asked = decision(session.state, session.legal())
            if asked is not None and forced(asked) is None:
                asker.menu("What happens?", kind_choices(session.state, asked.events))
        answer_times.append(time.perf_counter() - started)
    answer = statistics.median(answer_times) * 1000
    baseline = statistics.median(baseline_times) * 1000
    terminal.close()
    verdict = "met" if answer < TARGET_MS else "NOT met"
    print(
        f"python {sys.version.split()[0]}; a 4-player game of {len(game.events)} events, "
        f"{len(answer_times)} answers timed"
    )
    print(f"  baseline: write the file's text atomically   {baseline:7.2f} ms")
    print(
        f"  record, save, next question ready         {answer:7.2f} ms  "
        f"({answer / baseline:.1f}x baseline; target {TARGET_MS} ms: {verdict})"
    )


if __name__ == "__main__":
    main()
