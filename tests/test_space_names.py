"""Spaces a person can find on a board that prints no ids: `map where`, the board sheet,
the "Where?" picture of `play` and the menu words that name a space (issue 19, part 3)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest
from caledonia.cli.board_sheet import ID_SIZE, POINT_MM, PRINTABLE_MM, id_points
from caledonia.cli.choosing import event_choices, narrow
from caledonia.cli.main import build_app
from caledonia.cli.map_sides import load_sides
from caledonia.cli.map_where import where_data
from caledonia.cli.prompts import with_keys
from caledonia.cli.where_view import space_labels, where_picture
from caledonia.rules.board import assemble
from caledonia.rules.game.engine import Game
from caledonia.rules.messages import Reason
from caledonia.rules.position import Position
from caledonia.rules.space_names import COMMA, describe_space
from caledonia.storage.games import load_game
from conftest import SAMPLES, run_cli
from gametools import PARTS
from typer.testing import CliRunner

MIDWAY = str(SAMPLES / "midway-4p.yaml")
EXAMPLE = ["A1", "B1", "C1", "D1"]


def cli(*args: str):
    return CliRunner().invoke(build_app(), list(args), prog_name="caledonia")


@pytest.fixture(scope="module")
def shown() -> dict:
    """`map show --json` of the halfway game: the board's own account of every space."""
    result = cli("map", "show", MIDWAY, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def midway_position():
    from caledonia.cli.map_source import load_source

    source, _ = load_source(MIDWAY, None)
    return source


def _next_to(shown: dict) -> dict[str, set[str]]:
    """For each space, which landmark kinds `map show --json` says lie next to it."""
    from caledonia.rules.hexgrid import around

    spaces = {(s["column"], s["row"]): s for s in shown["spaces"]}
    rivers = {frozenset(edge) for edge in shown["rivers"]}
    ports = {space for slot in shown["port_slots"] for space in slot["touches"]}
    kinds: dict[str, set[str]] = {}
    for space in shown["spaces"]:
        found = set()
        if space["terrain"] == "loch":
            found.add("loch")
        if space["space"] in ports:
            found.add("port")
        for _, place in around(space["column"], space["row"]):
            other = spaces.get(place)
            if other is None:
                continue
            if other["terrain"] == "loch":
                found.add("loch")
            if frozenset((space["space"], other["space"])) in rivers:
                found.add("river")
            if other["unit"] is not None:
                found.add("unit")
        kinds[space["space"]] = found
    return kinds


def test_every_space_agrees_with_map_show_and_names_its_landmarks(shown, midway_position):
    position, ports = midway_position.position, midway_position.ports
    kinds = _next_to(shown)
    assert {k for found in kinds.values() for k in found} == {"loch", "river", "port", "unit"}
    for space in shown["spaces"]:
        index = position.board.index[space["space"]]
        data = where_data(position, index, describe_space(position, index, ports=ports))
        assert data["module"] == space["module"]
        assert data["cost"] == space["cost"]
        terrain = "loch" if space["terrain"] == "loch" else "/".join(space["terrain"])
        assert sorted(data["terrain"].removesuffix(" (mist)").split("/")) == sorted(
            terrain.split("/")
        )
        assert data["example"] is True  # the sample game plays on example modules
        said = " ".join(data["landmarks"])
        for kind in kinds[space["space"]]:
            word = {"unit": "'s ", "loch": "loch", "river": "river", "port": "port tile"}[kind]
            assert word in said, (space["space"], kind, data["landmarks"])


@pytest.mark.parametrize("space", ["A-01", "B-19", "c24", "D-42"])
def test_map_where_json_matches_map_show(space, shown):
    result = cli("map", "where", space, MIDWAY, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    entry = next(s for s in shown["spaces"] if s["space"] == data["space"])
    assert (data["module"], data["cost"], data["unit"]) == (
        entry["module"],
        entry["cost"],
        entry["unit"],
    )
    assert data["space"] == space.upper().replace("C24", "C-24")


def test_map_where_says_it_in_words_draws_the_module_and_says_when_it_is_an_example():
    result = cli("map", "where", "A-24")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "A-24 · grassland £4"
    assert lines[1] == "module A1, row 4 from the top, 3rd hex from the left"
    assert "beside a 2-space loch (east)" in result.stdout
    assert "river on its north-west, west and south-west sides" in result.stdout
    assert "( * )" in result.stdout and "A-23" in result.stdout and "B-01" not in result.stdout
    assert "A1, B1, C1, D1 are example layouts" in result.stderr


def test_an_unknown_space_exits_1_with_a_did_you_mean():
    result = cli("map", "where", "A-4", MIDWAY)
    assert result.exit_code == 0  # A-4 is A-04: the leading zero is optional
    result = run_cli("map", "where", "A-99")  # a process of its own: the exit as a user sees it
    assert result.returncode == 1
    assert "no space 'A-99'" in result.stderr and "did you mean A-39" in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_a_fisherman_on_a_loch_is_named_with_the_loch():
    board = assemble(load_sides(None), EXAMPLE, 4)
    from caledonia.rules.position import MapPlayer

    loch = board.index["A-18"]
    position = Position(board, (MapPlayer("Ailsa", "red", "none", {loch: "fisherman"}),))
    words = describe_space(position, board.index["A-10"], viewer="Ailsa")
    assert words.landmarks[:2] == (
        "beside your fisherman (south-east)",
        "beside a 2-space loch (south-east)",
    )


# -- the sheet -------------------------------------------------------------------------------


def _sheet(tmp_path, *args):
    target = tmp_path / "sheet.svg"
    result = cli("map", "sheet", "--svg", str(target), *args)
    assert result.exit_code == 0, result.output
    return ET.parse(target).getroot(), result


def test_the_sheet_ids_are_at_least_9_points_on_a4(tmp_path):
    root, result = _sheet(tmp_path)
    width_mm = float(root.get("width").removesuffix("mm"))
    height_mm = float(root.get("height").removesuffix("mm"))
    assert width_mm <= PRINTABLE_MM[0] and height_mm <= PRINTABLE_MM[1]
    assert width_mm <= 297 - 20 and height_mm <= 210 - 20  # A4 landscape, 10 mm margins
    _, _, view_width, _ = (float(n) for n in root.get("viewBox").split())
    mm_per_unit = width_mm / view_width
    ids = root.findall(
        ".//{http://www.w3.org/2000/svg}g[@id='ids']/{http://www.w3.org/2000/svg}text"
    )
    assert len(ids) == 168
    for text in ids:
        points = float(text.get("font-size")) * mm_per_unit / POINT_MM
        assert points >= 9.0, text.text
    assert id_points(assemble(load_sides(None), EXAMPLE, 4)) >= 9.0
    assert "ids 9." in result.stderr
    assert "example map modules" in root.find("{http://www.w3.org/2000/svg}title").text


def _box(text) -> tuple[float, float, float, float]:
    """A text's box, generously: 0.62 em a character, an em high above the baseline."""
    size = float(text.get("font-size"))
    x, y = float(text.get("x")), float(text.get("y"))
    width = 0.62 * size * len(text.text)
    return x - width / 2, y - size, x + width / 2, y + 0.25 * size


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_nothing_covers_an_id_on_the_sheet(tmp_path):
    root, _ = _sheet(tmp_path, MIDWAY)
    ns = "{http://www.w3.org/2000/svg}"
    groups = [g.get("id") for g in root.findall(f"{ns}g")]
    assert groups[-1] == "ids"  # drawn last: no shape, river or port lies over an id
    ids = [_box(t) for t in root.findall(f"{ns}g[@id='ids']/{ns}text")]
    others = [_box(t) for t in root.iter(f"{ns}text") if t.get("class") != "id"]
    for port in root.findall(f".//{ns}g[@class='port']/{ns}rect"):
        x, y = float(port.get("x")), float(port.get("y"))
        others.append((x, y, x + float(port.get("width")), y + float(port.get("height"))))
    for number, box in enumerate(ids):
        assert not any(_overlap(box, other) for other in others)
        assert not any(_overlap(box, other) for other in ids[number + 1 :])
    assert ID_SIZE * 0 == 0


# -- play's "Where?" --------------------------------------------------------------------------


def _midway_game() -> Game:
    recorded = load_game(MIDWAY, PARTS)
    game = Game(recorded.setup, PARTS)
    for event in recorded.events:
        game.apply(event)
    return game


def _keys_drawn(picture) -> list[str]:
    return sorted(re.findall(r"\( ?([\w,]+) ?\)", picture.plain))


def test_the_where_picture_labels_exactly_the_candidate_spaces_with_the_menus_keys():
    game = _midway_game()
    state = game.state
    events = list(game.legal().by_type["expand"])
    level, units = narrow(state, "expand", events)
    assert level.question == "Which unit?"
    sheep = next(c.value for c in units if c.value[0]["unit"] == "sheep")
    assert narrow(state, "expand", sheep) is None  # 11 spaces: one menu, all modules
    menu = with_keys(event_choices(state, "expand", sheep))
    labels = space_labels(state, menu)
    assert {state.board.spaces[i].id for i in labels} == {e["space"] for e in sheep}
    assert sorted(labels.values()) == sorted(c.key for c in menu)
    keys = sorted(c.key for c in menu)
    # 80 x 40: the four modules do not fit above the menu, the miniature does
    picture, caption = where_picture(state, menu, 80, 40)
    assert _keys_drawn(picture) == keys and "miniature" in caption
    assert max(len(line) for line in picture.plain.splitlines()) <= 80
    assert len(picture.plain.splitlines()) + len(menu) + 4 <= 40
    assert "example map modules" in caption and "press the key on the hex" in caption
    # a large terminal: the whole board, the keys on the hexes in full
    picture, caption = where_picture(state, menu, 120, 60)
    assert _keys_drawn(picture) == keys and caption.startswith("The whole board")
    # one module's spaces at 80 x 40: that module alone
    on_d = [e for e in events if e["space"].startswith("D-")][:12]
    menu = with_keys(event_choices(state, "expand", on_d))
    picture, caption = where_picture(state, menu, 80, 40)
    assert caption.startswith("Module D,") and _keys_drawn(picture) == sorted(
        set(space_labels(state, menu).values())
    )
    assert "A-01" not in picture.plain and "D-01" in picture.plain


def test_a_module_menu_shows_each_modules_spaces_with_its_key_and_a_unit_menu_none():
    from caledonia.cli.prompts import Choice

    game = _midway_game()
    state = game.state
    events = list(game.legal().by_type["expand"])
    sheep = [e for e in events if e["unit"] == "sheep"]
    by_module: dict[str, list] = {}
    for event in sheep:
        by_module.setdefault(event["space"][0], []).append(event)
    menu = [Choice(f"module {m}", found, m.lower()) for m, found in sorted(by_module.items())]
    labels = space_labels(state, menu + [Choice("back", "back", "0")])
    assert {state.board.spaces[i].id: key for i, key in labels.items()} == {
        e["space"]: e["space"][0].lower() for e in sheep
    }
    _, units = narrow(state, "expand", events)  # units: each answer spread over modules
    assert space_labels(state, with_keys(units)) == {}
    on_d = [e for e in events if e["space"].startswith("D-") and e["unit"] in ("sheep", "cow")]
    by_unit = [  # units that all go on module D: a space under two answers, still no picture
        Choice(unit, [e for e in on_d if e["unit"] == unit], key)
        for unit, key in (("sheep", "1"), ("cow", "2"))
    ]
    assert len({e["space"] for e in on_d}) < len(on_d)
    assert space_labels(state, by_unit) == {}


def test_a_unit_menu_shows_the_units_price_and_a_free_space_the_land_it_saves():
    game = _midway_game()
    state = game.state
    events = list(game.legal().by_type["expand"])
    _, units = narrow(state, "expand", events)
    sheep = next(c for c in units if c.value[0]["unit"] == "sheep")
    assert re.match(r"sheep £8 \+ land £\d(–£\d)?: \d+ choices", sheep.label), sheep.label
    free = {**sheep.value[0], "free": True}
    from caledonia.rules.game.registry import EVENTS

    state.turn.free_spaces = 1
    words = EVENTS["expand"].option_words(state, free)
    assert words.startswith("sheep on A-36 for £8 with the free space (saves land £5): grassland,")
    free_events = [e for e in EVENTS["expand"].options(state) if e.get("free")]
    _, units = narrow(state, "expand", list(game.legal().by_type["expand"]) + free_events)
    labels = [c.label for c in units if "(free space)" in c.label]
    assert labels and all(re.search(r"£\d+, saves land £\d", label) for label in labels), labels


def test_no_two_space_options_read_the_same_cut_at_80_columns():
    game = _midway_game()
    state = game.state
    from caledonia.rules.game.registry import EVENTS

    for kind, events in game.legal().by_type.items():
        if kind not in ("expand", "worker", "fisherman", "row"):
            continue
        lines = [EVENTS[kind].option_words(state, e)[:76] for e in events]  # "1) " before
        assert len(set(lines)) == len(lines), kind


def test_fisherman_and_row_options_say_where_the_loch_or_port_tile_is():
    import test_clan_macdonald as macdonald
    from caledonia.rules.game.legal import legal_events
    from caledonia.rules.game.registry import EVENTS

    game = macdonald.in_action_with_fisherman_on_a25()
    state = game.state
    legal = legal_events(state, "Ailsa").by_type
    row = {"type": "row", "player": "Ailsa", "space": "A-25", "to": "A-18"}
    assert row in legal["row"]
    assert EVENTS["row"].option_words(state, row) == (
        "fisherman from A-25 (row 4, hex 4 of module A) to A-18: "
        "loch, row 3, hex 4 of module A"  # no room for a landmark on one menu line
    )
    deploys = {e["space"]: e for e in legal["fisherman"]}
    port = EVENTS["fisherman"].option_words(state, deploys["port:A"])
    assert port.startswith(
        "fisherman on port:A for £6 (no land cost on a port tile): "
        "the port tile at corner A (receive £10), beside A-"
    )
    assert "tile 5" not in port  # the tile by what it does, not by its appendix number
    loch = EVENTS["fisherman"].option_words(state, deploys["C-19"])
    assert loch.startswith("fisherman on C-19 for £6 (no land cost on a loch): loch, ")
    assert re.match(r"row \d, hex \d of module C", loch.split(": loch, ")[1]), loch
    lines = [EVENTS["fisherman"].option_words(state, e)[:76] for e in legal["fisherman"]]
    assert len(set(lines)) == len(lines)


def test_the_module_menu_says_where_each_module_lies_and_keeps_its_letter_key():
    recorded = load_game(str(SAMPLES / "game-4p.yaml"), PARTS)
    game = Game(recorded.setup, PARTS)
    for event in recorded.events:  # to the first starting worker: some 30 spaces a worker
        if game.state.phase == "workers":
            break
        game.apply(event)
    state = game.state
    _, units = narrow(state, "worker", list(game.legal().by_type["worker"]))
    asked = 0
    for unit in units:
        deeper = narrow(state, "worker", unit.value) if isinstance(unit.value, list) else None
        if deeper is None:
            continue
        level, modules = deeper
        assert level.question == "Where?"
        corners = {"a": "top left", "b": "top right", "c": "bottom right", "d": "bottom left"}
        for choice in modules:
            if choice.label.startswith("module "):
                assert choice.label.startswith(
                    f"module {choice.key.upper()}, {corners[choice.key]}"
                )
                asked += 1
    assert asked


def test_map_where_says_what_stands_on_the_space_itself():
    taken = cli("map", "where", "D-01", MIDWAY)
    assert taken.exit_code == 0, taken.output
    assert "  Ailsa's cheese dairy stands here\n" in taken.stdout
    data = json.loads(cli("map", "where", "D-01", MIDWAY, "--json").stdout)
    assert data["standing"] == "Ailsa's cheese dairy stands here"
    empty = cli("map", "where", "D-06", MIDWAY)
    assert empty.exit_code == 0 and "stands here" not in empty.stdout


def test_the_where_picture_has_a_legend_that_names_the_players_and_fits_80_by_40():
    from caledonia.cli.prompts import menu_titles

    game = _midway_game()
    state = game.state
    events = list(game.legal().by_type["expand"])
    on_d = [e for e in events if e["space"].startswith("D-")][:12]
    sheep = [e for e in events if e["unit"] == "sheep"]
    for chosen in (on_d, sheep):  # a module drawing, then the miniature
        menu = with_keys(event_choices(state, "expand", chosen))
        picture, caption = where_picture(state, menu, 80, 40)
        legend = caption.splitlines()[1:]
        said = " ".join(legend)
        for seat, player in enumerate(state.players, 1):
            assert f"{seat} {player.name}" in said, said  # a number is a player by name
        assert "a menu key: press it" in said and "loch" in said
        # the same code for a unit wherever it is drawn: 1shp, never 1sh or 1:shp
        codes = set(re.findall(r"\b\d:?[a-z]{2,3}\b", picture.plain))
        assert codes and all(re.fullmatch(r"\d[a-z]{3}", code) for code in codes), codes
        menu_lines = sum(t.count("\n") + 1 for t in menu_titles(menu, 79))
        lines = picture.plain.splitlines() + caption.splitlines()
        assert len(lines) + menu_lines + 2 <= 40  # the question and the prompt
        assert max(len(line) for line in picture.plain.splitlines() + legend) <= 80


def test_at_80_by_24_one_modules_spaces_are_drawn_alone_in_miniature_if_the_lines_fit():
    from caledonia.cli.prompts import Choice, asked_lines, menu_titles

    game = _midway_game()
    state = game.state
    on_b = [
        e for e in game.legal().by_type["expand"] if e["unit"] == "sheep" and "B-" in e["space"]
    ]
    menu = with_keys([*event_choices(state, "expand", on_b), Choice("back", "back", "0")])
    header = 6  # the player's header and three answered questions
    picture, caption = where_picture(state, menu, 80, 24, header, "Expand:")
    lines = picture.plain.split("\n")
    assert caption.startswith("Module B in miniature,") and len(lines) == 6  # a line a row
    assert _keys_drawn(picture) == ["1", "2"] and "A-" not in picture.plain
    said = " ".join(caption.split())
    assert "bak bakery" in said and "shp sheep" not in said  # only the units drawn
    menu_lines = sum(t.count("\n") + 1 for t in menu_titles(menu, 79))
    shown = header + len(lines) + len(caption.split("\n")) + asked_lines("Expand:", menu, 80)
    spare = 24 - 1 - shown - menu_lines  # one line kept for what a wrong key says
    assert spare >= 0 and all(len(line) <= 80 for line in lines + caption.split("\n"))
    assert where_picture(state, menu, 80, 24, header + spare, "Expand:") is not None
    # a line fewer: the short caption, still saying the modules are examples, no units' codes
    short = where_picture(state, menu, 80, 24, header + spare + 1, "Expand:")
    assert short is not None and short[1].startswith("Module B in miniature (example modules)")
    assert "bak bakery" not in short[1]
    saved = len(caption.split("\n")) - len(short[1].split("\n"))
    assert where_picture(state, menu, 80, 24, header + spare + saved, "Expand:") is not None
    assert where_picture(state, menu, 80, 24, header + spare + saved + 1, "Expand:") is None


def test_the_legend_says_lower_case_is_mist_only_where_there_is_mist():
    from caledonia.cli.map_view import where_legend

    two = assemble(load_sides(None, EXAMPLE), EXAMPLE, 2)
    four = assemble(load_sides(None, EXAMPLE), EXAMPLE, 4)
    assert "lower case: mist" in " ".join(where_legend(two, None, {0: "1"}, "module A", 79))
    assert "mist" not in " ".join(where_legend(four, None, {0: "1"}, "module A", 79))


def test_a_confirmation_names_the_first_landmark_of_every_space_as_the_menus_do():
    """site_words looks only as far as the first landmark: it is the one `landmarks` puts
    first, for every space, at every stage of a game (units near or not, rivers, lochs)."""
    from caledonia.rules.game.pieces import position_of
    from caledonia.rules.space_names import landmarks, short_place, site_words

    whole = _midway_game()
    game = Game(whole.setup, whole.parts)
    kinds = set()
    for count, event in enumerate([None, *whole.events]):
        if event is not None:
            game.apply(event)
        if count % 10:
            continue
        position = position_of(game.state)
        for index, space in enumerate(position.board.spaces):
            marks = landmarks(position, index, short=True)
            said = site_words(position, index)
            assert said.fields["space"] == space.id
            place = short_place(position.board, index)
            if not marks:
                assert said.fields["place"] == place
                continue
            assert repr(said.fields["place"]) == repr(Reason(COMMA, first=place, second=marks[0]))
            kinds.add(marks[0].message_id)
    # units beside and across a river, lochs and the rest were all met
    assert {"beside {things}", "across the river from {things}"} <= kinds
    assert len(kinds) >= 4, kinds


@pytest.mark.parametrize("sides", [EXAMPLE, ["A2", "B2", "C2", "D2"]], ids=" ".join)
def test_each_space_is_counted_in_rows_and_hexes_within_its_module(sides):
    """The row from the top and the hex from the left of every space, as the printed
    module shows them: rows counted among the module's own, hexes among its row's."""
    from caledonia.rules.board import DEFAULT_ORIGINS
    from caledonia.rules.map_modules import load_module_set, maps_folder
    from caledonia.rules.space_names import short_place

    board = assemble(load_module_set(maps_folder(), DEFAULT_ORIGINS), sides, 4)
    for space in board.spaces:
        module = [s for s in board.spaces if s.module == space.module]
        row = sorted({s.row for s in module}).index(space.row) + 1
        hex_ = sorted(s.column for s in module if s.row == space.row).index(space.column) + 1
        said = short_place(board, space.index)
        assert f"row {row}, hex {hex_} of module {space.module}" in said, (space.id, said)
