"""The box folder: the table's own components, entered once and found by every command.

The printed values that are not public (module sides, market board, box values, the
solo export board) live in one folder::

    maps/A1.yaml ... maps/D2.yaml    module sides, one file per side
    market.yaml                      the market board (both sides)
    box.yaml                         starting tiles, pass money, import marks, clan values
    export_board.yaml                the solo removal grid

The folder is --box-dir (`use_folder`), else $CALEDONIA_HOME, else the platform's data
folder for caledonia. For each component a file given by its own option or environment
variable wins; else the box's file; else the shipped example. `find` says which of the
three it used, so a notice can name exactly what is still an example.

A position file or a score sheet that says `examples: true` (the shipped samples, a
tutorial's or a bug report's file) is read with the shipped examples whatever the box
holds, as a game file is read with the data it was started with (`declares_examples`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from .map_modules import DEFAULT_ORIGINS, MAPS_ENV, SIDE_NAMES, load_module_set
from .map_modules import maps_folder as example_or_given
from .messages import N_

if TYPE_CHECKING:
    from .map_modules import ModuleSide

HOME_ENV = "CALEDONIA_HOME"
EXAMPLES = Path(__file__).parent / "data" / "examples"
MAPS = "maps"
# the key of a position file or score sheet that is on the shipped examples
EXAMPLES_KEY = "examples"

_chosen: Path | None = None  # --box-dir, set once by the command line


class Kind(NamedTuple):
    """One file of the box: its name there, its option and environment variable, and the
    words and command that name it to a person."""

    file: str
    option: str
    env: str
    words: str  # a message id: the CLI shows it translated
    enter: str  # the one command that enters it


COMPONENTS: Mapping[str, Kind] = {
    "market": Kind(
        "market.yaml", "--market", "CALEDONIA_MARKET", N_("market board"), "caledonia box market"
    ),
    "box": Kind(
        "box.yaml",
        "--box",
        "CALEDONIA_BOX",
        N_("box values (starting tiles, pass money, import marks, clan values)"),
        "caledonia box tiles",
    ),
    "export_board": Kind(
        "export_board.yaml",
        "--export-board",
        "CALEDONIA_EXPORT_BOARD",
        N_("solo removal grid"),
        "caledonia box values",
    ),
}


class Found(NamedTuple):
    """Where a component was found: `origin` is 'given' (its option or variable), 'box' or
    'example'."""

    component: str
    path: Path
    origin: str

    @property
    def example(self) -> bool:
        return self.origin == "example"


def use_folder(path: str | os.PathLike[str] | None) -> None:
    """Use this box folder (--box-dir) for the rest of the run; None: the default."""
    global _chosen
    _chosen = Path(path).expanduser() if path else None


def folder() -> Path:
    """The box folder: --box-dir, else $CALEDONIA_HOME, else the platform's data folder."""
    if _chosen is not None:
        return _chosen
    chosen = os.environ.get(HOME_ENV)
    if chosen:
        return Path(chosen).expanduser()
    from platformdirs import user_data_dir  # only when a command looks for the box

    return Path(user_data_dir("caledonia", appauthor=False))


def maps_folder() -> Path:
    return folder() / MAPS


def path_of(component: str) -> Path:
    """Where the box keeps a component's file (it may not exist yet)."""
    return folder() / COMPONENTS[component].file


def example_file(component: str) -> Path:
    """The shipped example of a component, to copy and enter one's own values into."""
    return EXAMPLES / COMPONENTS[component].file


def find(component: str, override: str | None = None) -> Found:
    """The file a command reads for a component: the option, else its environment
    variable, else the box's file, else the shipped example."""
    kind = COMPONENTS[component]
    chosen = override or os.environ.get(kind.env)
    if chosen:
        return Found(component, Path(chosen), "given")
    own = path_of(component)
    if own.is_file():
        return Found(component, own, "box")
    return Found(component, example_file(component), "example")


def declares_examples(data: object) -> bool:
    """Whether a position file or score sheet says it is on the shipped examples
    (`examples: true`): it is then read with them, whatever the box holds. The file's
    parser checks the key's value."""
    return isinstance(data, dict) and data.get(EXAMPLES_KEY) is True


def side_file(name: str) -> Path:
    """Where the box keeps one module side, such as 'A1'."""
    return maps_folder() / f"{name.upper()}.yaml"


def held_sides() -> tuple[str, ...]:
    """The module sides the box holds, by name (A1 ... D2), in order."""
    return tuple(name for name in SIDE_NAMES if side_file(name).is_file())


def load_sides(override: str | None = None) -> dict[str, ModuleSide]:
    """The module sides a command uses: every side of --maps (or $CALEDONIA_MAPS) when
    given; else the box's sides, and the shipped example sides for those it lacks
    (marked `example`, so a notice names them). Raises DataError naming the file."""
    chosen = override or os.environ.get(MAPS_ENV)
    sides = load_module_set(example_or_given(chosen), DEFAULT_ORIGINS)
    if chosen:
        return sides
    own = maps_folder()
    if own.is_dir():
        sides.update(load_module_set(own, DEFAULT_ORIGINS))
    return sides
