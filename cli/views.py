"""What a read-only command prints of a game, kept beside the game's checkpoint, so that
`status`, `options --json` and `log` on a file that has not changed since caledonia last
wrote or read it need neither the rules engine nor a replay: only what they print.

A view is plain data (strings, numbers, lists, dicts) worked out from the replayed game.
The views of a file are kept under a key (BLAKE2b) of the game file's exact text,
caledonia's own code and data (every module and data file of `cli` and `rules`, with its
size and time) and the reader's language (a view's sentences are in it): a hand edit, an
`act`, an undo, another version of the tool or another language each give another key,
and views under another key are never read. The key is compared before
anything else in the file is read. Any trouble (missing, damaged, unwritable) means the
command works the view out from the game, without a word. CALEDONIA_NO_CACHE=1 turns it
off, CALEDONIA_CACHE_DIR moves it (see rules/datacache.py). The file is 0600 in a 0700
folder, and one that is a link, a FIFO or not a regular file is passed over at once
(rules/cachefile.py).

The data goes through `marshal`, which reads Python's own plain values and needs no
import (it runs nothing: a code object in a crafted file would be a value never called); the tool's Python version is part of the key, so a file is only ever read by the
Python that wrote it.
"""

from __future__ import annotations

import marshal
import os
import zlib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

FORMAT = b"caledonia-views/2\n"


@cache
def code_listing() -> bytes:
    """caledonia's code and data as installed: each module and data file of the command
    line and of the rules with its size and modification time."""
    from caledonia.rules.datacache import installed_files, tool_version

    # the rules' files as the checkpoints key them (listed once per run), then the CLI's
    listed = [tool_version(), *installed_files(Path(__file__).parent)]
    return "\n".join(listed).encode()


def _file(path: str) -> Path | None:
    from caledonia.rules.datacache import cache_folder

    folder = cache_folder()
    if folder is None:
        return None
    # a name of the path only: two paths of one name just miss each other's views
    absolute = os.path.abspath(path).encode()
    return folder / f"game-{zlib.crc32(absolute):08x}{zlib.adler32(absolute):08x}.views"


def _key(text: str) -> bytes:
    """The key of a file's text for this version of caledonia (a line of 128 hex digits)."""
    try:  # CPython's own BLAKE2: hashlib would load OpenSSL first, a cost at every start
        from _blake2 import blake2b
    except ImportError:  # another Python
        from hashlib import blake2b

    from .translation import language_settings

    digest = blake2b(code_listing())
    digest.update(blake2b("\n".join(language_settings()).encode()).digest())
    digest.update(blake2b(text.encode()).digest())
    return digest.hexdigest().encode() + b"\n"


def kept(path: str, text: str) -> dict[str, Any] | None:
    """The views kept for the game file `path` whose text is `text`, or None."""
    where = _file(path)
    if where is None:
        return None
    from caledonia.rules.cachefile import read_regular

    try:
        stored = read_regular(where)  # a FIFO or a link in its place: not waited on, not read
        if stored is None:
            return None
        key = _key(text)
        if not stored.startswith(FORMAT) or stored[len(FORMAT) : len(FORMAT) + len(key)] != key:
            return None  # written for other content, or by another version: not read
        views = marshal.loads(stored[len(FORMAT) + len(key) :])
    except Exception:  # missing or damaged: the command works its view out
        return None
    return views if isinstance(views, dict) else None


def keep(path: str, text: str, views: dict[str, Any], *, replace: bool = False) -> None:
    """Keep `views` for `path` whose text is `text`, beside those already kept for the same
    text (all of them anew with `replace`); silently nothing when they cannot be written."""
    where = _file(path)
    if where is None:
        return
    from caledonia.rules.cachefile import write_private

    try:
        if not replace:
            views = {**(kept(path, text) or {}), **views}
        data = FORMAT + _key(text) + marshal.dumps(_plain(views))
        # a new file 0600 and a rename: a reader finds the old views or the new ones whole
        write_private(where, data)
    except Exception:  # the views save time; they are never needed
        pass


def _plain(value: Any) -> Any:
    """A view as marshal keeps it: a sentence of the rules (a Reason, a str subclass that
    marshal refuses) as its English words, inside lists, tuples and dicts too."""
    if isinstance(value, str):
        return str(value)  # a plain str is returned as it is
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, tuple):
        return tuple(_plain(item) for item in value)
    return value


def file_text(path: str) -> str | None:
    """The game file's text for a read-only command, or None when reading it has a problem
    (the command then loads the game as usual, which names the problem)."""
    from caledonia.rules.errors import CaledoniaError
    from caledonia.rules.yamlfile import read_text

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
        from .output import message

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
    import json

    from .output import json_safe

    lines = ",\n  ".join(json_safe(json.dumps(event, ensure_ascii=False)) for event in legal)
    return f"[\n  {lines}\n]\n" if lines else "[]\n"


# `options --json` lists at most this many events unless told otherwise (--limit); a
# preparation drawn from the table's own pile allows millions of draws, never written out
OPTIONS_LIMIT = 100_000


def options_view(legal) -> dict | None:
    """What `options --json` prints of every player's legal events; None when they are
    more than it lists (the command then says so itself)."""
    if len(legal) > OPTIONS_LIMIT:
        return None
    return {"total": len(legal), "json": events_json(legal)}


def keep_after_change(path: str, game: Any, status_view: Callable[[Any], dict]) -> None:
    """After a command saved the game: the views the table's next command reads (status,
    options --json), under the text just saved. Worked out here, with the game at hand,
    so that the next command needs no replay and no rules engine. `status_view` comes from
    the command (act_cmd, undo_cmd, fix_cmd), which imports this module."""
    if game.saved is None or game.saved.events != game.events or _file(path) is None:
        return
    from .game_io import example_note

    views = {"notice": example_note(game.setup), "status": status_view(game)}
    options = options_view(game.legal())
    if options is not None:
        views["options"] = options
    keep(path, game.saved.text, views, replace=True)
