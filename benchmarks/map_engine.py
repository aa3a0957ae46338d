"""Speed of the map engine's questions, run by hand (not part of the tests):

    python benchmarks/map_engine.py
    python benchmarks/map_engine.py --quick    # a few runs: only shows that it runs

1. settlements plus reach for 4 players with every unit on the full map
   (4 x 32 units on the example board), on a board whose caches are cold;
2. listing every legal space for one unit in a mid-game position.

Each figure is the median of many runs, taken in the same run as a baseline
(one pass over the board's adjacency lists), so the ratio to that baseline is
comparable between machines; the absolute figures are for the targets in the
map-engine issue (2 ms and 1 ms).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from caledonia.rules.board import DEFAULT_ORIGINS, Board, assemble
from caledonia.rules.components import components
from caledonia.rules.expansion import legal_spaces
from caledonia.rules.map_modules import load_module_set, maps_folder
from caledonia.rules.position import MapPlayer, Position
from caledonia.rules.reach import reachable
from caledonia.rules.settlements import count_settlements

SHIPPING = ("1_loch", "2_loch", "river_crossing", "3_loch")


def fill(board: Board, per_player: int, seed: int) -> list[MapPlayer]:
    """Four players with `per_player` units each, on free land, shuffled by `seed`."""
    land = [s.index for s in board.spaces if board.is_free_land(s.index)]
    random.Random(seed).shuffle(land)
    players = []
    for seat, colour in enumerate(("red", "blue", "green", "yellow")):
        mine = land[seat * per_player : (seat + 1) * per_player]
        players.append(MapPlayer(colour.title(), colour, SHIPPING[seat], dict.fromkeys(mine)))
    return players


def median_ms(task, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        task()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> int:
    sides = load_module_set(maps_folder(), DEFAULT_ORIGINS)
    full = assemble(sides, ["A1", "B2", "C1", "D2"], 4)
    crowd = fill(full, 32, seed=1)

    def baseline() -> None:
        sum(len(near) for near in full.adjacent)

    def settlements_and_reach() -> None:
        board = Board(full.sides, 4)  # fresh caches, as in one command
        for player in crowd:
            count_settlements(board, player.units, player.shipping)
            reachable(board, player.units, player.shipping)

    def construction() -> None:
        Board(full.sides, 4)

    midgame = Position(full, tuple(fill(full, 12, seed=2)))
    economy = components().economy

    def legal_listing() -> None:
        legal_spaces(midgame, "Red", "cow", economy)

    runs = 1 if "--quick" in sys.argv[1:] else 100
    base = median_ms(baseline, 20 * runs)
    build = median_ms(construction, 2 * runs)
    both = median_ms(settlements_and_reach, 2 * runs) - build
    listing = median_ms(legal_listing, 5 * runs)
    print(f"python {sys.version.split()[0]}; example board A1 B2 C1 D2, 4 players")
    print(f"baseline: one pass over adjacency          {base:7.3f} ms")
    print(f"board assembly (not counted below)         {build:7.3f} ms")
    print(
        f"settlements + reach, 4 x 32 units, cold    {both:7.3f} ms  "
        f"({both / base:.0f}x baseline; target 2 ms: {'met' if both < 2 else 'NOT met'})"
    )
    print(
        f"legal spaces for one cow, mid-game         {listing:7.3f} ms  "
        f"({listing / base:.0f}x baseline; target 1 ms: {'met' if listing < 1 else 'NOT met'})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
