"""The table's words: verbs, goods, units and choices as people type them, one resolver for all."""

from __future__ import annotations

import pytest
from caledonia.rules.game.event_words import event_from_words
from caledonia.rules.game.gamefile import checked_event, game_as_text
from caledonia.rules.game.legal import legal_events
from caledonia.rules.game.registry import VERBS
from caledonia.rules.game.spec import CHOICES, WordsError
from caledonia.rules.game.state import Refused
from caledonia.rules.words import Unmatched, counted, match_word, plural, resolve_word
from gametools import PARTS, start

UNITS = tuple(PARTS.economy.units)
GOODS = PARTS.economy.goods


def spellings(name: str) -> list[str]:
    """How people type a name: any case, spaces or hyphens for underscores, the plural."""
    words = name.replace("_", " ")
    return sorted(
        {
            name.upper(),
            name.title(),
            words,
            words.upper(),
            words.title(),
            words.replace(" ", "-"),
            plural(name),
            plural(name).upper(),
        }
    )


# -- the resolver ------------------------------------------------------------------


@pytest.mark.parametrize("unit", UNITS)
def test_every_unit_in_every_spelling(unit):
    for typed in spellings(unit):
        assert match_word(typed, UNITS, "unit") == unit, typed


@pytest.mark.parametrize("good", GOODS)
def test_every_good_in_every_spelling(good):
    for typed in spellings(good):
        assert match_word(typed, GOODS, "good") == good, typed


@pytest.mark.parametrize("verb", list(VERBS))
def test_every_verb_in_any_case(verb):
    for typed in (verb.upper(), verb.title(), verb.replace("-", "_"), verb.replace("-", " ")):
        assert match_word(typed, tuple(VERBS), "action") == verb, typed


@pytest.mark.parametrize("kind", list(CHOICES))
def test_every_choice_in_any_case(kind):
    for choice in CHOICES[kind]:
        assert match_word(choice.upper(), CHOICES[kind], kind) == choice


@pytest.mark.parametrize(
    "typed, unit",
    [
        ("dairy", "cheese_dairy"),
        ("cheese", "cheese_dairy"),
        ("dist", "distillery"),
        ("b", "bakery"),
    ],
)
def test_an_unambiguous_start_of_a_name_or_of_one_of_its_words(typed, unit):
    assert match_word(typed, UNITS, "unit") == unit


@pytest.mark.parametrize(
    "typed, names, what, candidates",
    [
        ("c", UNITS, "unit", ("cow", "cheese_dairy")),
        ("D", UNITS, "unit", ("cheese_dairy", "distillery")),
        ("w", GOODS, "good", ("wool", "whisky")),
        ("p", tuple(VERBS), "action", ("pass", "port", "produce", "prepare")),
    ],
)
def test_an_ambiguous_start_is_refused_with_the_candidates(typed, names, what, candidates):
    found = match_word(typed, names, what)
    assert isinstance(found, Unmatched) and found.ambiguous
    assert set(found.candidates) == set(candidates)
    for name in candidates:
        assert name.replace("_", " ") in found.reason
    assert f"give more of the {what}" in found.reason


@pytest.mark.parametrize("typed", ["beer", "", "  ", "cheese dairyx"])
def test_an_unknown_word_is_refused_with_every_name(typed):
    found = match_word(typed, UNITS, "unit")
    assert isinstance(found, Unmatched) and not found.ambiguous
    assert found.candidates == UNITS
    assert "the units are sheep, cow, cheese dairy, bakery" in found.reason
    with pytest.raises(ValueError, match="no unit"):
        resolve_word(typed, UNITS, "unit")


def test_counts_and_plurals():
    assert counted(1, "contract") == "1 contract"
    assert counted(2, "contract") == "2 contracts"
    assert counted(0, "cheese_dairy") == "0 cheese dairies"
    assert counted(1, "cheese_dairy") == "1 cheese dairy"
    assert counted(3, "hops") == "3 hops"
    assert counted(2, "sheep") == "2 sheep"
    assert counted(2, "side") == "2 sides"


# -- act's words, recorded canonically ------------------------------------------------


def _first_legal(game, kind, **wanted):
    return next(
        e
        for e in legal_events(game.state)
        if e["type"] == kind and all(e.get(k) == v for k, v in wanted.items())
    )


@pytest.mark.parametrize("unit", UNITS)
@pytest.mark.parametrize("style", ["UPPER", "Title", "spaced", "hyphened", "plural"])
def test_act_words_for_units_are_recorded_canonically(unit, style):
    game = start(3)
    legal = [e for e in legal_events(game.state) if e["type"] == "expand" and e["unit"] == unit]
    # a woodcutter has no legal space at this start: its words are still read canonically
    expansion = legal[0] if legal else {"type": "expand", "player": "Ailsa", "unit": unit}
    typed = {
        "UPPER": unit.upper(),
        "Title": unit.replace("_", " ").title(),
        "spaced": unit.replace("_", " "),
        "hyphened": unit.replace("_", "-"),
        "plural": plural(unit),
    }[style]
    space = expansion.get("space", "A-10")
    event = checked_event(event_from_words("EXPAND", ["AILSA", typed, space]), PARTS)
    assert event["unit"] == unit
    if legal:
        game.apply(event)
        assert game.events[-1] == expansion
        assert f"unit: {unit}," in game_as_text(game)


@pytest.mark.parametrize("good", GOODS)
def test_act_words_for_goods_and_sides_are_recorded_canonically(good):
    game = start(3)
    trade = _first_legal(game, "trade", good=good, side="buy", quantity=1)
    event = event_from_words("Trade", ["ailsa", "BUY", good.title(), "1"])
    game.apply(checked_event(event, PARTS))
    assert game.events[-1] == trade
    assert f"{{type: trade, player: Ailsa, side: buy, good: {good}, quantity: 1}}" in (
        game_as_text(game)
    )


def test_dairy_alone_is_a_cheese_dairy_at_the_table():
    game = start(3)
    legal = [e for e in legal_events(game.state) if e["type"] == "expand"]
    dairy = next(e for e in legal if e["unit"] == "cheese_dairy")
    game.apply(checked_event(event_from_words("expand", ["Ailsa", "dairy", dairy["space"]]), PARTS))
    assert game.events[-1]["unit"] == "cheese_dairy"


@pytest.mark.parametrize(
    "words, reason",
    [
        (["Ailsa", "d", "A-10"], "'d' could be cheese dairy or distillery: give more of the unit"),
        (["Ailsa", "cheeses", "A-10"], "no unit 'cheeses': the units are sheep, cow"),
    ],
)
def test_act_refuses_an_ambiguous_or_unknown_unit_with_the_candidates(words, reason):
    with pytest.raises(Refused) as refused:
        checked_event(event_from_words("expand", words), PARTS)
    assert reason in refused.value.reasons[0]


def test_an_ambiguous_verb_is_refused_with_the_candidates():
    with pytest.raises(WordsError, match="'p' could be pass, port, produce or prepare"):
        event_from_words("p", ["Ailsa"])
    with pytest.raises(WordsError, match="no action 'dance': the actions are"):
        event_from_words("dance", ["Ailsa"])


def test_event_json_is_read_as_typed_too():
    game = start(3)
    event = checked_event(
        {"type": "Trade", "player": "RED", "side": "Buy", "good": "WHISKY", "quantity": 1}, PARTS
    )
    game.apply(event)
    assert game.events[-1] == {
        "type": "trade",
        "player": "Ailsa",
        "side": "buy",
        "good": "whisky",
        "quantity": 1,
    }


def test_a_game_file_keeps_its_strict_spelling():
    from caledonia.rules.errors import DataError
    from caledonia.rules.game.event_words import check_event
    from caledonia.rules.schema import Node

    node = Node(
        {"type": "trade", "player": "Ailsa", "side": "BUY", "good": "whisky", "quantity": 1},
        "g.yaml",
    )
    with pytest.raises(DataError, match="expected one of buy, sell"):
        check_event(node, GOODS, UNITS)


def test_act_in_a_shell_reads_the_tables_words_and_echoes_the_engines(tmp_path):
    from caledonia.storage.games import save_game
    from conftest import run_cli

    path = tmp_path / "game.yaml"
    save_game(str(path), start(3))
    refused = run_cli("act", str(path), "trade", "cat", "BUY", "Whisky", "1")
    assert refused.returncode == 1
    assert "Refused: Cat buys 1 whisky" in refused.stderr
    ambiguous = run_cli("act", str(path), "expand", "Ailsa", "d", "A-10")
    assert ambiguous.returncode == 1
    assert "'d' could be cheese dairy or distillery" in ambiguous.stderr
    done = run_cli("act", str(path), "TRADE", "RED", "Buy", "WHISKY", "1")
    assert done.returncode == 0, done.stderr
    assert "{type: trade, player: Ailsa, side: buy, good: whisky, quantity: 1}" in (
        path.read_text()
    )


def test_new_reads_setup_words_in_any_case(tmp_path):
    from conftest import run_cli

    path = tmp_path / "game.yaml"
    result = run_cli(
        "new", str(path), "-p", "Ailsa:RED", "-p", "Bruce:Blue", "--seed", "2", "--kickstarter",
        "--start-player", "BLUE", "--ports", "5,2,8,ks", "--scoring-tiles", "1,2,3,4,Ks",
        "--clans", "BUCHANAN,stewart,Campbell",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    text = path.read_text()
    assert "start_player: Bruce" in text and "colour: blue" in text
    assert "D: KS" in text and "scoring_tiles: ['1', '2', '3', '4', KS]" in text
    assert "clans: [Buchanan, Stewart, Campbell]" in text


def test_new_refuses_a_start_player_who_is_not_playing(tmp_path):
    from conftest import run_cli

    result = run_cli("new", str(tmp_path / "g.yaml"), "-p", "Ailsa", "--start-player", "Zed")
    assert result.returncode == 1 and "no player 'Zed' to start" in result.stderr


def test_map_legal_reads_a_unit_as_typed():
    from conftest import SAMPLES, run_cli

    position = str(SAMPLES / "position-3p.yaml")
    typed = run_cli("map", "legal", position, "AILSA", "Cheese-Dairy", "--json")
    assert typed.returncode == 0, typed.stderr
    plain = run_cli("map", "legal", position, "Ailsa", "cheese_dairy", "--json")
    assert typed.stdout == plain.stdout
    ambiguous = run_cli("map", "legal", position, "Ailsa", "c")
    assert ambiguous.returncode == 2 and "'c' could be cow or cheese dairy" in ambiguous.stderr


def test_fix_words_are_read_as_typed():
    from gametools import free_spaces

    game = start(3)
    space = free_spaces(game, "grassland")[0]
    event = checked_event(event_from_words("FIX", ["Unit", "RED", space, "Cows"]), PARTS)
    game.apply(event)
    assert game.events[-1] == {
        "type": "fix",
        "what": "unit",
        "player": "Ailsa",
        "space": space,
        "unit": "cow",
    }
    with pytest.raises(WordsError, match="'m' could be money or merchants"):
        event_from_words("fix", ["m", "Ailsa", "3"])
    refused = game.check(
        checked_event(event_from_words("fix", ["unit", "Ailsa", space, "c"]), PARTS)
    )
    assert refused == ["'c' could be cow or cheese dairy: give more of the unit"]


def test_two_words_for_one_unit_need_no_quotes():
    """`act GAME expand Ailsa Cheese Dairy A-11` as a shell passes it: four words."""
    game = start(3)
    dairy = _first_legal(game, "expand", unit="cheese_dairy")
    words = ["Ailsa", "Cheese", "Dairy", dairy["space"]]
    game.apply(checked_event(event_from_words("expand", words), PARTS))
    assert game.events[-1] == dairy
    with pytest.raises(WordsError, match="usage"):  # a word too many is still refused
        event_from_words("expand", ["Ailsa", "cheese", "dairy", "A-10", "now"])


def test_a_number_before_its_good_is_read_in_the_order_play_shows():
    """play's menu says 'buy 2 whisky'; act takes that order as well as 'buy whisky 2'."""
    game = start(3)
    trade = _first_legal(game, "trade", good="wool", side="buy", quantity=2)
    game.apply(checked_event(event_from_words("trade", ["Ailsa", "buy", "2", "wool"]), PARTS))
    assert game.events[-1] == trade
    with pytest.raises(Refused, match="no good '2'"):  # two numbers are not a good and a count
        checked_event(event_from_words("trade", ["Ailsa", "buy", "2", "3"]), PARTS)


@pytest.mark.parametrize("typed", ["A-07", "a-07", "A-7", "a7", "A07", "a 07"])
def test_a_space_in_any_spelling_of_its_id(typed):
    game = start(3)
    assert game.state.board.spaces[game.state.board.lookup(typed)].id == "A-07"


@pytest.mark.parametrize("typed", ["7", "E-07", "A-99", "AA-07"])
def test_a_space_that_is_not_on_the_board_is_refused(typed):
    game = start(3)
    with pytest.raises(ValueError, match="spaces are named like A-07"):
        game.state.board.lookup(typed)


@pytest.mark.parametrize("tokens", [["Ailsa", "cow", "A-10", "--fast"], ["--fast", "1", "Ailsa"]])
def test_an_unknown_option_is_named_wherever_it_stands(tokens):
    with pytest.raises(WordsError, match="unknown option --fast for expand"):
        event_from_words("expand", tokens)
    assert event_from_words("expand", ["Ailsa", "cow", "A-10", "--free"])["free"] is True
