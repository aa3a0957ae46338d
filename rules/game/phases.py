"""The frame of a game: clans, starting workers, production, round scoring, preparation.

Set-up ends with every player's starting workers on the map; then five rounds
of actions, production and scoring, with a preparation phase before rounds
2-5 (the solo game adds its dice market and contract removal there).
"""

from __future__ import annotations

from ..components import Components
from ..expansion import check_expansion
from ..solo import Roll, check_rolls, market_phase, refill, roll_dice
from ..solo_state import dice_rng
from .actions import BUILDINGS, WORKERS, position_of
from .setup import WITHOUT_CLANS_MONEY, Setup, face_up_count
from .state import LAST_ROUND, GameState, PlayerState, Refused, TurnState, phase_words


def initial_state(setup: Setup, parts: Components) -> GameState:
    board = setup.board()
    players = [
        PlayerState(p.name, p.colour, seat, goods=dict.fromkeys(parts.economy.goods, 0))
        for seat, p in enumerate(setup.players)
    ]
    state = GameState(
        setup=setup,
        parts=parts,
        board=board,
        market=setup.market,
        players=players,
        prices=setup.market.starting_prices(),
        export_board=list(setup.export_board),
        pile=list(setup.pile) if setup.pile is not None else None,
        turn_order=setup.turn_order(),
    )
    if setup.variants["clans"]:
        state.phase = "clans"
        state.clans_left = list(setup.clans)
    else:
        for position, name in enumerate(state.turn_order):
            player = state.by_name(name)
            _starting_tile(state, player, setup.starting_tiles[position])
            player.money += WITHOUT_CLANS_MONEY[position]
        _begin_workers(state)
    return state


def _starting_tile(state: GameState, player: PlayerState, tile: int) -> None:
    contents = state.setup.tile_contents[tile]
    player.starting_tile = tile
    player.money += contents.money
    for good, count in contents.goods.items():
        player.goods[good] += count


def _take_clan(state: GameState, player: PlayerState, clan_name: str) -> list[str]:
    clan = state.parts.clans[clan_name]
    tile = state.setup.starting_tiles[state.setup.clans.index(clan_name)]
    player.clan = clan_name
    state.clans_left.remove(clan_name)
    _starting_tile(state, player, tile)
    level = clan.starting_shipping.get(len(state.players))
    if level:
        from ..reach import SHIPPING_LEVELS

        player.shipping = SHIPPING_LEVELS.index(level)
    if clan.extra_merchants:
        player.merchants_board -= clan.extra_merchants
        player.merchants_stock += clan.extra_merchants
    contents = state.setup.tile_contents[tile]
    goods = ", ".join(f"{n} {g}" for g, n in contents.goods.items() if n)
    return [
        f"{player.name} takes {clan_name} with starting tile {tile}: £{contents.money}"
        + (f" and {goods}" if goods else "")
    ]


def choose_clan(state: GameState, e: dict) -> list[str]:
    if state.phase != "clans" or state.setup.variants["clan_auction"]:
        raise Refused(
            "clans are chosen only at set-up, in reverse turn order"
            + (
                " (this game auctions them: use the auction event)"
                if state.setup.variants["clan_auction"]
                else ""
            )
        )
    player = state.player(e["player"])
    chooser = next(n for n in reversed(state.turn_order) if state.by_name(n).clan is None)
    clan = _known_clan(state, e["clan"])
    if player.name != chooser:
        raise Refused(f"it is {chooser}'s turn to choose a clan (reverse turn order)")
    if clan not in state.clans_left:
        raise Refused(f"{clan} is not one of the clans left: {', '.join(state.clans_left)}")
    notes = _take_clan(state, player, clan)
    if all(p.clan for p in state.players):
        notes += _begin_workers(state)
    return notes


def _known_clan(state: GameState, name: str) -> str:
    clan = state.parts.clan(name)
    if clan is None:
        raise Refused(f"no clan {name!r}: the clans drawn are {', '.join(state.setup.clans)}")
    return clan.name


def auction(state: GameState, e: dict) -> list[str]:
    if state.phase != "clans" or not state.setup.variants["clan_auction"]:
        raise Refused("this game does not auction its clans")
    player = state.player(e["player"])
    clan = _known_clan(state, e["clan"])
    bid = e["bid"]
    reasons = []
    if player.clan:
        reasons.append(f"{player.name} has won {player.clan} already")
    if clan not in state.clans_left:
        reasons.append(f"{clan} is not one of the clans left: {', '.join(state.clans_left)}")
    if reasons:
        raise Refused(reasons)
    won = [p.name for p in state.players if p.clan]
    notes = _take_clan(state, player, clan)
    player.auction_bid = bid
    won.append(player.name)
    notes[0] += f" for a bid of {bid} VP"
    left = [p for p in state.players if not p.clan]
    if len(left) == 1:
        last = left[0]
        notes += _take_clan(state, last, state.clans_left[0])
        notes[-1] += " without a bid"
        won.append(last.name)
    if all(p.clan for p in state.players):
        state.turn_order = won
        notes.append("turn order by the auction: " + ", ".join(won))
        notes += _begin_workers(state)
    return notes


def _begin_workers(state: GameState) -> list[str]:
    order = state.turn_order
    queue = [(name, False) for name in order] + [(name, False) for name in reversed(order)]
    fergusson = [p.name for p in state.players if p.clan == "Fergusson"]
    queue = [(name, name in fergusson) for name, _ in queue]
    queue += [(name, True) for name in fergusson]
    state.placements = queue
    state.phase = "workers"
    return ["starting workers: " + ", ".join(name for name, _ in queue)]


def place_worker(state: GameState, e: dict) -> list[str]:
    if state.phase != "workers":
        raise Refused("starting workers are placed only at set-up")
    player = state.player(e["player"])
    expected, border_only = state.placements[0]
    if player.name != expected:
        raise Refused(f"it is {expected}'s turn to place a starting worker")
    if e["unit"] not in WORKERS:
        raise Refused("a starting worker is a woodcutter or a miner")
    space = state.space(e["space"])
    check = check_expansion(
        position_of(state),
        player.name,
        e["unit"],
        space,
        state.parts.economy,
        money=player.money,
        anywhere=True,
    )
    reasons = list(check.reasons)
    if border_only and space not in state.board.border:
        reasons.append(f"{check.space} is not a border space: Fergusson's workers go on the border")
    if reasons:
        raise Refused(reasons)
    player.money -= check.cost
    player.units[space] = e["unit"]
    state.placements.pop(0)
    notes = [f"{player.name} places a {e['unit']} on {check.space} for £{check.cost}"]
    if not state.placements:
        notes += _begin_round(state, 1)
    return notes


def _begin_round(state: GameState, number: int) -> list[str]:
    state.round = number
    state.phase = "action"
    for player in state.players:
        player.passed = False
        player.produced = False
    state.pass_order = []
    state.turn = TurnState(player=state.turn_order[0])
    return [f"round {number}: {', '.join(state.turn_order)}"]


# -- production and scoring ---------------------------------------------------------------


def produce(state: GameState, e: dict) -> list[str]:
    if state.phase != "production":
        raise Refused(f"it is {phase_words(state.phase)}, not the production phase")
    player = state.player(e["player"])
    if player.produced:
        raise Refused(f"{player.name} has produced this round already")
    economy = state.parts.economy
    income = 0
    for worker in WORKERS:
        level = "upgraded" if worker in player.technology else "base"
        income += player.count(worker) * economy.worker_income[worker][level]
    basic = dict.fromkeys(economy.basic_goods, 0)
    for unit, goods in economy.basic_production.items():
        for good, amount in goods.items():
            basic[good] += player.count(unit) * amount
    stock = {g: player.goods[g] + basic.get(g, 0) for g in player.goods}
    wanted = {
        "cheese": e.get("cheese", 0),
        "bread": e.get("bread", 0),
        "whisky": e.get("whisky", 0),
    }
    reasons = []
    need: dict[str, int] = {}
    for building in BUILDINGS:
        source, output = economy.processing[building]
        count = wanted[output]
        if count > player.count(building):
            reasons.append(
                f"{player.name} has {player.count(building)} "
                f"{building.replace('_', ' ')}s: at most {player.count(building)} {output}"
            )
        need[source] = need.get(source, 0) + count
    for good, count in need.items():
        if count > stock[good]:
            reasons.append(
                f"processing needs {count} {good}; {player.name} will have {stock[good]}"
            )
    if reasons:
        raise Refused(reasons)
    player.money += income
    for good, amount in basic.items():
        player.goods[good] += amount
    for good, count in need.items():
        player.goods[good] -= count
    for output, count in wanted.items():
        player.goods[output] += count
    player.produced = True
    made = ", ".join(f"{n} {g}" for g, n in {**basic, **wanted}.items() if n) or "no goods"
    notes = [f"{player.name} earns £{income} and makes {made}"]
    if all(p.produced for p in state.players):
        notes += score_round(state)
    return notes


def tile_glory(state: GameState, player: PlayerState, tile_id: str) -> int:
    """Glory one player earns from one scoring tile, from the state after production."""
    tile = next(t for t in state.parts.scoring_tiles if t.id == tile_id)
    economy = state.parts.economy
    units = list(player.units.items())
    measure = tile.measure
    if measure == "basic_goods":
        count = sum(player.goods[g] for g in economy.basic_goods)
    elif measure == "processed_goods_pairs":
        count = sum(player.goods[g] for g in economy.processed_goods) // 2
    elif measure == "deployed_animals_and_buildings":
        count = sum(1 for _, u in units if u in ("sheep", "cow") + BUILDINGS)
        return count * tile.glory + player.count("field") * (tile.glory_per_field or 0)
    elif measure == "deployed_workers":
        count = sum(1 for _, u in units if u in WORKERS)
    elif measure == "border_unit_pairs":
        count = sum(1 for s, _ in units if s in state.board.border) // 2
    elif measure == "imports_on_fulfilled_contracts":
        count = sum(sum(state.parts.contracts[c].imports.values()) for c in player.fulfilled)
    elif measure == "meat_on_fulfilled_contracts":
        count = sum(state.parts.contracts[c].meat for c in player.fulfilled)
    elif measure == "upgrades":
        count = player.shipping + (5 - player.merchants_board) + len(player.technology)
    elif measure == "units_on_costly_land":
        count = sum(1 for s, _ in units if (state.board.spaces[s].cost or 0) >= 5)
    else:  # a tile the data names but the engine does not know: score nothing, loudly
        raise Refused(
            f"scoring tile {tile_id} measures {measure!r}, which this engine does not know"
        )
    return count * tile.glory


def score_round(state: GameState) -> list[str]:
    notes = []
    scores: dict[str, int] = {}
    if state.setup.scoring_tiles:
        tile = state.setup.scoring_tiles[state.round - 1]
        for player in state.players:
            scores[player.name] = tile_glory(state, player, tile)
            player.glory += scores[player.name]
        got = ", ".join(f"{n} {g}" for n, g in scores.items())
        notes.append(f"round {state.round} scoring, tile {tile}: {got} glory")
    state.round_scores.append(scores)
    if state.round >= LAST_ROUND:
        state.phase = "over"
        notes.append("the game is over: final scoring")
    else:
        state.phase = "preparation"
        notes.append(f"next: preparation of round {state.round + 1}")
    return notes


# -- preparation -----------------------------------------------------------------


def prepare(state: GameState, e: dict) -> list[str]:
    if state.phase != "preparation":
        raise Refused(
            f"it is {phase_words(state.phase)}: preparation comes after a round's scoring"
        )
    notes: list[str] = []
    prices = dict(state.prices)
    rolls: list[Roll] = []
    solo = state.solo
    if solo:
        rolls = (
            [Roll(r["good"], r["die"]) for r in e["rolls"]]
            if e.get("rolls")
            else roll_dice(
                dice_rng(state.setup.seed or 0, state.round + 1),
                state.parts.solo.goods_die,
                state.parts.solo.price_die,
            )
        )
        problem = check_rolls(rolls, state.parts.solo.goods_die, state.parts.solo.price_die)
        if problem:
            raise Refused(problem)
        prices, changes = market_phase(prices, rolls, state.market)
        notes += [change.describe() for change in changes]
    elif e.get("rolls"):
        raise Refused("the dice market is for the solo game only")
    board = list(state.export_board)
    target = len(board) if solo else face_up_count(len(state.players), len(board), state.parts)
    missing = max(0, target - sum(1 for c in board if c is not None))
    drawn = _refill_draw(state, e.get("drawn"), missing)
    # all checks done: change the state
    state.prices = prices
    if state.pile is not None:
        del state.pile[: len(drawn)]
    queue = list(drawn)
    for slot, held in enumerate(board):
        if held is None and queue:
            board[slot] = queue.pop(0)
    notes.append(f"refill: {', '.join(map(str, drawn)) or 'nothing to draw'}")
    if solo:
        result = refill(board, [], rolls[-1].die, state.setup.removal_grid)
        board = list(result.after)
        if result.removed is not None:
            state.removed.append(result.removed)
            notes.append(
                f"last price die {rolls[-1].die:+d}: contract {result.removed} "
                f"(slot {result.removed_slot}) leaves the game"
            )
    state.export_board = board
    for player in state.players:
        player.merchants_stock += player.merchants_out()
        player.merchants_market = {}
    state.turn_order = list(state.pass_order)
    return notes + ["merchants return"] + _begin_round(state, state.round + 1)


def _refill_draw(state: GameState, given: list[int] | None, missing: int) -> list[int]:
    if state.pile is not None:
        top = state.pile[:missing]
        if given is not None and list(given) != top:
            raise Refused(
                f"the top of the pile is {', '.join(map(str, top)) or 'empty'}, not "
                f"{', '.join(map(str, given))}"
            )
        if len(top) < missing:
            raise Refused(f"the pile has {len(top)} contracts for {missing} empty boxes")
        return top
    if given is None or len(given) != missing:
        raise Refused(
            f"this game uses the table's own pile: say which {missing} contracts were "
            "drawn for the empty boxes"
        )
    used = state.contracts_in_play()
    clash = [c for c in given if c in used]
    if clash or len(set(given)) != len(given):
        raise Refused(f"contract {(clash or given)[0]} is already in play or drawn twice")
    return list(given)
