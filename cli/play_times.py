"""The play a game file records (rules/game/play_record.py), filled in from the clock here:
a random play id and the start time when a game is created, the end time when a save
finds the game over. The rules never read a clock."""

from __future__ import annotations

import uuid
from datetime import datetime, timezone
from typing import TYPE_CHECKING

from caledonia.rules.game.play_record import as_text

if TYPE_CHECKING:
    from caledonia.rules.game.engine import Game


def now() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


def start_play(game: Game) -> None:
    """A new game's play: an id no other game has (two games of one seed differ) and now."""
    game.play = {"play_id": str(uuid.uuid4()), "started": as_text(now())}


def stamp_end(game: Game) -> None:
    """Before a save: the game over records when it ended, once (a later fix or a copy
    keeps it); a game taken back before its end (undo) has not ended. A file older than
    the play record gets none (a fix after its end is not when it ended)."""
    if "play_id" not in game.play:
        return
    over = game.state.phase == "over"
    if over and "ended" not in game.play:
        game.play = {**game.play, "ended": as_text(now())}
    elif not over and "ended" in game.play:
        game.play = {k: v for k, v in game.play.items() if k != "ended"}
