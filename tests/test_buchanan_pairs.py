"""Buchanan's pair options told apart by their first words: a menu of pairs, most of them
sharing a tile, reads each pair by the two left halves (how a table finds the tiles), not
a whole face first and the difference after it."""

from __future__ import annotations

import json
from itertools import combinations

from caledonia.rules.game.engine import Game
from caledonia.storage.games import load_game, save_game
from conftest import SAMPLES, run_cli
from gametools import PARTS


def before_hamish_takes_two(tmp_path):
    """game-3p just before event 17: Hamish (Buchanan) takes two of the four contracts."""
    played = load_game(str(SAMPLES / "game-3p.yaml"), PARTS)
    assert played.events[16].get("second") is not None  # the sample's own pair
    game = Game(played.setup, PARTS)
    for event in played.events[:16]:
        game.apply(event)
    path = tmp_path / "g.yaml"
    save_game(str(path), game)
    return path


def first_difference(a: str, b: str) -> int:
    """The index of the first word where `a` and `b` differ."""
    pairs = list(zip(a.split(), b.split(), strict=False))
    return next((i for i, (x, y) in enumerate(pairs) if x != y), len(pairs))


def test_each_pair_option_differs_from_the_others_in_its_first_words(tmp_path):
    path = before_hamish_takes_two(tmp_path)
    text = run_cli("options", str(path)).stdout.splitlines()
    start = next(i for i, line in enumerate(text) if line.startswith("  contract ("))
    lines = [line.strip() for line in text[start + 1 :] if line.startswith("    ")]
    lines = lines[: next((i for i, line in enumerate(lines) if not line), len(lines))]
    pairs = [line for line in lines if "once" in line]
    assert len(pairs) == 6  # four tiles on the board: six pairs
    for a, b in combinations(pairs, 2):
        assert first_difference(a, b) <= 4, (a, b)  # '2 bread and 4 bread together'
    assert all("→" not in line for line in pairs)  # the single tiles' lines show the faces
    assert len([line for line in lines if "→" in line]) == 4


def test_the_pairs_json_keeps_both_ids(tmp_path):
    path = before_hamish_takes_two(tmp_path)
    data = json.loads(run_cli("options", str(path), "--json").stdout)
    found = json.dumps(data)
    assert '"second"' in found
