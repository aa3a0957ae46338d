"""Values printed on the components that no public source gives, supplied by the table.

The starting tiles' money and goods, the pass money with 2 and 3 players, the
contract boxes on the 3-4 player export board and the marked steps of the
import tracks. `rules/data/examples/box.yaml` is a labelled example; a table
keeps its own in the box folder (`boxfolder`), or passes one with --box FILE (or
CALEDONIA_BOX).

Two values printed on clan tiles are optional keys (`OPTIONAL`): the whisky cellar's
spots and what each pays (`whisky_cellar`, left to right) and the money per beer
(`beer_money`). A box file without them gets the labelled example value, and the
game's notices say so (`BoxData.missing`, `example_words`).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from .components import IMPORT_GOODS, Components
from .schema import Node
from .yamlfile import read_yaml

EXAMPLE_BOX = Path(__file__).parent / "data" / "examples" / "box.yaml"
BOX_ENV = "CALEDONIA_BOX"
STARTING_TILES = 9


class StartingTile(NamedTuple):
    money: int
    goods: Mapping[str, int]


class OptionalValue(NamedTuple):
    default: Any  # the labelled example value, used when a box file leaves the key out
    words: str  # how the notices name it when it is the example value


MAX_CELLAR_SPOTS = 6
OPTIONAL = {
    # guessed, not printed (components-facts: "presumably 3 spots (£0 / £7 / £15) - uncertain")
    "whisky_cellar": OptionalValue(
        (0, 7, 15), "MacKenzie's whisky cellar: its spots and what each pays"
    ),
    # provisional: a later rulebook gives £9; the English rulebook defers to the publisher
    "beer_money": OptionalValue(9, "MacEwen's money per beer (£9, provisional)"),
}


def example_words(key: str) -> str:
    """How the example-data notices name an optional box value left at its example."""
    return f"{OPTIONAL[key].words} ({key}: example value; 'caledonia box values' enters yours)"


class BoxData(NamedTuple):
    starting_tiles: Mapping[int, StartingTile]
    pass_money: Mapping[int, tuple[int, ...]]  # by player count, including the public 4
    export_boxes_3_4: int
    import_marks: Mapping[str, tuple[int, ...]]
    example: bool
    source: str
    whisky_cellar: tuple[int, ...] = OPTIONAL["whisky_cellar"].default  # £ by spot, left first
    beer_money: int = OPTIONAL["beer_money"].default
    missing: tuple[str, ...] = ()  # optional keys the file left out: their example values

    def example_keys(self) -> tuple[str, ...]:
        """The optional values that are the example's: all of them in an example box."""
        return tuple(OPTIONAL) if self.example else self.missing


def parse_cellar(node: Node) -> tuple[int, ...]:
    """`whisky_cellar`: the money each cellar spot pays, left (where a barrel goes in) first."""
    spots = tuple(item.whole(0) for item in node)
    if not 1 <= len(spots) <= MAX_CELLAR_SPOTS:
        raise node.expected(
            f"1 to {MAX_CELLAR_SPOTS} amounts of money, one per cellar spot from left to right"
        )
    return spots


def parse_beer_money(node: Node) -> int:
    return node.whole(0, 99)


def parse_box(data: object, source: str, parts: Components) -> BoxData:
    top = Node(data, source).mapping(
        required=("starting_tiles", "pass_money", "export_boxes_3_4", "import_track_marks"),
        optional=("example", *OPTIONAL),
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
    cellar = parse_cellar(top["whisky_cellar"]) if "whisky_cellar" in top else None
    beer = parse_beer_money(top["beer_money"]) if "beer_money" in top else None
    return BoxData(
        tiles,
        pass_money,
        top["export_boxes_3_4"].whole(1, 12),
        marks,
        example,
        source,
        whisky_cellar=OPTIONAL["whisky_cellar"].default if cellar is None else cellar,
        beer_money=OPTIONAL["beer_money"].default if beer is None else beer,
        missing=tuple(key for key in OPTIONAL if key not in top),
    )


def box_file(override: str | None = None) -> Path:
    """--box, else $CALEDONIA_BOX, else the box folder's, else the shipped example."""
    from .boxfolder import find

    return find("box", override).path


def load_box(parts: Components, override: str | None = None) -> BoxData:
    path = box_file(override)
    return parse_box(read_yaml(path), str(path), parts)
