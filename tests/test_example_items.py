"""The example data a game file lists (in English, as written when it was made) is shown
in the reader's language, item by item; in English exactly as the file holds it, and in
`play` without the commands that enter the box."""

from __future__ import annotations

import pytest
from caledonia.cli.example_items import example_items

WRITTEN_NOW = [
    "map modules A1 B2 ('caledonia map transcribe SIDE' enters one)",
    "market ('caledonia box market' enters yours)",
    "starting tiles ('caledonia box tiles' enters yours)",
    "box values (pass money, import marks) ('caledonia box values' enters yours)",
    "solo removal grid ('caledonia box values' enters yours)",
    "MacKenzie's whisky cellar: its spots and what each pays (whisky_cellar: example value; "
    "'caledonia box values' enters yours)",
]
WRITTEN_BEFORE = [  # files of earlier versions: no commands, or one for the whole box file
    "box data (starting tiles, pass money, import marks) ('caledonia box tiles' enters yours)",
    "map modules",
    "market",
    "box data (starting tiles, pass money, import marks)",
    "MacEwen's money per beer (£9, provisional) (beer_money: example value)",
]


@pytest.fixture(autouse=True)
def english(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "CALEDONIA_LOCALEDIR"):
        monkeypatch.delenv(name, raising=False)


def test_in_english_each_item_reads_as_the_file_holds_it():
    assert example_items(WRITTEN_NOW, in_play=False) == ", ".join(WRITTEN_NOW)
    assert example_items(WRITTEN_BEFORE, in_play=False) == ", ".join(WRITTEN_BEFORE)
    assert example_items(["a kind a later version adds"], in_play=False) == (
        "a kind a later version adds"
    )


def test_in_play_the_commands_are_left_out():
    assert example_items(WRITTEN_NOW, in_play=True) == (
        "map modules A1 B2, market, starting tiles, box values (pass money, import marks), "
        "solo removal grid, MacKenzie's whisky cellar: its spots and what each pays "
        "(whisky_cellar: example value)"
    )
    assert example_items(WRITTEN_BEFORE, in_play=True) == ", ".join(
        ["box data (starting tiles, pass money, import marks)", *WRITTEN_BEFORE[1:]]
    )


def test_each_item_is_a_message_of_the_catalogue(tmp_path, monkeypatch):
    """In a pseudo-language every item, and a clan's words inside one, reads translated."""
    pytest.importorskip("babel", reason="Babel (the test extras) builds the catalogue")
    from test_translation_coverage import CLOSE, OPEN, pseudo_catalogue

    folder = pseudo_catalogue(tmp_path / "locale")
    monkeypatch.setenv("LANGUAGE", "xx")
    monkeypatch.setenv("CALEDONIA_LOCALEDIR", str(folder))
    shown = example_items(WRITTEN_NOW + WRITTEN_BEFORE, in_play=False).split(f"{CLOSE}, ")
    assert len(shown) == len(WRITTEN_NOW + WRITTEN_BEFORE)
    assert all(item.startswith(OPEN) for item in shown)
    assert f"{OPEN}MacKenzie's whisky cellar: its spots and what each pays{CLOSE}" in shown[5]
