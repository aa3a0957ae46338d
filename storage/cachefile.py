"""The files of caledonia's cache folder: private, read only when they are what they claim,
and unpickled by an unpickler that can build caledonia's data and nothing else.

The cache (checkpoints, the components, the views) saves time and is never needed, so
anything wrong with one of its files means that it is not used, at once and without a word:

- the folder is made 0700 and each file 0600 (created exclusively, never through a link),
  so that another user can neither read a game nor plant a file there;
- a file is opened without following a link and without blocking, then looked at
  (`fstat`): a FIFO, a device or a folder in its place is passed over, never waited on;
- each file's header holds a digest (BLAKE2b) of its body, compared before the body is
  read, so a body copied from another file under a real header is refused;
- pickled bodies are read by `restricted_loads`: it resolves only the classes defined in
  caledonia's own rules modules (and the few functions named in `allowed`), by a plain
  name (no dotted paths that would reach a module's imports), so `builtins.exec`,
  `os.system` or any other callable a crafted file names is refused before it is called.

Pickle is kept rather than another format because a replayed game is a deep graph of the
engine's frozen types: JSON or marshal would need a hand-written converter for each of
them, slower to read than the replay it saves.
"""

from __future__ import annotations

import io
import os
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

try:  # CPython's own BLAKE2: hashlib would load OpenSSL first, a cost at every start
    from _blake2 import blake2b as blake2b  # the cache's one digest, for its other files too
except ImportError:  # another Python
    from hashlib import blake2b as blake2b

FOLDER_MODE = 0o700
FILE_MODE = 0o600
OWN_MODULES = "caledonia.rules."
_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
)
_WRITE_FLAGS = (
    os.O_WRONLY
    | os.O_CREAT
    | os.O_EXCL
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
)


def body_digest(body: bytes) -> bytes:
    """The digest of a file's body as its header holds it (64 hex digits)."""
    return blake2b(body, digest_size=32).hexdigest().encode()


def read_regular(path: str | os.PathLike[str], limit: int | None = None) -> bytes | None:
    """The bytes of the cache file `path` (its first `limit` bytes), or None when it is
    missing, a link, not a regular file (a FIFO is never waited on) or cannot be read."""
    try:
        fd = os.open(path, _READ_FLAGS)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        if limit is not None:
            return os.read(fd, limit)
        chunks: list[bytes] = []
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
    except OSError:
        return None
    finally:
        os.close(fd)


def private_folder(folder: Path) -> None:
    """Make the cache folder 0700 (its parents as usual); one already there and the user's
    own is made 0700 too, unless it is a shared folder (sticky, such as /tmp)."""
    folder.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
    info = folder.stat()
    shared = info.st_mode & stat.S_ISVTX
    if not shared and info.st_uid == os.getuid() and stat.S_IMODE(info.st_mode) & 0o077:
        os.chmod(folder, FOLDER_MODE)


def write_private(path: Path, data: bytes) -> None:
    """Replace the cache file `path` with `data`: a new file 0600 beside it, created
    exclusively (never through a link), then renamed over it, so a reader finds the old
    file or the new one, whole. Raises OSError; callers treat any failure as no cache."""
    private_folder(path.parent)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    fd = os.open(temporary, _WRITE_FLAGS, FILE_MODE)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def restricted_loads(
    body: bytes,
    allowed: Iterable[tuple[str, str]] = (),
    stand_ins: dict[tuple[str, str], Callable[[], Any]] | None = None,
) -> Any:
    """Unpickle `body`, resolving only classes defined in caledonia's rules modules, the
    functions named in `allowed` and the `stand_ins` (a name the pickle uses for a value
    this process gives). Anything else raises pickle.UnpicklingError before it is built."""
    import pickle  # only when a pickle is read: a view needs none

    permitted = frozenset(allowed)
    given = stand_ins or {}

    class Unpickler(pickle.Unpickler):
        def find_class(self, module: str, name: str) -> Any:
            if (module, name) in given:
                return given[module, name]
            if not module.startswith(OWN_MODULES) or "." in name or name.startswith("__"):
                raise pickle.UnpicklingError(f"{module}.{name} is not caledonia's data")
            found = super().find_class(module, name)
            own_class = isinstance(found, type) and found.__module__ == module
            if not (own_class or (module, name) in permitted):
                raise pickle.UnpicklingError(f"{module}.{name} is not caledonia's data")
            return found

    return Unpickler(io.BytesIO(body)).load()
