"""A table learning the game: the rule behind every option (`options --explain`, `?` in
`play`) and why an action is not possible now (`options --all`, a refused key in `play`),
in the engine's own words."""

from __future__ import annotations

import json

import pytest
from caledonia.cli.choosing import decision, kind_key
from caledonia.cli.explaining import print_explained
from caledonia.rules.game.engine import Game
from caledonia.rules.game.registry import CLANS, EVENTS
from caledonia.storage.games import load_game
from conftest import SAMPLES, run_cli
from gametools import PARTS, act, start, to_turn_of
from scripted import ScriptedAsker
from test_play import saved

SAMPLE_GAMES = ["game-2p.yaml", "game-3p.yaml", "game-4p.yaml", "game-solo.yaml"]


def ok(*args) -> str:
    result = run_cli(*args)
    assert result.returncode == 0, (args, result.stderr)
    return result.stdout


def explained(game, capsys) -> dict:
    """What `options GAME --explain --json` prints for this game, worked out in this
    process (the command itself is run on a few positions below)."""
    capsys.readouterr()
    print_explained(game, game.legal(), True, None)
    return json.loads(capsys.readouterr().out)


def test_every_kind_declares_its_rule_and_where_the_rulebook_has_it():
    state = start(3).state
    words = {}
    for kind, spec in EVENTS.items():
        rule = spec.rule_words(state)
        assert rule.fields["rule"] and rule.fields["section"], kind
        words[kind] = str(rule)
    assert len(set(words.values())) == len(words), "two kinds share a rule"
    clan_kinds = {s.type for unit in CLANS.values() for s in unit.specs}
    for kind in clan_kinds:  # a clan's kind says the clan's power, in the data's words
        clan, index = EVENTS[kind].power
        assert PARTS.clans[clan].powers[index] in words[kind], kind


@pytest.mark.parametrize("name", SAMPLE_GAMES)
def test_every_option_of_every_decision_of_the_sample_games_has_its_rule(name, capsys):
    recorded = load_game(str(SAMPLES / name), PARTS)
    game = Game(recorded.setup, PARTS)
    rules_by_kind: dict[str, set[str]] = {}
    for event in recorded.events:
        if event["type"] != "prepare":  # a solo preparation lists 25,920 dice
            for option in explained(game, capsys)["options"]:
                assert option["rule"].strip(), option
                rules_by_kind.setdefault(option["event"]["type"], set()).add(option["rule"])
        game.apply(event)
    assert len(rules_by_kind) > 5
    for kind, rules in rules_by_kind.items():
        if kind != "port":  # a port tile says its own effect first
            assert len(rules) == 1, (kind, rules)
    seen = [rule for rules in rules_by_kind.values() for rule in rules]
    assert len(seen) == len(set(seen)), "one sentence for two kinds"


def test_options_explain_prints_the_rule_under_the_options(tmp_path):
    game = start(3)
    path = saved(game, tmp_path)
    data = json.loads(ok("options", path, "--explain", "--json"))
    assert data["options"] and all(o["rule"] for o in data["options"])
    pass_rule = next(o["rule"] for o in data["options"] if o["event"]["type"] == "pass")
    assert "(rulebook: VIII. Pass)" in pass_rule
    ports = {o["event"]["tile"]: o["rule"] for o in data["options"] if o["event"]["type"] == "port"}
    for tile, rule in ports.items():
        effect = next(t.effect for t in PARTS.port_tiles if t.id == tile)
        assert rule.startswith(f"Port tile {tile}: {effect}")
    text = ok("options", path, "--explain")
    assert "Rule: Pay £4 to take one more Merchant" in text
    assert "VI. Hire A Merchant" in text
    plain = json.loads(ok("options", path, "--json"))  # without the flags: events as act takes
    assert plain == [o["event"] for o in data["options"]]


def not_now(path, *extra) -> dict[str, list[str]]:
    data = json.loads(ok("options", path, "--all", "--json", *extra))
    return {entry["action"]: entry["reasons"] for entry in data["not_now"]}


def test_options_all_says_too_little_money(tmp_path):
    game = start(3)
    act(game, type="fix", what="money", player="Ailsa", value=3)
    found = not_now(saved(game, tmp_path))
    assert found["merchant"] == ["a merchant costs £4 and Ailsa has £3"]
    assert found["technology"] == ["a technology upgrade costs £10 and Ailsa has £3"]
    assert "costs £" in found["expand"][0] and "Ailsa has £3" in found["expand"][0]
    assert "trade" not in found  # selling is still possible


def test_options_all_says_the_boxes_are_full(tmp_path):
    game = start(3)
    contract = next(c for c in game.state.export_board if c is not None)
    act(game, type="contract", player="Ailsa", contract=contract)
    act(game, type="end_turn", player="Ailsa")
    to_turn_of(game, "Ailsa")
    found = not_now(saved(game, tmp_path))
    assert len(found["contract"]) == 1
    assert "Ailsa already has an unfulfilled contract" in found["contract"][0]


def test_options_all_says_no_merchants_are_left(tmp_path):
    game = start(3)
    act(game, type="fix", what="merchants", player="Ailsa", value=0)  # none ready to trade
    found = not_now(saved(game, tmp_path))
    assert found["trade"] == ["Ailsa has 0 free merchants, 1 needed"]
    act(game, type="fix", what="merchants", player="Ailsa", value=7)  # all hired
    found = not_now(saved(game, tmp_path))
    assert found["merchant"] == ["Ailsa has hired all 7 merchants"]


def test_options_all_says_who_has_passed_whose_turn_and_the_action_taken(tmp_path):
    game = start(3)
    act(game, type="pass", player="Ailsa")
    path = saved(game, tmp_path)
    passed = not_now(path, "--player", "Ailsa")
    assert passed["merchant"] == ["Ailsa has passed this round"]
    waiting = not_now(path, "--player", "Cat")
    assert waiting["merchant"] == ["it is Bruce's turn, not Cat's"]
    act(game, type="merchant", player="Bruce")
    taken = not_now(saved(game, tmp_path), "--player", "Bruce")
    assert taken["shipping"] == ["Bruce has taken this turn's action already"]
    assert "trade" in taken and "pass" in taken


def test_options_all_lists_only_the_players_own_clan_kinds(tmp_path):
    game = start(3, clans=("MacKenzie", "Campbell", "Cunningham", "Robertson"))
    found = not_now(saved(game, tmp_path))
    mackenzie = game.state.by_name("Ailsa").clan == "MacKenzie"
    assert ("cellar_out" in found) == mackenzie
    assert "fisherman" not in found and "row" not in found


def test_options_all_in_words(tmp_path):
    game = start(3)
    act(game, type="fix", what="money", player="Ailsa", value=3)
    text = ok("options", saved(game, tmp_path), "--all")
    assert "Not possible now for Ailsa:" in text
    assert "  merchant: a merchant costs £4 and Ailsa has £3" in text


# -- play ------------------------------------------------------------------------------


class Learning(ScriptedAsker):
    """Answers as the script says, and keeps every menu shown (a `?` or a refused key is
    what the asker does with a menu: see test_questionary_asker for the keys)."""

    def __init__(self, answers):
        super().__init__(answers)
        self.menus: list = []

    def choose(self, question, choices, *, default=None):
        self.menus.append(choices)
        return super().choose(question, choices, default=default)


def test_play_menus_carry_each_options_rule_and_the_keys_not_possible_now(tmp_path):
    from caledonia.cli.play_cmd import run

    game = start(3)
    act(game, type="fix", what="money", player="Ailsa", value=3)
    asker = Learning(["t", "0", "q"])  # trade's menu, back, save and quit
    run(asker, saved(game, tmp_path))
    first, trades = asker.menus[0], asker.menus[1]
    rules = {c.value: c.rule for c in first if isinstance(c.value, str)}
    assert "(rulebook: I. Trade)" in rules["trade"]
    assert not next(c for c in first if c.key == "q").rule  # the tool's own: no rule
    assert all("(rulebook: I. Trade)" in c.rule for c in trades if isinstance(c.value, dict))
    refused = first.refused
    assert "m" in refused and "h" in refused and "t" not in refused
    assert refused["m"]() == "Hire a merchant: not now: a merchant costs £4 and Ailsa has £3"


def test_refused_keys_are_the_keys_of_actions_not_offered_and_not_of_the_menu(tmp_path):
    from caledonia.cli.explaining import refusing, with_rules
    from caledonia.cli.play_cmd import _first_menu

    game = start(3)
    choice = decision(game.state, game.legal())
    menu = refusing(
        game.state,
        with_rules(game.state, _first_menu(game, choice), choice.events),
        choice.player,
        choice.events,
    )
    keys = {c.key for c in menu}
    assert not keys & set(menu.refused)
    offered = {kind_key(k) for k in choice.events} - {None}
    assert not offered & set(menu.refused)
    assert "n" in menu.refused  # no neighbourhood bonus open
    assert "neighbourhood bonus" in menu.refused["n"]()
