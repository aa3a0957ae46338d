"""Record the sample games in sample_games/ (run by hand; the tests replay them).

    python benchmarks/record_games.py

Each game is played from a seeded setup to the end of round 5 by the
engine's random legal-move player (caledonia.rules.game.moves), on the
shipped example data, and saved as an ordinary game file. They are
demonstrations of the file format and the rules, not games people played.

The clans drawn are chosen so that every clan's powers are at work in at least
one game (`CLANS_TAKEN`); the seeds were searched for games where the random
player takes them. After a rules change alters the play:

    python benchmarks/record_games.py --check    # do the seeds still take those clans?
    python benchmarks/record_games.py --search   # the next seeds that do (edit GAMES)
    python benchmarks/record_games.py --quick    # --check of the solo game only

Many games, for timing `caledonia stats` (seeds 1 to N, the four tables above in turn):

    python benchmarks/record_games.py --many 1000 FOLDER
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import NamedTuple

from caledonia.rules.board import DEFAULT_ORIGINS
from caledonia.rules.boxdata import load_box
from caledonia.rules.components import components
from caledonia.rules.game.engine import Game
from caledonia.rules.game.final import final_score
from caledonia.rules.game.moves import play_to_end
from caledonia.rules.game.setup import TableChoices, default_players, draw_setup
from caledonia.rules.map_modules import load_module_set, maps_folder
from caledonia.rules.market import load_market
from caledonia.rules.solo import load_removal_grid
from caledonia.storage.games import save_game

ROOT = Path(__file__).resolve().parent.parent


class Recording(NamedTuple):
    players: list[str]
    seed: int
    clans: list[str]  # drawn for the choice
    taken: set[str]  # the clans the seed's game must see taken
    variants: dict[str, bool] = {}
    shows: tuple[str, ...] = ()  # words some event's notes must say: a power at work


def shows(game: Game, words: str) -> bool:
    return any(words in note for notes in game.notes for note in notes)


GAMES = {
    "game-solo.yaml": Recording(
        ["Rhona:purple"], 14, ["Robertson", "Campbell"], {"Robertson"}, shows=("Robertson delta",)
    ),
    "game-2p.yaml": Recording(
        ["Iain:blue", "Kirsty:red"],
        15,
        ["MacDonald", "Stewart", "Campbell"],
        {"MacDonald", "Stewart"},
        shows=("rows", "for trading"),
    ),
    "game-3p.yaml": Recording(
        ["Fiona:green", "Hamish:yellow", "Morag:red"],
        42,
        ["MacKenzie", "Buchanan", "Campbell", "Fergusson"],
        {"MacKenzie", "Buchanan", "Campbell"},
        shows=("takes contracts", "into cellar spot", "Campbell"),
    ),
    "game-4p.yaml": Recording(
        ["Ailsa:red", "Bruce:blue", "Catriona:green", "Duncan:yellow"],
        541,
        ["MacEwen", "Cunningham", "Fergusson", "MacDonald", "Buchanan"],
        {"MacEwen", "Cunningham", "Fergusson"},
        {"kickstarter": True},
        shows=("brews", "no merchants, the milk price stays"),
    ),
}
CLANS_TAKEN = set().union(*(r.taken for r in GAMES.values()))


def record(recording: Recording, seed: int | None = None) -> Game:
    parts = components()
    players = default_players(recording.players)
    seed = recording.seed if seed is None else seed
    setup = draw_setup(
        parts,
        load_module_set(maps_folder(), DEFAULT_ORIGINS),
        load_market(len(players), parts.economy.goods),
        load_box(parts),
        players,
        seed,
        recording.variants,
        table=TableChoices(clans=recording.clans),
        grid=load_removal_grid(parts.solo.price_die) if len(players) == 1 else None,
    )
    game = Game(setup, parts)
    play_to_end(game, random.Random(seed))
    return game


def taken(game: Game) -> set[str]:
    return {p.clan for p in game.state.players if p.clan}


def missing(recording: Recording, game: Game) -> list[str]:
    """The clans not taken and the powers not seen at work in `game`."""
    return sorted(recording.taken - taken(game)) + [
        words for words in recording.shows if not shows(game, words)
    ]


def find_seed(recording: Recording, start: int) -> int:
    """The first seed from `start` whose game takes the clans and shows their powers."""
    seed = start
    while missing(recording, record(recording, seed)):
        seed += 1
    return seed


def record_many(count: int, folder: Path) -> None:
    """`count` games of seeds 1 to `count`, each table of GAMES in turn, saved in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    tables = list(GAMES.values())
    for seed in range(1, count + 1):
        path = folder / f"game-{seed:04d}.yaml"
        if not path.exists():  # a run stopped half-way carries on
            save_game(str(path), record(tables[seed % len(tables)], seed))


def main() -> None:
    if "--many" in sys.argv:
        at = sys.argv.index("--many")
        record_many(int(sys.argv[at + 1]), Path(sys.argv[at + 2]))
        return
    every = set(components().clans)
    if CLANS_TAKEN != every:
        sys.exit(f"no sample game takes {sorted(every - CLANS_TAKEN)}")
    if "--search" in sys.argv:  # find seeds anew (after a rules change alters the play)
        for name, recording in GAMES.items():
            print(f"{name}: seed {find_seed(recording, recording.seed)}")
        return
    chosen = list(GAMES.items())[:1] if "--quick" in sys.argv else GAMES.items()
    for name, recording in chosen:
        game = record(recording)
        lacking = missing(recording, game)
        if lacking:
            sys.exit(f"{name}: seed {recording.seed} no longer shows {lacking}: --search")
        if "--check" in sys.argv or "--quick" in sys.argv:
            print(f"{name}: {', '.join(sorted(taken(game)))} taken")
            continue
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
