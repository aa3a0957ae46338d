"""The frame of a game: the state at set-up, clans and starting tiles, the starting
workers, and the start of each round.

Set-up ends with every player's starting workers on the map; then five rounds
of actions, production and scoring, with a preparation phase before rounds
2-5. The events that move the game along this frame are specs in events/.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..components import Components
from ..messages import Reason
from .hooks import Placement
from .state import GameState, PlayerState, TurnState

if TYPE_CHECKING:
    from .rulebook import Rulebook
    from .setup import Setup


def initial_state(setup: Setup, parts: Components, rules: Rulebook) -> GameState:
    """The state at set-up, for a game played by `rules` (registry.rulebook(setup))."""
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
        rules=rules,
    )
    if setup.variants["clans"]:
        state.phase = "clans"
        state.clans_left = list(setup.clans)
    else:
        for position, name in enumerate(state.turn_order):
            player = state.by_name(name)
            starting_tile(state, player, setup.starting_tiles[position])
            player.money += state.rules.starting_money(state, player, position)
        begin_workers(state)
    return state


def starting_tile(state: GameState, player: PlayerState, tile: int) -> None:
    contents = state.setup.tile_contents[tile]
    player.starting_tile = tile
    player.money += contents.money
    for good, count in contents.goods.items():
        player.goods[good] += count


def take_clan(state: GameState, player: PlayerState, clan_name: str) -> list[str]:
    """The clan and its starting tile, and what the clan starts with."""
    tile = state.setup.starting_tiles[state.setup.clans.index(clan_name)]
    player.clan = clan_name
    state.clans_left.remove(clan_name)
    starting_tile(state, player, tile)
    contents = state.setup.tile_contents[tile]
    goods = ", ".join(f"{n} {g}" for g, n in contents.goods.items() if n)
    fields = {"player": player.name, "clan": clan_name, "tile": tile, "money": contents.money}
    notes: list[str] = [
        Reason(
            "{player} takes {clan} with starting tile {tile}: £{money} and {goods}",
            **fields,
            goods=goods,
        )
        if goods
        else Reason("{player} takes {clan} with starting tile {tile}: £{money}", **fields)
    ]
    return notes + state.rules.on_clan_taken(state, player)


def clan_chooser(state: GameState) -> str:
    """Who chooses a clan next: reverse turn order."""
    return next(n for n in reversed(state.turn_order) if state.by_name(n).clan is None)


def player_to_act(state: GameState) -> str | None:
    """Whose move the game waits for: who chooses a clan, who places the next starting
    worker, or in the action phase whose main action comes next (the current player's
    until they take it, then the next player still in the round). None when it is no one
    player's: the clan auction, production, the preparation, the end."""
    if state.phase == "clans":
        return None if state.setup.variants["clan_auction"] else clan_chooser(state)
    if state.phase == "workers":
        return state.placements[0][0]
    if state.phase == "action":
        return state.next_player() if state.turn.main_done else state.turn.player
    return None


def begin_workers(state: GameState) -> list[str]:
    """Starting workers in turn order, then in reverse (and whatever a clan adds)."""
    order = state.turn_order
    queue = [Placement(name) for name in order] + [Placement(name) for name in reversed(order)]
    state.placements = [(p.player, p.border_only) for p in state.rules.placements(state, queue)]
    state.phase = "workers"
    placing = ", ".join(name for name, _ in state.placements)
    return [Reason("starting workers: {players}", players=placing)]


def begin_round(state: GameState, number: int) -> list[str]:
    state.round = number
    state.phase = "action"
    for player in state.players:
        player.passed = False
        player.produced = False
    state.pass_order = []
    state.turn = TurnState(player=state.turn_order[0])
    # TRANSLATORS: the log's note of a round's start: its turn order ('round 2: Ailsa, Bruce')
    return [Reason("round {round}: {players}", round=number, players=", ".join(state.turn_order))]
