"""A finished game read from a file, whichever kind: a game file played to the end (replayed
through the rules) or a final score sheet. `stats` and `export` both count on it.

Each is known by a key that two files of one game share and two games never do: the
play id a game file records, else (files older than the play id, score sheets) a digest
of what the file holds, so a copy of it is the same game.
"""

from __future__ import annotations

import hashlib
import json
import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, NamedTuple

from caledonia.rules.components import components
from caledonia.rules.errors import CaledoniaError, DataError
from caledonia.rules.game.final import final_score
from caledonia.rules.game.gamefile import game_from_data
from caledonia.rules.game.state import phase_words
from caledonia.rules.messages import Reason
from caledonia.rules.scoring import score_sheet
from caledonia.rules.sheet import parse_sheet
from caledonia.rules.yamlfile import read_yaml

from .errors import UsageProblem
from .map_sides import maps_for
from .score import map_sides
from .translation import t


class Finished(NamedTuple):
    """A finished game: its key, the game (or the sheet) and its final score."""

    key: str
    kind: str  # "game" or "sheet"
    game: Any  # the Game, or the ScoreSheet
    score: Any  # the FinalScore


class NotFinished(CaledoniaError):
    """A game file of a game not over yet (the reason says where it stands)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def content_key(data: Any) -> str:
    """The key of a file that records no play id: a digest of its content (comments,
    layout and key order aside)."""
    text = json.dumps(data, sort_keys=True, default=str, ensure_ascii=False)
    return "content-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def is_game_data(data: Any) -> bool:
    return isinstance(data, dict) and str(data.get("format", "")).startswith("caledonia-game")


def read_finished(path: str) -> Finished:
    """The finished game in `path`. Raises NotFinished (a game not over), or
    CaledoniaError naming what is wrong (neither a game file nor a score sheet)."""
    data = read_yaml(path)
    if not is_game_data(data):
        return _read_sheet(data, path)
    game = game_from_data(data, path, components())
    state = game.state
    if state.phase != "over":
        # TRANSLATORS: why a game file is left out; {phase} is where it stands
        raise NotFinished(
            Reason(
                "not over (round {round}, {phase})",
                round=state.round,
                phase=phase_words(state.phase),
            )
        )
    key = game.play.get("play_id") or content_key(
        {"setup": data.get("setup"), "events": data.get("events")}
    )
    return Finished(key, "game", game, final_score(state))


def _read_sheet(data: Any, path: str) -> Finished:
    parts = components()
    try:
        sheet = parse_sheet(data, path, parts, map_sides(maps_for(data, None)))
    except DataError as problem:
        raise CaledoniaError(
            Reason("neither a game file nor a score sheet: {problem}", problem=problem.args[0])
        ) from None
    return Finished(content_key(data), "sheet", sheet, score_sheet(sheet, parts))


def file_time(path: str) -> datetime:
    """When the file was last written, UTC: the date of a file that records none."""
    return datetime.fromtimestamp(os.path.getmtime(path), timezone.utc).replace(microsecond=0)


def game_files(paths: list[str]) -> list[str]:
    """The files named, and the .yaml/.yml files of the folders named (sorted), in order."""
    found: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            inside = sorted(
                p for p in Path(path).iterdir() if p.suffix in (".yaml", ".yml") and p.is_file()
            )
            found += [str(p) for p in inside]
        elif os.path.exists(path):
            found.append(path)
        else:
            raise UsageProblem(t("{path}: no such file or folder", path=path), "stats")
    return found
