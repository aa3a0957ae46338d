"""The views `status`, `options --json` and `log` print, kept by the storage layer
(storage/views.py) under the file's text, caledonia's code and the reader's language, and
read back before the rules engine is imported. Only the read-only commands keep a view,
as they print it: a command that changes the game (act, fix, undo, redo) works out
nothing for the next command, which starts from the game's checkpoint."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from caledonia.rules.errors import CaledoniaError
from caledonia.rules.yamlfile import read_text
from caledonia.storage import views as stored
from caledonia.storage.datacache import installed_files

from .output import json_safe, message
from .translation import language_settings


@cache
def code_listing() -> bytes:
    """The command line's own modules as installed, each with its size and time (the
    rules' and storage's files are in storage's key already)."""
    return "\n".join(installed_files(Path(__file__).parent)).encode()


def _salt() -> bytes:
    """What a view depends on besides the file and the rules: this code and the language."""
    return code_listing() + b"\n\n" + "\n".join(language_settings()).encode()


def kept(path: str, text: str) -> dict[str, Any] | None:
    """The views kept for the game file `path` whose text is `text`, or None."""
    return stored.kept(path, text, _salt())


def keep(path: str, text: str, views: dict[str, Any]) -> None:
    """Keep `views` for `path` whose text is `text`, beside those already kept for it."""
    stored.keep(path, text, views, _salt())


def file_text(path: str) -> str | None:
    """The game file's text for a read-only command, or None when reading it has a problem
    (the command then loads the game as usual, which names the problem)."""
    try:
        return read_text(path)
    except (CaledoniaError, OSError):
        return None


def kept_view(path: str, name: str, usable: Callable[[Any], bool] = lambda view: True) -> Any:
    """The view `name` kept for the game file as it reads now, its example notice said
    first; None when there is none (or it is not `usable`): the command works it out."""
    text = file_text(path)
    views = kept(path, text) if text is not None else None
    if not views or name not in views or not usable(views[name]):
        return None
    if views.get("notice"):
        message(views["notice"], style="yellow")
    return views[name]


def keep_view(path: str, game: Any, name: str, view: Any) -> None:
    """Keep one view of `game` as it was read or saved, with its example notice."""
    if game.saved is None:
        return
    from .game_io import example_note

    keep(path, game.saved.text, {name: view, "notice": example_note(game.setup)})


def events_json(legal) -> str:
    """What `options --json` prints: one legal event a line."""
    lines = ",\n  ".join(json_safe(json.dumps(event, ensure_ascii=False)) for event in legal)
    return f"[\n  {lines}\n]\n" if lines else "[]\n"


# `options --json` lists at most this many events unless told otherwise (--limit); a
# preparation drawn from the table's own pile allows millions of draws, never written out
OPTIONS_LIMIT = 100_000
