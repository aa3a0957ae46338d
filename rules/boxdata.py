"""Values printed on the components that no public source gives, supplied by the table.

The starting tiles' money and goods, the pass money with 2 and 3 players, the
contract boxes on the 3-4 player export board and the marked steps of the
import tracks. `rules/data/examples/box.yaml` is a labelled example; a table
keeps its own in the box folder (`boxfolder`), or passes one with --box FILE (or
CALEDONIA_BOX).

A table enters the starting tiles (`caledonia box tiles`) and the other values
(`caledonia box values`) apart, so a box file may hold either part alone: a part it leaves
out is the example's, and `BoxData.example_parts` names it for the notices.

Values printed on clan tiles are optional keys, each declared by the clan that uses it
(box_values.py; `clan_box_values` gathers them): MacKenzie's whisky cellar, MacEwen's beer
money. A box file without one gets the declared example value, and the game's notices say
so (`BoxData.missing`, `example_words`).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from .box_values import BoxValue
from .boxfolder import find
from .components import IMPORT_GOODS, Components
from .messages import Reason
from .schema import Node
from .yamlfile import read_yaml

EXAMPLE_BOX = Path(__file__).parent / "data" / "examples" / "box.yaml"
BOX_ENV = "CALEDONIA_BOX"
STARTING_TILES = 9
TILES_PART = ("starting_tiles",)  # what `caledonia box tiles` enters
VALUES_PART = ("pass_money", "import_track_marks", "export_boxes_3_4")  # and `box values`


class StartingTile(NamedTuple):
    money: int
    goods: Mapping[str, int]


class OptionalValue(NamedTuple):
    default: Any  # the labelled example value, used when a box file leaves the key out
    words: str  # how the notices name it when it is the example value


def clan_box_values() -> dict[str, BoxValue]:
    """Every value a clan declares it takes from the table's clan tile, by its key."""
    from .game.clans import CLANS  # the clans (and the engine they use) only when asked

    return {value.key: value for clan in CLANS.values() for value in clan.box_values}


def example_words(key: str) -> str:
    """How the example-data notices name a clan's box value left at its example."""
    return clan_box_values()[key].example_words()


def example_clan_values() -> dict[str, Any]:
    """Every clan's box value at its labelled example."""
    return {key: value.default for key, value in clan_box_values().items()}


class BoxData(NamedTuple):
    starting_tiles: Mapping[int, StartingTile]
    pass_money: Mapping[int, tuple[int, ...]]  # by player count, including the public 4
    export_boxes_3_4: int
    import_marks: Mapping[str, tuple[int, ...]]
    example: bool
    source: str
    clan_values: Mapping[str, Any]  # every clan's box value by its key (clan_box_values)
    missing: tuple[str, ...] = ()  # clan values the file left out: their example values
    example_parts: tuple[str, ...] = ()  # TILES_PART / VALUES_PART keys left out: the example's

    def example_keys(self) -> tuple[str, ...]:
        """The clan values that are the example's: all of them in an example box."""
        return tuple(self.clan_values) if self.example else self.missing


def parse_box(data: object, source: str, parts: Components) -> BoxData:
    top = Node(data, source).mapping(
        optional=("example", *TILES_PART, *VALUES_PART, *clan_box_values()),
    )
    left_out = tuple(key for key in (*TILES_PART, *VALUES_PART) if key not in top)
    if len(left_out) == len(TILES_PART + VALUES_PART):
        raise Node(data, source).fail(
            Reason(
                "expected the starting tiles (starting_tiles:), the other box values "
                "(pass_money:, import_track_marks:, export_boxes_3_4:) or both"
            )
        )
    # a part not entered yet is the example's, and the notices name it
    example = parse_box(read_yaml(EXAMPLE_BOX), str(EXAMPLE_BOX), parts) if left_out else None
    tiles = {}
    if "starting_tiles" in top:
        wanted = tuple(str(n) for n in range(1, STARTING_TILES + 1))
        for key, node in top["starting_tiles"].mapping(required=wanted).items():
            entry = node.mapping(required=("money", "goods"))
            goods = {}
            if entry["goods"].value is not None:
                for good, count in entry["goods"].mapping(optional=parts.economy.goods).items():
                    goods[good] = count.whole(0)
            tiles[int(key)] = StartingTile(entry["money"].whole(0), goods)
    pass_money = dict(parts.economy.pass_money)
    if "pass_money" in top:
        for key, node in top["pass_money"].mapping(required=("2", "3")).items():
            amounts = tuple(item.whole(0) for item in node)
            if len(amounts) != int(key):
                raise node.expected(
                    Reason("{count} amounts, one per place in the pass order", count=key)
                )
            pass_money[int(key)] = amounts
    marks = {}
    if "import_track_marks" in top:
        for good, node in top["import_track_marks"].mapping(required=IMPORT_GOODS).items():
            steps = tuple(item.whole(1) for item in node)
            if list(steps) != sorted(set(steps)):
                raise node.expected(Reason("rising step numbers"))
            marks[good] = steps
    boxes = top["export_boxes_3_4"].whole(1, 12) if "export_boxes_3_4" in top else 0
    if example is not None:
        tiles = tiles or dict(example.starting_tiles)
        pass_money = pass_money if "pass_money" in top else dict(example.pass_money)
        marks = marks or dict(example.import_marks)
        boxes = boxes or example.export_boxes_3_4
    declared = clan_box_values()
    return BoxData(
        tiles,
        pass_money,
        boxes,
        marks,
        top["example"].boolean() if "example" in top else False,
        source,
        clan_values={
            key: value.read(top[key]) if key in top else value.default
            for key, value in declared.items()
        },
        missing=tuple(key for key in declared if key not in top),
        example_parts=left_out,
    )


def box_file(override: str | None = None) -> Path:
    """--box, else $CALEDONIA_BOX, else the box folder's, else the shipped example."""
    return find("box", override).path


def load_box(parts: Components, override: str | None = None) -> BoxData:
    path = box_file(override)
    return parse_box(read_yaml(path), str(path), parts)
