"""Reading and writing YAML files safely.

Only plain data is ever built: the loader is PyYAML's safe loader (the C one
when available), so a tag such as ``!!python/object`` is refused instead of
building an object. Mappings and lists remember the line of each key and item
so that a later check can point at the line of a bad value. Saved files are
replaced atomically: a crash never leaves a half-written file behind.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

from .errors import DataError

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
                None, None, "a key must be plain text or a number", key_node.start_mark
            ) from None
        if seen:
            raise _DuplicateKey(
                None, None, f"the key {key!r} appears twice in one mapping", key_node.start_mark
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
        problem = (
            f"the tag {tag} is not allowed: a file holds plain data only "
            "(mappings, lists, text and numbers)"
        )
    elif isinstance(error, _DuplicateKey):
        pass
    else:
        problem = f"not valid YAML: {problem}"
    return DataError(source, problem, line=line)


def parse_yaml(text: str, source: str) -> Any:
    """Parse YAML text into plain data with line numbers; raise DataError."""
    try:
        data = yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader is a SafeLoader
    except yaml.YAMLError as error:
        raise _yaml_error(source, error) from None
    except RecursionError:
        raise DataError(source, "the YAML nests too deeply") from None
    if data is None:
        raise DataError(source, "the file is empty: expected YAML data")
    return data


def read_yaml(path: str | os.PathLike[str]) -> Any:
    """Read and parse a YAML file; any problem becomes a DataError naming it."""
    source = str(path)
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise DataError(source, "file not found") from None
    except IsADirectoryError:
        raise DataError(source, "is a directory: expected a YAML file") from None
    except PermissionError:
        raise DataError(source, "cannot read the file: permission denied") from None
    except OSError as error:
        raise DataError(source, f"cannot read the file: {error.strerror}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise DataError(source, f"not UTF-8 text (byte {error.start})") from None
    if not text.strip():
        raise DataError(source, "the file is empty: expected YAML data")
    return parse_yaml(text, source)


def plain(value: Any) -> Any:
    """Data as plain dicts and lists, without the line-keeping types of the reader."""
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    return value


def to_yaml(data: Any) -> str:
    """Plain data as block YAML, with short lists and mappings kept on one line."""
    return yaml.safe_dump(
        plain(data), sort_keys=False, allow_unicode=True, default_flow_style=None, width=100
    )


def _mode_for(target: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual ones (umask)."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


STALE_SECONDS = 60


def _remove_stale_temporaries(folder: Path, name: str) -> None:
    """Temporary files left by a writer that was killed mid-write (older than a minute)."""
    import time

    for leftover in folder.glob(f".{name}.*.tmp"):
        try:
            if time.time() - leftover.stat().st_mtime > STALE_SECONDS:
                leftover.unlink()
        except OSError:
            pass


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Replace `path` with `text` so that readers see the old or the new file, never a mix.

    The text goes to a temporary file in the same folder, is flushed to disk,
    then renamed over the target; the folder is synced so the rename survives
    a power cut.
    """
    import tempfile  # only needed when saving; keeps start-up lean

    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        os.fchmod(fd, _mode_for(target))
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
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
