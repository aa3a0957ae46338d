"""A JSON copy of the component YAML, so that start-up can skip the YAML parser.

Parsing the YAML files costs more than the rest of `caledonia score` together;
reading the same data from JSON is several times faster. The YAML files stay
the source of truth: the copy is keyed by each file's size and modification
time, the data read from it goes through the same checks as the YAML, and any
trouble with it (missing, stale, unreadable, unwritable) falls back to the
YAML without a word. CALEDONIA_NO_CACHE=1 turns it off; CALEDONIA_CACHE_DIR
moves it.
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

FORMAT = 1


def installed_files(root: Path) -> list[str]:
    """Each module and data file below `root` with its size and modification time: what
    keys a cache to the installed code (another version, or an edited install, differs)."""
    listed = [str(root)]
    for folder, inner, files in os.walk(root):
        inner[:] = sorted(name for name in inner if name != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".yaml")):
                found = os.stat(os.path.join(folder, name))
                listed.append(f"{folder}/{name} {found.st_size} {found.st_mtime_ns}")
    return listed


def cache_folder() -> Path | None:
    """caledonia's cache folder (CALEDONIA_CACHE_DIR, else the user's), or None when
    CALEDONIA_NO_CACHE turns caching off."""
    if os.environ.get("CALEDONIA_NO_CACHE"):
        return None
    base = os.environ.get("CALEDONIA_CACHE_DIR")
    if not base:
        xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        base = os.path.join(xdg, "caledonia")
    return Path(base)


def _cache_file(folder: Path) -> Path | None:
    base = cache_folder()
    if base is None:
        return None
    tag = zlib.crc32(str(folder.resolve()).encode())
    return base / f"components-{tag:08x}.json"


def _key(folder: Path, names: Iterable[str]) -> list[Any]:
    key: list[Any] = [FORMAT, str(folder.resolve())]
    for name in names:
        stat = (folder / name).stat()
        key.append([name, stat.st_size, stat.st_mtime_ns])
    return key


def read(folder: Path, names: tuple[str, ...]) -> dict[str, Any] | None:
    """The cached data of `names`, or None when there is no fresh copy."""
    path = _cache_file(folder)
    if path is None:
        return None
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
        if stored["key"] != _key(folder, names):
            return None
        return stored["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return None


def write(folder: Path, names: tuple[str, ...], files: dict[str, Any]) -> None:
    """Store a fresh copy; silently do nothing if it cannot be written."""
    path = _cache_file(folder)
    if path is None:
        return
    from .yamlfile import write_text_atomic

    try:
        text = json.dumps({"key": _key(folder, names), "files": files})
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, text)
    except (OSError, TypeError, ValueError):
        pass
