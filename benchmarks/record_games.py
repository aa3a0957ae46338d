"""Record the sample games in sample_games/ (run by hand; the tests replay them).

    python benchmarks/record_games.py

Each game is played from a seeded setup to the end of round 5 by the
engine's random legal-move player (caledonia.rules.game.moves), on the
shipped example data, and saved as an ordinary game file. They are
demonstrations of the file format and the rules, not games people played.
"""

from __future__ import annotations

import random
from pathlib import Path

from caledonia.rules.board import DEFAULT_ORIGINS
from caledonia.rules.boxdata import load_box
from caledonia.rules.components import components
from caledonia.rules.game.engine import Game
from caledonia.rules.game.final import final_score
from caledonia.rules.game.gamefile import save_game
from caledonia.rules.game.moves import play_to_end
from caledonia.rules.game.setup import default_players, draw_setup
from caledonia.rules.map_modules import load_module_set, maps_folder
from caledonia.rules.market import load_market
from caledonia.rules.solo import load_removal_grid

ROOT = Path(__file__).resolve().parent.parent
GAMES = {
    "game-solo.yaml": (["Rhona:purple"], 11),
    "game-2p.yaml": (["Iain:blue", "Kirsty:red"], 12),
    "game-3p.yaml": (["Fiona:green", "Hamish:yellow", "Morag:red"], 13),
    "game-4p.yaml": (["Ailsa:red", "Bruce:blue", "Catriona:green", "Duncan:yellow"], 14),
}


def record(names: list[str], seed: int) -> Game:
    parts = components()
    players = default_players(names)
    setup = draw_setup(
        parts,
        load_module_set(maps_folder(), DEFAULT_ORIGINS),
        load_market(len(players), parts.economy.goods),
        load_box(parts),
        players,
        seed,
        {},
        grid=load_removal_grid(parts.solo.price_die) if len(players) == 1 else None,
    )
    game = Game(setup, parts)
    play_to_end(game, random.Random(seed))
    return game


def main() -> None:
    for name, (players, seed) in GAMES.items():
        game = record(players, seed)
        path = ROOT / "sample_games" / name
        save_game(str(path), game)
        note = (
            "# A demonstration game, recorded by benchmarks/record_games.py: the engine's\n"
            "# random legal-move player on the example data, not a game people played.\n"
            "# Replay it: caledonia score sample_games/" + name + "\n"
        )
        path.write_text(note + path.read_text(encoding="utf-8"), encoding="utf-8")
        totals = ", ".join(f"{p.name} {p.total}" for p in final_score(game.state).players)
        print(f"{path.name}: {len(game.events)} events; final score {totals}")


if __name__ == "__main__":
    main()
