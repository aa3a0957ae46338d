"""A value read from a file as a Node: one entry of a mapping is the node that every
entry's listing gives, with its key path and line for the errors."""

from __future__ import annotations

import pytest
from caledonia.rules.errors import DataError
from caledonia.rules.schema import Node
from caledonia.rules.yamlfile import parse_yaml

TEXT = "event:\n  type: trade\n  player: Ailsa\n  good: wool\n"


def test_one_entry_is_the_entry_the_listing_gives():
    node = Node(parse_yaml(TEXT, "game.yaml")["event"], "game.yaml", "event")
    for key in ("type", "player", "good"):
        one, listed = node.entry(key), node.entries()[key]
        assert (one.value, one.path, one.line) == (listed.value, listed.path, listed.line)
    assert node.entry("player").path == "event.player"
    assert node.entry("player").line == 3


def test_an_entry_the_mapping_lacks_is_a_key_error():
    node = Node(parse_yaml(TEXT, "game.yaml")["event"], "game.yaml", "event")
    with pytest.raises(KeyError):
        node.entry("side")


def test_an_entry_of_what_is_no_mapping_names_the_file_and_the_key():
    node = Node(["trade"], "game.yaml", "event", 2)
    with pytest.raises(DataError) as refused:
        node.entry("type")
    assert "game.yaml" in str(refused.value) and "event" in str(refused.value)
    assert "a mapping" in str(refused.value)
