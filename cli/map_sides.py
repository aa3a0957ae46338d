"""The module sides a map command draws with (--maps, else the box's with the examples for
the sides it lacks), and the notice that says which of a board's sides are examples."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from caledonia.rules.boxfolder import declares_examples
from caledonia.rules.boxfolder import load_sides as table_sides
from caledonia.rules.errors import CaledoniaError
from caledonia.rules.map_modules import MAPS_ENV, SIDE_NAMES, example_maps_folder, maps_folder
from caledonia.rules.messages import N_, Plural

from .translation import t_n, tr

if TYPE_CHECKING:
    from caledonia.rules.board import Board
    from caledonia.rules.map_modules import ModuleSide

# said under any output drawn on the example modules (score, map)
EXAMPLE_NOTICE = N_(
    "Note: these map modules are example layouts, not the printed ones; "
    "transcribe your own into your box with 'caledonia map transcribe SIDE'."
)


def example_sides_notice(board: Board) -> str | None:
    """The notice naming the sides of this board that are examples (None: none are)."""
    sides = [side.name for side in board.sides if side.example]
    if not sides:
        return None
    return t_n(
        "Note: map module {sides} is an example layout, not the printed ones; "
        "transcribe yours into your box with 'caledonia map transcribe {first}'.",
        "Note: map modules {sides} are example layouts, not the printed ones; "
        "transcribe yours into your box with 'caledonia map transcribe {first}'.",
        len(sides),
        sides=", ".join(sides),
        first=sides[0],
    )


def maps_for(data: object, maps: str | None) -> str | None:
    """The module sides a position file or score sheet is read with: the shipped examples
    for a file that says `examples: true` (whatever the box, --maps or CALEDONIA_MAPS
    hold, as a game file keeps its own), else --maps or the box."""
    return str(example_maps_folder()) if declares_examples(data) else maps


def load_sides(maps: str | None, needed: Iterable[str] | None = None) -> dict[str, ModuleSide]:
    """The module sides of --maps, else the box's with the examples for those it lacks. A
    --maps folder must hold every side in `needed` (default: all eight); a missing one is
    named by the file expected."""
    sides = table_sides(maps)
    wanted = SIDE_NAMES if needed is None else [n.strip().upper() for n in needed]
    missing = [name for name in wanted if name in SIDE_NAMES and name not in sides]
    if missing:
        folder = maps_folder(maps or os.environ.get(MAPS_ENV))
        raise CaledoniaError(tr(missing_sides(folder, missing)))
    return sides


def missing_sides(folder: Path, missing: list[str]) -> Plural:
    """The problem of a folder without the files of these sides, as a sentence (a Reason:
    it also goes into `map check --json`, in English)."""
    first = missing[0]
    return Plural(
        "{folder}: no file for side {sides} (expected {files}); transcribe it with "
        "'caledonia map transcribe {first} --out {path}'",
        "{folder}: no file for sides {sides} (expected {files}); transcribe each with "
        "'caledonia map transcribe {first} --out {path}'",
        count=len(missing),
        folder=str(folder),
        sides=", ".join(missing),
        files=", ".join(str(folder / f"{name}.yaml") for name in missing),
        first=first,
        path=str(folder / (first + ".yaml")),
    )
