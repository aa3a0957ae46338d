"""Checking a file before it goes into the box folder, and the one-file copy of a box.

A file is recognised by what it holds (a module side, a market board, box values or an
export board), checked with the same loader a game uses, and given the warnings a person
would miss: a side with no mist, pass money that does not fall along the pass order.
The copy of a whole box (`box export`) is one YAML mapping of those files' data, checked
whole before anything is replaced.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from .boxdata import TILES_PART, VALUES_PART, parse_box
from .components import Components
from .map_modules import DEFAULT_ORIGINS, LOCH, SIDE_NAMES, parse_module, side_warnings
from .market import parse_market
from .messages import N_, Reason
from .schema import Node
from .solo import parse_removal_grid

BUNDLE_FORMAT = "caledonia-box/1"
# what a file's top-level keys say it is: (component, a key only that kind has)
_MARKERS: tuple[tuple[str, str], ...] = (
    ("side", "rows"),
    ("market", "players_1_2"),
    ("box", "starting_tiles"),
    ("box", "pass_money"),
)
_MARKERS += (("export_board", "solo_removal"),)
KIND_WORDS = {  # message ids: the CLI shows them translated
    "side": N_("module side"),
    "market": N_("market board"),
    "box": N_("box values"),
    "export_board": N_("export board (solo removal grid)"),
}


class Checked(NamedTuple):
    """A file that passed its loader: what it is, where it goes in the box, what it holds,
    and the warnings to show."""

    kind: str  # side, market, box or export_board
    name: str  # A1 ... D2 for a side; else the component
    data: Any
    warnings: tuple[str, ...]
    example: bool


def kind_of(data: object, source: str) -> str:
    """Which component a file holds, from its keys; DataError when it is none of them."""
    if isinstance(data, dict):
        for kind, marker in _MARKERS:
            if marker in data:
                return kind
    raise Node(data, source).fail(
        Reason(
            "not a box file: expected a module side (rows:), a market board (players_1_2:), "
            "box values (starting_tiles:) or an export board (solo_removal:)"
        )
    )


def check_file(data: object, source: str, parts: Components, kind: str | None = None) -> Checked:
    """Check one component's data as a game would load it; DataError with file and line."""
    kind = kind or kind_of(data, source)
    if kind == "side":
        side = parse_module(data, source, DEFAULT_ORIGINS)
        return Checked(kind, side.name, data, tuple(side_warnings(side)), side.example)
    if kind == "market":
        market = parse_market(data, source, 2, parts.economy.goods)
        return Checked(kind, kind, data, (), market.example)
    if kind == "box":
        box = parse_box(data, source, parts)
        warnings = [*pass_money_warnings(box.pass_money), *example_part_warnings(box.example_parts)]
        return Checked(kind, kind, data, tuple(warnings), box.example)

    grid = parse_removal_grid(data, source, parts.solo.price_die)
    return Checked("export_board", "export_board", data, (), grid.example)


def example_part_warnings(left_out: tuple[str, ...]) -> list[str]:
    """A box file that holds only one of its two parts: the other is still the example's."""
    warnings: list[str] = []
    if any(key in left_out for key in TILES_PART):
        warnings.append(
            Reason(
                "it holds no starting tiles: the example's are used ('caledonia box tiles' "
                "enters yours)"
            )
        )
    if any(key in left_out for key in VALUES_PART):
        warnings.append(
            Reason(
                "it holds no {keys}: the example's are used ('caledonia box values' enters yours)",
                keys=", ".join(key for key in VALUES_PART if key in left_out),
            )
        )
    return warnings


def pass_money_warnings(pass_money: Mapping[int, tuple[int, ...]]) -> list[str]:
    """Pass money that does not fall along the pass order (with 4 players it is 16, 14,
    12, 10): legal in a file, but most likely a slip."""
    warnings: list[str] = []
    for players in (2, 3):
        amounts = pass_money.get(players, ())
        if any(later >= earlier for earlier, later in zip(amounts, amounts[1:], strict=False)):
            shown = ", ".join(f"£{a}" for a in amounts)
            warnings.append(
                Reason(
                    "pass money with {players} players ({amounts}) does not fall along the pass "
                    "order: the first to pass takes the most (with 4 players: £16, £14, £12, £10)",
                    players=players,
                    amounts=shown,
                )
            )
    return warnings


def parse_bundle(data: object, source: str, parts: Components) -> list[Checked]:
    """Every file of a box copy, each checked (file and line of the copy); DataError at the
    first problem, so nothing is replaced from a copy that is wrong anywhere."""
    top = Node(data, source).mapping(
        required=("format",), optional=("maps", "market", "box", "export_board")
    )
    if top["format"].value != BUNDLE_FORMAT:
        raise top["format"].expected(
            Reason("{format!r} (a file written by 'caledonia box export')", format=BUNDLE_FORMAT)
        )
    checked = []
    if "maps" in top:
        for name, node in top["maps"].mapping(optional=SIDE_NAMES).items():
            side = check_file(node.value, source, parts, "side")
            if side.name != name:
                raise node.fail(
                    Reason("this is side {side}, not {name}", side=side.name, name=name)
                )
            checked.append(side)
    for kind in ("market", "box", "export_board"):
        if kind in top:
            checked.append(check_file(top[kind].value, source, parts, kind))
    return checked


def _lochs_written(side: Any) -> Any:
    """A side's data with each loch as ~ (YAML reads a bare ~ as null, which a copy would
    write back as `null`)."""
    rows = [[LOCH if code is None else code for code in row] for row in side["rows"]]
    return {**side, "rows": rows}


def bundle(files: list[Checked]) -> dict[str, Any]:
    """The one-file copy of these checked files."""
    copy: dict[str, Any] = {"format": BUNDLE_FORMAT}
    sides = {f.name: _lochs_written(f.data) for f in files if f.kind == "side"}
    if sides:
        copy["maps"] = sides
    for f in files:
        if f.kind != "side":
            copy[f.kind] = f.data
    return copy
