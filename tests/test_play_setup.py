"""The setup questions of `caledonia play`: the file they make is the one `caledonia new`
makes from the same choices; refused answers are asked again; Ctrl-C writes nothing."""

from __future__ import annotations

import pytest
import yaml
from caledonia.cli.play_setup import ask_new_game
from caledonia.rules.errors import CaledoniaError
from caledonia.rules.space_names import placed_id
from caledonia.rules.words import one_of
from conftest import run_cli
from scripted import ScriptedAsker

ENTER = ""  # the default: the seat's usual colour, the examples, the plain game, a seed
TWO_PLAYERS = ["Ailsa", ENTER, "Bruce", ENTER, ENTER]  # red, blue, then "that's everyone"
EXAMPLES, PLAIN, BY_SEED, OWN_LAYOUT = "e", "d", "s", "o"
OWN_PILE, TOOLS_PILE = "o", "c"  # the table's own contract tiles, or caledonia's shuffled pile
# the table's own layout, as `new` takes it
LAYOUT = {
    "modules": "A1,B2,C1,D2",
    "ports": "5,2,8,1",
    "scoring-tiles": "3,7,1,5,2",
    "clans": "Campbell,Cunningham,MacKenzie",
    "starting-tiles": "3,8,5",
    "contracts": "11,12,13,14,15,16",
}


def faces(ids: str) -> str:
    """Contract tiles as a table types them: the goods on each tile's left half."""
    from caledonia.rules.components import components
    from caledonia.rules.contract_faces import left_half

    return ", ".join(left_half(components().contracts[int(i)]) for i in ids.split(","))


# ... and answered in `play`: sides and clans typed, each tile a key of its menu
LAYOUT_ANSWERS = [
    LAYOUT["modules"],
    LAYOUT["clans"],
    *LAYOUT["ports"].split(","),
    *LAYOUT["scoring-tiles"].split(","),
    *LAYOUT["starting-tiles"].split(","),
    OWN_PILE,
    faces(LAYOUT["contracts"]),
]


@pytest.fixture(autouse=True)
def no_table_files(monkeypatch):
    """The table's own files in the environment would be used without asking."""
    for name in ("CALEDONIA_MARKET", "CALEDONIA_BOX", "CALEDONIA_EXPORT_BOARD", "CALEDONIA_MAPS"):
        monkeypatch.delenv(name, raising=False)


def setup_of(path) -> dict:
    with open(path, encoding="utf-8") as file:
        return yaml.safe_load(file)["setup"]


def new_setup(tmp_path, *args) -> dict:
    """The setup `caledonia new` writes with these flags."""
    path = tmp_path / "by-new.yaml"
    result = run_cli("new", str(path), *args)
    assert result.returncode == 0, result.stderr
    return setup_of(path)


def test_a_seeded_two_player_game_is_the_one_new_makes(tmp_path):
    path = tmp_path / "game.yaml"
    asker = ScriptedAsker([*TWO_PLAYERS, EXAMPLES, PLAIN, BY_SEED, "7", TOOLS_PILE])
    game = ask_new_game(asker, str(path))
    assert setup_of(path) == new_setup(
        tmp_path, "-p", "Ailsa:red", "-p", "Bruce:blue", "--seed", "7"
    )
    assert [p.name for p in game.setup.players] == ["Ailsa", "Bruce"]
    assert not asker.answers and not asker.refusals
    said = "\n".join(asker.said)
    assert "made-up values, not your box's printed ones" in said
    assert "Note: this game uses example data" in said
    assert "  [ ] Map: " in said and "  [ ] Face-up contracts: " in said
    assert f"Started {path} (seed 7)." in said


def test_a_solo_game_asks_for_the_removal_grid_and_no_start_player(tmp_path):
    path = tmp_path / "solo.yaml"
    asker = ScriptedAsker(["Rhona", "g", ENTER, EXAMPLES, PLAIN, BY_SEED, "5", TOOLS_PILE])
    game = ask_new_game(asker, str(path))
    assert [(p.name, p.colour) for p in game.setup.players] == [("Rhona", "green")]
    assert game.setup.removal_grid is not None
    assert any("solo removal grid" in q for q in asker.questions)
    assert "One player: Rhona plays the solo game." in asker.said
    assert setup_of(path) == new_setup(tmp_path, "-p", "Rhona:green", "--seed", "5")


def test_the_tables_own_layout_takes_the_next_answer_after_a_refused_one(tmp_path):
    path = tmp_path / "game.yaml"
    answers = [*TWO_PLAYERS, EXAMPLES, PLAIN, OWN_LAYOUT, "Ailsa", "A1,B2,C1", *LAYOUT_ANSWERS]
    asker = ScriptedAsker(answers)
    ask_new_game(asker, str(path))
    [(question, answer, reason)] = asker.refusals
    assert question.startswith("Map modules and sides") and answer == "A1,B2,C1"
    assert reason == "Expected one side of each module A, B, C and D."
    flags = [f for name, value in LAYOUT.items() for f in (f"--{name}", value)]
    made = new_setup(
        tmp_path, "-p", "Ailsa:red", "-p", "Bruce:blue", "--start-player", "Ailsa", *flags
    )
    mine = setup_of(path)
    assert mine.pop("seed") is not None and made.pop("seed") is not None  # nothing was drawn
    assert mine == made


def test_each_tile_menu_says_what_the_tile_is_and_offers_a_tile_once(tmp_path):
    answers = [*TWO_PLAYERS, EXAMPLES, PLAIN, OWN_LAYOUT, "r", ENTER, ENTER, "5", "2", "8", "1"]
    answers += [ENTER, ENTER, TOOLS_PILE]  # scoring and starting tiles drawn, caledonia's pile

    class Seen(ScriptedAsker):
        menus: dict = {}

        def choose(self, question, choices, *, default=None):
            self.menus[question] = [c.label for c in choices]
            return super().choose(question, choices, default=default)

    asker = Seen(answers)
    game = ask_new_game(asker, str(tmp_path / "g.yaml"))
    assert dict(game.setup.ports) == {"A": "5", "B": "2", "C": "8", "D": "1"}
    corners = {q.split(" (")[0]: q for q in asker.menus if q.startswith("Port tile at corner")}
    first, last = (
        asker.menus[corners["Port tile at corner A"]],
        asker.menus[corners["Port tile at corner D"]],
    )
    board = game.setup.board()  # each corner said by where it lies and the spaces it touches
    for letter, where in zip(
        "ABCD", ("top left", "top right", "bottom right", "bottom left"), strict=True
    ):
        slot = next(s for s in board.port_slots if s.module == letter)
        touching = one_of([placed_id(board, i) for i in slot.touches], "and")
        assert corners[f"Port tile at corner {letter}"] == (
            f"Port tile at corner {letter} ({where}, touching {touching}):"
        )
    assert "receive £10" in first and "give 1 basic good, take 3" in first
    assert "(5)" not in first  # by what it does: the tiles carry no number people read
    assert "Let caledonia draw these" in first and "Let caledonia draw these" not in last
    assert last[-1] == "← back"  # every set-up question after the first has a way back
    assert len(last) == 6 and "receive £10" not in last  # 8 tiles, 3 of them at A-C; and back
    scoring = asker.menus["Scoring tile for round 1:"]
    assert "Deployed workers, MacDonald's fishermen included: 2 glory each (4)" in scoring
    tiles = (
        asker.menus["Campbell's starting tile:"]
        if "Campbell's starting tile:" in asker.menus
        else next(v for k, v in asker.menus.items() if k.endswith("'s starting tile:"))
    )
    assert "£56, 1 wool, 1 milk (4) (example values)" in tiles


def test_the_tables_own_pile_is_the_default_and_its_face_up_tiles_are_typed_by_their_goods(
    tmp_path,
):
    from caledonia.rules.components import components
    from caledonia.rules.contract_faces import named

    contracts = components().contracts
    path = tmp_path / "game.yaml"
    typed = f"{faces('11,12,13,14,15')}, 2 wool cheese whisky"  # the last: 39 or 42
    answers = [*TWO_PLAYERS, EXAMPLES, PLAIN, BY_SEED, "7", ENTER, "4 wole", typed]
    asker = ScriptedAsker([*answers, named(contracts[42])])
    game = ask_new_game(asker, str(path))
    assert game.setup.pile is None
    assert [c for c in game.setup.export_board if c] == [11, 12, 13, 14, 15, 42]
    assert "No good 'wole'" in asker.refusals[0][2]
    assert "Which tile is '2 wool cheese whisky'?" in asker.questions
    flags = ["--seed", "7", "--contracts", "11,12,13,14,15,42"]
    assert setup_of(path) == new_setup(tmp_path, "-p", "Ailsa:red", "-p", "Bruce:blue", *flags)
    said = "\n".join(asker.said)
    assert "Face-up contracts: " + named(contracts[11]) in said


def test_variants_are_toggled_by_key_and_a_bad_mix_is_explained(tmp_path):
    path = tmp_path / "game.yaml"
    toggles = ["s", "c", "a", PLAIN, "c", PLAIN]  # the auction without clans is refused first
    answers = [*TWO_PLAYERS, EXAMPLES, *toggles, BY_SEED, "4", TOOLS_PILE]
    game = ask_new_game(ScriptedAsker(answers), str(path))
    variants = game.setup.variants
    assert variants["static_imports"] and variants["clan_auction"] and variants["clans"]
    answers = [*TWO_PLAYERS, EXAMPLES, "c", "a", PLAIN, "a", PLAIN, BY_SEED, "4", TOOLS_PILE]
    asker = ScriptedAsker(answers)
    ask_new_game(asker, str(tmp_path / "other.yaml"))
    assert "The clan auction needs clans and at least 2 players." in asker.said
    flags = ["--static-imports", "--clan-auction", "--seed", "4"]
    assert setup_of(path) == new_setup(tmp_path, "-p", "Ailsa:red", "-p", "Bruce:blue", *flags)


def test_the_tighter_map_asks_its_spaces_on_the_map_laid_out(tmp_path):
    spaces = ["A-10", "A-10,B-21,C-05,D-30", "A-12,B-09,C-05,D-07"]
    answers = [*TWO_PLAYERS, EXAMPLES, "m", PLAIN, BY_SEED, "7", TOOLS_PILE, *spaces]
    asker = ScriptedAsker(answers)
    game = ask_new_game(asker, str(tmp_path / "g.yaml"))
    assert asker.questions[-1].startswith("Tighter map: the four covered spaces on A2 B1 C2 D1")
    assert [reason for _, _, reason in asker.refusals] == [
        "Give the four covered spaces, one on each module, e.g. A-10,B-21,C-05,D-30.",
        "B-21 is not an active land space: cover land of the active map.",
    ]
    assert game.setup.tighter_map == ("A-12", "B-09", "C-05", "D-07")
    assert "  [ ] Cover the spaces: A-12, B-09, C-05, D-07" in asker.said


def test_without_clans_the_starting_tiles_follow_the_turn_order(tmp_path):
    tiles = ["4", "9"]  # by their menus' keys, after the sides, ports and scoring tiles drawn
    answers = [*TWO_PLAYERS, EXAMPLES, "c", PLAIN, OWN_LAYOUT, "Bruce", *[ENTER] * 3, *tiles]
    asker = ScriptedAsker([*answers, TOOLS_PILE])
    game = ask_new_game(asker, str(tmp_path / "g.yaml"))
    assert asker.questions[-3:-1] == ["Bruce's starting tile:", "Ailsa's starting tile:"]
    assert "  [ ] Starting tiles: Bruce £56, 1 wool, 1 milk (4); Ailsa £56, 1 grain (9)" in (
        asker.said
    )
    assert game.setup.clans == () and game.setup.starting_tiles == (4, 9)


def test_an_existing_game_is_never_replaced(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text("mine", encoding="utf-8")
    with pytest.raises(CaledoniaError, match="exists"):
        ask_new_game(ScriptedAsker([]), str(path))
    assert path.read_text(encoding="utf-8") == "mine"


def test_names_must_be_given_and_different(tmp_path):
    answers = [ENTER, "Ailsa", ENTER, " ailsa ", "Bruce", "y", ENTER, EXAMPLES, PLAIN]
    asker = ScriptedAsker([*answers, BY_SEED, "1", TOOLS_PILE])
    game = ask_new_game(asker, str(tmp_path / "g.yaml"))
    assert [reason for _, _, reason in asker.refusals] == [
        "A player needs a name.",
        "ailsa is already at the table: give each player a different name.",
    ]
    assert [(p.name, p.colour) for p in game.setup.players] == [
        ("Ailsa", "red"),
        ("Bruce", "yellow"),
    ]


def test_four_players_end_the_list_and_taken_colours_are_not_offered(tmp_path):
    names = ["Ailsa", "b", "Bruce", "r", "Cat", ENTER, "Dougie", ENTER]  # blue, red, green, yellow
    asker = ScriptedAsker([*names, EXAMPLES, PLAIN, BY_SEED, "2", TOOLS_PILE, ENTER])
    game = ask_new_game(asker, str(tmp_path / "g.yaml"))
    assert [p.colour for p in game.setup.players] == ["blue", "red", "green", "yellow"]
    assert asker.answers == [ENTER]  # no fifth name asked


def test_files_given_as_options_are_not_asked_and_a_bad_own_file_is_refused(tmp_path):
    from caledonia.rules.boxdata import EXAMPLE_BOX
    from caledonia.rules.market import EXAMPLE_MARKET

    files = {"market_file": str(EXAMPLE_MARKET), "box_file": str(EXAMPLE_BOX)}
    asker = ScriptedAsker([*TWO_PLAYERS, PLAIN, BY_SEED, "7", TOOLS_PILE])
    ask_new_game(asker, str(tmp_path / "g.yaml"), **files)
    assert not any(q.startswith("Which data") for q in asker.questions)
    missing = str(tmp_path / "nowhere.yaml")
    answers = [*TWO_PLAYERS, "o", missing, str(EXAMPLE_MARKET), ENTER, PLAIN, BY_SEED, "7"]
    answers.append(TOOLS_PILE)
    asker = ScriptedAsker(answers)
    ask_new_game(asker, str(tmp_path / "h.yaml"))
    [(_, _, reason)] = asker.refusals
    assert reason == f"{missing}: file not found"


def test_ctrl_c_during_the_questions_leaves_no_file(tmp_path):
    path = tmp_path / "game.yaml"
    asker = ScriptedAsker(
        [*TWO_PLAYERS, EXAMPLES, PLAIN, OWN_LAYOUT, "Bruce", "A1,B2,C1,D2", KeyboardInterrupt()]
    )
    with pytest.raises(KeyboardInterrupt):
        ask_new_game(asker, str(path))
    assert list(tmp_path.iterdir()) == []


def test_clans_typed_are_read_by_their_start_and_an_ambiguous_start_names_its_clans(tmp_path):
    path = tmp_path / "game.yaml"
    layout = list(LAYOUT_ANSWERS)
    layout[1:2] = ["mac,Campbell,Cunningham", "camp, CUNN, mack"]  # refused, then read
    answers = [*TWO_PLAYERS, EXAMPLES, PLAIN, OWN_LAYOUT, "Ailsa", *layout]
    asker = ScriptedAsker(answers)
    game = ask_new_game(asker, str(path))
    [(question, answer, reason)] = asker.refusals
    assert question.startswith("The 3 clans drawn") and answer == "mac,Campbell,Cunningham"
    assert reason == "'mac' could be MacDonald or MacKenzie: give more of the clan."
    assert game.setup.clans == ("Campbell", "Cunningham", "MacKenzie")


def test_back_from_each_set_up_question_returns_to_the_one_before_with_its_answer(tmp_path):
    from scripted import Esc

    path = tmp_path / "game.yaml"
    answers = ["Ailsa", ENTER, "Bruce", "0"]  # back from Bruce's colour to his name
    answers += [ENTER, "g", Esc()]  # his name kept; green; Esc at the third player's name
    answers += ["0", ENTER, ENTER, ENTER]  # back to his name: Enter on what is kept, twice
    answers += [EXAMPLES, PLAIN, "0", ENTER]  # back from the layout to the variants kept
    answers += [BY_SEED, Esc("12")]  # Esc at the seed: "12" kept
    answers += [ENTER, ENTER, "0", ENTER]  # the layout kept, 12 kept; back from the pile
    answers += [TOOLS_PILE]
    asker = ScriptedAsker(answers)
    ask_new_game(asker, str(path))
    assert not asker.answers and not asker.refusals
    assert setup_of(path) == new_setup(
        tmp_path, "-p", "Ailsa:red", "-p", "Bruce:green", "--seed", "12"
    )
    offered = {}
    for question, held in asker.offered:
        offered.setdefault(question, []).append(held)
    assert offered["Player 2's name (seat order, clockwise) (Enter alone: that's everyone):"] == [
        "",
        "Bruce",
        "Bruce",
    ]
    assert offered["Seed (Enter alone: a random one):"] == ["", "12", "12"]
    said = [line for line in asker.said if "made-up values" in line]
    assert len(said) == 1  # said once, not again as the answers are given again


def test_the_first_set_up_question_has_no_way_back_and_every_menu_after_it_has(tmp_path):
    from scripted import Esc

    class Menus(ScriptedAsker):
        backs: list = []

        def choose(self, question, choices, *, default=None):
            self.backs.append(choices[-1].label == "← back" and choices[-1].key == "0")
            return super().choose(question, choices, default=default)

    asker = Menus([Esc()])
    with pytest.raises(AssertionError, match="no way back at: Player 1's name"):
        ask_new_game(asker, str(tmp_path / "game.yaml"))
    asker = Menus([*TWO_PLAYERS, EXAMPLES, PLAIN, OWN_LAYOUT, "r", ENTER, ENTER, ENTER])
    asker.answers += [ENTER, ENTER, TOOLS_PILE]
    ask_new_game(asker, str(tmp_path / "game.yaml"))
    assert len(asker.backs) >= 8 and all(asker.backs)
