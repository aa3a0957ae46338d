"""Reading and writing YAML files safely.

A file is read whole and checked (a regular file, UTF-8 text, not empty) before its YAML is
parsed by yamltext, with PyYAML's safe loader only; saved files are replaced atomically: a
crash never leaves a half-written file behind.
"""

from __future__ import annotations

import errno
import os
import stat
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from .errors import CaledoniaError, DataError
from .messages import N_, Reason
from .yamltail import flow_items as flow_items  # the writers' name for it

NOT_REGULAR = N_("not a regular file (a pipe, a device or a socket): expected a YAML file")
EMPTY = N_("the file is empty: expected YAML data")


def _read_regular(path: str | os.PathLike[str]) -> bytes | None:
    """The bytes of a regular file; None for anything else (a FIFO, a device), found at once:
    the file is opened without blocking and looked at before anything is read."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as handle:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "is a directory")
        if not stat.S_ISREG(mode):
            return None
        return handle.read()


def file_head(path: str | os.PathLike[str], size: int) -> bytes:
    """The first `size` bytes of a regular file (b"" for anything else, or on any error)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return b""
    try:
        return os.read(fd, size) if stat.S_ISREG(os.fstat(fd).st_mode) else b""
    except OSError:
        return b""
    finally:
        os.close(fd)


def read_yaml(path: str | os.PathLike[str]) -> Any:
    """Read and parse a YAML file; any problem becomes a DataError naming it."""
    return parse_yaml(read_text(path), str(path))


def read_text(path: str | os.PathLike[str]) -> str:
    """A YAML file's text, not empty; any problem becomes a DataError naming it."""
    source = str(path)
    try:
        raw = _read_regular(path)
    except FileNotFoundError:
        raise DataError(source, Reason("file not found")) from None
    except IsADirectoryError:
        raise DataError(source, Reason("is a directory: expected a YAML file")) from None
    except PermissionError:
        raise DataError(source, Reason("cannot read the file: permission denied")) from None
    except OSError as error:
        # TRANSLATORS: {reason} is the system's own words
        said = Reason("cannot read the file: {reason}", reason=error.strerror)
        raise DataError(source, said) from None
    if raw is None:
        raise DataError(source, Reason(NOT_REGULAR))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise DataError(source, Reason("not UTF-8 text (byte {byte})", byte=error.start)) from None
    if not text.strip():
        raise DataError(source, Reason(EMPTY))
    return text


def _yamltext() -> ModuleType:
    """yamltext, which loads PyYAML: only when YAML is read or written (a kept view is
    shown without it)."""
    from . import yamltext

    return yamltext


def parse_yaml(text: str, source: str, tail: str | None = None) -> Any:
    """Parse YAML text into plain data with line numbers; raise DataError (yamltext).
    `tail`: a mapping's last key, whose list of events lines is read without PyYAML."""
    parsed: Any = _yamltext().parse_yaml(text, source, tail)
    return parsed


def to_yaml(data: Any) -> str:
    """Plain data as block YAML, with short lists and mappings kept on one line (yamltext)."""
    dumped: str = _yamltext().to_yaml(data)
    return dumped


def _keep_mode_and_owner(fd: int, target: Path) -> None:
    """The new file gets the old one's permissions and, where the system allows, its owner
    and group; a new file gets the usual permissions (umask)."""
    try:
        old = target.stat()
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
        return
    if hasattr(os, "fchown"):
        try:
            os.fchown(fd, old.st_uid, old.st_gid)
        except OSError:  # only root may give a file away: the writer's own, then
            pass
    os.fchmod(fd, old.st_mode & 0o7777)


STALE_SECONDS = 60
# A temporary file is named after its target; its name keeps only this many bytes of the
# target's so that a target whose name is near the system's limit (255 bytes) can be saved.
TEMPORARY_NAME_BYTES = 100
PROBE_BYTES = 64 * 1024  # check_writable writes this much: a long game's file is about this big
_saved: list[str] = []  # what this process has saved, in order: the exit code tells of them


def saved_files() -> tuple[str, ...]:
    """The files write_text_atomic has saved in this process (the names as given)."""
    return tuple(_saved)


class WriteError(CaledoniaError, OSError):
    """A file cannot be written: the message is "cannot write FILE: reason". It is an
    OSError too, so code that already tolerates a failed write (the data cache) still does."""

    def __init__(self, path: str | os.PathLike[str], reason: str):
        self.path = str(path)
        self.reason = reason
        super().__init__(Reason("cannot write {path}: {reason}", path=self.path, reason=reason))


def os_reason(error: OSError) -> str:
    """An OSError in a few words a person can act on (no errno numbers)."""
    words = {
        errno.ENOENT: N_("the folder does not exist"),
        errno.ENOTDIR: N_("a part of the path is a file, not a folder"),
        errno.EISDIR: N_("it is a folder"),
        errno.EACCES: N_("permission denied"),
        errno.EPERM: N_("permission denied"),
        errno.EROFS: N_("the disk is read-only"),
        errno.ENAMETOOLONG: N_("the name is too long for the system"),
        errno.ENOSPC: N_("the disk is full"),
        errno.EDQUOT: N_("the disk quota is full"),
        errno.ELOOP: N_("too many symbolic links"),
    }
    said = words.get(error.errno or 0)
    return Reason(said) if said else (error.strerror or str(error)).lower()


def _temporary_prefix(name: str) -> str:
    short = name.encode("utf-8", "surrogateescape")[:TEMPORARY_NAME_BYTES]
    return "." + short.decode("utf-8", "ignore") + "."


def _new_temporary(folder: Path, name: str) -> tuple[int, str]:
    """A new file `.NAME.RANDOM.tmp` in `folder`, open for writing and the writer's alone,
    as tempfile.mkstemp makes it (created exclusively, mode 0600), without importing
    tempfile and its random number generator at every save."""
    prefix = _temporary_prefix(name)
    for _ in range(100):
        path = os.path.join(folder, f"{prefix}{os.urandom(6).hex()}.tmp")
        try:
            return os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600), path
        except FileExistsError:
            continue  # taken: another random name
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(folder))


def _remove_stale_temporaries(folder: Path, name: str) -> None:
    """Temporary files left by a writer that was killed mid-write (older than a minute)."""
    prefix = _temporary_prefix(name)
    try:
        entries = list(os.scandir(folder))  # one listing; no pattern to compile, unlike glob
    except OSError:
        return
    for leftover in entries:
        if not (leftover.name.startswith(prefix) and leftover.name.endswith(".tmp")):
            continue
        try:
            if time.time() - leftover.stat(follow_symlinks=False).st_mtime > STALE_SECONDS:
                os.unlink(leftover.path)
        except OSError:
            pass


def _folder_of(target: Path) -> Path:
    return target.parent if str(target.parent) else Path(".")


def _refuse_folder(target: Path, shown: str | os.PathLike[str] | None = None) -> None:
    """A WriteError when `target` is a folder, anything else that is not a regular file (a
    FIFO, a device), a file the user may not write, or a name the system refuses to look
    up. `shown` is the name the person gave (a link's, when `target` is its target)."""
    shown = target if shown is None else shown
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return
    except OSError as error:
        if error.errno == errno.ENOTDIR:  # a file is used as a folder: say so at the write
            return
        raise WriteError(shown, os_reason(error)) from None
    if stat.S_ISDIR(mode):
        raise WriteError(shown, Reason("it is a folder: give a file name"))
    if not stat.S_ISREG(mode):
        raise WriteError(shown, Reason("it is not a regular file (a pipe, a device or a socket)"))
    if not os.access(target, os.W_OK):
        raise WriteError(shown, Reason("it is read-only"))


def check_writable(path: str | os.PathLike[str], *, make_folder: bool = True) -> None:
    """Raise WriteError unless `path` can be saved with write_text_atomic, without touching it.

    Checks what saving needs: a name the system accepts, a target that is not a folder, and
    a regular file the user may write (or none yet), and a folder where a file can be
    created (tried for real with a temporary file of PROBE_BYTES that is removed at once,
    so it holds for root, for read-only disks and for a full one too). A symbolic link is
    checked at its target. A missing folder is
    created first when `make_folder` (the person named it), else refused.
    """
    if not str(path).strip():
        raise WriteError(path, Reason("no file name given"))
    target = _through_link(path)
    _refuse_folder(target, path)
    folder = _folder_of(target)
    try:
        if make_folder and not folder.exists():
            folder.mkdir(parents=True)
        fd, probe = _new_temporary(folder, target.name)
        try:  # a full disk still makes an empty file: a game's worth of bytes must fit
            os.write(fd, b" " * PROBE_BYTES)
        finally:
            os.close(fd)
            os.unlink(probe)
    except OSError as error:
        raise WriteError(path, os_reason(error)) from None


def _through_link(path: str | os.PathLike[str]) -> Path:
    """Where a save goes: a symbolic link's target (the link stays a link), else `path`."""
    target = Path(path)
    try:
        linked = target.is_symlink()
    except OSError:  # a name the system refuses: said by the checks that follow
        return target
    return Path(os.path.realpath(target)) if linked else target


def refuse_link(path: str | os.PathLike[str]) -> None:
    """WriteError when `path` is a symbolic link: a folder that is the tool's own (the box)
    holds its own files only, never a link planted to have a save written elsewhere."""
    if os.path.islink(path):
        raise WriteError(
            path, Reason("it is a symbolic link: the box folder holds its own files only")
        )


def write_text_atomic(
    path: str | os.PathLike[str], text: str, *, follow_links: bool = True
) -> None:
    """Replace `path` with `text` so that readers see the old or the new file, never a mix.

    The text goes to a temporary file in the same folder, is flushed to disk, gets the old
    file's permissions and owner, then is renamed over the target (a symbolic link's
    target: the link stays; with `follow_links=False` a link is refused, as in the box
    folder); the folder is synced so the rename survives a power cut. A file that cannot be written raises WriteError ("cannot write
    FILE: reason") and leaves the old file, if any, as it was.
    """
    if not follow_links:
        refuse_link(path)
    target = _through_link(path)
    folder = _folder_of(target)
    _refuse_folder(target, path)
    try:
        fd, temporary = _new_temporary(folder, target.name)
    except OSError as error:
        raise WriteError(path, os_reason(error)) from None
    try:
        _keep_mode_and_owner(fd, target)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException as error:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        if isinstance(error, OSError):
            raise WriteError(path, os_reason(error)) from None
        if isinstance(error, UnicodeEncodeError):
            said = Reason("the text holds characters that cannot be saved")
            raise WriteError(path, said) from None
        raise
    _saved.append(str(path))
    _remove_stale_temporaries(folder, target.name)
    try:
        folder_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(folder_fd)
    except OSError:
        pass
    finally:
        os.close(folder_fd)
