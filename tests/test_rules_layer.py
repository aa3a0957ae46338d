"""The specs and the rules layer: one spec per event kind, every data id tied to the engine's
tables, no clan named outside its unit, and the rules each hook carries."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from caledonia.rules.game.engine import Game
from caledonia.rules.game.event_words import act_help, describe
from caledonia.rules.game.legal import legal_events
from caledonia.rules.game.registry import CLANS, EVENTS, VARIANTS, all_measures, all_port_effects
from conftest import ROOT
from gametools import (
    PARTS,
    act,
    decline_end_of_production,
    neighbouring_grass,
    refuse,
    setup_for,
    start,
)

GAME_CODE = ROOT / "rules" / "game"


def test_every_data_id_has_its_rules_in_the_engine():
    assert {t.id for t in PARTS.port_tiles} == all_port_effects()
    assert {t.measure for t in PARTS.scoring_tiles} == all_measures()
    assert set(PARTS.clans) == set(CLANS)


def test_no_clan_is_named_outside_its_rules_unit():
    """The engine asks the rulebook; only the clans package knows which clan does what."""
    names = re.compile(r"\b(" + "|".join(CLANS) + r")\b")
    for path in sorted(GAME_CODE.rglob("*.py")):
        if path.parent.name == "clans":
            continue
        found = names.findall(path.read_text())
        assert not found, f"{path.relative_to(ROOT)} names {sorted(set(found))}"


def test_every_clan_power_is_enforced_and_summed_up():
    """`status` and `caledonia clans` say when a power is not applied; none is left."""
    assert {name: unit.not_enforced for name, unit in CLANS.items() if unit.not_enforced} == {}
    assert all(unit.summary for unit in CLANS.values())


def test_every_variant_is_one_unit_with_its_summary():
    assert len({unit.name for unit in VARIANTS}) == len(VARIANTS)
    assert all(unit.summary for unit in VARIANTS)


@pytest.mark.parametrize("spec", list(EVENTS.values()), ids=lambda s: s.type)
def test_every_spec_says_its_words_help_and_fields(spec):
    assert spec.syntax and spec.help and spec.fields
    assert f"[bold]{spec.verb}[/bold] {spec.syntax}: {spec.help}" in act_help()


def test_every_legal_event_has_words(tmp_path):
    """describe and option_words work for what options lists, all kinds through a game."""
    import random

    from caledonia.rules.game.moves import play_one

    game = Game(setup_for(3, seed=4), PARTS)
    rng = random.Random(4)
    kinds = set()
    while game.state.phase != "over":
        for kind, events in legal_events(game.state).by_type.items():
            for event in list(events)[:5]:
                assert describe(event) and EVENTS[kind].option_words(game.state, event)
                kinds.add(kind)
        play_one(game, rng)
    assert {"clan", "worker", "trade", "expand", "pass", "produce", "prepare"} <= kinds


# -- the rules each hook carries --------------------------------------------------------------


def test_macdonald_never_upgrades_technology():
    game = start(2, clans=("MacDonald", "Campbell", "Cunningham"))
    macdonald = next(p for p in game.state.players if p.clan == "MacDonald")
    if game.state.turn.player != macdonald.name:
        act(game, type="pass", player=game.state.turn.player)
    assert refuse(game, type="technology", player=macdonald.name, worker="miner") == [
        "MacDonald never upgrades technology"
    ]
    assert "technology" not in legal_events(game.state).by_type


def test_the_clan_auction_orders_the_turns_by_winning_not_by_seat():
    game = Game(setup_for(4, variants={"clan_auction": True}), PARTS)
    for name, clan in (("Dougie", "Campbell"), ("Bruce", "Cunningham"), ("Cat", "MacKenzie")):
        act(game, type="auction", player=name, clan=clan, bid=1)
    assert game.state.turn_order == ["Dougie", "Bruce", "Cat", "Ailsa"]


def test_port_one_is_for_the_turn_it_was_used_in():
    """Port 1 is refused to Ailsa with no meat contract (ruling 27); Bruce's meat contract,
    in his own turn, still needs every animal."""
    game = start(2, ports={"A": "1", "B": "2", "C": "8", "D": "4"})
    assert refuse(game, type="port", player="Ailsa", tile="1")  # beside her woodcutter on A-09
    act(game, type="pass", player="Ailsa")
    act(game, type="fix", what="contract", contract=3, to="open", player="Bruce")  # 2 beef
    cows = neighbouring_grass(game, 2)
    for space in cows:
        act(game, type="fix", what="unit", player="Bruce", space=space, unit="cow")
    reasons = refuse(game, type="fulfil", player="Bruce", contract=3, slaughter=cows[:1])
    assert "slaughtering 2 animals of yours on the map" in reasons[-1]
    act(game, type="fulfil", player="Bruce", contract=3, slaughter=cows)


def test_the_kickstarter_port_needs_three_pounds_and_the_tiles_own_cost():
    game = start(
        2,
        variants={"kickstarter": True},
        clans=("MacEwen", "Campbell", "Cunningham"),
        ports={"A": "KS", "B": "4", "C": "8", "D": "2"},
    )  # Ailsa's woodcutter on A-09 is beside corner A
    act(game, type="fix", what="money", player="Ailsa", value=7)  # £3 + £5 is £8
    event = dict(
        type="port", player="Ailsa", tile="KS", use="4", choice="technology", worker="miner"
    )
    assert refuse(game, **event) == ["the Kickstarter port costs £3 and tile 4 £5: Ailsa has £7"]
    act(game, type="fix", what="money", player="Ailsa", value=8)
    act(game, **event)
    ailsa = game.state.by_name("Ailsa")
    assert ailsa.money == 0 and "miner" in ailsa.technology and ailsa.glory == 3


def test_a_port_tile_refuses_fields_it_does_not_take():
    game = start(2)
    assert refuse(game, type="port", player="Ailsa", tile="5", give="wool") == [
        "port tile 5 takes no give"
    ]


def test_slaughtering_names_the_owner_of_an_opponents_animal():
    game = start(2)
    act(game, type="fix", what="contract", contract=3, to="open", player="Ailsa")  # 2 beef
    mine, theirs = neighbouring_grass(game, 2)
    act(game, type="fix", what="unit", player="Ailsa", space=mine, unit="cow")
    act(game, type="fix", what="unit", player="Bruce", space=theirs, unit="cow")
    reasons = refuse(game, type="fulfil", player="Ailsa", contract=3, slaughter=[mine, theirs])
    assert f"{theirs} holds Bruce's cow: Ailsa slaughters only their own animals" in reasons


def test_own_pile_draws_are_different_contracts():
    game = start(2, face_up=[1, 2, 3, 4, 5, 6])
    spaces = neighbouring_grass(game, 4)
    for space in spaces[:3]:
        act(game, type="fix", what="unit", player="Ailsa", space=space, unit="bakery")
    act(game, type="fix", what="money", player="Ailsa", value=50)
    act(game, type="expand", player="Ailsa", unit="bakery", space=spaces[3])
    assert refuse(game, type="building_bonus", player="Ailsa", drawn=[40, 40, 41]) == [
        "a contract is named twice among those drawn"
    ]
    act(game, type="building_bonus", player="Ailsa", drawn=[41, 40, 42], keep=42)
    assert game.events[-1]["drawn"] == [40, 41, 42]  # recorded in order: it places nothing


def test_a_known_pile_that_runs_out_fills_what_it_can():
    game = start(2)
    game.state.pile[:] = game.state.pile[:1]  # one contract left
    act(game, type="contract", player="Ailsa", contract=game.state.export_board[0])
    act(game, type="contract", player="Bruce", contract=game.state.export_board[1])
    act(game, type="pass", player="Ailsa")
    act(game, type="pass", player="Bruce")
    for name in ("Ailsa", "Bruce"):
        act(game, type="produce", player=name)
    decline_end_of_production(game)
    top = game.state.pile[0]
    act(game, type="prepare")
    assert game.events[-1] == {"type": "prepare", "drawn": [top]}
    assert game.state.export_board.count(None) == 1 and game.state.pile == []


def test_nothing_to_draw_from_your_own_pile_needs_no_contracts():
    game = start(2, face_up=[1, 2, 3, 4, 5, 6])
    act(game, type="pass", player="Ailsa")
    act(game, type="pass", player="Bruce")
    for name in ("Ailsa", "Bruce"):
        act(game, type="produce", player=name)
    decline_end_of_production(game)
    assert legal_events(game.state).by_type["prepare"].count == 1
    act(game, type="prepare", drawn=[])
    assert game.state.round == 2


def test_solo_preparation_records_the_dice():
    game = start(1)
    act(game, type="pass", player="Ailsa")
    act(game, type="produce", player="Ailsa")
    assert refuse(game, type="prepare")[0].startswith("the Market phase rolls the Goods die")
    rolls = [{"good": "wool", "die": 3}, {"good": "milk", "die": 1}, {"good": "whisky", "die": -3}]
    notes = act(game, type="prepare", rolls=rolls)
    assert notes[0] == "dice: wool +3, milk +1, whisky -3"
    assert game.events[-1]["rolls"] == rolls and "dice wool +3" in describe(game.events[-1])


def test_player_names_and_colours_are_recorded_by_name():
    game = start(2)
    assert game.check({"type": "shipping", "player": "blue"}) == ["it is Ailsa's turn, not Bruce's"]
    assert game.check({"type": "shipping", "player": "red"}) == []
    act(game, type="shipping", player="RED")
    assert game.events[-1] == {"type": "shipping", "player": "Ailsa"}


def test_the_setup_of_a_clan_comes_from_its_data():
    """Stewart's five merchants and river-crossing shipping are data, not code."""
    game = start(3, clans=("Stewart", "Campbell", "Cunningham", "MacKenzie"))
    stewart = next(p for p in game.state.players if p.clan == "Stewart")
    assert (stewart.merchants_stock, stewart.shipping_level) == (5, "river_crossing")


def test_the_sources_hold_no_stray_module():
    """Every module of the game engine is imported by the package (none left behind)."""
    names = {p.stem for p in Path(GAME_CODE).glob("*.py")} - {"__init__"}
    assert "actions" not in names and "ports" not in names and "fixes" not in names


def test_corrections_are_checked_never_crash():
    """Random well-formed fixes are accepted or refused with reasons, nothing else."""
    import random

    from caledonia.rules.game.events.fix import CORRECTIONS
    from caledonia.rules.game.gamefile import checked_event
    from caledonia.rules.game.state import Refused
    from eventgen import field_value

    game = start(3)
    rng = random.Random(7)
    spec = EVENTS["fix"]
    outcomes = set()
    for _ in range(600):
        what = rng.choice([*CORRECTIONS, "weather"])
        event = {"type": "fix", "what": what}
        names = list(CORRECTIONS[what].fields) if what in CORRECTIONS else []
        names = [n for n in names if rng.random() < 0.9] + rng.sample(list(spec.fields)[1:], 1) * (
            rng.random() < 0.1
        )
        for name in names:
            value = field_value(spec.fields[name].kind, name, game.state, rng)
            if name == "unit":
                value = rng.choice(["cow", "none", "sheep", "castle"])
            if name in ("to", "level"):
                value = rng.choice(["open", "board", "out", "fulfilled", "1_loch", "x"])
            event[name] = value
        try:
            game.apply(checked_event(event, PARTS))
            outcomes.add("accepted")
        except Refused as refusal:
            assert refusal.reasons and all(refusal.reasons)
            outcomes.add("refused")
    assert outcomes == {"accepted", "refused"}
