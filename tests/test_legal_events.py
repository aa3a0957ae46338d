"""`legal_events` is exact: what it lists the rules accept, and every other well-formed event
they refuse. Checked on random games of 1-4 players with every variant, and on the
sample games, event by event; `check` never changes the state; undo then redo restores it.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from caledonia.rules.boxdata import StartingTile
from caledonia.rules.game.engine import Game
from caledonia.rules.game.families import Family
from caledonia.rules.game.gamefile import checked_event
from caledonia.rules.game.legal import LegalEvents, legal_events, normalise, refusal
from caledonia.rules.game.moves import play_one
from caledonia.rules.game.state import Refused
from caledonia.storage.games import load_game
from conftest import SAMPLES
from eventgen import mutated, random_event, some_legal
from gametools import BOX, PARTS, setup_for
from hypothesis import given, settings
from hypothesis import strategies as st

RICH_BOX = BOX._replace(
    starting_tiles={n: StartingTile(150, t.goods) for n, t in BOX.starting_tiles.items()}
)
KS_CLANS = ("MacEwen", "Campbell", "Cunningham", "MacKenzie")
# (players, variants, other set-up choices): every variant, ports 1-8 and KS, both piles
SCENARIOS = [
    (1, {}, {}),
    (1, {}, {"face_up": [3, 9, 17, 28, 41]}),
    (2, {}, {"box": RICH_BOX, "ports": {"A": "7", "B": "6", "C": "1", "D": "3"}}),
    (2, {"clan_auction": True}, {}),
    (2, {}, {"tighter": ("A-12", "B-09", "C-05", "D-07")}),
    (
        3,
        {"kickstarter": True},
        {"ports": {"A": "KS", "B": "7", "C": "1", "D": "4"}, "clans": KS_CLANS, "box": RICH_BOX},
    ),
    (3, {"clans": False, "static_imports": True}, {"face_up": [2, 8, 15, 33, 47]}),
    (3, {"port7_original": True}, {"ports": {"A": "7", "B": "2", "C": "3", "D": "8"}}),
    (4, {"port_tiles": False, "scoring_tiles": False}, {}),
    (4, {}, {"box": RICH_BOX, "ports": {"A": "1", "B": "5", "C": "6", "D": "7"}}),
    (4, {}, {"face_up": [1, 6, 11, 21, 31, 44]}),
    # MacDonald always in play (an auction hands out every clan drawn): fishermen, rowing
    (2, {"clan_auction": True}, {"clans": ("MacDonald", "Robertson"), "box": RICH_BOX}),
    (3, {"clan_auction": True}, {"clans": ("Campbell", "MacDonald", "Stewart")}),
    # Buchanan in play, with a known pile and with the table's own (six drawn, two kept)
    (
        3,
        {"clan_auction": True},
        {
            "clans": ("Buchanan", "Stewart", "Robertson"),
            "box": RICH_BOX,
            "ports": {"A": "8", "B": "1", "C": "5", "D": "2"},
        },
    ),
    (
        4,
        {"clan_auction": True},
        {
            "clans": ("Buchanan", "Campbell", "Cunningham", "Stewart"),
            "box": RICH_BOX,
            "face_up": [4, 12, 19, 30, 38, 45],
            "ports": {"A": "8", "B": "4", "C": "3", "D": "6"},
        },
    ),
]
RANDOM_PER_STATE = 8
MUTATED_PER_STATE = 4


def ports_in_reach(game: Game, rng: random.Random) -> None:
    """Put a unit of every player beside every port slot, and some goods in stock (fixes:
    the table is the truth), so that the port tiles' choices come up often."""
    state = game.state
    fits = {"forest": "woodcutter", "mountain": "miner", "grassland": "sheep"}
    for player in state.players:
        for slot in state.board.port_slots:
            free = [
                i for i in slot.touches if state.board.is_free_land(i) and state.occupant(i) is None
            ]
            if not free:
                continue
            space = state.board.spaces[rng.choice(free)]
            unit = fits[sorted(space.land)[0]]
            if player.count(unit) < PARTS.economy.units[unit].count:
                game.apply(
                    checked_event(
                        {
                            "type": "fix",
                            "what": "unit",
                            "player": player.name,
                            "space": space.id,
                            "unit": unit,
                        },
                        PARTS,
                    )
                )
        fill_a_kind(game, player, rng)
        for good in rng.sample(PARTS.economy.goods, 3):
            game.apply(
                checked_event(
                    {
                        "type": "fix",
                        "what": "goods",
                        "player": player.name,
                        "good": good,
                        "value": rng.randint(1, 3),
                    },
                    PARTS,
                )
            )


def fill_a_kind(game: Game, player, rng: random.Random) -> None:
    """Often, all of one kind of a player's units on the map (the box's count): port 7 must
    then refuse taking that kind from the player's board (ruling 20)."""
    state = game.state
    kinds = [k for k, u in PARTS.economy.units.items() if k != "field" and u.count <= 4]
    if not kinds or rng.random() < 0.5:
        return
    kind = rng.choice(kinds)
    land = set(PARTS.economy.units[kind].land)
    room = [
        s.id
        for s in state.board.spaces
        if land & s.land and state.board.is_free_land(s.index) and state.occupant(s.index) is None
    ]
    for space in rng.sample(room, min(len(room), 6)):
        if state.rules.units_left(state, player, kind) < 1:
            break
        event = {"type": "fix", "what": "unit", "player": player.name, "space": space}
        game.apply(checked_event({**event, "unit": kind}, PARTS))


class KnownLegal:
    """The game, with the legal events of its state already listed: `play_one` picks from
    them instead of listing them a second time (nothing changes the state in between)."""

    def __init__(self, game: Game, legal: LegalEvents):
        self.game, self.listed = game, legal

    def legal(self) -> LegalEvents:
        return self.listed

    def apply(self, event: dict) -> None:
        self.game.apply(event)


def check_state(game: Game, rng: random.Random, seen: Counter) -> LegalEvents:
    """Listed events are accepted; random well-formed events are accepted exactly when listed;
    neither check nor normalise changes anything. The legal events, for the next move."""
    state = game.state
    legal = legal_events(state)
    for event in legal.by_type.get("port", []):
        seen[f"port {event.get('use') or event['tile']}"] += 1  # the tiles' choices came up
    seen["bound"] += state.turn.price_moved is not None or (
        state.turn.port_one and not state.turn.main_done
    )
    for event in some_legal(legal, rng, 3):
        assert normalise(state, event) == event, event  # listed events are canonical
        assert refusal(state, event) == [], (event, refusal(state, event))
        seen["listed"] += 1
    candidates = [random_event(state, rng) for _ in range(RANDOM_PER_STATE)]
    candidates += [mutated(e, state, rng) for e in some_legal(legal, rng, 1)][:MUTATED_PER_STATE]
    for raw in candidates:
        try:
            event = checked_event(raw, PARTS)
        except Refused:
            continue  # not well formed (a mutation made it so): the shape check's business
        before = state.snapshot()
        canonical = normalise(state, event)
        accepted = not refusal(state, canonical)
        assert state.snapshot() == before
        assert accepted == (canonical in legal), (canonical, refusal(state, canonical))
        seen["random"] += 1
        seen["accepted"] += accepted
    return legal


def check_a_whole_game(scenario: int, seed: int, seen: Counter) -> None:
    count, variants, choices = SCENARIOS[scenario]
    game = Game(setup_for(count, variants, seed=seed, **choices), PARTS)
    rng = random.Random(seed)
    near_ports = game.setup.ports and rng.random() < 0.7
    while game.state.phase != "over":
        if near_ports and game.state.phase == "action":
            ports_in_reach(game, rng)
            near_ports = False
        legal = check_state(game, rng, seen)
        assert play_one(KnownLegal(game, legal), rng) is not None


@pytest.mark.long
def test_legal_events_are_exactly_what_the_rules_accept():
    """Two games of every scenario, from random seeds. (Thirty scenarios drawn at random
    missed all three with port 6 about one run in forty, and the first came up four times
    too often.)"""
    seen: Counter = Counter()
    draw = random.Random()
    for scenario in range(len(SCENARIOS)):
        for seed in (draw.randrange(10**6), draw.randrange(10**6)):
            try:
                check_a_whole_game(scenario, seed, seen)
            except Exception as error:
                error.add_note(f"in the game of scenario {scenario} from seed {seed}")
                raise
    assert seen["port 6"] and seen["port 7"], seen  # port 6 and port 7 choices were checked
    assert seen["random"] >= 10_000, seen
    assert seen["accepted"] >= 1_000, seen  # enough legal ones among them to mean something


def test_the_sample_games_event_by_event():
    seen: Counter = Counter()
    for name in ("game-solo.yaml", "game-2p.yaml", "game-3p.yaml", "game-4p.yaml"):
        recorded = load_game(str(SAMPLES / name), PARTS)
        game = Game(recorded.setup, PARTS)
        rng = random.Random(name)
        for event in recorded.events:
            assert event in check_state(game, rng, seen)  # what was played was listed
            game.apply(event)
    assert seen["random"] > 3_000


@given(st.integers(0, len(SCENARIOS) - 1), st.integers(0, 10**6), st.integers(1, 40))
@settings(max_examples=15, deadline=None, database=None)
def test_undo_then_redo_restores_the_state(scenario, seed, back):
    count, variants, choices = SCENARIOS[scenario]
    game = Game(setup_for(count, variants, seed=seed, **choices), PARTS)
    rng = random.Random(seed)
    for _ in range(rng.randint(back, back + 80)):
        if game.state.phase == "over":
            break
        play_one(game, rng)
    back = min(back, len(game.events))
    before, events = game.state.snapshot(), list(game.events)
    dropped = game.undo(back)
    assert dropped == events[-back:] and game.events == events[:-back]
    game.redo(back)
    assert game.state.snapshot() == before and game.events == events
    assert game.undone == []


def test_a_new_event_ends_what_redo_can_restore():
    game = Game(setup_for(2), PARTS)
    rng = random.Random(1)
    for _ in range(6):
        play_one(game, rng)
    game.undo(2)
    assert len(game.undone) == 2
    play_one(game, rng)
    assert game.undone == []


def test_families_count_list_and_contain_the_same_events():
    """A lazy family (the dice, the table's own pile) agrees with itself and with the rules."""
    solo = Game(setup_for(1, seed=3), PARTS)
    own = Game(setup_for(3, seed=3, face_up=[2, 8, 15, 33, 47]), PARTS)
    rng = random.Random(2)
    for game in (solo, own):
        while game.state.phase != "preparation":
            assert play_one(game, rng) is not None
        family = legal_events(game.state).by_type["prepare"]
        assert isinstance(family, Family)
        events = list(family)
        assert len(events) == len(family) and len({str(e) for e in events}) == len(events)
        for event in events[:: max(1, len(events) // 500)]:
            assert event in family and refusal(game.state, event) == []
        wrong = dict(events[0], rolls=[{"good": "wool", "die": 3}] * 3)
        assert wrong not in family and refusal(game.state, normalise(game.state, wrong))
    assert len(legal_events(solo.state).by_type["prepare"]) == 6 * 5 * 4 * 6**3  # 25,920
