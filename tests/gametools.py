"""Helpers to start games in a known state and to act on them, for the engine tests."""

from __future__ import annotations

import pytest
from caledonia.rules.board import DEFAULT_ORIGINS
from caledonia.rules.boxdata import load_box
from caledonia.rules.components import components
from caledonia.rules.game.engine import Game
from caledonia.rules.game.gamefile import checked_event
from caledonia.rules.game.setup import TableChoices, default_players, draw_setup
from caledonia.rules.game.state import Refused
from caledonia.rules.map_modules import load_module_set, maps_folder
from caledonia.rules.market import load_market
from caledonia.rules.solo import load_removal_grid

PARTS = components()
SIDES = load_module_set(maps_folder(), DEFAULT_ORIGINS)
BOX = load_box(PARTS)
NAMES = ("Ailsa", "Bruce", "Cat", "Dougie")
PLAIN_CLANS = ("Campbell", "Cunningham", "MacKenzie", "Robertson", "Buchanan")


def setup_for(
    count=3,
    variants=None,
    clans=None,
    seed=5,
    table=None,
    ports=None,
    tighter=(),
    box=None,
    **choices,
):
    players = default_players(NAMES[:count])
    variants = dict(variants or {})
    wanted = count if variants.get("clan_auction") else count + 1
    table = table or TableChoices(
        modules=["A1", "B1", "C1", "D1"],
        ports=ports or {"A": "5", "B": "2", "C": "8", "D": "4"},
        scoring_tiles=["1", "2", "3", "4", "5"],
        clans=list(clans or PLAIN_CLANS[:wanted]) if variants.get("clans", True) else None,
        starting_tiles=list(range(1, (wanted if variants.get("clans", True) else count) + 1)),
        start_player=NAMES[0],
        **choices,
    )
    grid = load_removal_grid(PARTS.solo.price_die) if count == 1 else None
    return draw_setup(
        PARTS,
        SIDES,
        load_market(count, PARTS.economy.goods),
        box or BOX,
        players,
        seed,
        variants,
        tighter,
        table,
        grid,
    )


def act(game: Game, **event) -> list[str]:
    return game.apply(checked_event(event, PARTS))


def refuse(game: Game, **event) -> list[str]:
    """The event is refused, and nothing about the game changed."""
    before = game.state.snapshot()
    count = len(game.events)
    with pytest.raises(Refused) as caught:
        act(game, **event)
    assert game.state.snapshot() == before
    assert len(game.events) == count
    return caught.value.reasons


def free_spaces(game: Game, land: str, exclude=(), border=False) -> list[str]:
    state = game.state
    return [
        s.id
        for s in state.board.spaces
        if land in s.land
        and state.board.is_free_land(s.index)
        and state.occupant(s.index) is None
        and s.id not in exclude
        and (not border or s.index in state.board.border)
    ]


def start(count=3, variants=None, clans=None, ports=None, **choices) -> Game:
    """A game in round 1 of the action phase: clans chosen in order, workers placed."""
    game = Game(setup_for(count, variants, clans, ports=ports, **choices), PARTS)
    state = game.state
    while state.phase == "clans":
        if state.setup.variants["clan_auction"]:
            player = next(p for p in state.players if not p.clan)
            act(game, type="auction", player=player.name, clan=state.clans_left[0], bid=2)
        else:
            chooser = next(n for n in reversed(state.turn_order) if state.by_name(n).clan is None)
            act(game, type="clan", player=chooser, clan=state.clans_left[0])
    while state.phase == "workers":
        name, border = state.placements[0]
        space = free_spaces(game, "forest", border=border)[0]
        act(game, type="worker", player=name, unit="woodcutter", space=space)
    return game


def decline_end_of_production(game: Game) -> None:
    """Everyone has produced: decline the end-of-production choices a clan has (sell no
    milk, age no whisky), so that the round is scored."""
    from caledonia.rules.game.legal import legal_events

    for _ in range(len(game.state.players) * 2):
        if game.state.phase != "production":
            return
        declines = [
            e
            for kind in ("milk", "age")
            for e in legal_events(game.state).by_type.get(kind, [])
            if e["count"] == 0
        ]
        if not declines:
            return
        game.apply(declines[0])


def to_turn_of(game: Game, name: str) -> None:
    """Let the players before `name` pass... no: take harmless turns (merchant hire or pass)
    until it is `name`'s turn in the action phase."""
    state = game.state
    for _ in range(12):
        upcoming = state.next_player() if state.turn.main_done else state.turn.player
        if upcoming == name:
            return
        act(
            game, type="fix", what="money", player=upcoming, value=state.by_name(upcoming).money + 4
        )
        act(game, type="merchant", player=upcoming)
    raise AssertionError(f"never {name}'s turn")


def neighbouring_grass(game: Game, count: int = 2) -> list[str]:
    """`count` free grassland spaces in a chain of neighbours (no rivers between)."""
    state = game.state
    board = state.board
    for space in board.spaces:
        chain = [space.index]
        while len(chain) < count:
            nxt = next(
                (
                    j
                    for j in board.neighbouring[chain[-1]]
                    if j not in chain
                    and "grassland" in board.spaces[j].land
                    and board.is_free_land(j)
                    and state.occupant(j) is None
                ),
                None,
            )
            if nxt is None:
                break
            chain.append(nxt)
        if len(chain) == count and all(
            board.is_free_land(i)
            and state.occupant(i) is None
            and "grassland" in board.spaces[i].land
            for i in chain
        ):
            return [board.spaces[i].id for i in chain]
    raise AssertionError("no chain of neighbouring grassland")


def grass_star(game: Game, count: int = 3) -> tuple[str, list[str]]:
    """A free grassland space and `count` free grassland spaces neighbouring it."""
    state = game.state
    board = state.board

    def free(j: int) -> bool:
        return (
            "grassland" in board.spaces[j].land
            and board.is_free_land(j)
            and (state.occupant(j) is None)
        )

    for space in board.spaces:
        if not free(space.index):
            continue
        around = [board.spaces[j].id for j in board.neighbouring[space.index] if free(j)]
        if len(around) >= count:
            return space.id, around[:count]
    raise AssertionError(f"no grassland space with {count} free grassland neighbours")
