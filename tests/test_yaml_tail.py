"""A game file's events read line by line without PyYAML (rules/yamltail.py) give exactly
what PyYAML reads, values and lines, or leave the document to PyYAML: an unusual file reads
and is refused as it always was, at its own line."""

from __future__ import annotations

import random

import pytest
from caledonia.rules.errors import DataError
from caledonia.rules.plaindata import LineDict, LineList
from caledonia.rules.yamltail import read_item, split_tail
from caledonia.rules.yamltext import parse_yaml
from conftest import SAMPLES
from gametools import PARTS

GAMES = sorted(p for p in SAMPLES.glob("*.yaml") if "events:\n- " in p.read_text())


def _same(fast, whole, where: str = "top") -> None:
    """Equal values of equal types, with equal lines at every level."""
    assert type(fast) is type(whole), where
    if isinstance(fast, LineDict | LineList):
        assert (fast.line, fast.lines) == (whole.line, whole.lines), where
    if isinstance(fast, dict):
        assert list(fast) == list(whole), where
        for key in fast:
            _same(fast[key], whole[key], f"{where}.{key}")
    elif isinstance(fast, list):
        assert len(fast) == len(whole), where
        for index, (one, other) in enumerate(zip(fast, whole, strict=True)):
            _same(one, other, f"{where}[{index}]")
    else:
        assert fast == whole, where


def _read(text: str, tail: str | None):
    try:
        return parse_yaml(text, "game.yaml", tail)
    except DataError as error:
        return error


def _agree(text: str) -> None:
    fast, whole = _read(text, "events"), _read(text, None)
    if isinstance(fast, DataError) or isinstance(whole, DataError):
        assert (type(fast), str(fast)) == (type(whole), str(whole))
    else:
        _same(fast, whole)


def _long_game_text() -> str:
    from caledonia.rules.game.engine import Game
    from caledonia.rules.game.gamefile import game_as_text
    from caledonia.storage.games import load_game

    recorded = load_game(str(SAMPLES / "game-4p.yaml"), PARTS)
    game = Game(recorded.setup, PARTS)
    for event in recorded.events:
        game.apply(event)
    return game_as_text(game)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_every_sample_game_reads_the_same_with_its_events_read_line_by_line(path):
    text = path.read_text(encoding="utf-8")
    found = split_tail(text, "events")
    assert found is not None
    read = [read_item(item, line) for line, item in found.items]
    assert sum(value is not None for value in read) > len(read) // 2  # most lines, here
    _same(parse_yaml(text, str(path), "events"), parse_yaml(text, str(path)))


@pytest.mark.parametrize(
    "line",
    [
        "- {type: trade, player: yes, side: buy, good: bread, quantity: 2}\n",  # a boolean
        "- {type: trade, player: Ailsa, player: Bruce}\n",  # a key twice
        "- {type: trade, quantity: 007}\n",
        "- {type: trade, quantity: 0x1F}\n",
        "- {type: fix, note: 'a note'}\n",
        "- {type: port, tile: '7'}\n",
        "- {type: trade, player: &who Ailsa}\n- {type: end_turn, player: *who}\n",
        "- {type: trade, player: Ailsa}  # a comment\n",
        "- {type: trade, player: Ailsa}\n\n",
        "- {type: trade,\n  player: Ailsa}\n",
        "- {type: trade, player: Ailsa}\r\n",
        "- {type: trade, player: !!python/object:os.system Ailsa}\n",
        "- type: prepare\n  drawn: [4, 34]\n",
        "- type: prepare\n  drawn: []\n",
        "- type: prepare\n  drawn: [4, yes]\n",
        "- type: port\n  swaps:\n  - space: B-05\n    unit: bakery\n",
        "- {type: trade, player: Ailsa}\n---\n- {type: pass}\n",
        "- {type: trade, player: Ailsa}\n...\n",
        "- {type: trade, player: Ailsa\n",
        "- {type: trade, player: \x00}\n",
        "- {type: trade, quantity: 123456789012345678901234567890}\n",
    ],
)
def test_an_unusual_events_line_reads_as_pyyaml_reads_it_or_is_refused_alike(line):
    head = "format: caledonia-game/1\nsetup: {seed: 1}\nevents:\n"
    _agree(head + "- {type: end_turn, player: Ailsa}\n" + line)
    _agree(head + line)


@pytest.mark.parametrize(
    "head",
    [
        "{format: caledonia-game/1, setup: 1}\n",  # a flow mapping: no key can follow it
        "  format: caledonia-game/1\n  setup: 1\n",  # indented
        "format: caledonia-game/1\nevents: []\n",  # the key twice
        "%YAML 1.1\n---\nformat: caledonia-game/1\n",
        "format: |\n  text\n",
        "- a list\n",
        "format: caledonia-game/1\nsetup: &s {seed: 1}\nagain: *s\n",
    ],
)
def test_a_document_of_another_shape_is_read_by_pyyaml_whole(head):
    _agree(head + "events:\n- {type: end_turn, player: Ailsa}\n")


def test_random_edits_of_a_game_read_the_same_or_are_refused_with_the_same_words():
    """Characters put in or taken out anywhere near and in the events: the two readings
    agree every time, values, lines and errors."""
    text = _long_game_text()
    start = text.index("\nevents:\n")
    pieces = [
        *("yes", "no", "'7'", '"x"', "\t", "# c", "&a ", "*a", "!!str ", "---", "...", "\n"),
        *(" ", ": ", ", ", "{", "}", "[", "]", "- ", "  ", "007", "-0", "null", "~", "\r"),
        *("type: fix, ", "\x00", "é", "1:30", "2026-12-04", ".inf", "  - a\n", "|\n"),
    ]
    chance = random.Random(30)
    fast_reads = 0
    for _ in range(300):
        edited = text
        for _ in range(chance.randint(1, 3)):
            at = chance.randint(start - 100, len(edited))
            if chance.random() < 0.3:
                edited = edited[:at] + edited[at + chance.randint(1, 5) :]
            else:
                edited = edited[:at] + chance.choice(pieces) + edited[at:]
        _agree(edited)
        fast_reads += split_tail(edited, "events") is not None
    assert fast_reads > 100  # the line by line reading was tried, not only PyYAML's
