"""The SVG board: drawn from the board model, parsed back with an XML parser and counted.

Golden files: tests/golden/*.svg hold the four shipped module sides (sides 1 and sides 2)
at 4 and 2 players. When the drawing changes on purpose, regenerate them with

    CALEDONIA_UPDATE_GOLDEN=1 pytest tests/test_board_svg.py

and look at the difference (`git diff --stat tests/golden`, and the pictures) before committing.
"""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET

import pytest
from caledonia.cli.board_svg import (
    LOCH_FILL,
    MIST_FILL,
    TERRAIN,
    Picture,
    render,
)
from caledonia.cli.map_sides import load_sides
from caledonia.rules.board import assemble
from caledonia.rules.game.gamefile import game_as_text, game_from_data
from caledonia.rules.yamlfile import read_yaml
from conftest import ROOT, run_cli

SVG = "{http://www.w3.org/2000/svg}"
GOLDEN = ROOT / "tests" / "golden"
GAME_4P = "sample_games/game-4p.yaml"


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text.encode())
    assert root.tag == f"{SVG}svg"
    return root


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def board_of(sides: str, players: int):
    return assemble(load_sides(None), sides.split(","), players)


@pytest.fixture(scope="module")
def mid_game(tmp_path_factory, parts):
    """The 4-player sample game stopped halfway, saved as a game file."""
    data = read_yaml(ROOT / GAME_4P)
    game = game_from_data(data, GAME_4P, parts, upto=len(data["events"]) // 2)
    path = tmp_path_factory.mktemp("mid") / "mid-game-4p.yaml"
    path.write_text(game_as_text(game))
    return path, game


# -- what the picture holds -----------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_one_hexagon_per_active_space_and_one_stroke_per_river_edge(players):
    board = board_of("A1,B2,C1,D2", players)
    root = parse(render(Picture(board)))
    spaces = with_class(root, "space")
    assert len(spaces) == len(board.active)
    assert {e.get("data-space") for e in spaces} == {board.spaces[i].id for i in board.active}
    assert len(with_class(root, "mist")) == len(board.spaces) - len(board.active)
    rivers = with_class(root, "river")
    assert len(rivers) == len(board.rivers)
    assert {frozenset(e.get("data-edge").split()) for e in rivers} == {
        frozenset(board.spaces[i].id for i in edge) for edge in board.rivers
    }
    assert len(with_class(root, "port")) == len(board.port_slots)


def test_mist_is_out_of_play_only_with_one_or_two_players():
    four, two = board_of("A1,B1,C1,D1", 4), board_of("A1,B1,C1,D1", 2)
    assert not with_class(parse(render(Picture(four))), "mist")
    mist = with_class(parse(render(Picture(two))), "mist")
    assert mist and all(e.get("fill") == "url(#mist)" for e in mist)


def test_solo_marks_every_neutral_worker():
    board = board_of("A1,B1,C1,D1", 1)
    root = parse(render(Picture(board)))
    assert len(with_class(root, "blocked")) == len(board.blocked) > 0


def test_terrain_and_lochs_have_their_own_fill(parts):
    board = board_of("A1,B1,C1,D1", 4)
    root = parse(render(Picture(board)))
    for element in with_class(root, "space"):
        space = board.spaces[board.index[element.get("data-space")]]
        if space.loch:
            assert element.get("fill") == "url(#loch)"
        elif len(space.land) == 1:
            assert element.get("fill") == f"url(#{next(iter(space.land))})"
        else:
            assert element.get("fill").startswith("url(#mixed-")


def test_a_game_in_progress_has_one_token_per_unit_and_a_title(mid_game):
    path, game = mid_game
    result = run_cli("map", "show", str(path), "--svg", str(path.with_suffix(".svg")))
    assert result.returncode == 0, result.stderr
    root = parse(path.with_suffix(".svg").read_text())
    state = game.state
    expected = {
        (p.name, state.board.spaces[i].id, unit)
        for p in state.players
        for i, unit in p.units.items()
    } | {(p.name, f"port:{c}", unit) for p in state.players for c, unit in p.port_units.items()}
    tokens = {
        (e.get("data-player"), e.get("data-space"), e.get("data-unit"))
        for e in with_class(root, "unit")
    }
    assert tokens == expected and len(with_class(root, "unit")) == len(expected)
    title = root.find(f"{SVG}g[@id='title']")
    words = " ".join(t.text for t in title.iter(f"{SVG}text"))
    to_act = state.next_player() if state.turn.main_done else state.turn.player
    assert f"round {state.round}" in words and f"{to_act}'s turn" in words
    assert "example map modules" in words


def test_fishermen_appear_when_they_exist(parts):
    data = read_yaml(ROOT / GAME_4P)
    game = game_from_data(data, GAME_4P, parts)
    fishermen = [u for p in game.state.players for u in (*p.units.values(), *p.port_units.values())]
    assert "fisherman" in fishermen  # the sample game's MacDonald puts some out
    from caledonia.rules.game.pieces import position_of

    root = parse(render(Picture(game.state.board, position_of(game.state), game.setup.ports)))
    assert fishermen.count("fisherman") == sum(
        e.get("data-unit") == "fisherman" for e in with_class(root, "unit")
    )
    legend = " ".join(t.text for t in root.find(f"{SVG}g[@id='legend']").iter(f"{SVG}text"))
    assert "fsh fisherman" in legend


def test_generic_fonts_only_and_no_external_references():
    text = render(Picture(board_of("A1,B1,C1,D1", 4)))
    root = parse(text)
    families = {e.get("font-family") for e in root.iter() if e.get("font-family")}
    assert families == {"sans-serif"}
    assert "http" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "@import" not in text and "href" not in text


# -- overlays agree with the commands -------------------------------------------------------


def marks(root: ET.Element) -> dict[str, str | None]:
    return {e.get("data-space"): e.get("data-label") for e in with_class(root, "mark")}


@pytest.mark.parametrize("source", ["sample_games/position-3p.yaml", "mid"])
def test_legal_overlay_marks_exactly_what_map_legal_lists(source, mid_game, tmp_path):
    path = str(mid_game[0]) if source == "mid" else source
    player = "Ailsa"
    listed = run_cli("map", "legal", path, player, "cow", "--json")
    assert listed.returncode == 0, listed.stderr
    spaces = {entry["space"]: entry["cost"] for entry in json.loads(listed.stdout)["spaces"]}
    picture = tmp_path / "legal.svg"
    drawn = run_cli("map", "legal", path, player, "cow", "--svg", str(picture))
    assert drawn.returncode == 0, drawn.stderr
    assert marks(parse(picture.read_text())) == {s: f"£{c}" for s, c in spaces.items()}
    assert spaces  # a test of an empty overlay would prove nothing


def test_legal_in_a_game_counts_the_players_money_and_clan(mid_game):
    """The game's own check: the legal list is exactly the expand events the engine accepts
    (when it is that player's main action) — here checked by cost: no listed cost exceeds
    the player's money."""
    path, game = mid_game
    for player in game.state.players:
        listed = json.loads(
            run_cli("map", "legal", str(path), player.name, "sheep", "--json").stdout
        )
        assert all(entry["cost"] <= player.money for entry in listed["spaces"])


def test_money_option_is_refused_for_a_game_file(mid_game):
    result = run_cli("map", "legal", str(mid_game[0]), "Ailsa", "cow", "--money", "5")
    assert result.returncode == 2
    assert "--money" in result.stderr and "game file" in result.stderr


def test_reach_overlay_marks_exactly_the_reached_free_spaces(tmp_path):
    listed = json.loads(
        run_cli("map", "reach", "sample_games/position-3p.yaml", "Bruce", "--json").stdout
    )
    picture = tmp_path / "reach.svg"
    run_cli("map", "reach", "sample_games/position-3p.yaml", "Bruce", "--svg", str(picture))
    assert set(marks(parse(picture.read_text()))) == {e["space"] for e in listed["spaces"]}


def test_border_and_delta_overlays(tmp_path):
    board = board_of("A1,B1,C1,D1", 4)
    picture = tmp_path / "b.svg"
    result = run_cli("map", "show", "--border", "--deltas", "--svg", str(picture))
    assert result.returncode == 0, result.stderr
    root = parse(picture.read_text())
    by_kind: dict[str, set[str]] = {}
    for e in with_class(root, "mark"):
        by_kind.setdefault(e.get("data-overlay"), set()).add(e.get("data-space"))
    assert by_kind["border"] == {board.spaces[i].id for i in board.border}
    assert by_kind["deltas"] == {board.spaces[i].id for i in board.deltas}


def test_settlements_are_outlined_and_the_scored_group_counted(tmp_path):
    listed = json.loads(
        run_cli("map", "settlements", "sample_games/position-3p.yaml", "--json").stdout
    )
    picture = tmp_path / "s.svg"
    run_cli("map", "settlements", "sample_games/position-3p.yaml", "--svg", str(picture))
    root = parse(picture.read_text())
    for player in listed["players"]:
        drawn = [
            e for e in with_class(root, "settlement") if e.get("data-player") == player["name"]
        ]
        counted = {e.get("data-spaces") for e in drawn if e.get("data-counted") == "yes"}
        left = {e.get("data-spaces") for e in drawn if e.get("data-counted") == "no"}
        assert counted == {name.replace("+", " ") for name in player["counted"]}
        assert left == {name.replace("+", " ") for name in player["left_out"]}
        badge = [
            e
            for e in with_class(root, "settlement-count")
            if e.get("data-player") == player["name"]
        ]
        assert [int(e.get("data-count")) for e in badge] == [player["settlements"]]


def test_status_svg_shows_where_the_player_to_act_may_expand(mid_game, tmp_path):
    path, game = mid_game
    picture = tmp_path / "status.svg"
    result = run_cli("status", str(path), "--svg", str(picture))
    assert result.returncode == 0, result.stderr
    root = parse(picture.read_text())
    from caledonia.rules.game.events.expand import legal_expansions

    state = game.state
    player = state.next_player() if state.turn.main_done else state.turn.player

    checks = legal_expansions(game.state, game.state.by_name(player))
    cheapest: dict[str, int] = {}
    for check in checks:
        cheapest[check.space] = min(check.cost, cheapest.get(check.space, check.cost))
    assert marks(root) == {space: f"£{cost}" for space, cost in cheapest.items()}
    assert cheapest


# -- map show --json ------------------------------------------------------------------------


def test_map_show_json_is_the_board_as_data(mid_game):
    path, game = mid_game
    result = run_cli("map", "show", str(path), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    board = game.state.board
    assert len(data["spaces"]) == len(board.spaces)
    assert len(data["rivers"]) == len(board.rivers)
    assert set(data["lochs"]) == {s.id for s in board.spaces if s.loch}
    units = {s["space"]: s["unit"] for s in data["spaces"] if s["unit"]}
    assert units == {
        board.spaces[i].id: {"player": p.name, "unit": u}
        for p in game.state.players
        for i, u in p.units.items()
    }
    costs = {s["space"]: s["cost"] for s in data["spaces"]}
    assert all(costs[s.id] == s.cost for s in board.spaces)


# -- colour-blind players -------------------------------------------------------------------

# Machado, Oliveira & Fernandes (2009), full-severity simulation matrices on linear RGB
# (the same numbers colorspacious uses for severity 100).
CVD = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _lab(linear: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (min(1.0, max(0.0, c)) for c in linear)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _linear(colour: str) -> tuple[float, float, float]:
    def one(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return tuple(one(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5))


@pytest.mark.parametrize("vision", [None, *CVD])
def test_terrain_colours_stay_apart_for_colour_blind_players(vision):
    """Terrains and lochs differ pairwise by at least 15 in CIELAB ΔE (1976) under each
    simulated dichromacy, and mist (also crosshatched, with no cost) by at least 10, before
    the patterns (dots, peaks, waves) that set them apart too."""
    fills = {kind: colour for kind, (colour, _) in TERRAIN.items()}
    fills |= {"loch": LOCH_FILL, "mist": MIST_FILL}
    seen = {}
    for kind, colour in fills.items():
        rgb = _linear(colour)
        if vision:
            rgb = tuple(sum(m * c for m, c in zip(row, rgb, strict=True)) for row in CVD[vision])
        seen[kind] = _lab(rgb)
    kinds = sorted(seen)
    for i, first in enumerate(kinds):
        for second in kinds[i + 1 :]:
            distance = (
                sum((a - b) ** 2 for a, b in zip(seen[first], seen[second], strict=True)) ** 0.5
            )
            least = 10 if "mist" in (first, second) else 15
            assert distance >= least, (vision, first, second, round(distance, 1))


# -- golden files ---------------------------------------------------------------------------


@pytest.mark.parametrize("sides", ["A1,B1,C1,D1", "A2,B2,C2,D2"])
@pytest.mark.parametrize("players", [4, 2])
def test_golden_pictures_of_the_shipped_sides(sides, players):
    board = board_of(sides, players)
    title = "caledonia: map " + " ".join(board.module_names())
    text = render(Picture(board, title=title, subtitle=f"{players} players"))
    golden = GOLDEN / f"board-sides{sides[1]}-{players}p.svg"
    if os.environ.get("CALEDONIA_UPDATE_GOLDEN"):
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(text)
    assert golden.exists(), f"no golden file {golden.name}: run CALEDONIA_UPDATE_GOLDEN=1 pytest"
    assert text == golden.read_text(), (
        f"{golden.name} differs: if the drawing changed on purpose, regenerate with "
        "CALEDONIA_UPDATE_GOLDEN=1 pytest tests/test_board_svg.py"
    )


def test_the_readme_picture_is_the_midway_game_as_status_draws_it(parts, tmp_path):
    """sample_games/midway-4p.yaml is the first half of game-4p.yaml, and the README's
    picture is what `status --svg` draws of it now (regenerated with the golden files)."""
    whole = read_yaml(ROOT / GAME_4P)["events"]
    midway = read_yaml(ROOT / "sample_games" / "midway-4p.yaml")["events"]
    assert 0 < len(midway) < len(whole) and whole[: len(midway)] == midway
    shipped = ROOT / "sample_games" / "midway-4p.svg"
    if os.environ.get("CALEDONIA_UPDATE_GOLDEN"):
        shipped.unlink(missing_ok=True)
        target = shipped
    else:
        target = tmp_path / "midway.svg"
    result = run_cli("status", "sample_games/midway-4p.yaml", "--svg", str(target))
    assert result.returncode == 0, result.stderr
    assert target.read_text() == shipped.read_text(), (
        "the README picture is stale: CALEDONIA_UPDATE_GOLDEN=1 pytest tests/test_board_svg.py"
    )


@pytest.mark.parametrize(
    "command",
    [
        ("map", "reach", "sample_games/position-3p.yaml", "Bruce"),
        ("map", "legal", "sample_games/position-3p.yaml", "Ailsa", "cow"),
        ("map", "settlements", "sample_games/position-3p.yaml"),
        ("status", "sample_games/midway-4p.yaml"),
    ],
)
def test_no_picture_overwrites_a_file_silently(command, tmp_path):
    picture = tmp_path / "mine.svg"
    picture.write_text("mine")
    refused = run_cli(*command, "--svg", str(picture))
    assert refused.returncode == 2 and "--force" in refused.stderr  # a needed --force
    assert picture.read_text() == "mine" and refused.stdout == ""  # refused before any work
    replaced = run_cli(*command, "--svg", str(picture), "--force")
    assert replaced.returncode == 0, replaced.stderr
    assert "<svg" in picture.read_text()
