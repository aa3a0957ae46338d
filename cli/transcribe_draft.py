"""Keeping what a person types in `map transcribe`: the out file is checked before the
first question, and every answer goes to a draft file at once.

The draft sits next to the out file (`A1.yaml.draft`, which `map check` and
`--maps` ignore: they read `*.yaml`), so the folder already checked for
writing holds it; it is saved atomically after each answer and removed when
the side is saved. A stop (Ctrl-C, a crash, a closed terminal) leaves it for
the next `map transcribe` of the same side and file to carry on from.
"""

from __future__ import annotations

import datetime
import os
import tempfile
from pathlib import Path
from typing import Any

from caledonia.rules.errors import CaledoniaError
from caledonia.rules.yamlfile import parse_yaml, plain, to_yaml, write_text_atomic

from .output import message
from .prompts import Asker

DRAFT_SUFFIX = ".draft"


def cannot_write(path: Path, reason: str) -> CaledoniaError:
    return CaledoniaError(f"cannot write {path}: {reason}")


def check_writable(path: Path, ask: Asker | None, replace: bool) -> bool:
    """Make sure `path` can be saved, before anything is asked: create a missing folder,
    try writing beside it, and settle an existing file. False if the person keeps the
    existing file; raises `cannot write FILE: reason` otherwise."""
    if path.is_dir():
        raise cannot_write(path, f"it is a folder; give a file name such as {path / 'A1.yaml'}")
    folder = path.parent
    if not folder.exists():
        try:
            folder.mkdir(parents=True)
        except OSError as error:
            raise cannot_write(
                path, f"cannot create the folder {folder}: {error.strerror}"
            ) from None
        message(f"Created the folder {folder}.")
    elif not folder.is_dir():
        raise cannot_write(path, f"{folder} is not a folder")
    try:
        handle, probe = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".probe", dir=folder)
        os.close(handle)
        os.unlink(probe)
    except OSError as error:
        raise cannot_write(path, f"{folder}: {error.strerror}") from None
    if not path.exists() or replace:
        return True
    if ask is None:
        raise cannot_write(path, "it exists; add --replace to replace it")
    return ask.confirm(f"{path} exists. Replace it when the new side is saved?", default=False)


class Draft:
    """The answers so far, as a mapping saved to `<out>.draft` after each change."""

    def __init__(self, out: Path, side: str):
        self.path = out.with_name(out.name + DRAFT_SUFFIX)
        self.side = side
        self.data: dict[str, Any] = {}

    def load(self) -> dict[str, Any] | None:
        """The saved answers, or None without a draft. A draft of another side, or one
        that cannot be read, is refused rather than overwritten."""
        if not self.path.exists():
            return None
        try:
            data = parse_yaml(self.path.read_text(encoding="utf-8"), str(self.path))
        except (OSError, UnicodeDecodeError, CaledoniaError) as error:
            raise CaledoniaError(
                f"{self.path}: cannot read the draft ({error}); move it away to start over"
            ) from None
        if not isinstance(data, dict) or "side" not in data:
            raise CaledoniaError(
                f"{self.path}: not a transcription draft; move it away to start over"
            )
        if data["side"] != self.side:
            raise CaledoniaError(
                f"{self.path} is a draft of side {data['side']}, not {self.side}: carry on with "
                f"'caledonia map transcribe {data['side']} --out {self.path.name[: -len(DRAFT_SUFFIX)]}'"
                " or move it away"
            )
        return plain(data)

    def save(self, data: dict[str, Any]) -> None:
        stamped = {
            "side": self.side,
            "saved": datetime.datetime.now().isoformat(timespec="seconds"),
            **data,
        }
        header = "# A draft of 'caledonia map transcribe': run the same command to carry on.\n"
        write_text_atomic(self.path, header + to_yaml(stamped))

    def discard(self) -> None:
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
