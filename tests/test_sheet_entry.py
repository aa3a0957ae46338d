"""The interactive score sheet, driven by a scripted asker that behaves like the prompts."""

from __future__ import annotations

import pytest
import typer
from caledonia.cli import sheet_entry
from caledonia.cli.prompts import whole_number
from caledonia.rules.sheet import load_sheet
from scripted import ScriptedAsker


def two_player_script():
    return [
        "2",
        False,
        False,  # players, static imports, auction
        # Ailsa
        "Ailsa",
        "buchanan",
        "30",
        "25",
        "1",
        "0",
        "2",
        "1",
        "0",
        "1",
        sheet_entry.BY_ID,
        "1",
        "6: 3 wool → ...",
        "cheese bread whisky",  # the tile by its goods
        "",
        "5",
        # Bruce
        "Bruce",
        "",
        "20",
        "3",
        "",
        "",
        "",
        "",
        "",
        "",
        sheet_entry.BY_TOTALS,
        "4",
        "5",
        "3",
        "0",
        "2",
        "6",
    ]


def test_a_whole_sheet_is_entered(parts):
    ask = ScriptedAsker(two_player_script())
    data = sheet_entry.enter_sheet(ask, parts)
    assert data["players"][0] == {
        "name": "Ailsa",
        "clan": "Buchanan",
        "glory": 30,
        "money": 25,
        "goods": {"wool": 1, "milk": 0, "grain": 2, "cheese": 1, "bread": 0, "whisky": 1},
        "contracts": [1, 6, 50],
        "settlements": 5,
    }
    assert data["players"][1]["fulfilled_contracts"] == 4
    assert data["players"][1]["imports"] == {"cotton": 3, "tobacco": 0, "sugar_cane": 2}
    assert ask.refusals == []
    assert any("added 3 wool → 1 sugar cane, 3 hops, bonus upgrade" in line for line in ask.said)
    assert any("added 1 cheese + 1 bread + 1 whisky → " in line for line in ask.said)


def test_bad_answers_are_asked_again_with_the_reason(parts):
    script = two_player_script()
    script[3:4] = ["", "Ailsa"]  # empty name first
    at = script.index("30")
    script[at : at + 1] = ["lots", "-4", "30"]  # glory
    first_contract = script.index(sheet_entry.BY_ID) + 1
    script[first_contract : first_contract + 1] = ["51", "1"]
    second_contract = first_contract + 2
    script[second_contract : second_contract + 1] = ["1", "6"]
    bruce = script.index("Bruce")
    script[bruce : bruce + 2] = ["ailsa", "Bruce", "Buchanan", "MacNobody", ""]
    ask = ScriptedAsker(script)
    sheet_entry.enter_sheet(ask, parts)
    reasons = [reason for _, _, reason in ask.refusals]
    assert reasons == [
        "A player needs a name.",
        "Expected a whole number from 0 to 9999, got 'lots'.",
        "Expected a whole number from 0 to 9999, got -4.",
        "No contract 51: the tiles are numbered 1-50. Or Enter to finish.",
        "4 wool → 2 cotton, 1 hop, free space is already on this player's list.",
        "ailsa is already at this table: give each player a different name.",
        "Buchanan is already taken by another player.",
        "No clan 'MacNobody': choose from Buchanan, Campbell, Cunningham, Fergusson, MacDonald, "
        "MacKenzie, Robertson, Stewart, MacEwen, or leave empty.",
    ]


def test_a_contract_cannot_go_to_two_players(parts):
    script = two_player_script()
    bruce_mode = script.index(sheet_entry.BY_TOTALS)
    script[bruce_mode : bruce_mode + 6] = [sheet_entry.BY_ID, "50", "7", ""]
    ask = ScriptedAsker(script)
    data = sheet_entry.enter_sheet(ask, parts)
    assert ask.refusals[0][2] == (
        "1 cheese + 1 bread + 1 whisky → 3 tobacco, £10, 2 bonus upgrades is already Ailsa's."
    )
    assert data["players"][1]["contracts"] == [7]


def test_solo_asks_no_auction_and_auction_asks_bids(parts):
    solo = ScriptedAsker(
        ["1 (solo)", False, "Rhona", "", "50", "0", *[""] * 6, sheet_entry.BY_TOTALS, "0", "9"]
    )
    data = sheet_entry.enter_sheet(solo, parts)
    assert len(data["players"]) == 1 and "auction_bid" not in data["players"][0]
    assert not any("auction" in q for q in solo.questions)


def test_entered_sheet_is_scored_shown_and_saved(parts, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    ask = ScriptedAsker(two_player_script() + [True, "final.yaml"])
    sheet_entry.enter_sheet_and_score(parts, as_json=False, ask=ask)
    out = capsys.readouterr()
    assert "Final score" in out.out
    assert "Saved to final.yaml" in out.err
    saved = load_sheet(str(tmp_path / "final.yaml"), parts)
    assert [p.name for p in saved.players] == ["Ailsa", "Bruce"]
    assert saved.players[0].contracts == (1, 6, 50)
    assert (tmp_path / "final.yaml").read_text().startswith("# Final score sheet entered")


def test_saving_asks_before_replacing(parts, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "final.yaml").write_text("keep me")
    ask = ScriptedAsker(two_player_script() + [True, "final.yaml", False, "other.yaml"])
    sheet_entry.enter_sheet_and_score(parts, as_json=True, ask=ask)
    assert (tmp_path / "final.yaml").read_text() == "keep me"
    assert (tmp_path / "other.yaml").exists()


def test_ctrl_c_exits_130_and_saves_nothing(parts, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ask = ScriptedAsker(["3", False, False, "Ailsa", KeyboardInterrupt()])
    with pytest.raises(typer.Exit) as stopped:
        sheet_entry.enter_sheet_and_score(parts, as_json=False, ask=ask)
    assert stopped.value.exit_code == 130
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "typed, verdict",
    [("0", True), ("30", True), ("31", False), ("-1", False), ("x", False), (" 7 ", True)],
)
def test_whole_number_validator(typed, verdict):
    assert (whole_number(0, 30)(typed) is True) == verdict


@pytest.mark.parametrize("typed", ["buch", "BUCHANAN", "Buchanan", " buchanan "])
def test_a_clan_is_read_as_every_command_reads_it(parts, typed):
    script = two_player_script()
    script[script.index("buchanan")] = typed
    ask = ScriptedAsker(script)
    data = sheet_entry.enter_sheet(ask, parts)
    assert ask.refusals == []
    assert data["players"][0]["clan"] == "Buchanan"


def test_a_clan_start_that_fits_several_is_asked_again(parts):
    script = two_player_script()
    script[script.index("buchanan") : script.index("buchanan") + 1] = ["mac", "buch"]
    ask = ScriptedAsker(script)
    data = sheet_entry.enter_sheet(ask, parts)
    assert [reason for _, _, reason in ask.refusals] == [
        "'mac' could be MacDonald, MacKenzie or MacEwen: give more of the clan, or leave empty."
    ]
    assert data["players"][0]["clan"] == "Buchanan"


def test_the_player_count_and_contract_menus_take_one_key(parts):
    script = two_player_script()
    script[script.index(sheet_entry.BY_TOTALS)] = "2"  # the key of the second way
    script[script.index(sheet_entry.BY_ID)] = "1"
    ask = ScriptedAsker(script)  # the count "2" is the key 2 as well as the label
    data = sheet_entry.enter_sheet(ask, parts)
    assert len(data["players"]) == 2
    assert data["players"][1]["fulfilled_contracts"] == 4


def test_the_player_count_is_a_one_key_choice(parts, monkeypatch):
    """The menu goes through Asker.choose with a digit key per count (not an arrows menu)."""
    seen = {}

    class Recording(ScriptedAsker):
        def choose(self, question, choices, *, default=None):
            seen.setdefault(question, [(c.label, c.key, c.value) for c in choices])
            return super().choose(question, choices, default=default)

        def select(self, question, choices):
            raise AssertionError(f"an arrows-only menu: {question}")

    sheet_entry.enter_sheet(Recording(two_player_script()), parts)
    assert seen["How many players?"] == [
        ("1 (solo)", "1", 1),
        ("2", "2", 2),
        ("3", "3", 3),
        ("4", "4", 4),
    ]
