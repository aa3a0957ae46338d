"""Long 4-player games for the benchmarks: the random legal-move player with £250 of
starting money, so that it lasts (at least 250 events), and games in progress of a given
number of events."""

from __future__ import annotations

import random
import sys

from caledonia.rules.board import DEFAULT_ORIGINS
from caledonia.rules.boxdata import StartingTile, load_box
from caledonia.rules.components import components
from caledonia.rules.game.engine import Game
from caledonia.rules.game.moves import play_to_end
from caledonia.rules.game.setup import default_players, draw_setup
from caledonia.rules.map_modules import load_module_set, maps_folder
from caledonia.rules.market import load_market

MIN_EVENTS = 250
# A played game rarely passes 350 events: a longer one in progress is the first PLAYED
# events of one, then corrections (the table fixing a player's money) up to its length.
PLAYED = 240


def quick() -> bool:
    """`--quick` on the command line: a tiny run that only shows the script still works."""
    return "--quick" in sys.argv[1:]


def long_game(min_events: int = MIN_EVENTS) -> Game:
    parts = components()
    box = load_box(parts)
    rich = box._replace(
        starting_tiles={n: StartingTile(250, t.goods) for n, t in box.starting_tiles.items()}
    )
    sides = load_module_set(maps_folder(), DEFAULT_ORIGINS)
    players = default_players(["Ailsa", "Bruce", "Catriona", "Duncan"])
    for seed in range(1, 100):
        setup = draw_setup(
            parts, sides, load_market(4, parts.economy.goods), rich, players, seed, {}
        )
        game = Game(setup, parts)
        play_to_end(game, random.Random(seed))
        if len(game.events) >= min_events:
            return game
    raise SystemExit(f"no seed gave {min_events} events")


def in_progress(events: int) -> Game:
    """A 4-player game of `events` events that is not over: a longer game's first events,
    or for more than a game holds, PLAYED of them and then money corrections."""
    played = events if events <= MIN_EVENTS else PLAYED
    whole = long_game(played + 1)
    game = Game(whole.setup, whole.parts)
    for event in whole.events[:played]:
        game.apply(event)
    name = game.state.players[0].name
    while len(game.events) < events:
        money = game.state.players[0].money
        game.apply({"type": "fix", "what": "money", "player": name, "value": money + 1})
    return game
