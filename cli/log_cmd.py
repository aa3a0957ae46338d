"""`caledonia log GAME`: every event in words. A file unchanged since caledonia last read
its log is shown from its kept view (views.py), without the rules engine or a replay."""

from __future__ import annotations

from .output import GameArgument, JsonOption, emit
from .views import kept_view


def log(game_file: GameArgument, as_json: JsonOption = False) -> None:
    """Every event of the game in words, by round and phase, with the money, glory and goods
    it moved; the dice and price changes of a preparation, the round scoring, and
    corrections marked.

    Example: [cyan]caledonia log sample_games/game-3p.yaml[/cyan]
    """
    kept = None if as_json else kept_view(game_file, "log")
    if kept is not None:
        for line in kept:
            emit(line)
        return
    from .game_log import print_game_log  # the rules engine: only without a kept view

    print_game_log(game_file, as_json)
