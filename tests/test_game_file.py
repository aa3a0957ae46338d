"""Game files: round trips, damaged and hand-edited files, the sample games, and invariants
that hold over whole games played by the random legal-move player."""

from __future__ import annotations

import random

import pytest
from caledonia.rules.errors import DataError
from caledonia.rules.game.engine import Game
from caledonia.rules.game.final import final_score
from caledonia.rules.game.gamefile import checked_event, game_as_text, game_from_data
from caledonia.rules.game.moves import play_one, play_to_end
from caledonia.rules.game.setup import setup_as_data
from caledonia.rules.game.state import Refused
from caledonia.rules.yamlfile import parse_yaml
from caledonia.storage.games import load_game
from conftest import SAMPLES
from eventgen import random_event
from gametools import PARTS, setup_for
from hypothesis import given, settings
from hypothesis import strategies as st

RECORDED = {
    "game-solo.yaml": {"Rhona": 29},
    "game-2p.yaml": {"Iain": 51, "Kirsty": 64},
    "game-3p.yaml": {"Fiona": 46, "Hamish": 49, "Morag": 62},
    "game-4p.yaml": {"Ailsa": 52, "Bruce": 18, "Catriona": 50, "Duncan": 63},
}


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_sample_games_replay_to_their_final_scores(name):
    game = load_game(str(SAMPLES / name), PARTS)
    assert game.state.phase == "over"
    assert {p.name: p.total for p in final_score(game.state).players} == RECORDED[name]


def test_the_four_player_sample_is_a_real_game():
    game = load_game(str(SAMPLES / "game-4p.yaml"), PARTS)
    kinds = {e["type"] for e in game.events}
    assert {
        "clan",
        "worker",
        "trade",
        "contract",
        "expand",
        "fulfil",
        "pass",
        "produce",
        "prepare",
    } <= kinds


SAMPLE_GAME = load_game(str(SAMPLES / "game-3p.yaml"), PARTS)


def played(count=3, seed=1) -> Game:
    game = Game(setup_for(count, seed=seed), PARTS)
    play_to_end(game, random.Random(seed))
    return game


def reread(game: Game, upto=None) -> Game:
    return game_from_data(parse_yaml(game_as_text(game), "g.yaml"), "g.yaml", PARTS, upto)


def test_a_game_reads_back_to_the_same_state():
    game = played()
    again = reread(game)
    assert again.state.snapshot() == game.state.snapshot()
    assert setup_as_data(again.setup) == setup_as_data(game.setup)
    assert again.events == game.events


@given(st.integers(0, 200))
@settings(max_examples=25, deadline=None)
def test_replaying_the_first_k_events_equals_undoing_the_rest(k):
    game = SAMPLE_GAME
    k = min(k, len(game.events))
    undone = Game(game.setup, PARTS)
    for event in game.events[:k]:
        undone.apply(event)
    assert reread(game, upto=k).state.snapshot() == undone.state.snapshot()


def edited(change) -> dict:
    data = parse_yaml(game_as_text(SAMPLE_GAME), "g.yaml")
    change(data)
    return data


def test_a_newer_format_is_refused_with_a_clear_message():
    data = edited(lambda d: d.__setitem__("format", "caledonia-game/3"))
    with pytest.raises(DataError, match="written by a newer caledonia"):
        game_from_data(data, "g.yaml", PARTS)


def test_not_a_game_file():
    with pytest.raises(DataError, match="expected 'caledonia-game/2'"):
        game_from_data(edited(lambda d: d.__setitem__("format", "something")), "g.yaml", PARTS)


def test_a_hand_edited_event_the_rules_refuse_names_its_place():
    def cheat(data):
        trade = next(e for e in data["events"] if e["type"] == "trade" and e["side"] == "buy")
        trade["quantity"] = 99

    with pytest.raises(DataError) as caught:
        game_from_data(edited(cheat), "g.yaml", PARTS)
    assert (
        caught.value.path.startswith("events[")
        and "the rules refuse this event" in caught.value.reason
    )


@pytest.mark.parametrize(
    "change, reason",
    [
        (
            lambda d: d["events"].append({"type": "teleport", "player": "Fiona"}),
            "expected one of clan",
        ),
        (
            lambda d: d["events"].append({"type": "pass", "player": "Fiona", "loudly": True}),
            "unknown key 'loudly'",
        ),
        (
            lambda d: d["events"].append(
                {"type": "trade", "player": "Fiona", "side": "buy", "good": "beer", "quantity": 1}
            ),
            "expected one of wool",
        ),
        (lambda d: d["events"].append(["pass"]), "expected an event"),
        (lambda d: d["setup"].__setitem__("players", []), "a game has 1 to 4 players"),
        (lambda d: d.pop("events"), "missing key 'events'"),
    ],
)
def test_damaged_files_are_refused(change, reason):
    with pytest.raises(DataError, match=reason):
        game_from_data(edited(change), "g.yaml", PARTS)


# -- invariants over whole games ---------------------------------------------------------


def check_invariants(game: Game) -> None:
    state = game.state
    economy = PARTS.economy
    seen: list[int] = [c for c in state.export_board if c is not None] + list(state.removed)
    if state.pile is not None:
        seen += state.pile
    for p in state.players:
        assert p.money >= 0, p.name
        assert all(n >= 0 for n in p.goods.values()), p.name
        assert (
            p.merchants_board + p.merchants_stock + p.merchants_out()
            == economy.merchants_per_colour
        )
        assert min(p.merchants_board, p.merchants_stock) >= 0
        for unit, kind in economy.units.items():
            assert p.count(unit) <= kind.count
        seen += p.open_contracts + p.fulfilled
    if state.pile is not None:
        assert sorted(seen) == sorted(PARTS.contracts)  # every contract in one place only
    occupied = [s for p in state.players for s in p.units]
    assert len(occupied) == len(set(occupied))


@pytest.mark.long
@given(st.integers(1, 4), st.integers(0, 10**6))
@settings(max_examples=12, deadline=None)
def test_money_goods_and_pieces_hold_throughout_a_game(count, seed):
    game = Game(setup_for(count, seed=seed), PARTS)
    rng = random.Random(seed)
    while game.state.phase != "over":
        assert play_one(game, rng) is not None
        check_invariants(game)


@pytest.mark.long
@given(st.integers(0, 10**6))
@settings(max_examples=8, deadline=None)
def test_refused_events_change_nothing(seed):
    game = Game(setup_for(3, seed=seed), PARTS)
    rng = random.Random(seed)
    refusals = 0
    while game.state.phase != "over":
        for _ in range(6):
            event = checked_event(random_event(game.state, rng), PARTS)
            before = game.state.snapshot()
            count = len(game.events)
            try:
                game.apply(event)
            except Refused:
                refusals += 1
                assert game.state.snapshot() == before and len(game.events) == count
            else:
                break
        else:
            assert play_one(game, rng) is not None
    assert refusals > 0
