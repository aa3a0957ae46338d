"""A solo game's helper state: prices, the export board and the pile, round by round.

The file is what a solo player keeps between preparation phases when they
do not record a whole game: the next round to prepare, the current prices,
the six contract slots, the draw pile (when the tool deals the contracts; a
table drawing from its own pile leaves it out), the contracts removed by the
solo rule, and a log of every phase. Dice come from a seeded generator whose
seed is stored here, or from the table.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .components import Components
from .market import Market
from .schema import Node
from .solo import (
    SLOTS,
    PriceChange,
    RemovalGrid,
    Roll,
    check_rolls,
    draw_from,
    market_phase,
    refill,
    roll_dice,
)
from .words import counted

FORMAT = "caledonia-solo/1"
FIRST_PREPARED_ROUND, LAST_ROUND = 2, 5


class SoloState(NamedTuple):
    seed: int
    round: int  # the next round to prepare; LAST_ROUND + 1 when all are done
    prices: Mapping[str, int]
    board: tuple[int | None, ...]  # slots 1..6
    pile: tuple[int, ...] | None  # top first; None when the table uses its own pile
    removed: tuple[int, ...] = ()
    taken: tuple[int, ...] = ()  # contracts the player took from the board
    log: tuple[Mapping[str, Any], ...] = ()


class Preparation(NamedTuple):
    round: int
    rolls: tuple[Roll, ...]
    changes: tuple[PriceChange, ...]
    refill_drawn: tuple[int, ...]
    board_before: tuple[int | None, ...]
    board_filled: tuple[int | None, ...]
    removed_slot: int
    removed: int | None
    state: SoloState  # after the phase


def dice_rng(seed: int, round_number: int) -> random.Random:
    """The generator for one round's dice: the same seed and round give the same rolls."""
    return random.Random(f"{seed}:dice:{round_number}")


def new_state(
    parts: Components, market: Market, seed: int, dealt: Sequence[int] | None = None
) -> SoloState:
    """Set-up: starting prices and five face-up contracts, dealt by the tool or by the table."""
    faceup = parts.solo.face_up_contracts
    if dealt is None:
        pile = list(parts.contracts)
        random.Random(f"{seed}:pile").shuffle(pile)
        board_ids: list[int] = draw_from(pile, faceup)
        remaining: tuple[int, ...] | None = tuple(pile)
    else:
        problem = _check_ids(dealt, parts, ())
        if problem or len(dealt) != faceup:
            raise ValueError(
                problem or f"a solo game starts with {faceup} face-up contracts, got {len(dealt)}"
            )
        board_ids, remaining = list(dealt), None
    board = tuple(board_ids) + (None,) * (SLOTS - len(board_ids))
    return SoloState(seed, FIRST_PREPARED_ROUND, market.starting_prices(), board, remaining)


def _check_ids(ids: Sequence[int], parts: Components, in_use: Sequence[int]) -> str | None:
    seen: list[int] = []
    for contract_id in ids:
        if contract_id not in parts.contracts:
            return f"no contract {contract_id}: ids run from 1 to {len(parts.contracts)}"
        if contract_id in seen or contract_id in in_use:
            return f"contract {contract_id} is already on the board or out of the game"
        seen.append(contract_id)
    return None


def apply_table_changes(
    state: SoloState, market: Market, prices: Mapping[str, int], taken: Sequence[int]
) -> SoloState:
    """What happened during the round: prices the player moved, contracts taken from the board."""
    for good, price in prices.items():
        problem = market.check_price(good, price)
        if problem:
            raise ValueError(problem)
    board = list(state.board)
    for contract_id in taken:
        if contract_id not in board:
            on_board = ", ".join(str(c) for c in board if c is not None) or "none"
            raise ValueError(
                f"contract {contract_id} is not on the export board (it holds {on_board})"
            )
        board[board.index(contract_id)] = None
    return state._replace(
        prices={**state.prices, **prices}, board=tuple(board), taken=state.taken + tuple(taken)
    )


def prepare(
    state: SoloState,
    parts: Components,
    market: Market,
    grid: RemovalGrid,
    rolls: Sequence[Roll] | None = None,
    drawn: Sequence[int] | None = None,
) -> Preparation:
    """The preparation phase of `state.round`: dice market, refill, removal.

    `rolls` are the table's dice (else the seeded ones); `drawn` the contracts
    the table drew for the empty slots, in slot order (else the tool's pile).
    Raises ValueError with the reason when the input cannot be right.
    """
    if state.round > LAST_ROUND:
        raise ValueError(f"all preparation phases are done: round {LAST_ROUND} was the last")
    solo = parts.solo
    if rolls is None:
        rolls = roll_dice(dice_rng(state.seed, state.round), solo.goods_die, solo.price_die)
    problem = check_rolls(rolls, solo.goods_die, solo.price_die)
    if problem:
        raise ValueError(problem)
    prices, changes = market_phase(state.prices, rolls, market)

    empty = sum(1 for held in state.board if held is None)
    pile = list(state.pile) if state.pile is not None else None
    if drawn is None:
        if pile is None:
            raise ValueError(
                "this game draws from the table's own pile: say which contracts "
                "were drawn for the empty slots"
            )
        if len(pile) < empty:
            raise ValueError(
                f"the pile has {counted(len(pile), 'contract')} for {counted(empty, 'empty slot')}"
            )
        drawn = draw_from(pile, empty)
    else:
        in_use = [c for c in state.board if c is not None] + list(state.removed) + list(state.taken)
        problem = _check_ids(drawn, parts, in_use)
        if problem:
            raise ValueError(problem)
        if len(drawn) != empty:
            raise ValueError(
                f"the board has {counted(empty, 'empty slot')}: "
                f"draw {counted(empty, 'contract')}, not {len(drawn)}"
            )
        if pile is not None:
            pile = [c for c in pile if c not in drawn]
    result = refill(state.board, drawn, rolls[-1].die, grid)
    removed = state.removed + ((result.removed,) if result.removed is not None else ())
    entry = {
        "round": state.round,
        "rolls": [str(roll) for roll in rolls],
        "prices": [change.describe() for change in changes],
        "drawn": list(drawn),
        "removed": {"slot": result.removed_slot, "contract": result.removed},
    }
    after = state._replace(
        round=state.round + 1,
        prices=prices,
        board=result.after,
        pile=tuple(pile) if pile is not None else None,
        removed=removed,
        log=state.log + (entry,),
    )
    return Preparation(
        state.round,
        tuple(rolls),
        tuple(changes),
        tuple(drawn),
        result.before,
        result.filled,
        result.removed_slot,
        result.removed,
        after,
    )


# -- the file -----------------------------------------------------------------


def state_as_data(state: SoloState) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": FORMAT,
        "seed": state.seed,
        "round": state.round,
        "prices": dict(state.prices),
        "board": list(state.board),
    }
    if state.pile is not None:
        data["pile"] = list(state.pile)
    data["removed"] = list(state.removed)
    data["taken"] = list(state.taken)
    data["log"] = [dict(entry) for entry in state.log]
    return data


def _ids(node: Node, parts: Components, allow_empty: bool = False) -> list[int | None]:
    ids: list[int | None] = []
    for item in node:
        if item.value is None and allow_empty:
            ids.append(None)
            continue
        value = item.whole(1, len(parts.contracts))
        if value in ids:
            raise item.fail(f"contract {value} appears twice")
        ids.append(value)
    return ids


def _whole_ids(node: Node, parts: Components) -> list[int]:
    """Contract ids where no empty slot may be."""
    return [i for i in _ids(node, parts) if i is not None]


def parse_state(data: Any, source: str, parts: Components, market: Market) -> SoloState:
    top = Node(data, source).mapping(
        required=("format", "seed", "round", "prices", "board"),
        optional=("pile", "removed", "taken", "log"),
    )
    if top["format"].value != FORMAT:
        raise top["format"].expected(f"{FORMAT!r} (a solo helper file)")
    round_number = top["round"].whole(FIRST_PREPARED_ROUND, LAST_ROUND + 1)
    prices = {}
    for good, node in top["prices"].mapping(required=tuple(market.tracks)).items():
        price = node.whole(0)
        problem = market.check_price(good, price)
        if problem:
            raise node.fail(problem + f" (market data: {market.source})")
        prices[good] = price
    board = _ids(top["board"], parts, allow_empty=True)
    if len(board) != SLOTS:
        raise top["board"].expected(f"{SLOTS} slots (a contract id, or null for an empty slot)")
    pile = _whole_ids(top["pile"], parts) if "pile" in top else None
    removed = _whole_ids(top["removed"], parts) if "removed" in top else []
    taken = _whole_ids(top["taken"], parts) if "taken" in top else []
    everywhere = [c for c in board if c is not None] + (pile or []) + removed + taken
    for contract_id in set(everywhere):
        if everywhere.count(contract_id) > 1:
            raise Node(data, source).fail(f"contract {contract_id} is in two places at once")
    log = tuple(top["log"].value) if "log" in top and top["log"].value else ()
    return SoloState(
        top["seed"].whole(None),
        round_number,
        prices,
        tuple(board),
        tuple(pile) if pile is not None else None,
        tuple(removed),
        tuple(taken),
        log,
    )  # type: ignore[arg-type]
