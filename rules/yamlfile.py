"""Reading and writing YAML files safely.

Only plain data is ever built: the loader is PyYAML's safe loader (the C one
when available), so a tag such as ``!!python/object`` is refused instead of
building an object, and a document whose aliases would expand it beyond
MAX_EXPANDED_VALUES values (a "billion laughs" bomb) is refused before it is
built. Mappings and lists remember the line of each key and item
so that a later check can point at the line of a bad value. Saved files are
replaced atomically: a crash never leaves a half-written file behind.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Any

import yaml

from .errors import CaledoniaError, DataError
from .messages import N_, Reason

_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class LineDict(dict):
    """A mapping read from YAML; ``lines[key]`` is the 1-based line of the key."""

    __slots__ = ("lines", "line")

    def __init__(self, line: int | None = None):
        super().__init__()
        self.lines: dict[Any, int] = {}
        self.line = line


class LineList(list):
    """A list read from YAML; ``lines[i]`` is the 1-based line of item i."""

    __slots__ = ("lines", "line")

    def __init__(self, line: int | None = None):
        super().__init__()
        self.lines: list[int] = []
        self.line = line


class _DuplicateKey(yaml.MarkedYAMLError):
    pass


class _Loader(_BaseLoader):  # type: ignore[misc, valid-type]
    pass


def _construct_mapping(loader: _Loader, node: yaml.MappingNode):
    data = LineDict(node.start_mark.line + 1)
    yield data
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            seen = key in data
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, Reason("a key must be plain text or a number"), key_node.start_mark
            ) from None
        if seen:
            raise _DuplicateKey(
                None,
                None,
                Reason("the key {key!r} appears twice in one mapping", key=key),
                key_node.start_mark,
            )
        data[key] = loader.construct_object(value_node, deep=False)
        data.lines[key] = key_node.start_mark.line + 1


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode):
    data = LineList(node.start_mark.line + 1)
    yield data
    for item in node.value:
        data.append(loader.construct_object(item, deep=False))
        data.lines.append(item.start_mark.line + 1)


_Loader.add_constructor("tag:yaml.org,2002:map", _construct_mapping)
_Loader.add_constructor("tag:yaml.org,2002:seq", _construct_sequence)


def _yaml_error(source: str, error: yaml.YAMLError) -> DataError:
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    line = mark.line + 1 if mark is not None else None
    problem = getattr(error, "problem", None) or str(error)
    if "could not determine a constructor for the tag" in problem:
        tag = problem.split("tag", 1)[-1].strip(" '").replace("tag:yaml.org,2002:", "!!")
        problem = Reason(
            "the tag {tag} is not allowed: a file holds plain data only "
            "(mappings, lists, text and numbers)",
            tag=tag,
        )
    elif isinstance(error, _DuplicateKey):
        pass
    else:
        # TRANSLATORS: {problem} is the YAML reader's own words, in English
        problem = Reason("not valid YAML: {problem}", problem=problem)
    return DataError(source, problem, line=line)


def _character_error(source: str, text: str, error: yaml.reader.ReaderError) -> DataError:
    """One line for a character the YAML reader refuses (a NUL byte, a control character),
    with its line and column rather than the reader's position in its own buffer."""
    position = error.position if isinstance(error.position, int) else 0
    before = text[:position]
    line = before.count("\n") + 1
    column = position - (before.rfind("\n") + 1) + 1
    code = error.character if isinstance(error.character, int) else ord(text[position])
    if code == 0:
        said = Reason(
            "a NUL byte at column {column}: a YAML file holds text only (was it saved as text?)",
            column=column,
        )
    else:
        said = Reason(
            "the control character U+{code:04X} at column {column}: a YAML file holds text "
            "only (was it saved as text?)",
            code=code,
            column=column,
        )
    return DataError(source, said, line=line)


# Refuse alias bombs ("billion laughs"): the largest real file, a long game,
# has a few thousand values, so this leaves a wide margin while a document at
# the limit still takes well under a second to copy or check.
MAX_EXPANDED_VALUES = 200_000


def _check_alias_expansion(node: yaml.Node, source: str) -> None:
    """Refuse a document whose aliases would expand it beyond MAX_EXPANDED_VALUES.

    Counts the values of the fully expanded document without expanding it: a
    node reached through several aliases is measured once (memoised by id) and
    counted once per reference. An alias to one of its own ancestors is a cycle.
    """
    # Exact type tests and local names: this runs on every file read, so keep it cheap.
    scalar_node, mapping_node = yaml.ScalarNode, yaml.MappingNode
    if type(node) is scalar_node:
        return
    cap = MAX_EXPANDED_VALUES + 1  # sizes saturate here: no huge integers
    sizes: dict[int, int] = {}  # measured collections; scalars count 1 and are never stacked
    open_ids: set[int] = set()  # collections on the current path
    shared = False  # some collection is reached twice: only then do aliases multiply
    first_too_big: yaml.Node | None = None
    # (collection, None) to enter it; (collection, its child collections) to leave it.
    stack: list[tuple[yaml.Node, list[yaml.Node] | None]] = [(node, None)]
    while stack:
        current, inner = stack.pop()
        key = id(current)
        if inner is not None:
            open_ids.discard(key)
            total = 1 + len(current.value) * (2 if type(current) is mapping_node else 1)
            for child in inner:
                total += sizes[id(child)] - 1
            if total > MAX_EXPANDED_VALUES and first_too_big is None:
                first_too_big = current
            sizes[key] = min(total, cap)
        elif key in sizes:
            shared = True
        elif key in open_ids:
            raise DataError(
                source,
                Reason(
                    "an alias (*alias) refers to a value that contains it: recursive YAML is "
                    "refused"
                ),
                line=current.start_mark.line + 1,
            )
        else:
            open_ids.add(key)
            if type(current) is mapping_node:
                inner = [c for pair in current.value for c in pair if type(c) is not scalar_node]
            else:
                inner = [c for c in current.value if type(c) is not scalar_node]
            stack.append((current, inner))
            stack.extend([(child, None) for child in inner])
    if first_too_big is not None and shared:
        raise DataError(
            source,
            Reason(
                "the YAML expands to more than {count} values "
                "through aliases (&anchor / *alias): refused",
                count=MAX_EXPANDED_VALUES,
            ),
            line=first_too_big.start_mark.line + 1,
        )


def parse_yaml(text: str, source: str) -> Any:
    """Parse YAML text into plain data with line numbers; raise DataError."""
    try:
        loader = _Loader(text)
        try:
            # Compose first, measure, and only then build the data, so that an
            # alias bomb is refused before anything walks its expansion.
            node = loader.get_single_node()
            if node is None:
                data = None
            else:
                _check_alias_expansion(node, source)
                data = loader.construct_document(node)
        finally:
            loader.dispose()
    except yaml.reader.ReaderError as error:  # a character YAML cannot hold: say where, plainly
        raise _character_error(source, text, error) from None
    except yaml.YAMLError as error:
        raise _yaml_error(source, error) from None
    except RecursionError:
        raise DataError(source, Reason("the YAML nests too deeply")) from None
    if data is None:
        raise DataError(source, Reason(EMPTY))
    return data


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


def plain(value: Any) -> Any:
    """Data as plain dicts and lists, without the line-keeping types of the reader."""
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, str):  # a Reason (rules/messages.py) is saved as its English words
        return str(value)
    return value


_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # the C one writes the same, 4x faster


def to_yaml(data: Any) -> str:
    """Plain data as block YAML, with short lists and mappings kept on one line."""
    return yaml.dump(
        plain(data),
        Dumper=_Dumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=None,
        width=100,
    )


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


def _remove_stale_temporaries(folder: Path, name: str) -> None:
    """Temporary files left by a writer that was killed mid-write (older than a minute)."""
    import glob
    import time

    for leftover in folder.glob(glob.escape(_temporary_prefix(name)) + "*.tmp"):
        try:
            if time.time() - leftover.stat().st_mtime > STALE_SECONDS:
                leftover.unlink()
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
    import tempfile

    if not str(path).strip():
        raise WriteError(path, Reason("no file name given"))
    target = _through_link(path)
    _refuse_folder(target, path)
    folder = _folder_of(target)
    try:
        if make_folder and not folder.exists():
            folder.mkdir(parents=True)
        fd, probe = tempfile.mkstemp(
            prefix=_temporary_prefix(target.name), suffix=".tmp", dir=folder
        )
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


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Replace `path` with `text` so that readers see the old or the new file, never a mix.

    The text goes to a temporary file in the same folder, is flushed to disk, gets the old
    file's permissions and owner, then is renamed over the target (a symbolic link's
    target: the link stays); the folder is synced so the rename survives
    a power cut. A file that cannot be written raises WriteError ("cannot write
    FILE: reason") and leaves the old file, if any, as it was.
    """
    import tempfile  # only needed when saving; keeps start-up lean

    target = _through_link(path)
    folder = _folder_of(target)
    _refuse_folder(target, path)
    try:
        fd, temporary = tempfile.mkstemp(
            prefix=_temporary_prefix(target.name), suffix=".tmp", dir=folder
        )
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
