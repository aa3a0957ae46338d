"""Contract tiles typed by what they show: the goods on each tile's left half, commas
between tiles. A tile the goods typed do not single out (the twin left half, or a short
search such as 'wool cheese') is then chosen from a menu of the tiles that fit, by their
whole face. Used by `play` for every draw from the table's own pile, the face-up contracts
at set-up included."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING

from .prompts import Asker, Choice, Validator

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
) -> list[int]:
    """The tiles typed (in the order typed), asked again with the first reason until
    `reasons` has none; `pool` is what may still be drawn."""
    from caledonia.rules.contract_faces import named, search_tiles, split_tiles

    while True:
        typed = asker.text(question, validate=tiles_validator(contracts, pool, reasons, count))
        drawn: list[int] = []
        for item in split_tiles(typed) if typed.strip().casefold() not in NONE_TYPED else ():
            left = [c for c in pool() if c not in drawn]
            found = search_tiles(item, contracts, among=left)
            if len(found) > 1:
                menu = [Choice(named(contracts[c]), c) for c in found]
                found = [asker.choose(f"Which tile is {item!r}?", menu)]
            drawn.extend(found)
        problems = reasons(drawn)
        if not problems:
            return drawn
        asker.say(f"Refused: {problems[0]}")


def tiles_validator(
    contracts: Mapping[int, Contract],
    pool: Callable[[], Collection[int]],
    reasons: Callable[[list[int]], list[str]],
    count: int,
) -> Validator:
    """Each tile typed fits at least one tile of the pile; when every tile typed is singled
    out, the draw itself is checked too (how many, none twice, none in play)."""
    from caledonia.rules.contract_faces import TileNotRead, search_tiles, split_tiles
    from caledonia.rules.words import sentence

    def check(text: str) -> bool | str:
        if text.strip().casefold() in NONE_TYPED:
            return True if not count else f"Name the {count} tiles drawn."
        items = split_tiles(text)
        single: list[int] = []
        try:
            for item in items:
                found = search_tiles(item, contracts)
                if not found:
                    return f"No tile asks for all of {item!r}."
                if len(found) == 1:
                    single += found
        except TileNotRead as problem:
            return sentence(str(problem))
        if len(single) == len(items):
            problems = reasons(single)
            return True if not problems else sentence(problems[0])
        if not any(c not in single for c in pool()):
            return "Every tile left is named already."
        return True

    return check
