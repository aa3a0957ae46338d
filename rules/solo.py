"""The solo game's preparation phase: the dice market, the refill and the removal.

Rounds 2-5, after the merchants come back: three different goods change price
once each. The goods die names the good (a good already changed this phase
is rolled again), the price die the change. Below the brackets (low) the
price rises by the die's number; above them (high) it falls by it; inside
(medium) it moves as the die says. Then every empty contract slot of the
export board is filled from the pile, and the contract in the slot named by
the last price-die roll leaves the game, so each action phase starts with
five contracts.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

from .boxfolder import find
from .market import Market
from .messages import N_, Plural, Reason
from .schema import Node
from .yamlfile import read_yaml

CHANGES_PER_PHASE = 3
SLOTS = 6
EXAMPLE_EXPORT_BOARD = Path(__file__).parent / "data" / "examples" / "export_board.yaml"
EXPORT_BOARD_ENV = "CALEDONIA_EXPORT_BOARD"
KNOWN_ANCHOR = -3  # the rulebook: -3 is the bottom-left slot
# TRANSLATORS: where a price is on its market track, against the brackets
ZONE_WORDS = {"low": N_("low"), "medium": N_("medium"), "high": N_("high")}
# TRANSLATORS: a contract slot of the solo export board, as it lies on the table
SLOT_POSITIONS = {
    ("top", "left"): N_("top-left"),
    ("top", "centre"): N_("top-centre"),
    ("top", "right"): N_("top-right"),
    ("middle", "left"): N_("middle-left"),
    ("middle", "centre"): N_("middle-centre"),
    ("middle", "right"): N_("middle-right"),
    ("bottom", "left"): N_("bottom-left"),
    ("bottom", "centre"): N_("bottom-centre"),
    ("bottom", "right"): N_("bottom-right"),
}


class Roll(NamedTuple):
    good: str  # what the goods die shows
    die: int  # what the price die shows: -3 ... +3

    def __str__(self) -> str:
        return f"{self.good}:{self.die:+d}"


class PriceChange(NamedTuple):
    good: str
    before: int
    zone: str  # low, medium or high
    die: int
    steps: int  # signed steps the die asks for
    after: int
    at_end: bool  # the track's end stopped the move short

    def describe(self) -> Reason:
        """'whisky £9 is low: +3 steps → £12'."""
        fields = {
            "good": self.good,
            "before": self.before,
            "zone": Reason(ZONE_WORDS[self.zone]) if self.zone in ZONE_WORDS else self.zone,
            "steps": self.steps,
            "after": self.after,
        }
        if self.at_end:
            return Plural(
                "{good} £{before} is {zone}: {steps:+d} step → £{after} "
                "(stops at the end of the track)",
                "{good} £{before} is {zone}: {steps:+d} steps → £{after} "
                "(stops at the end of the track)",
                count=abs(self.steps),
                **fields,
            )
        return Plural(
            "{good} £{before} is {zone}: {steps:+d} step → £{after}",
            "{good} £{before} is {zone}: {steps:+d} steps → £{after}",
            count=abs(self.steps),
            **fields,
        )


def steps_for(zone: str, die: int) -> int:
    """Low: up by the die's number; high: down by it; medium: as the die says."""
    if zone == "low":
        return abs(die)
    if zone == "high":
        return -abs(die)
    return die


def check_rolls(
    rolls: Sequence[Roll], goods_die: Sequence[str], price_die: Sequence[int]
) -> Reason | None:
    """Why typed rolls cannot be a market phase, or None."""
    if len(rolls) != CHANGES_PER_PHASE:
        return Reason(
            "a market phase changes {changes} goods: give {changes} rolls, got {rolls}",
            changes=CHANGES_PER_PHASE,
            rolls=len(rolls),
        )
    seen: list[str] = []
    for roll in rolls:
        if roll.good not in goods_die:
            return Reason(
                "the goods die has no {good!r}: it shows {faces}",
                good=roll.good,
                faces=", ".join(goods_die),
            )
        if roll.die not in price_die:
            faces = ", ".join(f"{face:+d}" for face in price_die)
            return Reason(
                "the price die has no {die:+d}: it shows {faces}", die=roll.die, faces=faces
            )
        if roll.good in seen:
            return Reason(
                "{good} was already changed this phase: reroll the goods die", good=roll.good
            )
        seen.append(roll.good)
    return None


def roll_dice(rng: random.Random, goods_die: Sequence[str], price_die: Sequence[int]) -> list[Roll]:
    """Three rolls with three different goods.

    Rolling the goods die again until it shows a new good is the same as
    picking among the goods not yet changed, so that is what happens here:
    it always ends.
    """
    rolls: list[Roll] = []
    for _ in range(CHANGES_PER_PHASE):
        left = [good for good in goods_die if good not in {r.good for r in rolls}]
        rolls.append(Roll(rng.choice(left), rng.choice(list(price_die))))
    return rolls


def market_phase(
    prices: Mapping[str, int], rolls: Sequence[Roll], market: Market
) -> tuple[dict[str, int], list[PriceChange]]:
    """Apply checked rolls to the prices; return the new prices and each change."""
    after = dict(prices)
    changes = []
    for roll in rolls:
        track = market.tracks[roll.good]
        before = after[roll.good]
        zone = track.zone(before)
        steps = steps_for(zone, roll.die)
        after[roll.good] = track.move(before, steps)
        moved = track.prices.index(after[roll.good]) - track.prices.index(before)
        changes.append(
            PriceChange(roll.good, before, zone, roll.die, steps, after[roll.good], moved != steps)
        )
    return after, changes


# -- the export board --------------------------------------------------------


class RemovalGrid(NamedTuple):
    columns: int
    slot_for_roll: Mapping[int, int]  # price die face -> slot 1..6
    example: bool
    source: str

    def position(self, slot: int) -> Reason:
        rows = SLOTS // self.columns
        row, column = divmod(slot - 1, self.columns)
        vertical = "top" if row == 0 else "bottom" if row == rows - 1 else "middle"
        horizontal = "left" if column == 0 else "right" if column == self.columns - 1 else "centre"
        return Reason(SLOT_POSITIONS[vertical, horizontal])


def parse_removal_grid(data: object, source: str, price_die: Sequence[int]) -> RemovalGrid:
    top = Node(data, source).mapping(required=("columns", "solo_removal"), optional=("example",))
    columns = top["columns"].whole(1, SLOTS)
    if SLOTS % columns:
        raise top["columns"].fail(
            Reason("{slots} slots do not fill rows of {columns}", slots=SLOTS, columns=columns)
        )
    faces = {f"{face:+d}": face for face in price_die}
    grid: dict[int, int] = {}
    for key, node in top["solo_removal"].mapping(required=tuple(faces)).items():
        slot = node.whole(1, SLOTS)
        if slot in grid.values():
            raise node.fail(Reason("slot {slot} is named for two rolls", slot=slot))
        grid[faces[key]] = slot
    bottom_left = SLOTS - columns + 1
    if grid.get(KNOWN_ANCHOR) != bottom_left:
        raise top["solo_removal"].fail(
            Reason(
                "the rulebook puts -3 at the bottom-left slot, which is slot {slot} "
                "with {columns} columns",
                slot=bottom_left,
                columns=columns,
            )
        )
    example = top["example"].boolean() if "example" in top else False
    return RemovalGrid(columns, grid, example, source)


def export_board_file(override: str | None = None) -> Path:
    """--export-board, else $CALEDONIA_EXPORT_BOARD, else the box's, else the example."""
    return find("export_board", override).path


def load_removal_grid(price_die: Sequence[int], override: str | None = None) -> RemovalGrid:
    path = export_board_file(override)
    return parse_removal_grid(read_yaml(path), str(path), price_die)


class Refill(NamedTuple):
    before: tuple[int | None, ...]  # slot contents 1..6
    filled: tuple[int | None, ...]  # after the refill
    after: tuple[int | None, ...]  # after the removal
    removed_slot: int
    removed: int | None  # the contract that left the game (None if that slot stayed empty)
    last_roll: int


def refill(
    board: Sequence[int | None], drawn: Sequence[int], last_roll: int, grid: RemovalGrid
) -> Refill:
    """Fill the empty slots in order with `drawn`, then remove the slot the last roll names."""
    filled = list(board)
    queue = list(drawn)
    for slot, held in enumerate(filled):
        if held is None and queue:
            filled[slot] = queue.pop(0)
    slot = grid.slot_for_roll[last_roll]
    after = list(filled)
    removed = after[slot - 1]
    after[slot - 1] = None
    return Refill(tuple(board), tuple(filled), tuple(after), slot, removed, last_roll)


def draw_from(pile: list[int], count: int) -> list[int]:
    """Take `count` contracts from the top of a pile (fewer when it runs out)."""
    taken = pile[:count]
    del pile[:count]
    return taken
