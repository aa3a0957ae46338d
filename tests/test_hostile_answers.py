"""Every prompt's validator answers anything typed with True or a reason, never an exception:
very long text, control characters, odd digits, and paths into missing, unwritable or
over-long places."""

from __future__ import annotations

import pytest
from caledonia.cli import play_setup, sheet_entry, solo_cmd
from caledonia.cli.prompts import verdict_of, whole_number
from caledonia.rules.components import components


def hostile_answers(tmp_path):
    (tmp_path / "plain-file").write_text("x")
    (tmp_path / "a-folder").mkdir(exist_ok=True)
    return [
        "",
        " ",
        "x" * 100_000,
        "9" * 5000,  # more digits than int() reads
        "1" + "0" * 23,  # money of 10^23
        "-1",
        "١٢",  # Arabic-Indic digits: int() would read them
        "1_000",
        "\x00",
        "\x1b[2J\x07bell",
        "a\r\nb",
        "\t",
        "\udcff",  # a lone surrogate (undecodable bytes from the terminal)
        "../" * 2000 + "x.yaml",
        str(tmp_path / "missing" / "deeper" / "x.yaml"),
        str(tmp_path / "plain-file" / "x.yaml"),  # a file used as a folder
        str(tmp_path / "a-folder"),
        str(tmp_path / ("n" * 300 + ".yaml")),  # over the 255-byte name limit
        str(tmp_path / ("d" * 300) / "x.yaml"),  # a folder name over it
        "~no-such-user-here/x.yaml",
        "/" + "a/" * 3000 + "x.yaml",  # over the path length limit
        "/proc/self/fd/0/x.yaml",
    ]


def solo_state():
    from caledonia.rules.market import load_market
    from caledonia.rules.solo_state import new_state

    parts = components()
    market = load_market(1, parts.economy.goods, None)
    return new_state(parts, market, 4, None), market


def validators():
    parts = components()
    state, market = solo_state()
    found = {
        "whole_number(0, 30)": whole_number(0, 30),
        "whole_number()": whole_number(),
        "whole_number(0, None)": whole_number(0, None),
        "score: player name": sheet_entry._name_validator({"ailsa"}),
        "score: clan": sheet_entry._clan_validator(parts, {"Buchanan"}),
        "score: contract": sheet_entry._contract_validator(parts, {3: "Bruce"}, [1]),
        "score: save to": sheet_entry._path_validator,
        "play: player name": play_setup.name_check([]),
        "play: seed": play_setup.seed_check,
        "solo prepare: taken": solo_cmd.taken_check(state),
        "solo prepare: draw": solo_cmd.draw_check(parts, {1, 2}, [3]),
    }
    for key in ("market_file", "box_file", "export_board"):
        found[f"play: {key}"] = play_setup.file_check(key, 1 if key == "export_board" else 2)
    for good in parts.economy.goods:
        found[f"solo prepare: {good} price"] = solo_cmd.price_check(market, good)
    return found


VALIDATORS = validators()


@pytest.mark.parametrize("name", VALIDATORS)
def test_a_validator_answers_anything_with_a_reason(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    check = VALIDATORS[name]
    for typed in hostile_answers(tmp_path):
        verdict = check(typed)  # no exception, of any kind
        assert verdict is True or (isinstance(verdict, str) and verdict), (name, typed[:40])
        assert verdict_of(check, typed) == verdict


@pytest.mark.parametrize("typed", ["1" + "0" * 23, "١٢", "1_000", "9" * 5000, "12abc", "", "\x00"])
def test_numbers_refuse_what_is_not_a_plain_sensible_number(typed):
    assert isinstance(whole_number()(typed), str)


def test_a_refused_long_answer_is_quoted_short():
    reason = whole_number()("x" * 100_000)
    assert len(reason) < 200 and "…" in reason


@pytest.mark.parametrize(
    "typed, reason",
    [
        ("n" * 300 + ".yaml", "Cannot save there: the name is too long for the system."),
        ("plain-file/x.yaml", "Cannot save there: a part of the path is a file, not a folder."),
        ("a-folder", "Cannot save there: it is a folder: give a file name."),
        ("bad\x00name", "A file name without control characters, please (got 'bad\\x00name')."),
    ],
)
def test_save_to_refuses_with_the_reason(typed, reason, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "plain-file").write_text("x")
    (tmp_path / "a-folder").mkdir()
    assert sheet_entry._path_validator(typed) == reason


def test_save_to_makes_a_folder_the_person_named(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert sheet_entry._path_validator("scores/2026/final.yaml") is True
    assert (tmp_path / "scores" / "2026").is_dir()


def test_a_validator_that_meets_a_system_error_gives_a_reason():
    def touchy(typed):
        raise OSError(36, "File name too long")

    assert verdict_of(touchy, "x") == "That cannot be used: the name is too long for the system."
