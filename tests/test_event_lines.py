"""An event appended to a game file is written without PyYAML when it is simple
(yamlfile.flow_items), and then reads exactly as PyYAML would write it."""

from __future__ import annotations

from caledonia.rules.yamlfile import flow_items
from caledonia.rules.yamltext import parse_yaml, to_yaml
from caledonia.storage.games import load_game
from conftest import SAMPLES
from gametools import PARTS
from hypothesis import given
from hypothesis import strategies as st

EVENTS = "events:\n"


def by_pyyaml(items):
    return to_yaml({"events": items})[len(EVENTS) :]


# words a game holds, and words YAML reads as something else or must quote
WORDS = st.sampled_from(
    ["trade", "Ailsa", "C-07", "cheese_dairy", "whisky", "yes", "No", "on", "OFF", "null",
     "y", "n", "true", "False", "~", "", "-", "a b", "x:y", "#", "1", "0x1A", "1e3", ".5",
     "é", "A-", "-A", "_x", "a--b", "<<", "=", "[", "{a}", "'", '"', "NULL", "Null"]
)  # fmt: skip
SCALARS = st.one_of(WORDS, st.text(max_size=8), st.integers(), st.booleans(), st.none())
VALUES = st.one_of(SCALARS, st.lists(SCALARS, max_size=4))
ITEMS = st.lists(st.dictionaries(WORDS, VALUES, max_size=6), min_size=1, max_size=3)


@given(ITEMS)
def test_the_lines_without_pyyaml_are_pyyamls_own(items):
    fast = flow_items(items)
    if fast is not None:
        assert fast == by_pyyaml(items)
        assert parse_yaml(EVENTS + fast, "appended") == {"events": items}


def test_every_event_of_the_sample_games_appends_as_pyyaml_writes_it():
    written = total = 0
    for path in sorted(SAMPLES.glob("game-*.yaml")) + [SAMPLES / "midway-4p.yaml"]:
        for event in load_game(str(path), PARTS).events:
            total += 1
            fast = flow_items([event])
            if fast is not None:
                written += 1
                assert fast == by_pyyaml([event]), event
    assert written >= 0.9 * total  # the fast way is the usual one, not a rare one


def test_what_only_pyyaml_can_write_is_left_to_it():
    assert flow_items([{"type": "fix", "note": "Bruce paid twice"}]) is None  # a space
    assert flow_items([{"type": "trade", "player": "yes"}]) is None  # a boolean in YAML 1.1
    assert flow_items([{"rolls": [{"good": "wool", "die": 3}]}]) is None  # nested
    assert flow_items([{"type": "trade", "player": "Ailsa"}]) == (
        "- {type: trade, player: Ailsa}\n"
    )
