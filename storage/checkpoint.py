"""A checkpoint of a replayed game in the cache folder, so that a command does not replay
every event of a game file that has not changed since caledonia last read or wrote it.

The checkpoint holds the game as replayed (setup, state, the canonical events, their
notes as pickled chunks read only when asked for (notes.py), the undone events) and whether the file's text may be extended by appending
events. Its key is the game file's exact content (BLAKE2b) and caledonia's own code and
data (`tool_version`): a hand edit, a truncation, events reordered, another version of
the tool, each gives another key. A checkpoint whose key does not match is never loaded:
the game is replayed from the file and the checkpoint written anew. Any trouble with it
(missing, damaged, unreadable, unwritable) means a full replay, without a word.
The checkpoint a save replaces is kept under its number of events (HISTORY of them, and
every MILESTONE-th), so that `undo` starts from the events it keeps, or a few before them,
rather than from the setup (games.undo_game).
CALEDONIA_NO_CACHE=1 (or =checkpoint) turns it off, CALEDONIA_CACHE_DIR moves it (see
datacache).

The checkpoint is caledonia's own file in the user's own cache folder (0700, the file
0600: cachefile.py), named after the game file and keyed by a hash of its content.
Its header holds that key and a digest of the body, both compared before a byte of the
body is read: a checkpoint that was not written for this very file by this very tool, or
a real header over another checkpoint's body, is never loaded. The body is a pickle,
because a replayed game is a deep graph of the engine's own frozen types that no plain
format reads back as fast; it is read by cachefile.restricted_loads, which builds only
the classes of caledonia's rules modules (and Reason's own restorer), never a function
such as `builtins.exec` or `os.system`, so a crafted checkpoint cannot run anything: it is
refused and the game replayed. A file in its place that is a link, a FIFO or anything but
a regular file is passed over without waiting. A checkpoint kept of an earlier length is
read only when its number of events and tool version match, and used only when its setup
and events are those the undo keeps (Game.began_as). Game files themselves are YAML, read
with the safe loader only.
"""

from __future__ import annotations

import copyreg
import io
import os
import pickle
from pathlib import Path
from typing import Any, NamedTuple

from caledonia.rules.components import Components
from caledonia.rules.game.engine import Game

from .cachefile import body_digest, read_regular, restricted_loads, write_private
from .datacache import cache_folder, tool_version
from .notes import KeptNotes, notes_chunks

try:  # CPython's own BLAKE2: hashlib would load OpenSSL first, a cost at every start
    from _blake2 import blake2b
except ImportError:  # another Python
    from hashlib import blake2b

FORMAT = b"caledonia-checkpoint/6"


class Restored(NamedTuple):
    game: Game
    appendable: bool  # the file's text ends with its events, block style: append to it


def key_of(content: bytes) -> bytes:
    """The key of a game file's exact content, for this version of the tool."""
    digest = blake2b(FORMAT)
    digest.update(tool_version().encode())
    digest.update(blake2b(content).digest())
    return digest.hexdigest().encode()


def _file(path: str | os.PathLike[str]) -> Path | None:
    folder = cache_folder("checkpoint")
    if folder is None:
        return None
    name = blake2b(os.path.abspath(path).encode()).hexdigest()[:20]
    return folder / f"game-{name}.checkpoint"


class _Pickler(pickle.Pickler):
    """Pickles a game with its component data (the process's own) as a mark, found by a
    reducer for the Components type: the C pickler looks the type up in its dispatch table
    at C speed, where a `persistent_id` method would be called for each of the game's
    tens of thousands of objects."""

    def __init__(self, file: io.BytesIO, parts: Components):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)

        def reduce_parts(obj: Components) -> Any:
            if obj is not parts:  # another set of component data: pickled as it is
                return obj.__reduce_ex__(pickle.HIGHEST_PROTOCOL)
            return (_process_parts, ())

        self.dispatch_table = {**copyreg.dispatch_table, Components: reduce_parts}


def _process_parts() -> Components:  # pragma: no cover - the mark; _load stands in
    """The mark of the component data in a checkpoint: the unpickler gives its own."""
    raise pickle.UnpicklingError("a checkpoint is read by checkpoint._load only")


_RESTORERS = (("caledonia.rules.messages", "_restored"),)  # how a Reason is pickled


def _load(body: bytes, parts: Components) -> Any:
    """The kept values of a checkpoint's body: caledonia's own types only (cachefile)."""
    return restricted_loads(body, _RESTORERS, {(__name__, _process_parts.__name__): lambda: parts})


def _dump_notes(notes: list[list[str]]) -> bytes:
    return pickle.dumps(notes, protocol=pickle.HIGHEST_PROTOCOL)


def _kept_notes(chunks: Any, parts: Components) -> KeptNotes:
    """The notes of a checkpoint, read only when something reads them (notes.py)."""
    if not isinstance(chunks, list) or not all(isinstance(c, bytes) for c in chunks):
        raise pickle.UnpicklingError("not the notes of a checkpoint")
    return KeptNotes(chunks, lambda chunk: _load(chunk, parts))


class _Header(NamedTuple):
    key: bytes  # the game file's content it was written for
    events: bytes  # its number of events and the tool's version
    body: bytes  # checked against the digest in the header


def _header(data: bytes | None) -> _Header | None:
    """A checkpoint's header and body, or None when it is not one, or when its body is not
    the one its header was written with."""
    if data is None:
        return None
    parts = data.split(b"\n", 4)
    if len(parts) != 5 or parts[0] != FORMAT:
        return None
    _, key, count, digest, body = parts
    if body_digest(body) != digest:
        return None  # a body from another file, or damaged: never unpickled
    return _Header(key, count + b"\n", body)


# Checkpoints kept of a game's earlier lengths, for undo (see games.undo_game): the
# checkpoint a save replaces is kept under its number of events, this many back; and
# those of a multiple of MILESTONE events for good, so that an undo far back (`undo
# --to N`) starts at most MILESTONE events before the point it keeps.
HISTORY = 30
MILESTONE = 100


def starts_for(kept: int) -> list[int]:
    """The numbers of events of the earlier checkpoints an undo keeping `kept` events
    may start from, the nearest first: the last HISTORY lengths, then the milestones."""
    recent = range(kept, max(0, kept - HISTORY), -1)
    milestones = range(kept // MILESTONE * MILESTONE, 0, -MILESTONE)
    return [*recent, *(n for n in milestones if n not in recent)]


def restore(path: str | os.PathLike[str], key: bytes, parts: Components) -> Restored | None:
    """The game kept for `path` under `key`, or None (no checkpoint, or another key)."""
    return _read(_file(path), key, parts)


def holds(path: str | os.PathLike[str], key: bytes) -> bool:
    """Whether the checkpoint kept for `path` is the one of `key`, by its header alone
    (its body is checked when it is restored)."""
    where = _file(path)
    head = (read_regular(where, limit=1024) or b"").split(b"\n", 2) if where else []
    return len(head) == 3 and head[0] == FORMAT and head[1] == key


def restore_earlier(path: str | os.PathLike[str], count: int, parts: Components) -> Game | None:
    """The game of `count` events kept for `path` by this version of caledonia before a
    later save replaced its checkpoint, or None. The file held another content then, so
    the caller must check that the game found is the start of its own (Game.began_as)."""
    where = _earlier(path, count)
    if where is None:
        return None
    found = _header(read_regular(where))
    if found is None or found.events != b"%d %s\n" % (count, tool_version().encode()):
        return None  # another length, or another version of the tool: not loaded
    try:
        setup, state, events, chunks, undone, _, play = _load(found.body, parts)
        notes = _kept_notes(chunks, parts)
        return Game.restored(setup, parts, state, events, notes, undone, play)
    except Exception:  # a damaged or crafted checkpoint only means a full replay
        return None


def _read(where: Path | None, key: bytes, parts: Components) -> Restored | None:
    if where is None:
        return None
    found = _header(read_regular(where))
    if found is None or found.key != key:
        return None  # written for other content, or by another tool: not loaded
    try:
        setup, state, events, chunks, undone, appendable, play = _load(found.body, parts)
        notes = _kept_notes(chunks, parts)
        return Restored(Game.restored(setup, parts, state, events, notes, undone, play), appendable)
    except Exception:  # a damaged or crafted checkpoint only means a full replay
        return None


def _earlier(path: str | os.PathLike[str], count: int) -> Path | None:
    where = _file(path)
    return None if where is None else where.with_name(f"{where.stem}.{count}{where.suffix}")


def store(path: str | os.PathLike[str], key: bytes, game: Game, appendable: bool) -> None:
    """Keep `game` as the replay of `path`'s content of `key` (the checkpoint it replaces
    is kept by its number of events, for undo); silently nothing if the cache folder
    cannot be written."""
    where = _file(path)
    if where is None:
        return
    buffer = io.BytesIO()
    count = b"%d %s\n" % (len(game.events), tool_version().encode())
    try:
        notes = notes_chunks(game.notes, _dump_notes)
        kept = (game.setup, game.state, game.events, notes, game.undone, appendable, game.play)
        _Pickler(buffer, game.parts).dump(kept)
        body = buffer.getvalue()
        header = FORMAT + b"\n" + key + b"\n" + count + body_digest(body) + b"\n"
        _keep_earlier(path, where)
        # a new file and a rename (cachefile): a reader sees the old checkpoint or the
        # new one; no fsync, since a checkpoint lost in a crash only costs one full replay
        write_private(where, header + body)
    except Exception:  # the checkpoint saves time; it is never needed
        pass


def _keep_earlier(path: str | os.PathLike[str], where: Path) -> None:
    """Move the checkpoint about to be replaced aside, named by its number of events, and
    drop the one HISTORY events before it."""
    head = (read_regular(where, limit=1024) or b"").split(b"\n", 3)  # the header only
    if len(head) < 4 or head[0] != FORMAT:
        return
    try:
        count = int(head[2].split()[0])
    except (ValueError, IndexError):
        return
    earlier = _earlier(path, count)
    oldest = _earlier(path, count - HISTORY)
    if earlier is not None and oldest is not None:
        os.replace(where, earlier)
        if (count - HISTORY) % MILESTONE:  # a milestone is kept
            oldest.unlink(missing_ok=True)


def forget(path: str | os.PathLike[str]) -> None:
    """Drop the checkpoint of `path`, and those kept of its earlier lengths (the tests use
    it)."""
    where = _file(path)
    if where is None:
        return
    where.unlink(missing_ok=True)
    for earlier in where.parent.glob(f"{where.stem}.*{where.suffix}"):
        earlier.unlink(missing_ok=True)
