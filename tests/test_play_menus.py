"""`play`'s menus as a table reads them: never cut at 80 columns so that two options read
the same, each with its whole cost and what it gives up; a game from the table's own pile,
every draw typed by the tiles' faces; and no command-line words inside `play`."""

from __future__ import annotations

import json
import re

import pytest
import yaml
from caledonia.cli.play_cmd import run, status_lines, step
from caledonia.cli.play_saving import Table
from caledonia.cli.prompts import POINTER_WIDTH, Choice, menu_titles
from caledonia.rules.contract_faces import left_half, named
from caledonia.rules.game.engine import Game
from caledonia.rules.game.play_record import KEYS as PLAY_KEYS
from caledonia.storage.games import load_game, save_game
from conftest import SAMPLES
from gametools import PARTS
from scripted import ScriptedAsker
from test_play import ReplayAsker, building_bonus_from_own_pile, saved, scripted_game

WIDTH = 80


def rendered(choices, width=WIDTH) -> list[str]:
    """Each option as a menu `width` columns wide shows it (play leaves the last column)."""
    return [" " * POINTER_WIDTH + t for t in menu_titles(choices, width - 1)]


def cut(choices, width=WIDTH) -> list[str]:
    """Each option as a terminal that does not wrap would show it: its first `width`
    columns (how play's menus were shown before they wrapped)."""
    return [(" " * POINTER_WIDTH + t)[:width] for t in menu_titles(choices, 10_000)]


class Reading(ReplayAsker):
    """Plays a recorded game and keeps every menu it was shown, with its question."""

    def __init__(self, wanted):
        super().__init__(wanted)
        self.shown: list[tuple[str, list[Choice]]] = []

    def choose(self, question, choices, *, default=None):
        self.shown.append((question, list(choices)))
        return super().choose(question, choices, default=default)


def played(name, tmp_path) -> Reading:
    recorded = load_game(str(SAMPLES / name), PARTS)
    game = Game(recorded.setup, PARTS)
    path = saved(game, tmp_path)
    asker = Reading(recorded.events)
    table = Table(path, game)
    while step(asker, table):
        if table.game.events[-1]["type"] != "end_turn":
            asker.wanted.remove(table.game.events[-1])
    return asker


def every_menu(game, choice):
    """Every menu `play` may show at this decision: the first menu, then for each kind every
    narrowing menu and every list of events below it."""
    from caledonia.cli.choosing import event_choices, kind_choices, narrow
    from caledonia.cli.play_cmd import _back, _first_menu
    from caledonia.rules.game.families import Family

    state = game.state
    yield _first_menu(game, choice)
    yield kind_choices(state, choice.events)

    def below(kind, events):
        level = narrow(state, kind, events)
        if level is None:
            yield event_choices(state, kind, events) + [_back()]
            return
        _, choices = level
        yield choices + [_back()]
        for c in choices:
            if isinstance(c.value, list) and len(c.value) > 1:
                yield from below(kind, c.value)

    for kind, events in choice.events.items():
        if not isinstance(events, Family) and kind != "end_turn":
            yield from below(kind, list(events))


@pytest.mark.parametrize("name", ["game-2p.yaml", "game-4p.yaml"])
def test_no_menu_of_a_whole_game_reads_the_same_for_two_options_at_80_columns(name):
    from caledonia.cli.choosing import decision

    recorded = load_game(str(SAMPLES / name), PARTS)
    game = Game(recorded.setup, PARTS)
    menus = 0
    for event in recorded.events:
        choice = decision(game.state, game.legal())
        for choices in every_menu(game, choice) if choice else ():
            menus += 1
            lines = rendered(choices)
            for block in lines:
                assert all(len(line) <= WIDTH for line in block.split("\n")), block
            words = [" ".join(block.split()) for block in lines]  # as read, wrapped or not
            assert len(set(words)) == len(words), words
        game.apply(event)
    assert menus > 1000


def test_two_fulfilments_that_differ_only_past_the_edge_read_apart():
    """The issue's pair: cut at 80 columns both read '... slaughtering on C-'."""
    face = "2 wool + 1 mutton + 1 cheese → 3 cotton, 1 hop, free space (47)"
    menu = [Choice(f"{face}, slaughtering on C-{space}", space) for space in ("12", "19")] + [
        Choice("← back", "back", "0")
    ]
    first, second, _ = cut(menu)
    assert first.replace("1)", "2)") == second  # what the terminal showed: the same words
    shown = rendered(menu)
    assert len({" ".join(block.split()) for block in shown}) == len(menu)
    assert shown[0].endswith("C-12") and shown[1].endswith("C-19")


def test_a_long_option_wraps_under_its_words_and_keeps_its_end():
    buchanan = "Buchanan: " + "two contracts in one action; " * 3 + "pay £10 once"
    [title] = menu_titles([Choice(buchanan, 1, "1")], WIDTH - 1)
    lines = title.split("\n")
    assert len(lines) > 1 and lines[-1].endswith("pay £10 once")
    assert all(line.startswith(" " * (POINTER_WIDTH + 3)) for line in lines[1:])


# -- the table's own pile ---------------------------------------------------------------


def own_pile_version(name):
    """A sample game as a table with its own tiles plays it: the same face-up contracts,
    no known pile, and each draw what the table says came up (sorted, as recorded)."""
    recorded = load_game(str(SAMPLES / name), PARTS)
    setup = recorded.setup._replace(pile=None)
    events = []
    for event in recorded.events:
        if event.get("drawn") and event["type"] in ("prepare", "building_bonus"):
            event = {**event, "drawn": sorted(event["drawn"])}
        events.append(event)
    return setup, events


class ByFaces(ReplayAsker):
    """Answers every draw by the goods on the tiles' left halves; a twin from its menu."""

    def text(self, question, *, default="", validate=None, back=False):
        drawn = next(e for e in self.wanted if "drawn" in e)["drawn"]
        typed = ", ".join(left_half(PARTS.contracts[c]) for c in drawn) or "none"
        self.questions.append(question)
        assert validate is None or validate(typed) is True, (question, typed)
        return typed

    def choose(self, question, choices, *, default=None):
        if question.startswith("Which tile is"):
            drawn = next(e for e in self.wanted if "drawn" in e)["drawn"]
            return next(c.value for c in choices if c.value in drawn)
        return super().choose(question, choices, default=default)


@pytest.mark.long
@pytest.mark.parametrize("name", ["game-2p.yaml", "game-3p.yaml", "game-solo.yaml"])
def test_a_game_from_the_tables_own_pile_typed_by_faces_equals_act(name, tmp_path):
    """The set-up's face-up tiles and every refill typed by their goods through `play`;
    the file equals the one `act --event` writes for the same draws."""
    from caledonia.cli.main import build_app
    from caledonia.cli.play_setup import ask_new_game
    from typer.testing import CliRunner

    setup, events = own_pile_version(name)
    assert any("drawn" in e for e in events)
    path = tmp_path / name
    ask_new_game(ScriptedAsker(setup_answers(setup)), str(path))
    made = load_game(str(path), PARTS).setup
    assert same_table(made, setup)
    asker = ByFaces(events)
    table = Table(str(path), load_game(str(path), PARTS))
    while step(asker, table):
        if table.game.events[-1]["type"] != "end_turn":
            asker.wanted.remove(table.game.events[-1])
    assert asker.wanted == [] and table.game.state.phase == "over"
    assert any(q.startswith("The ") and "drawn from your pile" in q for q in asker.questions)

    by_act = tmp_path / "by-act.yaml"
    save_game(str(by_act), Game(made, PARTS))
    act = build_app("act")
    for event in load_game(str(path), PARTS).events:
        done = CliRunner().invoke(act, ["act", str(by_act), "--event", json.dumps(event)])
        assert done.exit_code == 0, done.output
    played = yaml.safe_load(path.read_text())
    assert set(played) - set(PLAY_KEYS) == {"format", "setup", "events"}
    assert yaml.safe_load(by_act.read_text()) == {  # the play's id and times aside
        key: value for key, value in played.items() if key not in PLAY_KEYS
    }


def same_table(made, wanted) -> bool:
    """Two setups lay out the same table: equal but for the seed, the files the sides and
    the market were read from, and the notice's wording."""

    def laid_out(setup):
        sides = tuple(side._replace(source="") for side in setup.sides)
        market = setup.market._replace(source="")
        grid = setup.removal_grid and setup.removal_grid._replace(source="")
        return setup._replace(
            seed=None, sides=sides, market=market, removal_grid=grid, example_data=()
        )

    return laid_out(made) == laid_out(wanted)


def setup_answers(setup) -> list[str]:
    """play's set-up questions answered with a sample's layout, its own pile by faces."""
    answers = []
    for player in setup.players:
        answers += [player.name, player.colour]
    answers += ["", "e", "d", "o"]  # examples, the plain game, the table's own layout
    answers += [setup.start_player] if len(setup.players) > 1 else []
    answers += [",".join(side.name for side in setup.sides), ",".join(setup.clans)]
    answers += [setup.ports[c] for c in "ABCD"]
    answers += list(setup.scoring_tiles) + [str(t) for t in setup.starting_tiles]
    dealt = [c for c in setup.export_board if c is not None]
    answers += ["o", ", ".join(left_half(PARTS.contracts[c]) for c in dealt)]
    twins = [named(PARTS.contracts[c]) for c in dealt if c in (39, 42)]
    return answers + twins


# -- costs and what is given up ---------------------------------------------------------


def test_keeping_a_building_bonus_contract_says_its_fee(tmp_path):
    game = building_bonus_from_own_pile()
    kept = {}

    class Keep(ScriptedAsker):
        def choose(self, question, choices, *, default=None):
            kept[question] = [c.label for c in choices]
            return super().choose(question, choices, default=default)

    asker = Keep(["g", "40, 41, 42", "4"])
    assert step(asker, Table(saved(game, tmp_path), game))
    labels = kept["Keep:"]
    assert labels[0] == "keep none"  # round 1: each contract kept brings £5
    from caledonia.rules.contract_faces import face

    faces = [label == f"keep {face(PARTS.contracts[42])}: receive £5" for label in labels[1:4]]
    assert faces == [False, False, True]  # by its face: the tiles carry no number
    assert all(label.endswith(": receive £5") for label in labels[1:4])


def test_a_moved_price_and_the_kickstarter_fee_are_in_the_port_line():
    from caledonia.rules.game.registry import EVENTS
    from gametools import start

    game = start(2, variants={"kickstarter": True}, ports={"A": "6", "B": "KS", "C": "5", "D": "4"})
    state = game.state
    spec = EVENTS["port"]
    price = {"type": "port", "player": "Ailsa", "tile": "6", "good": "whisky", "direction": "up"}
    before = state.prices["whisky"]
    after = state.market.tracks["whisky"].move(before, 3)
    assert spec.option_words(state, price) == f"corner A: whisky 3 steps up (£{before} → £{after})"
    ks = {"type": "port", "player": "Ailsa", "tile": "KS", "use": "5"}
    assert spec.option_words(state, ks) == "corner B: the Kickstarter port: £10: pay £3"


def test_a_port_tile_in_the_first_menu_says_it_ends_the_open_neighbourhood_bonus(tmp_path):
    from caledonia.cli.choosing import decision, kind_choices

    recorded = load_game(str(SAMPLES / "game-4p.yaml"), PARTS)
    game = Game(recorded.setup, PARTS)
    for event in recorded.events:
        choice = decision(game.state, game.legal())
        if choice and "neighbourhood" in choice.events and "port" in choice.events:
            break
        game.apply(event)
    else:
        pytest.fail("no turn with the neighbourhood bonus open and a port tile in reach")
    menu = {c.value: c.label for c in kind_choices(game.state, choice.events)}
    assert menu["port"].endswith(": ends the neighbourhood bonus")
    assert "ends" not in menu["neighbourhood"]
    # and the port really does end it
    port = next(iter(choice.events["port"]))
    game.apply(port)
    assert "neighbourhood" not in decision(game.state, game.legal()).events


# -- the status line and play's words ---------------------------------------------------


def test_the_status_lines_fit_80_columns_without_breaking_a_word():
    recorded = load_game(str(SAMPLES / "game-4p.yaml"), PARTS)
    game = Game(recorded.setup, PARTS)
    longest = 0
    for event in recorded.events:
        game.apply(event)
        for player in game.state.players:
            lines = status_lines(game.state, player, WIDTH - 1)
            longest = max(longest, len(" · ".join(lines)))
            assert all(len(line) <= WIDTH - 1 for line in lines)
            said = " ".join(lines)
            assert "river-crossing" in said if player.shipping_level == "river_crossing" else True
            assert "technology " in said
    assert longest > WIDTH  # some did need a second line


COMMAND_WORDS = re.compile(r"`|--\w|caledonia \w+ --help|\bPLAYER\b|\bN:|e\.g\. port:|\(from the")


def test_no_command_line_words_in_play_menus_notes_or_clan_powers(tmp_path):
    from caledonia.rules.game.registry import CLANS

    for clan in CLANS.values():
        assert not COMMAND_WORDS.search(clan.summary or ""), clan.summary
    asker = played("game-2p.yaml", tmp_path)
    for _, choices in asker.shown:
        for choice in choices:
            assert not COMMAND_WORDS.search(choice.label), choice.label
    path, fixing, _ = scripted_game(tmp_path, ["x", "m", "Iain", "twenty", "40", "q"])
    run(fixing, str(path))
    texts = fixing.questions + fixing.said + [reason for *_, reason in fixing.refusals]
    assert not any(COMMAND_WORDS.search(text) for text in texts), texts
    assert fixing.refusals[0][2] == "Expected a whole number from 0 to 9999, got 'twenty'."


def test_choosing_a_clan_costs_no_extra_key_and_shows_its_starting_tile(tmp_path):
    recorded = load_game(str(SAMPLES / "game-2p.yaml"), PARTS)
    game = Game(recorded.setup, PARTS)
    shown = {}

    class First(ScriptedAsker):
        def choose(self, question, choices, *, default=None):
            shown[question] = [c.label for c in choices]
            return super().choose(question, choices, default=default)

    asker = First(["1"])
    assert step(asker, Table(saved(game, tmp_path), game))
    assert game.events[-1]["type"] == "clan"  # one key: the clan menu came first
    [(question, labels)] = shown.items()
    assert question.endswith("Choose a clan:")
    clan, tile = recorded.setup.clans[0], recorded.setup.starting_tiles[0]
    money = recorded.setup.tile_contents[tile].money
    assert any(
        label.startswith(f"{clan} (starting tile {tile}: £{money}") and "example values" in label
        for label in labels
    )
    assert "Save and quit" in labels


def test_an_answered_option_and_a_long_question_break_between_words():
    from caledonia.cli.prompts import answered_title, fitted_question

    question = (
        "Which data for the market board, box values (starting tiles, pass money, import marks)?"
    )
    lines = fitted_question(question, WIDTH - 1).split("\n")
    assert len(lines) == 2 and lines[0].endswith("money,") and lines[1] == "  import marks)?"
    title = menu_titles(
        [Choice("keep " + "2 wool + 1 cheese + 1 whisky → 2 sugar cane, " * 2, 1)], 79
    )
    shown = answered_title("Keep:", title[0], WIDTH - 1)
    first, *rest = shown.split("\n")
    assert len("? Keep: " + first) <= WIDTH - 1 and rest
    assert " ".join(shown.split()) == " ".join(title[0].split())  # the same words, whole


def test_a_key_the_options_hold_moves_the_escape_off_it():
    from caledonia.cli.play_cmd import BOARD, _beside

    modules = [Choice(f"module {m}: 3 choices", m, m.lower()) for m in "ABCD"]
    merged = _beside(modules, [Choice("Board", BOARD, "d"), Choice("Status", "status", "i")])
    keys = [c.key for c in merged]
    assert keys[:4] == ["a", "b", "c", "d"] and keys[4] is None and keys[5] == "i"


# -- spaces told apart by words, not ids ------------------------------------------------

SPACE_ID = re.compile(r"\b[A-D]-\d{2}\b|port:[A-D]")


def without_ids(label: str) -> str:
    return " ".join(SPACE_ID.sub("", label).split())


@pytest.mark.parametrize("name", ["game-2p.yaml", "game-3p.yaml", "game-4p.yaml", "game-solo.yaml"])
def test_no_two_options_of_a_menu_read_the_same_once_the_space_ids_are_removed(name):
    """The board prints no ids: the words around an id must tell its option apart."""
    from caledonia.cli.choosing import decision

    recorded = load_game(str(SAMPLES / name), PARTS)
    game = Game(recorded.setup, PARTS)
    spaced = 0
    for event in recorded.events:
        choice = decision(game.state, game.legal())
        for choices in every_menu(game, choice) if choice else ():
            words = [without_ids(c.label) for c in choices]
            spaced += sum(1 for c in choices if SPACE_ID.search(c.label))
            assert len(set(words)) == len(words), [c.label for c in choices]
        game.apply(event)
    assert spaced > 100


def test_two_spaces_without_landmarks_read_apart_by_row_and_hex():
    """The user's pair: C-15 and C-16, both forest £2 with nothing beside them."""
    from caledonia.rules.game.registry import EVENTS
    from gametools import start

    game = start(2)
    state = game.state
    spec = EVENTS["worker"]
    lines = [
        spec.option_words(
            state, {"type": "worker", "player": "Ailsa", "unit": "woodcutter", "space": s}
        )
        for s in ("C-15", "C-16")
    ]
    first, second = (without_ids(line) for line in lines)
    assert first != second
    assert re.search(r"row \d, hex \d of module C", first), first


@pytest.mark.parametrize("extra", [[], ["--kickstarter", "--clans", "MacEwen,Buchanan,Stewart"]])
def test_plays_example_notice_names_no_command(extra, tmp_path):
    """Inside `play` the notice says what is an example without the commands that enter
    the box (play cannot run them); elsewhere the commands stay."""
    from caledonia.cli.game_io import example_note
    from conftest import run_cli

    path = tmp_path / "game.yaml"
    made = run_cli("new", str(path), "-p", "Ailsa:red", "-p", "Bruce:blue", "--seed", "7", *extra)
    assert made.returncode == 0, made.stderr
    setup = load_game(str(path), PARTS).setup
    outside, inside = example_note(setup), example_note(setup, in_play=True)
    assert "'caledonia box tiles' enters yours" in outside
    assert "caledonia" not in inside and "enters" not in inside
    assert "entered once, outside a game" in inside
    listed = inside.split(". Your own box")[0]
    assert listed.count(",") == outside.count(",")  # every example still named
    if extra:
        assert "beer_money: example value)" in inside
