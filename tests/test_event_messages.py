"""The event specs speak through the message layer (issue 21 part 4): an event's words in
the log, its words in a menu, its notes and its refusals are Reasons whose message ids are
in the committed template; the English they read is the same as before (the log, menu and
golden tests prove that)."""

from __future__ import annotations

from pathlib import Path

import gametools
import pytest
from caledonia.rules.components import components
from caledonia.rules.game.engine import Game
from caledonia.rules.game.event_words import describe, event_from_words
from caledonia.rules.game.gamefile import game_from_data
from caledonia.rules.game.registry import EVENTS
from caledonia.rules.game.spec import WordsError
from caledonia.rules.messages import Plural, Reason
from caledonia.rules.yamlfile import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "cli" / "locale" / "caledonia.pot"
SAMPLES = ("game-2p.yaml", "game-3p.yaml", "game-4p.yaml", "game-solo.yaml", "midway-4p.yaml")
# the kinds whose first note their own spec writes (the others begin with a shared helper's)
OWN_FIRST_NOTE = {"fix", "pass", "produce", "fulfil", "port", "end_turn", "building_bonus"}


@pytest.fixture(scope="module")
def template() -> set[str]:
    pytest.importorskip("babel", reason="Babel (the test extras) reads the template")
    from babel.messages.pofile import read_po

    with TEMPLATE.open("rb") as file:
        ids: set[str] = set()
        for message in read_po(file):
            ids.update(message.id if isinstance(message.id, tuple) else [message.id])
    return ids


def message_ids(reason: Reason) -> list[str]:
    """The ids a Reason is made of: its own (both forms of a Plural) and its fields'; a
    data name's (its kind is the context); the parts' of a joined text."""
    from caledonia.rules.messages import Joined
    from caledonia.rules.names import Name, alone, counted_ids, kind_of

    if isinstance(reason, Name):
        name, count = reason.fields["name"], reason.fields["count"]
        kind = kind_of(name) or "good"
        return [alone(kind, name)] if count is None else list(counted_ids(kind, name))
    if isinstance(reason, Joined):
        return [
            i
            for part in reason.fields["parts"]
            if isinstance(part, Reason)
            for i in message_ids(part)
        ]
    ids = [reason.message_id] + ([reason.plural_id] if isinstance(reason, Plural) else [])
    for value in reason.fields.values():
        if isinstance(value, Reason):
            ids += message_ids(value)
    return ids


def in_events(kind: str) -> bool:
    """Whether the kind's spec is one of events/ (a clan's own events are its unit's)."""
    return type(EVENTS[kind]).__module__.startswith("caledonia.rules.game.events.")


def in_template(text: str, template: set[str]) -> bool:
    return isinstance(text, Reason) and set(message_ids(text)) <= template


def sample(name: str) -> Game:
    path = ROOT / "sample_games" / name
    return game_from_data(parse_yaml(path.read_text(), str(path)), str(path), components())


@pytest.mark.parametrize("name", SAMPLES)
def test_every_event_of_the_sample_games_is_said_by_message_ids(name, template):
    game = sample(name)
    replay = Game(game.setup, components())
    for event in game.events:
        notes = replay.apply(event)
        if not in_events(event["type"]):
            continue
        words = describe(event)
        assert in_template(words, template), (event, words)
        if event["type"] in OWN_FIRST_NOTE:
            assert in_template(notes[0], template), (event, notes[0])


def test_every_kind_of_option_is_offered_by_message_ids(template):
    """At each decision of a sample game, the menu words of one option of each kind (a
    clan's option is the clan's name alone, from the data)."""
    game = sample("game-2p.yaml")
    replay = Game(game.setup, components())
    seen = set()
    for event in game.events:
        for option in {o["type"]: o for o in replay.legal()}.values():
            if option["type"] != "clan" and in_events(option["type"]):
                words = EVENTS[option["type"]].option_words(replay.state, option)
                assert in_template(words, template), (option, words)
                seen.add(option["type"])
        replay.apply(event)
    assert {"worker", "trade", "expand", "contract", "fulfil", "pass", "produce"} <= seen


def test_refusals_of_the_event_specs_are_message_ids(template):
    game = gametools.start(2)
    player = game.state.turn.player
    refused = gametools.refuse(game, type="fix", what="shipping", player=player, level="warp")
    assert [r.message_id for r in refused] == ["shipping is one of {levels}"]
    refused = gametools.refuse(game, type="end_turn", player=player)
    assert refused == [
        "a turn ends after its main action, when its player says so: "
        f"{player} has not taken this turn's main action yet"
    ]
    assert all(in_template(r, template) for r in refused)
    with pytest.raises(WordsError) as caught:
        event_from_words("port", [player, "6", "whisky"])
    assert in_template(caught.value.args[0], template)
    assert str(caught.value) == "port 6: GOOD up|down"


def test_a_count_chooses_the_english_form_as_before():
    """The fix of merchants says 'merchant' for one and 'merchants' for more, as it did."""
    fix = EVENTS["fix"]
    one = fix.describe({"type": "fix", "what": "merchants", "player": "Ailsa", "value": 1})
    two = fix.describe({"type": "fix", "what": "merchants", "player": "Ailsa", "value": 2})
    assert (one, two) == (
        "Ailsa now has 1 merchant ready to trade",
        "Ailsa now has 2 merchants ready to trade",
    )
    assert isinstance(one, Plural) and one.fields["count"] == 1
