"""Values printed on the components that no public source gives, supplied by the table.

The starting tiles' money and goods, the pass money with 2 and 3 players, the
contract boxes on the 3-4 player export board and the marked steps of the
import tracks. `rules/data/examples/box.yaml` is a labelled example; a table
passes its own with --box FILE (or CALEDONIA_BOX).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

from .components import IMPORT_GOODS, Components
from .schema import Node
from .yamlfile import read_yaml

EXAMPLE_BOX = Path(__file__).parent / "data" / "examples" / "box.yaml"
BOX_ENV = "CALEDONIA_BOX"
STARTING_TILES = 9


class StartingTile(NamedTuple):
    money: int
    goods: Mapping[str, int]


class BoxData(NamedTuple):
    starting_tiles: Mapping[int, StartingTile]
    pass_money: Mapping[int, tuple[int, ...]]  # by player count, including the public 4
    export_boxes_3_4: int
    import_marks: Mapping[str, tuple[int, ...]]
    example: bool
    source: str


def parse_box(data: object, source: str, parts: Components) -> BoxData:
    top = Node(data, source).mapping(
        required=("starting_tiles", "pass_money", "export_boxes_3_4", "import_track_marks"),
        optional=("example",),
    )
    tiles = {}
    wanted = tuple(str(n) for n in range(1, STARTING_TILES + 1))
    for key, node in top["starting_tiles"].mapping(required=wanted).items():
        entry = node.mapping(required=("money", "goods"))
        goods = {}
        if entry["goods"].value is not None:
            for good, count in entry["goods"].mapping(optional=parts.economy.goods).items():
                goods[good] = count.whole(0)
        tiles[int(key)] = StartingTile(entry["money"].whole(0), goods)
    pass_money = dict(parts.economy.pass_money)
    for key, node in top["pass_money"].mapping(required=("2", "3")).items():
        amounts = tuple(item.whole(0) for item in node)
        if len(amounts) != int(key):
            raise node.expected(f"{key} amounts, one per place in the pass order")
        pass_money[int(key)] = amounts
    marks = {}
    for good, node in top["import_track_marks"].mapping(required=IMPORT_GOODS).items():
        steps = tuple(item.whole(1) for item in node)
        if list(steps) != sorted(set(steps)):
            raise node.expected("rising step numbers")
        marks[good] = steps
    example = top["example"].boolean() if "example" in top else False
    return BoxData(tiles, pass_money, top["export_boxes_3_4"].whole(1, 12), marks, example, source)


def box_file(override: str | None = None) -> Path:
    chosen = override or os.environ.get(BOX_ENV)
    return Path(chosen) if chosen else EXAMPLE_BOX


def load_box(parts: Components, override: str | None = None) -> BoxData:
    path = box_file(override)
    return parse_box(read_yaml(path), str(path), parts)
