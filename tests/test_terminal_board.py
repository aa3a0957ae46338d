"""The board drawn in a terminal: a layout for each width, nothing wider than the width,
and every space and unit still there (read back from the plain text)."""

from __future__ import annotations

import re

import pytest
from caledonia.cli.map_cmd import open_source
from caledonia.cli.map_view import (
    UNIT_CODES,
    draw_board,
    layout_for,
    legend,
    needed_width,
    player_marks,
)
from caledonia.rules.board import DEFAULT_ORIGINS, assemble
from caledonia.rules.components import components
from caledonia.rules.game.pieces import position_of
from caledonia.rules.map_modules import load_module_set, maps_folder
from caledonia.storage.games import load_game
from conftest import SAMPLES, run_cli

WIDTHS = (60, 80, 120, 160)
SIDES = load_module_set(maps_folder(), DEFAULT_ORIGINS)
MODULES = ["A1", "B1", "C1", "D1"]
ID = re.compile(r"([A-Z])[-*]?(\d\d)")  # A-07, A*07 (highlighted, compact)


def empty(players=4, covered=()):
    return assemble(SIDES, MODULES, players, covered), None, None


def from_position():
    position = open_source(str(SAMPLES / "position-3p.yaml"), None).position
    return position.board, position, position.ports


def game_in_progress():
    game = load_game(str(SAMPLES / "game-4p.yaml"), components())
    game.undo(len(game.events) // 2)  # back to the middle of the game
    assert game.state.phase not in ("over", "clans")
    return game.state.board, position_of(game.state), game.state.setup.ports


SCENES = {"no position": empty, "position-3p": from_position, "game-4p": game_in_progress}


def picture(scene, width, highlight=()):
    board, position, ports = scene
    drawing = draw_board(board, position, highlight, ports, width=width).plain
    return drawing.splitlines(), legend(board, position, ports, width=width)


def read_cells(lines):
    """Each space id drawn, with what the line under its id shows, and where the id is."""
    cells = {}
    for number, line in enumerate(lines[:-1]):
        for found in ID.finditer(line):
            start = found.start()
            below = lines[number + 1][start : start + 5].split("│")[0].split("≈")[0]
            space = f"{found.group(1)}-{found.group(2)}"
            assert space not in cells, f"{space} drawn twice"
            cells[space] = (below.strip(), number, start)
    return cells


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", SCENES)
def test_no_line_of_the_board_or_its_legend_is_wider_than_the_terminal(name, width):
    drawing, notes = picture(SCENES[name](), width)
    too_long = [line for line in drawing + notes if len(line) > width]
    assert not too_long, too_long
    assert len(drawing) > 30  # a board, not the line that says the terminal is too narrow


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", SCENES)
def test_every_space_and_every_unit_is_drawn_where_it_stands(name, width):
    board, position, ports = scene = SCENES[name]()
    cells = read_cells(picture(scene, width)[0])
    assert set(cells) == {s.id for s in board.spaces}
    marks = player_marks(position)
    units = 0
    for player in position.players if position else ():
        for index, kind in player.units.items():
            shown = cells[board.spaces[index].id][0]
            assert shown.replace(":", "") == marks[player.name] + UNIT_CODES[kind], shown
            units += 1
    drawn = [c for c, *_ in cells.values() if re.fullmatch(r"\d:?[a-z]{3}", c)]
    assert len(drawn) == units


def test_the_layout_is_the_richest_that_fits():
    board = empty()[0]
    full, compact, split = (needed_width(board, name) for name in ("full", "compact", "split"))
    assert (full, compact, split) == (88, 73, 46)
    assert [layout_for(board, w) for w in (160, 120, full, full - 1, 80, compact)] == [
        "full",
        "full",
        "full",
        "compact",
        "compact",
        "compact",
    ]
    assert [layout_for(board, w) for w in (compact - 1, 60, split, split - 1)] == [
        "split",
        "split",
        "split",
        None,
    ]
    assert layout_for(board, None) == "full"  # no width: a picture for a file
    for width in (full, compact, split):
        drawing, notes = picture(from_position(), width)
        assert max(len(line) for line in drawing + notes) <= width


def test_the_full_layout_at_120_columns_is_the_drawing_without_a_width():
    board, position, ports = from_position()
    assert (
        draw_board(board, position, (), ports, width=120).plain
        == draw_board(board, position, (), ports).plain
    )
    assert "1wdc" in draw_board(board, position, (), ports).plain


def test_too_narrow_says_which_width_it_needs_and_suggests_svg():
    board, position, ports = from_position()
    text = draw_board(board, position, (), ports, width=45).plain
    assert "46 columns" in text and "has 45" in text and "--svg FILE" in text
    assert "A-01" not in text and all(len(line) <= 45 for line in text.splitlines())
    notes = legend(board, position, ports, width=45)
    assert "1 = Ailsa (red, 1-loch shipping, 7 units)" in " ".join(notes).replace("  ", " ")
    assert not any("grassland" in line for line in notes)  # no glyphs to explain


@pytest.mark.parametrize("width", WIDTHS)
def test_player_tags_are_seat_digits_that_the_legend_names(width):
    board, position, ports = game_in_progress()
    drawing, notes = picture((board, position, ports), width)
    assert player_marks(position) == {"Ailsa": "1", "Bruce": "2", "Catriona": "3", "Duncan": "4"}
    text = "\n".join(drawing)
    assert not re.search(r"\b[A-Z]:[a-z]{3}\b", text)  # no tag reads like a module letter
    joined = " ".join(line.strip() for line in notes)
    for player in position.players:
        assert f"{player_marks(position)[player.name]} = {player.name} ({player.colour}" in joined
    example = "1shp"  # one code a unit in every layout
    assert f"units: player number and unit, {example} is player 1's sheep" in joined


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", ["position-3p", "game-4p"])
def test_the_legend_explains_every_unit_code_on_the_board(name, width):
    board, position, ports = scene = SCENES[name]()
    drawing, notes = picture(scene, width)
    joined = " ".join(line.strip() for line in notes)
    codes = {c[-3:] for c, *_ in read_cells(drawing).values() if re.fullmatch(r"\d:?[a-z]{3}", c)}
    assert codes
    words = {code: kind.replace("_", " ") for kind, code in UNIT_CODES.items() if kind}
    for code in codes:
        assert f"{code} {words[code]}" in joined


@pytest.mark.parametrize("width", WIDTHS)
def test_river_edges_between_neighbours_are_drawn_without_colour(width):
    board, position, ports = scene = from_position()
    lines = picture(scene, width)[0]
    cells = read_cells(lines)
    checked = 0
    for space in board.spaces:
        west = board.at.get((space.column - 1, space.row))
        if west is None:
            continue
        _, line, start = cells[space.id]
        edge = lines[line][start - 1]
        river = frozenset((space.index, west)) in board.rivers
        assert edge == ("≈" if river else "│"), (space.id, edge)
        checked += river
    assert checked > 3
    assert "≈" in "\n".join(lines[: len(lines) // 2])  # between rows too


@pytest.mark.parametrize("width", WIDTHS)
def test_mist_is_lower_case(width):
    board = empty(players=2)[0]
    cells = read_cells(picture((board, None, None), width)[0])
    for space in board.spaces:
        shown = cells[space.id][0]
        if space.loch:
            continue
        letters = re.sub(r"[^A-Za-z]", "", shown)
        if space.index in board.active:
            assert letters.isupper(), (space.id, shown)
        else:
            assert letters.islower(), (space.id, shown)


@pytest.mark.parametrize("width", WIDTHS)
def test_highlighted_spaces_are_marked_without_colour(width):
    board, position, ports = scene = from_position()
    free = [s.index for s in board.spaces if board.is_free_land(s.index)][:3]
    taken = next(iter(position.players[0].units))
    lines = picture(scene, width, highlight=[*free, taken])[0]
    text = "\n".join(lines)
    if layout_for(board, width) == "compact":  # the id carries the mark: A*07
        for index in (*free, taken):
            space_id = board.spaces[index].id
            assert space_id[0] + "*" + space_id[2:] in text
    else:  # free land shows it before the terrain
        cells = read_cells(lines)
        for index in free:
            assert cells[board.spaces[index].id][0].startswith("*")
        _, line, start = cells[board.spaces[taken].id]
        assert lines[line][start + 4] == "*"  # a taken space: after its id
    assert text.count("*") >= len(free)


@pytest.mark.parametrize("width", WIDTHS)
def test_neutral_workers_and_covered_spaces_are_drawn_and_explained(width):
    solo = empty(players=1)[0]
    cells = read_cells(picture((solo, None, None), width)[0])
    neutral = "[N]" if layout_for(solo, width) == "compact" else "[ N ]"
    assert [s.id for s in solo.spaces if cells[s.id][0] == neutral] == [
        solo.spaces[i].id for i in sorted(solo.blocked)
    ]
    assert any(
        line.startswith(neutral + " neutral worker")
        for line in legend(solo, None, None, width=width)
    )
    tighter = empty(players=3, covered=("A-10", "B-21", "C-05", "D-30"))[0]
    cells = read_cells(picture((tighter, None, None), width)[0])
    covered = "[##]" if layout_for(tighter, width) == "compact" else "[###]"
    assert {s for s, (shown, *_) in cells.items() if shown == covered} == {
        "A-10",
        "B-21",
        "C-05",
        "D-30",
    }
    notes = legend(tighter, None, None, width=width)
    assert any(line.startswith(covered + " covered by a spare port tile") for line in notes)


def test_map_show_fits_the_terminal_and_says_when_it_cannot():
    for columns in ("60", "80", "120"):
        shown = run_cli("map", "show", "sample_games/position-3p.yaml", env={"COLUMNS": columns})
        assert shown.returncode == 0, shown.stderr
        assert max(len(line) for line in shown.stdout.splitlines()) <= int(columns)
        assert "B-42" in shown.stdout
    narrow = run_cli("map", "show", "sample_games/position-3p.yaml", env={"COLUMNS": "40"})
    assert narrow.returncode == 0 and "--svg FILE" in narrow.stdout and "B-42" not in narrow.stdout


def test_the_svg_picture_does_not_depend_on_the_terminal_width(tmp_path):
    pictures = []
    for columns in ("60", "160"):
        target = tmp_path / f"board-{columns}.svg"
        shown = run_cli(
            "map",
            "show",
            "sample_games/position-3p.yaml",
            "--svg",
            str(target),
            env={"COLUMNS": columns},
        )
        assert shown.returncode == 0, shown.stderr
        pictures.append(target.read_text())
    assert pictures[0] == pictures[1] and 'data-space="A-01"' in pictures[0]
