"""Where the components loader keeps what it built: a cache plugged in from outside the
rules (the storage layer's `datacache.install`, which the command line calls), so that the
rules themselves read and write no cache file. With none plugged in (a test, a library
user) every load reads and checks the YAML."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple


class Keeper(NamedTuple):
    read: Callable[[Path, tuple[str, ...]], Any]  # what was kept for these files, or None
    write: Callable[[Path, tuple[str, ...], Any], None]  # keep it; silently nothing if not


_keeper: list[Keeper] = []  # the one plugged in, if any


def install(keeper: Keeper | None) -> None:
    """Plug `keeper` in (None: take it out)."""
    _keeper[:] = [keeper] if keeper is not None else []


def kept(folder: Path, names: tuple[str, ...]) -> Any:
    return _keeper[0].read(folder, names) if _keeper else None


def keep(folder: Path, names: tuple[str, ...], built: Any) -> None:
    if _keeper:
        _keeper[0].write(folder, names, built)
