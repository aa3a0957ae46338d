"""The largest number of legal events of each kind seen over many random games, run by hand:

    python benchmarks/choice_sizes.py            # 40 games of each player count
    python benchmarks/choice_sizes.py --games 100
    python benchmarks/choice_sizes.py --quick     # one game of each: only shows that it runs

Games are played by the random legal-move player on the example data, half of
them with £150 of starting money (more choices), with every port tile in
play across the games. Lazy kinds (the solo dice, contracts named from a
table's own pile) are counted, not listed; their sizes follow from the rules
and are printed apart.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter

from caledonia.rules.board import DEFAULT_ORIGINS
from caledonia.rules.boxdata import StartingTile, load_box
from caledonia.rules.components import components
from caledonia.rules.game.engine import Game
from caledonia.rules.game.families import Family
from caledonia.rules.game.legal import legal_events
from caledonia.rules.game.moves import play_one
from caledonia.rules.game.setup import TableChoices, default_players, draw_setup
from caledonia.rules.map_modules import load_module_set, maps_folder
from caledonia.rules.market import load_market
from caledonia.rules.solo import load_removal_grid

PORT_SETS = ({"A": "7", "B": "2", "C": "3", "D": "4"}, {"A": "1", "B": "5", "C": "6", "D": "8"})


def game_for(count: int, seed: int, rich: bool) -> Game:
    parts = components()
    box = load_box(parts)
    if rich:
        box = box._replace(
            starting_tiles={n: StartingTile(150, t.goods) for n, t in box.starting_tiles.items()}
        )
    table = TableChoices(ports=PORT_SETS[seed % 2]) if count > 1 else None
    setup = draw_setup(
        parts,
        load_module_set(maps_folder(), DEFAULT_ORIGINS),
        load_market(count, parts.economy.goods),
        box,
        default_players(["Ailsa", "Bruce", "Cat", "Dougie"][:count]),
        seed,
        {},
        (),
        table,
        load_removal_grid(parts.solo.price_die) if count == 1 else None,
    )
    return Game(setup, parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games of each player count")
    parser.add_argument("--quick", action="store_true", help="one game of each player count")
    args = parser.parse_args()
    if args.quick:
        args.games = 1
    largest: Counter = Counter()
    lazy: Counter = Counter()
    states = 0
    for count in (1, 2, 3, 4):
        for seed in range(args.games):
            game = game_for(count, seed, rich=seed % 2 == 0)
            rng = random.Random(seed)
            while game.state.phase != "over":
                for kind, events in legal_events(game.state).by_type.items():
                    target = lazy if isinstance(events, Family) else largest
                    target[kind] = max(target[kind], len(events))
                states += 1
                play_one(game, rng)
    print(f"{states} states of {4 * args.games} games; the largest number of legal events:")
    for kind, size in largest.most_common():
        print(f"  {kind:15} {size:6,}")
    for kind, size in lazy.most_common():
        print(f"  {kind:15} {size:6,}  (counted, not listed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
