"""The box folder is the tool's own: `box add`, `box import` and the wizards refuse a
symbolic link planted in it instead of writing through it, and `box import` of a file that
is not a box copy names what it is without showing what it holds."""

from __future__ import annotations

import pytest
from caledonia.cli.box_entry import enter_market
from caledonia.rules.boxfolder import EXAMPLES, path_of
from caledonia.rules.yamlfile import WriteError
from conftest import SAMPLES, run_cli
from scripted import ScriptedAsker
from test_box_entry import market_answers


def victim(tmp_path):
    kept = tmp_path / "victim.txt"
    kept.write_text("keep me\n")
    return kept


def own_market(tmp_path):
    """The example market marked as the table's own, as `box add` takes it."""
    market = tmp_path / "market.yaml"
    text = (EXAMPLES / "market.yaml").read_text()
    assert "example: true" in text
    market.write_text(text.replace("example: true", "example: false"))
    return str(market)


def plant_link(place, target):
    place.parent.mkdir(parents=True, exist_ok=True)
    place.symlink_to(target)


def test_box_add_refuses_a_link_planted_in_the_box(tmp_path):
    kept = victim(tmp_path)
    plant_link(path_of("market"), kept)
    done = run_cli("box", "add", own_market(tmp_path))
    assert done.returncode == 1, done.stderr
    assert "is a symbolic link" in done.stderr and str(path_of("market")) in done.stderr
    assert kept.read_text() == "keep me\n"
    assert path_of("market").is_symlink()


def test_box_import_refuses_a_link_planted_in_the_box(tmp_path):
    added = run_cli("box", "add", own_market(tmp_path))
    assert added.returncode == 0, added.stderr
    copy = tmp_path / "copy.yaml"
    exported = run_cli("box", "export", str(copy))
    assert exported.returncode == 0, exported.stderr
    path_of("market").unlink()
    kept = victim(tmp_path)
    plant_link(path_of("market"), kept)
    done = run_cli("box", "import", str(copy), "--force")
    assert done.returncode == 1, done.stderr
    assert "is a symbolic link" in done.stderr
    assert kept.read_text() == "keep me\n"


def test_a_wizard_refuses_a_link_planted_in_the_box_before_its_first_question(tmp_path):
    kept = victim(tmp_path)
    plant_link(path_of("market"), kept)
    asker = ScriptedAsker(market_answers())
    with pytest.raises(WriteError, match="is a symbolic link"):
        enter_market(asker)
    assert not asker.questions
    assert kept.read_text() == "keep me\n"


SECRET = "hunter2-secret"


@pytest.mark.parametrize(
    ("content", "kind"),
    [
        (b"PK\x03\x04" + SECRET.encode(), "a zip archive"),
        (b"\x7fELF\x02\x01" + SECRET.encode(), "a program"),
        (b"\x89PNG\r\n\x1a\n" + SECRET.encode(), "a PNG image"),
        (f"#!/bin/sh\necho {SECRET}\n".encode(), "a script"),
        (f"{SECRET} and more words\n".encode(), "plain text"),
        (f"- {SECRET}\n".encode(), "a YAML list"),
    ],
)
def test_box_import_of_a_file_that_is_not_a_box_copy_names_its_kind_only(tmp_path, content, kind):
    given = tmp_path / "given.bin"
    given.write_bytes(content)
    done = run_cli("box", "import", str(given))
    assert done.returncode == 1, done.stderr
    assert f"{given} is {kind}, not a box copy" in done.stderr
    assert SECRET not in done.stderr + done.stdout


def test_box_import_of_a_game_file_says_it_is_one():
    done = run_cli("box", "import", str(SAMPLES / "game-2p.yaml"))
    assert done.returncode == 1 and "is a game file, not a box copy" in done.stderr
