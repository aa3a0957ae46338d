"""Contract tiles typed by what they show: the goods on each tile's left half, commas
between tiles. A tile the goods typed do not single out (the twin left half, or a short
search such as 'wool cheese') is then chosen from a menu of the tiles that fit, by their
whole face. Used by `play` for every draw from the table's own pile, the face-up contracts
at set-up included."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING

from caledonia.rules.contract_faces import (
    TileNotRead,
    face,
    find_tile,
    left_half,
    named,
    read_tiles,
    search_tiles,
    split_tiles,
)
from caledonia.rules.words import sentence

from .prompts import Asker, Choice, Validator
from .translation import t, t_n

if TYPE_CHECKING:
    from caledonia.rules.components import Contract

NONE_TYPED = ("", "none", "-")


def ask_tiles(
    asker: Asker,
    question: str,
    contracts: Mapping[int, Contract],
    pool: Callable[[], Collection[int]],
    reasons: Callable[[list[int]], list[str]],
    count: int,
    where: Callable[[int], str | None] = lambda contract: None,
) -> list[int]:
    """The tiles typed (in the order typed), asked again with the first reason until
    `reasons` has none; `pool` is what may still be drawn, `where` says where a tile not
    in it is (on the export board, in a player's box)."""
    typed = ""  # asked again, the answer holds what was typed, to correct
    while True:
        typed = asker.text(
            question, default=typed, validate=tiles_validator(contracts, pool, reasons, count)
        )
        drawn: list[int] = []
        again = False  # none of the tiles near a taken one: the whole answer again
        named = typed_tiles(typed, contracts, count)
        for item in named if typed.strip().casefold() not in NONE_TYPED else ():
            left = [c for c in pool() if c not in drawn]
            found = search_tiles(item, contracts, among=left)
            taken = _taken(item, contracts, left)
            if taken:
                found = _instead(asker, item, contracts, taken, found, drawn, where)
                again = not found
                if again:
                    break
            elif len(found) > 1:
                which = t("Which tile is {typed}?", typed=repr(item))
                found = [asker.choose(which, _menu(contracts, found))]
            drawn.extend(found)
        if again:
            continue
        problems = reasons(drawn)
        if not problems:
            return drawn
        asker.say(t("Refused: {reason}", reason=problems[0]))


def typed_tiles(text: str, contracts: Mapping[int, Contract], count: int) -> list[str]:
    """The tiles of a typed answer, one text each: commas part them, except within one
    tile's goods written with commas ('2 wool, 1 cheese, 1 whisky' for one tile drawn),
    read as one tile when the answer names `count` tiles that way."""
    items = split_tiles(text)
    if not count or len(items) == count:
        return items
    try:
        found = read_tiles(text, contracts)
    except TileNotRead:
        return items
    return [face(contracts[c]) for c in found] if len(found) == count else items


def _menu(contracts: Mapping[int, Contract], found: list[int]) -> list[Choice]:
    return [Choice(named(contracts[c]), c) for c in found]


def _taken(item: str, contracts: Mapping[int, Contract], left: Collection[int]) -> list[int]:
    """The tiles whose face is exactly what was typed, when none of them is left to draw:
    a search would otherwise offer other tiles as if the typed one did not exist."""
    try:
        exact = find_tile(item, contracts)
    except TileNotRead:
        return []
    return [] if any(c in left for c in exact) else exact


def _instead(
    asker: Asker,
    item: str,
    contracts: Mapping[int, Contract],
    taken: list[int],
    near: list[int],
    drawn: list[int],
    where: Callable[[int], str | None],
) -> list[int]:
    """Say where the typed tile already is, then offer the tiles left that come near it:
    the one picked, or none (the answer is to be typed again)."""

    def already(contract: int) -> str:
        tile = {"tile": left_half(contracts[contract]), "face": face(contracts[contract])}
        if contract in drawn:
            return t("the {tile} tile ({face}) is already named in this answer", **tile)
        place = where(contract)
        if place:
            return t("the {tile} tile ({face}) is already {where}", where=place, **tile)
        return t("the {tile} tile ({face}) is already in play", **tile)

    asker.say(sentence("; ".join(already(c) for c in taken)))
    if not near:
        return []
    back = Choice(t("none of these: type the tiles again"), None, "0")
    picked = asker.choose(
        t("Tiles left with the goods of {typed}:", typed=repr(item)),
        [*_menu(contracts, near), back],
    )
    return [] if picked is None else [picked]


def tiles_validator(
    contracts: Mapping[int, Contract],
    pool: Callable[[], Collection[int]],
    reasons: Callable[[list[int]], list[str]],
    count: int,
) -> Validator:
    """Each tile typed fits at least one tile of the pile; when every tile typed is singled
    out, the draw itself is checked too (how many, none twice, none in play)."""

    def check(text: str) -> bool | str:
        if text.strip().casefold() in NONE_TYPED:
            if not count:
                return True
            # TRANSLATORS: English says "tiles" for any count; your plural forms may differ
            return t_n("Name the {count} tiles drawn.", "Name the {count} tiles drawn.", count)
        items = typed_tiles(text, contracts, count)
        single: list[int] = []
        try:
            for item in items:
                found = search_tiles(item, contracts)
                if not found:
                    return t("No tile asks for all of {typed}.", typed=repr(item))
                if len(found) == 1:
                    single += found
        except TileNotRead as problem:
            return sentence(str(problem))
        if count and len(items) != count:  # before any menu of tiles that fit
            # TRANSLATORS: {named} is how many tiles the answer named, parted by commas
            return t_n(
                "{count} tile was drawn, and {named} were named: commas go only between tiles.",
                "{count} tiles were drawn, and {named} were named: commas go only between tiles.",
                count,
                named=len(items),
            )
        if len(single) == len(items):
            problems = reasons(single)
            return True if not problems else sentence(problems[0])
        if not any(c not in single for c in pool()):
            return t("Every tile left is named already.")
        return True

    return check
