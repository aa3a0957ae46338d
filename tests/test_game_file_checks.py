"""The setup of a hand-edited game file is checked when it is loaded.

Every damaged value must end in a DataError naming the file, the key path and
the line (the CLI's exit 1), never in a Python exception (exit 3, "Internal
error"): the engine trusts what parse_setup lets through.
"""

from __future__ import annotations

import functools
import pickle
from pathlib import Path

import pytest
import yaml
from caledonia.rules.components import components
from caledonia.rules.errors import DataError
from caledonia.rules.game.gamefile import game_from_data
from caledonia.rules.yamlfile import parse_yaml
from caledonia.storage.games import load_game
from conftest import SAMPLES, run_cli

PARTS = components()
THREE = SAMPLES / "game-3p.yaml"  # Fiona, Hamish, Morag; clans drawn: 4
SOLO = SAMPLES / "game-solo.yaml"


@functools.cache
def _parsed(sample: Path) -> bytes:
    """The sample as parse_yaml reads it (line numbers and all), pickled: a few hundred
    tests each take a fresh copy of it, in a tenth of the time a parse takes."""
    return pickle.dumps(parse_yaml(sample.read_text(), "g.yaml"))


def damaged(sample: Path, change) -> dict:
    """The sample's data with `change(setup)` applied."""
    data = pickle.loads(_parsed(sample))
    change(data["setup"])
    return data


def refusal(sample: Path, change) -> DataError:
    with pytest.raises(DataError) as caught:
        game_from_data(damaged(sample, change), "g.yaml", PARTS)
    return caught.value


def loads(sample: Path, change) -> None:
    game_from_data(damaged(sample, change), "g.yaml", PARTS)


def put(key, value):
    """A change: setup[key] = value, or setup[k1][k2]... = value for a tuple key."""
    keys = key if isinstance(key, tuple) else (key,)

    def change(setup):
        node = setup
        for k in keys[:-1]:
            node = node[k]
        node[keys[-1]] = value

    return change


def both(*changes):
    def change(setup):
        for one in changes:
            one(setup)

    return change


def variant(name, on):
    return lambda setup: setup["variants"].__setitem__(name, on)


def drop(*keys):
    def change(setup):
        node = setup
        for k in keys[:-1]:
            node = node[k]
        del node[keys[-1]]

    return change


SCORING = ["3", "1", "5", "2", "8"]
PORTS = {"A": "3", "B": "7", "C": "2", "D": "6"}
CLANS = ["Buchanan", "Fergusson", "Campbell", "MacDonald"]
TILES = [2, 4, 9, 5]
TILE = {"money": 50, "goods": None}

# (id, sample, change, key path, words of the message saying what was expected)
CASES = [
    # seed, example_data
    ("seed-text", THREE, put("seed", "x"), "setup.seed", "expected a whole number or null"),
    ("seed-list", THREE, put("seed", [1]), "setup.seed", "expected a whole number or null"),
    ("example-text", THREE, put("example_data", "market"), "setup.example_data", "a list"),
    ("example-item", THREE, put("example_data", [1]), "setup.example_data[0]", "non-empty text"),
    # scoring tiles
    (
        "scoring-unknown",
        THREE,
        put("scoring_tiles", ["3", "1", "9", "2", "8"]),
        "setup.scoring_tiles[2]",
        "expected a scoring tile id, one of 1, 2, 3, 4, 5, 6, 7, 8",
    ),
    (
        "scoring-mapping-item",
        THREE,
        put("scoring_tiles", ["3", "1", {"id": 5}, "2", "8"]),
        "setup.scoring_tiles[2]",
        "expected a scoring tile id",
    ),
    (
        "scoring-ks-without-kickstarter",
        THREE,
        put("scoring_tiles", ["3", "1", "KS", "2", "8"]),
        "setup.scoring_tiles[2]",
        "only with the kickstarter variant",
    ),
    (
        "scoring-twice",
        THREE,
        put("scoring_tiles", ["3", "1", 3, "2", "8"]),
        "setup.scoring_tiles[2]",
        "scoring tile 3 is given twice",
    ),
    (
        "scoring-four",
        THREE,
        put("scoring_tiles", SCORING[:4]),
        "setup.scoring_tiles",
        "expected 5 different scoring tiles, got 4",
    ),
    ("scoring-mapping", THREE, put("scoring_tiles", {}), "setup.scoring_tiles", "a list"),
    (
        "scoring-variant-off",
        THREE,
        variant("scoring_tiles", False),
        "setup.scoring_tiles",
        "the scoring_tiles variant is off: expected an empty list",
    ),
    # ports
    (
        "port-unknown",
        THREE,
        put(("ports", "C"), "9"),
        "setup.ports.C",
        "expected a port tile id, one of 1, 2, 3, 4, 5, 6, 7, 8",
    ),
    (
        "port-ks-without-kickstarter",
        THREE,
        put(("ports", "D"), "KS"),
        "setup.ports.D",
        "only with the kickstarter variant",
    ),
    ("port-twice", THREE, put(("ports", "D"), 4), "setup.ports.D", "port tile 4 is given twice"),
    ("port-corner-missing", THREE, drop("ports", "D"), "setup.ports", "missing key 'D'"),
    ("port-corner-extra", THREE, put(("ports", "E"), "8"), "setup.ports.E", "unknown key 'E'"),
    ("ports-list", THREE, put("ports", ["3", "7", "2", "6"]), "setup.ports", "a mapping"),
    (
        "ports-variant-off",
        THREE,
        variant("port_tiles", False),
        "setup.ports",
        "the port_tiles variant is off: expected an empty mapping",
    ),
    # clans
    (
        "clan-unknown",
        THREE,
        put("clans", ["Buchanan", "MacNobody", "Campbell", "MacDonald"]),
        "setup.clans[1]",
        "expected a clan, one of Buchanan",
    ),
    (
        "clan-kickstarter",
        THREE,
        put("clans", ["MacEwen", "Fergusson", "Campbell", "MacDonald"]),
        "setup.clans[0]",
        "MacEwen is in play only with the kickstarter variant",
    ),
    (
        "clan-twice",
        THREE,
        put("clans", ["Buchanan", "Fergusson", "Campbell", "buchanan"]),
        "setup.clans[3]",
        "clan Buchanan is given twice",
    ),
    (
        "clans-too-few",
        THREE,
        put("clans", CLANS[:3]),
        "setup.clans",
        "expected 4 different clans, got 3",
    ),
    (
        "clans-auction-one-per-player",
        THREE,
        variant("clan_auction", True),
        "setup.clans",
        "expected 3 different clans, got 4",
    ),
    (
        "clans-variant-off",
        THREE,
        variant("clans", False),
        "setup.clans",
        "the clans variant is off: expected an empty list",
    ),
    (
        "auction-solo",
        SOLO,
        variant("clan_auction", True),
        "setup.variants",
        "the clan auction needs clans and at least 2 players",
    ),
    # starting tiles and their contents
    (
        "tile-unknown",
        THREE,
        put("starting_tiles", [1, 10, 7, 2]),
        "setup.starting_tiles[1]",
        "expected a whole number from 1 to 9",
    ),
    (
        "tile-text",
        THREE,
        put("starting_tiles", [1, "five", 7, 2]),
        "setup.starting_tiles[1]",
        "expected a whole number from 1 to 9",
    ),
    (
        "tile-twice",
        THREE,
        put("starting_tiles", [1, 5, 7, 1]),
        "setup.starting_tiles[3]",
        "starting tile 1 is given twice",
    ),
    (
        "tiles-one-per-clan",
        THREE,
        put("starting_tiles", TILES[:3]),
        "setup.starting_tiles",
        "expected 4 different starting tiles, got 3",
    ),
    (
        "tiles-one-per-player-without-clans",
        THREE,
        both(variant("clans", False), put("clans", [])),
        "setup.starting_tiles",
        "expected 3 different starting tiles, got 4",
    ),
    (
        "tile-not-in-box",
        THREE,
        put("starting_tiles", [2, 4, 9, 3]),
        "setup.box.starting_tiles",
        "missing starting tile 3: expected the money and goods of tiles 2, 4, 9, 3",
    ),
    (
        "box-tile-missing",
        THREE,
        drop("box", "starting_tiles", 2),
        "setup.box.starting_tiles",
        "missing starting tile 2",
    ),
    (
        "box-tile-extra",
        THREE,
        put(("box", "starting_tiles", 1), TILE),
        "setup.box.starting_tiles.1",
        "expected only this game's starting tiles (2, 4, 9, 5) as keys",
    ),
    (
        "box-tile-key-text",
        THREE,
        put(("box", "starting_tiles", "x"), TILE),
        "setup.box.starting_tiles.x",
        "expected only this game's starting tiles",
    ),
    (
        "box-tile-no-money",
        THREE,
        put(("box", "starting_tiles", 2), {"goods": None}),
        "setup.box.starting_tiles.2",
        "missing key 'money'",
    ),
    (
        "box-tile-goods-list",
        THREE,
        put(("box", "starting_tiles", 2, "goods"), ["wool"]),
        "setup.box.starting_tiles.2.goods",
        "expected a mapping",
    ),
    (
        "box-tiles-list",
        THREE,
        put(("box", "starting_tiles"), TILES),
        "setup.box.starting_tiles",
        "expected a mapping",
    ),
    # pass money
    (
        "pass-money-empty",
        THREE,
        put("pass_money", []),
        "setup.pass_money",
        "expected 3 amounts, one per place in the pass order, got 0",
    ),
    (
        "pass-money-short",
        THREE,
        put("pass_money", [16, 14]),
        "setup.pass_money",
        "expected 3 amounts",
    ),
    (
        "pass-money-text",
        THREE,
        put("pass_money", [16, "x", 12]),
        "setup.pass_money[1]",
        "expected a whole number, 0 or more",
    ),
    ("pass-money-mapping", THREE, put("pass_money", {}), "setup.pass_money", "a list"),
    (
        "pass-money-solo-empty",
        SOLO,
        put("pass_money", []),
        "setup.pass_money",
        "expected one amount, got 0",
    ),
    # export board and pile
    (
        "export-unknown",
        THREE,
        put("export_board", [16, 51, 1, 25, 34, None]),
        "setup.export_board[1]",
        "expected a whole number from 1 to 50",
    ),
    (
        "export-twice",
        THREE,
        put("export_board", [16, 16, 1, 25, 34, None]),
        "setup.export_board[1]",
        "contract 16 is on the export board twice",
    ),
    (
        "export-no-box",
        THREE,
        put("export_board", []),
        "setup.export_board",
        "expected 1 to 12 boxes",
    ),
    (
        "export-solo-five-boxes",
        SOLO,
        put("export_board", [23, 6, 12, 35, 20]),
        "setup.export_board",
        "expected 6 boxes",
    ),
    (
        "pile-on-export-board",
        THREE,
        lambda setup: setup["pile"].__setitem__(0, 16),
        "setup.pile[0]",
        "contract 16 is on the export board",
    ),
    (
        "pile-twice",
        THREE,
        lambda setup: setup["pile"].__setitem__(1, setup["pile"][0]),
        "setup.pile[1]",
        "contract 23 is given twice",
    ),
    (
        "pile-unknown",
        THREE,
        lambda setup: setup["pile"].__setitem__(1, 0),
        "setup.pile[1]",
        "expected a whole number from 1 to 50",
    ),
    ("pile-text", THREE, put("pile", "x"), "setup.pile", "a list"),
    # solo removal grid
    (
        "grid-missing-solo",
        SOLO,
        put("removal_grid", None),
        "setup.removal_grid",
        "expected the export board's removal grid",
    ),
    (
        "grid-not-solo",
        THREE,
        lambda setup: setup.__setitem__(
            "removal_grid", parse_yaml(SOLO.read_text(), "s.yaml")["setup"]["removal_grid"]
        ),
        "setup.removal_grid",
        "expected null: only a solo game has a removal grid",
    ),
    (
        "grid-damaged",
        SOLO,
        put(("removal_grid", "columns"), "two"),
        "setup.removal_grid.columns",
        "expected a whole number from 1 to 6",
    ),
    # market, box marks, map
    (
        "market-good-missing",
        THREE,
        drop("market", "tracks", "whisky"),
        "setup.market.tracks",
        "missing key 'whisky'",
    ),
    (
        "market-good-extra",
        THREE,
        lambda setup: setup["market"]["tracks"].__setitem__(
            "beer", dict(setup["market"]["tracks"]["wool"])
        ),
        "setup.market.tracks.beer",
        "unknown key 'beer'",
    ),
    (
        "market-side",
        THREE,
        put(("market", "side"), "players_1_2"),
        "setup.market.side",
        "expected players_3_4 with 3 players",
    ),
    (
        "import-marks-falling",
        THREE,
        put(("box", "import_track_marks", "cotton"), [12, 6]),
        "setup.box.import_track_marks.cotton",
        "expected rising step numbers",
    ),
    (
        "map-side",
        THREE,
        lambda setup: setup["map"][1].__setitem__("side", 3),
        "setup.map[1].side",
        "expected a whole number from 1 to 2",
    ),
]


@pytest.mark.parametrize(
    "sample, change, path, expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_bad_setup_value_is_refused_naming_its_key_and_what_was_expected(
    sample, change, path, expected
):
    error = refusal(sample, change)
    assert error.path == path, error
    assert expected in error.reason, error
    assert error.source == "g.yaml" and error.line is not None


def test_the_error_names_the_line_of_the_bad_value():
    text = THREE.read_text()
    line = next(n for n, s in enumerate(text.splitlines(), 1) if s.startswith("  scoring_tiles:"))
    text = text.replace("['2', '5', '4', '1', '7']", "['2', '5', '9', '1', '7']")
    data = parse_yaml(text, "g.yaml")
    with pytest.raises(DataError) as caught:
        game_from_data(data, "g.yaml", PARTS)
    assert caught.value.line == line
    assert str(caught.value).startswith(f"g.yaml:{line}: setup.scoring_tiles[2]: expected")


# -- what the checks must still let through -------------------------------------------


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("game-*.yaml")), ids=lambda p: p.name)
def test_every_sample_game_still_loads(path):
    assert load_game(str(path), PARTS).events


def text_keys_and_null_goods(setup):
    tiles = setup["box"]["starting_tiles"]
    setup["box"]["starting_tiles"] = {
        str(n): {"money": t["money"], "goods": t["goods"] or None} for n, t in tiles.items()
    }


@pytest.mark.parametrize(
    "sample, change",
    [
        (THREE, put("seed", None)),
        (THREE, put("scoring_tiles", [3, 1, 5, 2, 8])),  # numbers as well as '3'
        (THREE, put("ports", {"A": 3, "B": 7, "C": 2, "D": 6})),
        (THREE, both(variant("kickstarter", True), put("scoring_tiles", ["KS", *SCORING[1:]]))),
        (THREE, both(variant("kickstarter", True), put(("ports", "A"), "ks"))),
        (THREE, put("clans", ["buchanan", *CLANS[1:]])),  # any letter case, as at `new`
        (THREE, both(variant("scoring_tiles", False), put("scoring_tiles", []))),
        (THREE, both(variant("port_tiles", False), put("ports", {}))),
        (THREE, text_keys_and_null_goods),
        (THREE, put("pile", None)),  # the table's own pile
        (SOLO, put("pass_money", [12])),
    ],
    ids=[
        "seed-null",
        "scoring-numbers",
        "port-numbers",
        "scoring-ks-with-kickstarter",
        "port-ks-with-kickstarter",
        "clan-letter-case",
        "scoring-off-empty",
        "ports-off-empty",
        "box-text-keys-null-goods",
        "pile-null",
        "solo-pass-money",
    ],
)
def test_a_legal_hand_edited_setup_still_loads(sample, change):
    data = damaged(sample, change)
    data["events"] = []  # an edited setup need not fit the recorded events
    game_from_data(data, "g.yaml", PARTS)


@pytest.mark.parametrize("sample", [THREE, SOLO], ids=["3p", "solo"])
@pytest.mark.parametrize("value", [None, [], {}, "x", -1, 0, 99, True, [1, 1]])
def test_a_wrong_type_for_any_setup_key_is_a_data_error(sample, value):
    """The top-level keys with every kind of wrong value: loaded or refused, never a crash."""
    for key in parse_yaml(sample.read_text(), "g.yaml")["setup"]:
        try:
            loads(sample, put(key, value))
        except DataError:
            pass


# -- the command line ---------------------------------------------------------------------


def _plain(value):
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


@pytest.mark.parametrize(
    "sample, change, path",
    [
        (THREE, put("scoring_tiles", ["3", "1", "9", "2", "8"]), "setup.scoring_tiles[2]"),
        (THREE, put("starting_tiles", [1, 5, 7, 3]), "setup.box.starting_tiles"),
        (THREE, put(("ports", "C"), "9"), "setup.ports.C"),
        (THREE, put("pass_money", []), "setup.pass_money"),
        (SOLO, put("removal_grid", None), "setup.removal_grid"),
        (THREE, put(("box", "starting_tiles", "x"), TILE), "setup.box.starting_tiles.x"),
    ],
    ids=["scoring-tile", "starting-tile", "port", "pass-money", "solo-grid", "box-tile-key"],
)
def test_the_cli_reports_a_bad_setup_in_one_line_and_exits_1(tmp_path, sample, change, path):
    game_file = tmp_path / "hand-edited.yaml"
    game_file.write_text(yaml.safe_dump(_plain(damaged(sample, change)), sort_keys=False))
    result = run_cli("log", str(game_file))
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "Error:" in result.stderr and f"{game_file}:" in result.stderr
    assert path in result.stderr
    assert "Traceback" not in output and "Internal error" not in output
