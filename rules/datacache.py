"""The component data as built, kept in the cache folder, so that a command does not read
and check the YAML of every component at every start.

Reading the YAML costs more than the rest of `caledonia score` together, and checking the
data while building the components costs a few milliseconds more. The YAML files stay the
source of truth: the components built from them are kept pickled, keyed by each file's
size and modification time and by caledonia's own installed code (`tool_version`), and any
trouble with the copy (missing, stale, unreadable, damaged, unwritable) means the YAML is
read and checked again, without a word. CALEDONIA_NO_CACHE=1 turns it off;
CALEDONIA_CACHE_DIR moves it.

Pickle is acceptable here for the reason it is in rules/game/checkpoint.py: the copy is
caledonia's own file in the user's own cache folder, its key is read and compared before a
byte is unpickled, and the unpickler builds nothing but caledonia's component types and
Python's plain data.
"""

from __future__ import annotations

import json
import os
import sys
import zlib
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

FORMAT = 2


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


@cache
def tool_version() -> str:
    """caledonia's code and data as installed: every module and data file of the rules
    with its size and time. Another version, or an edited install, has other files."""
    try:  # CPython's own BLAKE2: hashlib would load OpenSSL first, a cost at every start
        from _blake2 import blake2b
    except ImportError:  # another Python
        from hashlib import blake2b

    root = Path(__file__).resolve().parent
    listed = [sys.version, *installed_files(root)]
    return blake2b("\n".join(listed).encode()).hexdigest()


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
    return base / f"components-{tag:08x}.pickle"


def _key(folder: Path, names: Iterable[str]) -> bytes:
    """The first line of a copy: the format, the folder, each file's size and time, and the
    code that built it."""
    key: list[Any] = [FORMAT, str(folder.resolve()), tool_version()]
    for name in names:
        stat = (folder / name).stat()
        key.append([name, stat.st_size, stat.st_mtime_ns])
    return json.dumps(key).encode() + b"\n"


def _component_class(module: str, name: str) -> bool:
    """What a copy may build: caledonia's component types and Python's plain data."""
    return module.startswith("caledonia.rules.") or module in ("builtins", "copyreg")


@cache
def _unpickler() -> Any:
    import pickle  # only where a copy is read: `status` from its kept view needs none

    class Unpickler(pickle.Unpickler):
        def find_class(self, module: str, name: str) -> Any:
            if _component_class(module, name):
                return super().find_class(module, name)
            raise pickle.UnpicklingError(f"{module}.{name} is not component data")

    return Unpickler


def read(folder: Path, names: tuple[str, ...]) -> Any | None:
    """The components built from `names` in `folder` and kept, or None when there is no
    fresh copy."""
    path = _cache_file(folder)
    if path is None:
        return None
    try:
        with open(path, "rb") as handle:
            if handle.readline() != _key(folder, names):
                return None  # for other files, or built by other code: never unpickled
            return _unpickler()(handle).load()
    except Exception:  # a damaged copy only means reading the YAML again
        return None


def write(folder: Path, names: tuple[str, ...], built: Any) -> None:
    """Keep the components built from `names`; silently nothing if they cannot be kept."""
    path = _cache_file(folder)
    if path is None:
        return
    import pickle

    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        data = _key(folder, names) + pickle.dumps(built, protocol=pickle.HIGHEST_PROTOCOL)
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(data)  # a reader finds the old copy or the new one, whole
        os.replace(temporary, path)
    except (OSError, pickle.PicklingError, TypeError, ValueError):
        temporary.unlink(missing_ok=True) if temporary.parent.is_dir() else None
