"""`caledonia log GAME`: every event in words. A file unchanged since caledonia last read
its log is shown from its kept view (views.py), without the rules engine or a replay."""

from __future__ import annotations

from .output import GameArgument, JsonOption, emit, print_json


def log(game_file: GameArgument, as_json: JsonOption = False) -> None:
    """Every event of the game in words, by round and phase, with the money, glory and goods
    it moved; the dice and price changes of a preparation, the round scoring, and
    corrections marked.

    Example: [cyan]caledonia log sample_games/game-3p.yaml[/cyan]
    """
    from .views import keep_view, kept_view

    kept = None if as_json else kept_view(game_file, "log")
    if kept is not None:
        for line in kept:
            emit(line)
        return
    from caledonia.rules.game.event_words import describe
    from caledonia.rules.game.history import history

    from .game_io import load
    from .game_log import log_lines

    game = load(game_file)
    if as_json:
        print_json(
            [
                {
                    "number": entry.number,
                    "round": entry.round,
                    "phase": entry.phase,
                    "event": entry.event,
                    "words": str(describe(entry.event)),  # machine output: English words
                    "correction": entry.correction,
                    "changes": {name: c.as_data() for name, c in entry.changes.items()},
                    "notes": [str(note) for note in entry.notes],
                    "scoring": entry.scoring.as_data() if entry.scoring else None,
                }
                for entry in history(game)
            ]
        )
        return
    lines = log_lines(game)
    keep_view(game_file, game, "log", lines)
    for line in lines:
        emit(line)
