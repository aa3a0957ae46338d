"""The eight actions and the bonuses that follow them, each checked before it changes anything.

Every handler takes the state and a checked event, raises Refused with every
reason it can find, and only then changes the state; it returns notes in
words about what happened (money paid, prices moved).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..expansion import check_expansion, plural
from ..position import MapPlayer, Position
from ..reach import SHIPPING_LEVELS
from .state import GameState, PlayerState, Refused
from .turns import Gate, close_window, follow_up, gate, open_turn

PRODUCES = {
    "sheep": "wool",
    "cow": "milk",
    "field": "grain",
    "cheese_dairy": "cheese",
    "bakery": "bread",
    "distillery": "whisky",
}
BUILDINGS = ("cheese_dairy", "bakery", "distillery")
WORKERS = ("woodcutter", "miner")


def position_of(state: GameState) -> Position:
    """The map as the map engine sees it: every player's units and shipping."""
    return Position(
        state.board,
        tuple(MapPlayer(p.name, p.colour, p.shipping_level, dict(p.units)) for p in state.players),
    )


def move_price(state: GameState, good: str, steps: int) -> tuple[int, int]:
    """Move a price along its track; return (before, after)."""
    before = state.prices[good]
    state.prices[good] = state.market.tracks[good].move(before, steps)
    return before, state.prices[good]


def _finish_main(state: GameState, passage: Gate) -> None:
    open_turn(state, passage)
    close_window(state)
    state.turn.main_done = True


# -- trade -----------------------------------------------------------------------


def trade(state: GameState, e: dict) -> list[str]:
    passage = gate(state, e["player"], main=True)
    player = passage.player
    notes = _check_trade(state, player, e["good"], e["side"], e["quantity"])
    _finish_main(state, passage)
    return notes + _do_trade(state, player, e["good"], e["side"], e["quantity"], discount=0)


def _check_trade(
    state: GameState, player: PlayerState, good: str, side: str, quantity: int, discount: int = 0
) -> list[str]:
    reasons = []
    if player.merchants_stock < quantity:
        reasons.append(
            f"{player.name} has {player.merchants_stock} free merchants, {quantity} needed"
        )
    other = "sell" if side == "buy" else "buy"
    if player.side_traded(good) == other:
        reasons.append(
            f"{player.name}'s merchants are on the {other} side of {good} this round: "
            f"never both sides of one good"
        )
    price = max(0, state.prices[good] - discount)
    if side == "buy" and player.money < price * quantity:
        reasons.append(
            f"{quantity} {good} cost £{price * quantity} and {player.name} has £{player.money}"
        )
    if side == "sell" and player.goods[good] < quantity:
        reasons.append(f"{player.name} has {player.goods[good]} {good}, not {quantity}")
    if reasons:
        raise Refused(reasons)
    return []


def _do_trade(
    state: GameState, player: PlayerState, good: str, side: str, quantity: int, discount: int
) -> list[str]:
    price = max(0, state.prices[good] - discount)
    total = price * quantity
    if side == "buy":
        player.money -= total
        player.goods[good] += quantity
    else:
        player.money += total
        player.goods[good] -= quantity
    player.merchants_stock -= quantity
    key = f"{good}:{side}"
    player.merchants_market[key] = player.merchants_market.get(key, 0) + quantity
    before, after = move_price(state, good, quantity if side == "buy" else -quantity)
    verb = "pays" if side == "buy" else "receives"
    each = f"£{price} each" + (f" (£{before} − £{discount})" if discount else "")
    return [f"{player.name} {verb} £{total} ({each}); {good} £{before} → £{after}"]


# -- contracts --------------------------------------------------------------------


def can_take_contract(state: GameState, player: PlayerState) -> list[str]:
    reasons = []
    if player.open_contracts:
        reasons.append(
            f"{player.name} already has an unfulfilled contract "
            f"({player.open_contracts[0]}): fulfil it first"
        )
    cost = state.round_cost()
    if cost < 0 and player.money < -cost:
        reasons.append(
            f"a contract costs £{-cost} in round {state.round} and {player.name} "
            f"has £{player.money}"
        )
    return reasons


def take_contract(state: GameState, player: PlayerState, contract_id: int) -> str:
    cost = state.round_cost()
    player.money += cost
    player.open_contracts.append(contract_id)
    state.turn.contracts_obtained += 1
    money = f"receives £{cost}" if cost > 0 else (f"pays £{-cost}" if cost else "pays nothing")
    return f"{player.name} takes contract {contract_id} and {money}"


def obtain(state: GameState, e: dict) -> list[str]:
    passage = gate(state, e["player"], main=True)
    player = passage.player
    contract_id = e["contract"]
    reasons = can_take_contract(state, player)
    if contract_id not in state.export_board:
        on_board = ", ".join(str(c) for c in state.export_board if c is not None) or "none"
        reasons.insert(
            0, f"contract {contract_id} is not on the export board (it holds {on_board})"
        )
    if reasons:
        raise Refused(reasons)
    _finish_main(state, passage)
    state.export_board[state.export_board.index(contract_id)] = None
    return [take_contract(state, player, contract_id)]


# -- expand, and what may follow it ----------------------------------------------------


def expand(state: GameState, e: dict) -> list[str]:
    free = e.get("free", False)
    if free:
        player = follow_up(state, e["player"])
        if state.turn.free_spaces < 1:
            raise Refused(f"{player.name} has no free-space bonus to use this turn")
        passage = Gate(player, False)
    else:
        passage = gate(state, e["player"], main=True)
        player = passage.player
    space = state.space(e["space"])
    check = check_expansion(
        position_of(state),
        player.name,
        e["unit"],
        space,
        state.parts.economy,
        free_land=free,
        money=player.money,
    )
    if not check.legal:
        raise Refused(list(check.reasons))
    if free:
        state.turn.free_spaces -= 1
        close_window(state)
    else:
        _finish_main(state, passage)
    player.money -= check.cost
    player.units[space] = e["unit"]
    notes = [
        f"{player.name} puts a {e['unit'].replace('_', ' ')} on {check.space} "
        f"({check.route}) for £{check.cost}"
    ]
    notes += after_building(state, player, [space])
    return notes


def after_building(
    state: GameState, player: PlayerState, spaces: Iterable[int], neighbourhood: bool = True
) -> list[str]:
    """Open the neighbourhood bonus and, on a fourth building, the building bonus."""
    spaces = tuple(spaces)
    notes = []
    if neighbourhood and not state.solo and neighbourhood_goods(state, player, spaces):
        state.turn.expanded = spaces
        goods = ", ".join(sorted(neighbourhood_goods(state, player, spaces)))
        notes.append(f"neighbourhood bonus open: {player.name} may buy {goods} at a discount")
    for space in spaces:
        unit = player.units[space]
        if (
            unit in BUILDINGS
            and player.count(unit) == state.parts.economy.units[unit].count
            and not player.open_contracts
        ):
            state.turn.building_bonus = True
            notes.append(
                f"building bonus: {player.name} deployed the fourth "
                f"{unit.replace('_', ' ')} with an empty export box"
            )
    return notes


def neighbourhood_goods(state: GameState, player: PlayerState, spaces: Iterable[int]) -> set[str]:
    goods = set()
    for space in spaces:
        for near in state.board.neighbouring[space]:
            owner = state.occupant(near)
            if owner is not None and owner is not player and owner.units[near] in PRODUCES:
                goods.add(PRODUCES[owner.units[near]])
    return goods


def neighbourhood(state: GameState, e: dict) -> list[str]:
    player = follow_up(state, e["player"])
    good, quantity = e["good"], e["quantity"]
    if state.solo:
        raise Refused("there is no neighbourhood bonus in a solo game")
    if not state.turn.expanded:
        raise Refused("the neighbourhood bonus comes only right after an expansion")
    allowed = neighbourhood_goods(state, player, state.turn.expanded)
    if good not in allowed:
        where = ", ".join(state.board.spaces[s].id for s in state.turn.expanded)
        raise Refused(
            f"no opponent's unit neighbouring {where} produces {good}"
            + (f" (only {', '.join(sorted(allowed))})" if allowed else "")
        )
    cap = state.parts.economy.neighbourhood_max_per_good[len(state.players)]
    bought = state.turn.neighbourhood_bought.get(good, 0)
    if bought + quantity > cap:
        raise Refused(
            f"at most {cap} {good} per turn from the neighbourhood bonus; "
            f"{player.name} bought {bought} already"
        )
    kind = "basic" if good in state.parts.economy.basic_goods else "processed"
    discount = state.parts.economy.neighbourhood_discount[kind]
    _check_trade(state, player, good, "buy", quantity, discount)
    state.turn.neighbourhood_bought[good] = bought + quantity
    return _do_trade(state, player, good, "buy", quantity, discount)


def building_bonus(state: GameState, e: dict) -> list[str]:
    player = follow_up(state, e["player"])
    if not state.turn.building_bonus:
        raise Refused(f"{player.name} has no building bonus to take now")
    drawn = e.get("drawn")
    draw = 3
    if state.pile is not None:
        top = state.pile[:draw]
        if drawn is not None and list(drawn) != top:
            raise Refused(
                f"the top of the pile is {', '.join(map(str, top))}, not "
                f"{', '.join(map(str, drawn))}"
            )
        drawn = top
    elif drawn is None or len(drawn) != draw:
        raise Refused(f"this game uses the table's own pile: say which {draw} contracts were drawn")
    elif any(c in state.contracts_in_play() for c in drawn):
        raise Refused("a drawn contract is already on the board, with a player or out of the game")
    keep = e.get("keep")
    reasons = []
    if keep is not None:
        if keep not in drawn:
            reasons.append(f"contract {keep} is not among the drawn {', '.join(map(str, drawn))}")
        reasons += can_take_contract(state, player)
    if reasons:
        raise Refused(reasons)
    state.turn.building_bonus = False
    rest = [c for c in drawn if c != keep]
    if state.pile is not None:
        del state.pile[:draw]
        state.pile.extend(rest)
    notes = [f"{player.name} draws {', '.join(map(str, drawn))} for the building bonus"]
    if keep is not None:
        notes.append(take_contract(state, player, keep))
    notes.append(f"{', '.join(map(str, rest))} go to the bottom of the pile")
    return notes


# -- upgrades and merchants ------------------------------------------------------------


def _unaffordable(player: PlayerState, cost: int, what: str) -> str | None:
    """'a merchant costs £4 and Ailsa has £3', or None when the player can pay."""
    if player.money < cost:
        return f"{what} costs £{cost} and {player.name} has £{player.money}"
    return None


def _shipping_reason(player: PlayerState) -> str | None:
    if player.shipping >= len(SHIPPING_LEVELS) - 1:
        return f"{player.name}'s shipping is at 4-loch already, the top level"
    return None


def _technology_reason(state: GameState, player: PlayerState, worker: str) -> str | None:
    if player.clan == "MacDonald":
        return "MacDonald never upgrades technology"
    if worker in player.technology:
        return f"{player.name}'s {worker} technology is upgraded already"
    return None


def shipping(state: GameState, e: dict) -> list[str]:
    passage = gate(state, e["player"], main=True)
    player = passage.player
    cost = state.parts.economy.shipping_step_cost
    reasons = [
        r for r in (_shipping_reason(player), _unaffordable(player, cost, "a shipping step")) if r
    ]
    if reasons:
        raise Refused(reasons)
    _finish_main(state, passage)
    player.money -= cost
    player.shipping += 1
    return [
        f"{player.name} pays £{cost}: shipping is now {player.shipping_level.replace('_', '-')}"
    ]


def technology(state: GameState, e: dict) -> list[str]:
    passage = gate(state, e["player"], main=True)
    player = passage.player
    cost = state.parts.economy.technology_cost
    reasons = [
        r
        for r in (
            _technology_reason(state, player, e["worker"]),
            _unaffordable(player, cost, "a technology upgrade"),
        )
        if r
    ]
    if reasons:
        raise Refused(reasons)
    _finish_main(state, passage)
    player.money -= cost
    player.technology.add(e["worker"])
    return [
        f"{player.name} pays £{cost}: {plural(e['worker'])} now earn "
        f"£{state.parts.economy.worker_income[e['worker']]['upgraded']}"
    ]


def merchant(state: GameState, e: dict) -> list[str]:
    passage = gate(state, e["player"], main=True)
    player = passage.player
    cost = state.parts.economy.merchant_hire_cost
    all_hired = f"{player.name} has hired all 7 merchants" if player.merchants_board < 1 else None
    reasons = [r for r in (all_hired, _unaffordable(player, cost, "a merchant")) if r]
    if reasons:
        raise Refused(reasons)
    _finish_main(state, passage)
    player.money -= cost
    player.merchants_board -= 1
    player.merchants_stock += 1
    return [f"{player.name} pays £{cost} and hires a merchant"]


def upgrade_change(state: GameState, player: PlayerState, e: dict) -> Callable[[], list[str]]:
    """Check a bonus upgrade (technology for £5, a free shipping step, a free merchant, or a
    merchant back from the market) and return the change to make once everything is checked."""
    choice = e["choice"]
    if choice == "technology":
        worker = e.get("worker")
        if worker is None:
            raise Refused("say which technology: woodcutter or miner")
        cost = state.parts.economy.technology_bonus_cost
        reasons = [
            r
            for r in (
                _technology_reason(state, player, worker),
                _unaffordable(player, cost, "the bonus technology upgrade"),
            )
            if r
        ]
        if reasons:
            raise Refused(reasons)

        def technology_change() -> list[str]:
            player.money -= cost
            player.technology.add(worker)
            return [f"{player.name} pays £{cost} for the {worker} technology"]

        return technology_change
    if choice == "shipping":
        reason = _shipping_reason(player)
        if reason:
            raise Refused(reason)

        def shipping_change() -> list[str]:
            player.shipping += 1
            return [
                f"{player.name}'s shipping rises to "
                f"{player.shipping_level.replace('_', '-')} for free"
            ]

        return shipping_change
    if choice == "merchant":
        if player.merchants_board < 1:
            raise Refused(f"{player.name} has hired all 7 merchants")

        def merchant_change() -> list[str]:
            player.merchants_board -= 1
            player.merchants_stock += 1
            return [f"{player.name} hires a merchant for free"]

        return merchant_change
    key = e.get("from")
    if not key or not player.merchants_market.get(key):
        out = ", ".join(k for k, n in player.merchants_market.items() if n) or "none"
        raise Refused(
            f"{player.name} has no merchant at {key or '?'} on the market (merchants at: {out})"
        )

    def retrieve_change() -> list[str]:
        player.merchants_market[key] -= 1
        player.merchants_stock += 1
        return [f"{player.name} takes a merchant back from {key.replace(':', ' ')}"]

    return retrieve_change


def bonus(state: GameState, e: dict) -> list[str]:
    player = follow_up(state, e["player"])
    if state.turn.bonus_upgrades < 1:
        raise Refused(f"{player.name} has no bonus upgrade to use this turn")
    change = upgrade_change(state, player, e)
    state.turn.bonus_upgrades -= 1
    notes = change()
    close_window(state)
    return notes


# -- fulfil ----------------------------------------------------------------------


def fulfil(state: GameState, e: dict) -> list[str]:
    passage = gate(state, e["player"], main=True)
    player = passage.player
    contract_id = e["contract"]
    reasons = []
    if contract_id not in player.open_contracts:
        held = ", ".join(map(str, player.open_contracts)) or "none"
        raise Refused(
            f"contract {contract_id} is not on {player.name}'s export box (it holds {held})"
        )
    contract = state.parts.contracts[contract_id]
    for good, amount in contract.pay.items():
        if good in ("beef", "mutton"):
            continue
        if player.goods[good] < amount:
            reasons.append(
                f"contract {contract_id} needs {amount} {good}; {player.name} has "
                f"{player.goods[good]}"
            )
    slaughter = [state.space(s) for s in e.get("slaughter", [])]
    reasons += _check_slaughter(state, player, contract, slaughter)
    if reasons:
        raise Refused(reasons)
    _finish_main(state, passage)
    notes = []
    for good, amount in contract.pay.items():
        if good not in ("beef", "mutton"):
            player.goods[good] -= amount
    for space in slaughter:
        notes.append(
            f"{player.name} slaughters the {player.units[space]} on {state.board.spaces[space].id}"
        )
        del player.units[space]
    player.open_contracts.remove(contract_id)
    player.fulfilled.append(contract_id)
    money = contract.gain.get("money", 0)
    player.money += money
    if money:
        notes.append(f"{player.name} receives £{money}")
    notes += _import(state, player, contract.imports)
    state.turn.free_spaces += contract.gain.get("free_space", 0)
    state.turn.bonus_upgrades += contract.gain.get("bonus_upgrade", 0)
    state.turn.port_one = False
    extras = []
    if contract.gain.get("free_space"):
        extras.append(f"{contract.gain['free_space']} free space")
    if contract.gain.get("bonus_upgrade"):
        extras.append(f"{contract.gain['bonus_upgrade']} bonus upgrade")
    if extras:
        notes.append(f"{player.name} may now take: {', '.join(extras)}")
    return [f"{player.name} fulfils contract {contract_id}"] + notes


def _check_slaughter(
    state: GameState, player: PlayerState, contract, spaces: list[int]
) -> list[str]:
    beef, mutton = contract.pay.get("beef", 0), contract.pay.get("mutton", 0)
    needed = beef + mutton - (1 if state.turn.port_one and beef + mutton else 0)
    reasons = []
    if len(set(spaces)) != len(spaces):
        reasons.append("a space is named twice for slaughter")
    cows = sheep = 0
    for space in spaces:
        kind = player.units.get(space)
        space_id = state.board.spaces[space].id
        if kind == "cow":
            cows += 1
        elif kind == "sheep":
            sheep += 1
        else:
            held = (
                f"holds {player.name}'s {kind.replace('_', ' ')}"
                if kind
                else f"holds no {player.name} animal"
            )
            reasons.append(f"{space_id} {held}: only cows and sheep are slaughtered")
    if cows > beef or sheep > mutton or cows + sheep != needed:
        want = " and ".join(
            x for x in (f"{beef} cow" if beef else "", f"{mutton} sheep" if mutton else "") if x
        )
        port = " (one fewer with port tile 1)" if needed < beef + mutton else ""
        if needed or spaces:
            reasons.append(
                f"contract {contract.id} needs {want or 'no meat'}{port} slaughtered: "
                f"name {needed} space{'s' if needed != 1 else ''} with --slaughter"
            )
    return reasons


def _import(state: GameState, player: PlayerState, imports: dict[str, int]) -> list[str]:
    """Move the import tracks; £1 for each marked step reached or passed (not in solo)."""
    notes = []
    if state.solo:
        return notes
    for good, amount in imports.items():
        if not amount:
            continue
        before = state.import_totals[good]
        after = before + amount
        state.import_totals[good] = after
        marks = [m for m in state.setup.import_marks.get(good, ()) if before < m <= after]
        if marks:
            player.money += len(marks)
            notes.append(
                f"the {good.replace('_', ' ')} track reaches step {after}: £{len(marks)} "
                f"for marked step{'s' if len(marks) > 1 else ''} {', '.join(map(str, marks))}"
            )
    return notes


# -- pass ----------------------------------------------------------------------------


def pass_turn(state: GameState, e: dict) -> list[str]:
    passage = gate(state, e["player"], main=True)
    player = passage.player
    _finish_main(state, passage)
    place = len(state.pass_order)
    money = state.setup.pass_money[min(place, len(state.setup.pass_money) - 1)]
    player.money += money
    player.passed = True
    state.pass_order.append(player.name)
    order = "" if state.solo else f"{('first', 'second', 'third', 'fourth')[place]} "
    notes = [f"{player.name} passes {order}and receives £{money}"]
    if not state.active_players():
        state.phase = "production"
        notes.append("everyone has passed: production")
    return notes
