"""One writer at a time for a file, and a way to tell that a file changed since it was read.

A writer holds an exclusive lock on `FILE.lock` beside the file (beside its target when FILE
is a symbolic link, so two names for one file share one lock) for its whole read-check-write.
The lock file holds the writer's pid, so the one who waits can name it, and it is removed as
the writer lets go. The lock is the system's (flock): a writer that is killed lets go at once,
and no stale lock is ever left to clear by hand.

A second writer waits at most LOCK_WAIT_SECONDS (or `CALEDONIA_LOCK_WAIT`), then gives up with
Busy: nothing was read to be written, so nothing is lost.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .errors import CaledoniaError
from .messages import N_, Reason
from .yamlfile import WriteError, os_reason

if sys.platform != "win32":
    import fcntl
try:  # CPython's own BLAKE2: hashlib would load OpenSSL first, a cost at every start
    from _blake2 import blake2b
except ImportError:  # another Python
    from hashlib import blake2b

LOCK_WAIT_ENV = "CALEDONIA_LOCK_WAIT"
LOCK_WAIT_SECONDS = 5.0  # a save takes well under a second: five is many saves' time
_NAMING_POLLS = 20
_POLL_SECONDS = 0.02
_held: dict[str, int] = {}  # lock files this process holds -> how deep (nested writers)


class Busy(CaledoniaError):
    """Another process holds the file's lock past the wait."""

    def __init__(self, path: str | os.PathLike[str], pid: int | None):
        self.path = str(path)
        self.pid = pid
        if pid:
            said = Reason(
                "{path} is being changed by another caledonia (pid {pid}); try again",
                path=self.path,
                pid=pid,
            )
        else:
            said = Reason("{path} is being changed by another caledonia; try again", path=self.path)
        super().__init__(said)


def real_path(path: str | os.PathLike[str]) -> Path:
    """The file a name stands for: a symbolic link's target, else the name itself."""
    return Path(os.path.realpath(path))


def lock_path(path: str | os.PathLike[str]) -> Path:
    target = real_path(path)
    return target.with_name(target.name + ".lock")


def _wait_seconds() -> float:
    try:
        return max(0.0, float(os.environ.get(LOCK_WAIT_ENV, LOCK_WAIT_SECONDS)))
    except ValueError:
        return LOCK_WAIT_SECONDS


def holder(lock: Path) -> int | None:
    """The pid written in a lock file (None when it cannot be read yet)."""
    try:
        text = lock.read_text(encoding="ascii", errors="replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


@contextmanager
def one_writer(path: str | os.PathLike[str], wait: float | None = None) -> Iterator[None]:
    """Hold the lock of `path` for the block; nested blocks on one file share it.

    Raises Busy after `wait` seconds (LOCK_WAIT_SECONDS), or WriteError when the lock file
    cannot be made (the folder is missing or read-only: the file could not be saved either).
    """
    lock = lock_path(path)
    key = str(lock)
    if key in _held:
        _held[key] += 1
        try:
            yield
        finally:
            _held[key] -= 1
        return
    fd = _acquire(path, lock, _wait_seconds() if wait is None else wait)
    _held[key] = 1
    try:
        yield
    finally:
        del _held[key]
        # removed before it is let go: a writer waiting on this file finds it gone and
        # locks a fresh one (see _acquire), so two writers never hold two different files
        try:
            os.unlink(lock)
        except OSError:
            pass
        os.close(fd)


_OPEN_FLAGS = (
    os.O_RDWR
    | os.O_CREAT
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_NOFOLLOW", 0)  # a link planted as the lock is refused, not written through
    | getattr(os, "O_NONBLOCK", 0)  # and a FIFO planted there does not hang the open
)
LOCK_MODE = 0o600  # the writer's own: nobody else need read or change a lock


def _acquire(path: str | os.PathLike[str], lock: Path, wait: float) -> int:
    if sys.platform == "win32":  # no flock: one writer is not enforced there
        return os.open(os.devnull, os.O_RDONLY)

    deadline = time.monotonic() + wait
    unnamed = 0  # polls past the deadline while the holder's pid could not be read
    while True:
        fd = _open_lock(path, lock)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            if time.monotonic() >= deadline:
                pid = holder(lock)
                # no pid yet: a writer is between locking and writing it, or has just let
                # go; a few more polls name it (or get the lock) rather than say "another"
                if pid is not None or unnamed >= _NAMING_POLLS:
                    raise Busy(path, pid) from None
                unnamed += 1
            time.sleep(_POLL_SECONDS)
            continue
        if _is_current(fd, lock):
            try:
                os.ftruncate(fd, 0)
                os.write(fd, f"{os.getpid()}\n".encode("ascii"))
            except OSError as error:  # a full disk: no empty lock is left behind
                _let_go(fd, lock)
                raise WriteError(path, _unchanged(error)) from None
            return fd
        os.close(fd)  # the last holder removed it as it let go: lock the one there now


def _open_lock(path: str | os.PathLike[str], lock: Path) -> int:
    """The lock file, opened (made 0600 when new); WriteError, naming it, when it cannot be
    made or is a symbolic link, a FIFO or anything else than a regular file."""
    try:
        fd = os.open(lock, _OPEN_FLAGS, LOCK_MODE)
    except OSError as error:
        if error.errno == errno.ELOOP or os.path.islink(lock):
            raise WriteError(path, _planted(lock, N_("a symbolic link"))) from None
        if error.errno == errno.EISDIR:
            raise WriteError(path, _planted(lock, N_("not a regular file"))) from None
        raise WriteError(path, _unchanged(error, making=True)) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise WriteError(path, _planted(lock, N_("not a regular file")))
    return fd


def _planted(lock: Path, what: str) -> Reason:
    # TRANSLATORS: {what} is "a symbolic link" or "not a regular file"
    return Reason(
        "its lock file {lock} is {what}: nothing was changed (remove it if no caledonia "
        "is running)",
        lock=str(lock),
        what=Reason(what),
    )


def _unchanged(error: OSError, making: bool = False) -> Reason:
    if making:
        return Reason("{reason} (making its lock file)", reason=os_reason(error))
    return Reason("{reason}: nothing was changed", reason=os_reason(error))


def _let_go(fd: int, lock: Path) -> None:
    try:
        os.unlink(lock)
    except OSError:
        pass
    os.close(fd)


def _is_current(fd: int, lock: Path) -> bool:
    try:
        now = os.stat(lock)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (mine.st_dev, mine.st_ino) == (now.st_dev, now.st_ino)


@dataclass(frozen=True)
class Seen:
    """What a file was when it was read: its size, its change time and a hash of its bytes."""

    size: int
    mtime_ns: int
    digest: str


def seen(path: str | os.PathLike[str]) -> Seen | None:
    """The file as it is now (None when it is missing or cannot be read)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a FIFO never blocks
    except OSError:
        return None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None
        digest = blake2b(handle.read()).hexdigest()
    return Seen(info.st_size, info.st_mtime_ns, digest)
