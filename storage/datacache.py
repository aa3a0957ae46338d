"""The component data as built, kept in the cache folder, so that a command does not read
and check the YAML of every component at every start.

Reading the YAML costs more than the rest of `caledonia score` together, and checking the
data while building the components costs a few milliseconds more. The YAML files stay the
source of truth: the components built from them are kept pickled, keyed by each file's
size and modification time and by caledonia's own installed code (`tool_version`), and any
trouble with the copy (missing, stale, unreadable, damaged, unwritable) means the YAML is
read and checked again, without a word. CALEDONIA_NO_CACHE=1 turns it off with every
other cache (CALEDONIA_NO_CACHE=components: this one only); CALEDONIA_CACHE_DIR moves it.

The rules' components loader asks for the copy through rules/keeping.py; `install`
plugs this cache in there (the command line does, at its start).

Pickle is kept here for the reason it is in checkpoint.py (the components are
a graph of the rules' own frozen types), read as safely: the copy is caledonia's own file
in the user's own cache folder (0700, the file 0600), its key and a digest of its body are
compared before a byte is unpickled, and the body is read by cachefile.restricted_loads,
which builds nothing but the classes of caledonia's rules modules: no `builtins`, no `os`,
no function a crafted copy could name. A copy that is a link, a FIFO or anything but a
regular file is passed over at once.
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

import caledonia.rules
from caledonia.rules import keeping

from .cachefile import blake2b, body_digest, read_regular, restricted_loads, write_private

FORMAT = 3


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
    and of this storage layer with its size and time. Another version, or an edited
    install, has other files."""
    rules = Path(caledonia.rules.__file__).resolve().parent
    storage = Path(__file__).resolve().parent
    listed = [sys.version, *installed_files(rules), *installed_files(storage)]
    return blake2b("\n".join(listed).encode()).hexdigest()


# the caches CALEDONIA_NO_CACHE may name, to turn off only those (benchmarks/startup.py
# --without measures each one's worth so)
CACHES = ("checkpoint", "views", "components")


def cache_folder(kind: str | None = None) -> Path | None:
    """caledonia's cache folder (CALEDONIA_CACHE_DIR, else the user's), or None when
    CALEDONIA_NO_CACHE turns caching off: all of it, or the caches it names, commas
    between them (`kind`: the cache asking)."""
    off = os.environ.get("CALEDONIA_NO_CACHE")
    if off:
        named = {name.strip() for name in off.split(",")}
        if kind is None or kind in named or not named <= set(CACHES):
            return None
    base = os.environ.get("CALEDONIA_CACHE_DIR")
    if not base:
        xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        base = os.path.join(xdg, "caledonia")
    return Path(base)


def _cache_file(folder: Path) -> Path | None:
    base = cache_folder("components")
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


def read(folder: Path, names: tuple[str, ...]) -> Any | None:
    """The components built from `names` in `folder` and kept, or None when there is no
    fresh copy."""
    path = _cache_file(folder)
    if path is None:
        return None
    try:
        data = read_regular(path)
        if data is None:
            return None
        key, digest, body = data.split(b"\n", 2)
        if key + b"\n" != _key(folder, names) or body_digest(body) != digest:
            return None  # for other files, built by other code, or damaged: never unpickled
        return restricted_loads(body, _RESTORERS)
    except Exception:  # a damaged or crafted copy only means reading the YAML again
        return None


_RESTORERS = (("caledonia.rules.messages", "_restored"),)  # how a Reason is pickled


def write(folder: Path, names: tuple[str, ...], built: Any) -> None:
    """Keep the components built from `names`; silently nothing if they cannot be kept."""
    path = _cache_file(folder)
    if path is None:
        return
    import pickle  # only when components are kept: a command that finds them needs none

    try:
        body = pickle.dumps(built, protocol=pickle.HIGHEST_PROTOCOL)
        write_private(path, _key(folder, names) + body_digest(body) + b"\n" + body)
    except (OSError, pickle.PicklingError, TypeError, ValueError):
        pass


def install() -> None:
    """Plug this cache into the rules' components loader (rules/keeping.py)."""
    keeping.install(keeping.Keeper(read, write))
