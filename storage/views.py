"""What a read-only command prints of a game, kept beside the game's checkpoint, so that
`status`, `options --json` and `log` on a file that has not changed since caledonia last
read it need neither the rules engine nor a replay: only what they print.

A view is plain data (strings, numbers, lists, dicts) worked out from the replayed game
by the command that prints it (cli/views.py). The views of a file are kept under a key
(BLAKE2b) of the game file's exact text, caledonia's own code and data (the rules' and
this layer's files, `datacache.tool_version`) and what the caller adds (`salt`: the
command line's own files and the reader's language, since a view's sentences are in it):
a hand edit, an `act`, an undo, another version of the tool or another language each
give another key, and views under another key are never read. The key is compared before
anything else in the file is read. Any trouble (missing, damaged, unwritable) means the
command works the view out from the game, without a word. CALEDONIA_NO_CACHE=1 (or
=views) turns it off, CALEDONIA_CACHE_DIR moves it (see datacache.py). The file is 0600
in a 0700 folder, and one that is a link, a FIFO or not a regular file is passed over at
once (cachefile.py).

The data goes through `marshal`, which reads Python's own plain values and needs no
import (it runs nothing: a code object in a crafted file would be a value never called);
the tool's Python version is part of the key, so a file is only ever read by the Python
that wrote it.
"""

from __future__ import annotations

import marshal
import os
import zlib
from pathlib import Path
from typing import Any

from .cachefile import blake2b, read_regular, write_private
from .datacache import cache_folder, tool_version

FORMAT = b"caledonia-views/3\n"


def _file(path: str) -> Path | None:
    folder = cache_folder("views")
    if folder is None:
        return None
    # a name of the path only: two paths of one name just miss each other's views
    absolute = os.path.abspath(path).encode()
    return folder / f"game-{zlib.crc32(absolute):08x}{zlib.adler32(absolute):08x}.views"


def _key(text: str, salt: bytes) -> bytes:
    """The key of a file's text for this version of caledonia (a line of 128 hex digits)."""
    digest = blake2b(tool_version().encode())
    digest.update(blake2b(salt).digest())
    digest.update(blake2b(text.encode()).digest())
    return digest.hexdigest().encode() + b"\n"


def kept(path: str, text: str, salt: bytes) -> dict[str, Any] | None:
    """The views kept for the game file `path` whose text is `text`, or None."""
    where = _file(path)
    if where is None:
        return None
    try:
        stored = read_regular(where)  # a FIFO or a link in its place: not waited on, not read
        if stored is None:
            return None
        key = _key(text, salt)
        if not stored.startswith(FORMAT) or stored[len(FORMAT) : len(FORMAT) + len(key)] != key:
            return None  # written for other content, or by another version: not read
        views = marshal.loads(stored[len(FORMAT) + len(key) :])
    except Exception:  # missing or damaged: the command works its view out
        return None
    return views if isinstance(views, dict) else None


def keep(path: str, text: str, views: dict[str, Any], salt: bytes) -> None:
    """Keep `views` for `path` whose text is `text`, beside those already kept for the same
    text; silently nothing when they cannot be written."""
    where = _file(path)
    if where is None:
        return
    try:
        views = {**(kept(path, text, salt) or {}), **views}
        data = FORMAT + _key(text, salt) + marshal.dumps(_plain(views))
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
