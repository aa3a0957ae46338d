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
from pathlib import Path
from typing import Any

from caledonia.rules.errors import CaledoniaError
from caledonia.rules.yamlfile import parse_yaml, plain, to_yaml, write_text_atomic

from .prompts import Asker

DRAFT_SUFFIX = ".draft"


def check_writable(path: Path, ask: Asker | None, replace: bool) -> bool:
    """Make sure `path` can be saved, before anything is asked (the shared check: a missing
    folder is created, a file is really tried beside it), then settle an existing file.
    False if the person keeps the existing file; raises `cannot write FILE: reason`."""
    from .writing import FORCE_FLAG
    from .writing import check_writable as can_write

    can_write(path)
    if not path.exists() or replace:
        return True
    if ask is None:
        raise CaledoniaError(f"cannot write {path}: it exists; add {FORCE_FLAG} to replace it")
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
