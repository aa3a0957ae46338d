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
from .contract_faces import short
from .market import Market
from .messages import Plural, Reason
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
                problem
                or Reason(
                    "a solo game starts with {faceup} face-up contracts, got {dealt}",
                    faceup=faceup,
                    dealt=len(dealt),
                )
            )
        board_ids, remaining = list(dealt), None
    board = tuple(board_ids) + (None,) * (SLOTS - len(board_ids))
    return SoloState(seed, FIRST_PREPARED_ROUND, market.starting_prices(), board, remaining)


def _check_ids(ids: Sequence[int], parts: Components, in_use: Sequence[int]) -> Reason | None:
    seen: list[int] = []
    for contract_id in ids:
        if contract_id not in parts.contracts:
            return Reason(
                "no contract {contract}: ids run from 1 to {highest}",
                contract=contract_id,
                highest=len(parts.contracts),
            )
        if contract_id in seen or contract_id in in_use:
            return Reason(
                "contract {contract} is already on the board or out of the game",
                contract=short(contract_id, parts.contracts),
            )
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
            # tiles by their left half (how a table finds them), the id in brackets
            on_board = "; ".join(short(c) for c in board if c is not None) or Reason("none")
            raise ValueError(
                Reason(
                    "contract {contract} is not on the export board (it holds {contracts})",
                    contract=short(contract_id),
                    contracts=on_board,
                )
            )
        board[board.index(contract_id)] = None
    return state._replace(
        prices={**state.prices, **prices}, board=tuple(board), taken=state.taken + tuple(taken)
    )


def _draw(
    state: SoloState, parts: Components, drawn: Sequence[int] | None
) -> tuple[Sequence[int], list[int] | None]:
    """The contracts for the empty slots, from the tool's pile or as the table drew them,
    and the pile left (None for a game that draws from the table's own pile)."""
    empty = sum(1 for held in state.board if held is None)
    pile = list(state.pile) if state.pile is not None else None
    if drawn is None:
        return _from_pile(pile, empty), pile
    _check_drawn(state, parts, drawn, empty)
    if pile is not None:
        pile = [c for c in pile if c not in drawn]
    return drawn, pile


def _from_pile(pile: list[int] | None, empty: int) -> list[int]:
    """The tool's draw for the `empty` slots, taken off its `pile` (ValueError: no pile of
    the tool's, or too few contracts in it)."""
    if pile is None:
        raise ValueError(
            Reason(
                "this game draws from the table's own pile: say which contracts "
                "were drawn for the empty slots"
            )
        )
    if len(pile) < empty:
        raise ValueError(
            Plural(
                "the pile has {contracts} for {count} empty slot",
                "the pile has {contracts} for {count} empty slots",
                count=empty,
                contracts=Plural("{count} contract", "{count} contracts", count=len(pile)),
            )
        )
    return draw_from(pile, empty)


def _check_drawn(state: SoloState, parts: Components, drawn: Sequence[int], empty: int) -> None:
    """ValueError unless the table drew `empty` contracts, none of them in use."""
    in_use = [c for c in state.board if c is not None] + list(state.removed) + list(state.taken)
    problem = _check_ids(drawn, parts, in_use)
    if problem:
        raise ValueError(problem)
    if len(drawn) != empty:
        raise ValueError(
            Plural(
                "the board has {count} empty slot: draw {count} contract, not {drawn}",
                "the board has {count} empty slots: draw {count} contracts, not {drawn}",
                count=empty,
                drawn=len(drawn),
            )
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
        raise ValueError(
            Reason("all preparation phases are done: round {round} was the last", round=LAST_ROUND)
        )
    solo = parts.solo
    if rolls is None:
        rolls = roll_dice(dice_rng(state.seed, state.round), solo.goods_die, solo.price_die)
    problem = check_rolls(rolls, solo.goods_die, solo.price_die)
    if problem:
        raise ValueError(problem)
    prices, changes = market_phase(state.prices, rolls, market)

    drawn, pile = _draw(state, parts, drawn)
    result = refill(state.board, drawn, rolls[-1].die, grid)
    removed = state.removed + ((result.removed,) if result.removed is not None else ())
    entry = {
        "round": state.round,
        "rolls": [str(roll) for roll in rolls],
        "prices": [str(change.describe()) for change in changes],  # saved: never a Reason
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
            raise item.fail(Reason("contract {contract} appears twice", contract=value))
        ids.append(value)
    return ids


def _whole_ids(node: Node, parts: Components) -> list[int]:
    """Contract ids where no empty slot may be."""
    return [i for i in _ids(node, parts) if i is not None]


def _prices(node: Node, market: Market) -> dict[str, int]:
    """The price of each good of the market, each on its track."""
    prices = {}
    for good, child in node.mapping(required=tuple(market.tracks)).items():
        price = child.whole(0)
        problem = market.check_price(good, price)
        if problem:
            raise child.fail(
                Reason("{problem} (market data: {source})", problem=problem, source=market.source)
            )
        prices[good] = price
    return prices


def _listed(top: dict[str, Node], key: str, parts: Components) -> list[int]:
    """The contract ids listed under `key` (none when it is left out)."""
    return _whole_ids(top[key], parts) if key in top else []


def _check_one_place(root: Node, everywhere: list[int]) -> None:
    """DataError unless each contract of the file is in one place only."""
    for contract_id in set(everywhere):
        if everywhere.count(contract_id) > 1:
            raise root.fail(
                Reason("contract {contract} is in two places at once", contract=contract_id)
            )


def parse_state(data: Any, source: str, parts: Components, market: Market) -> SoloState:
    top = Node(data, source).mapping(
        required=("format", "seed", "round", "prices", "board"),
        optional=("pile", "removed", "taken", "log"),
    )
    if top["format"].value != FORMAT:
        raise top["format"].expected(Reason("{format!r} (a solo helper file)", format=FORMAT))
    round_number = top["round"].whole(FIRST_PREPARED_ROUND, LAST_ROUND + 1)
    prices = _prices(top["prices"], market)
    board = _ids(top["board"], parts, allow_empty=True)
    if len(board) != SLOTS:
        raise top["board"].expected(
            Reason("{slots} slots (a contract id, or null for an empty slot)", slots=SLOTS)
        )
    pile = _whole_ids(top["pile"], parts) if "pile" in top else None
    removed, taken = _listed(top, "removed", parts), _listed(top, "taken", parts)
    _check_one_place(
        Node(data, source), [c for c in board if c is not None] + (pile or []) + removed + taken
    )
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
    )
