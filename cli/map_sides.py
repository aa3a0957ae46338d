"""The module sides a map command draws with (--maps, else the box's with the examples for
the sides it lacks), and the notice that says which of a board's sides are examples."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from caledonia.rules.errors import CaledoniaError

if TYPE_CHECKING:
    from caledonia.rules.board import Board
    from caledonia.rules.map_modules import ModuleSide


def example_sides_notice(board: Board) -> str | None:
    """The notice naming the sides of this board that are examples (None: none are)."""
    sides = [side.name for side in board.sides if side.example]
    if not sides:
        return None
    return (
        f"Note: map module{'s' if len(sides) > 1 else ''} {', '.join(sides)} "
        f"{'are example layouts' if len(sides) > 1 else 'is an example layout'}, not the "
        f"printed ones; transcribe yours into your box with 'caledonia map transcribe {sides[0]}'."
    )


def load_sides(maps: str | None, needed: Iterable[str] | None = None) -> dict[str, ModuleSide]:
    """The module sides of --maps, else the box's with the examples for those it lacks. A
    --maps folder must hold every side in `needed` (default: all eight); a missing one is
    named by the file expected."""
    from caledonia.rules.boxfolder import load_sides as table_sides
    from caledonia.rules.map_modules import MAPS_ENV, SIDE_NAMES, maps_folder

    sides = table_sides(maps)
    wanted = SIDE_NAMES if needed is None else [n.strip().upper() for n in needed]
    missing = [name for name in wanted if name in SIDE_NAMES and name not in sides]
    if missing:
        import os

        raise CaledoniaError(missing_sides(maps_folder(maps or os.environ.get(MAPS_ENV)), missing))
    return sides


def missing_sides(folder: Path, missing: list[str]) -> str:
    files = ", ".join(str(folder / f"{name}.yaml") for name in missing)
    first = missing[0]
    how = "it" if len(missing) == 1 else "each"
    return (
        f"{folder}: no file for side{'' if len(missing) == 1 else 's'} {', '.join(missing)} "
        f"(expected {files}); transcribe {how} with 'caledonia map transcribe {first} "
        f"--out {folder / (first + '.yaml')}'"
    )
